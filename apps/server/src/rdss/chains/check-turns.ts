import { AppError } from '#infra/app-error';

/**
 * How many signature checks (`GET signatureChains/{id}/signatures`) one user may have running on
 * this instance at once: each holds a PDF thread for as long as its document's parse, so one
 * person opening many screens (or a script) cannot keep the threads from others' signing. Past it
 * TOO_MANY_REQUESTS with Retry-After; the screens retry.
 */
export interface CheckTurns {
  /** Runs `work` in one of the user's turns, or refuses at once when all are taken. */
  run<T>(userId: string, work: () => Promise<T>): Promise<T>;
}

export function createCheckTurns(perUser: number): CheckTurns {
  const running = new Map<string, number>();
  return {
    async run(userId, work) {
      const taken = running.get(userId) ?? 0;
      if (taken >= perUser) {
        throw new AppError(
          'TOO_MANY_REQUESTS',
          'Too many signature checks are running for you',
          undefined,
          { retryAfterSeconds: 2 },
        );
      }
      running.set(userId, taken + 1);
      try {
        return await work();
      } finally {
        const left = (running.get(userId) ?? 1) - 1;
        if (left > 0) running.set(userId, left);
        else running.delete(userId);
      }
    },
  };
}
