/**
 * Work a request starts but does not wait for (the mails that tell people about a chain, after
 * its transaction committed): it runs on its own, a failure is reported to the listeners (the
 * log) and never reaches the request, and `settled` waits for what is still running, so closing
 * the app (and a test) can let it finish.
 */
export interface BackgroundWork {
  /** Starts `task` now without waiting for it; `what` names it in a failure report. */
  run(what: string, task: () => Promise<void>): void;
  /** Resolves once every task started so far has ended, whether it failed or not. */
  settled(): Promise<void>;
  /** Called with each failure: what failed and the error (never a mail's text). */
  onFailure(listener: (failure: { what: string; error: unknown }) => void): void;
}

export function createBackgroundWork(): BackgroundWork {
  const running = new Set<Promise<void>>();
  const listeners: Array<(failure: { what: string; error: unknown }) => void> = [];
  return {
    run(what, task) {
      // From the next turn of the loop: the request that starts it answers first (its first
      // statement was built and sent before the answer when it started in a microtask).
      const done: Promise<void> = new Promise((resolve) => setImmediate(resolve))
        .then(task)
        .catch((error: unknown) => {
          for (const listener of listeners) listener({ what, error });
        })
        .finally(() => running.delete(done));
      running.add(done);
    },
    async settled() {
      while (running.size > 0) await Promise.all([...running]);
    },
    onFailure(listener) {
      listeners.push(listener);
    },
  };
}
