import { AppError } from '#infra/app-error';

/**
 * How many files one user may have validated per minute on this instance (`VALIDATIONS_PER_MINUTE`):
 * validating stores nothing, so the count lives in memory, in fixed windows of a minute; with
 * CheckTurns (two at once) it keeps one person from holding the PDF threads.
 */
export interface ValidationBudget {
  /** Counts one validation, or refuses with TOO_MANY_REQUESTS and when to try again. */
  take(userId: string): void;
}

export function createValidationBudget(
  perMinute: number,
  now: () => number = Date.now,
): ValidationBudget {
  const windows = new Map<string, { start: number; count: number }>();
  return {
    take(userId) {
      const at = now();
      // Forget windows that ended, so the map holds only this minute's users.
      if (windows.size > 1000) {
        for (const [id, window] of windows) if (at - window.start >= 60_000) windows.delete(id);
      }
      let window = windows.get(userId);
      if (!window || at - window.start >= 60_000) {
        window = { start: at, count: 0 };
        windows.set(userId, window);
      }
      if (window.count >= perMinute) {
        const wait = Math.max(1, Math.ceil((window.start + 60_000 - at) / 1000));
        throw new AppError('TOO_MANY_REQUESTS', 'Too many validations in a minute', undefined, {
          retryAfterSeconds: wait,
        });
      }
      window.count++;
    },
  };
}
