/**
 * Where the time of one request goes, by phase (KDF, engine, database…), for the `Server-Timing`
 * header the benches read. Phases may repeat; their durations add up.
 */
export interface Timings {
  measure<T>(phase: string, task: () => Promise<T>): Promise<T>;
  measureSync<T>(phase: string, task: () => T): T;
  add(phase: string, ms: number): void;
  /** Milliseconds per phase. */
  totals(): Record<string, number>;
  /** `kdf;dur=41.2, engine;dur=3.1`. */
  header(): string;
}

export function createTimings(): Timings {
  const totals = new Map<string, number>();
  const add = (phase: string, ms: number) => totals.set(phase, (totals.get(phase) ?? 0) + ms);
  return {
    async measure(phase, task) {
      const start = performance.now();
      try {
        return await task();
      } finally {
        add(phase, performance.now() - start);
      }
    },
    measureSync(phase, task) {
      const start = performance.now();
      try {
        return task();
      } finally {
        add(phase, performance.now() - start);
      }
    },
    add,
    totals: () => Object.fromEntries(totals),
    header: () => [...totals].map(([phase, ms]) => `${phase};dur=${ms.toFixed(2)}`).join(', '),
  };
}

/** For callers that time nothing: runs the tasks and keeps nothing. */
export const noTimings: Timings = {
  measure: (_phase, task) => task(),
  measureSync: (_phase, task) => task(),
  add: () => undefined,
  totals: () => ({}),
  header: () => '',
};
