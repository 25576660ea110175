/**
 * Counts failed password attempts per key (client address + e-mail) in a sliding window, so
 * guessing passwords through the sign-in and account forms is slowed down. Kept in memory: each
 * server instance counts on its own, which bounds guessing without shared state.
 */
export interface AttemptLimiter {
  /** True when the key has used up its failures in the window. */
  isBlocked(key: string): boolean;
  recordFailure(key: string): void;
  reset(key: string): void;
}

export function createAttemptLimiter(options: {
  maxFailures: number;
  windowMs: number;
  now?: () => number;
}): AttemptLimiter {
  const now = options.now ?? Date.now;
  const failures = new Map<string, number[]>();
  const recent = (key: string) => {
    const cutoff = now() - options.windowMs;
    const list = (failures.get(key) ?? []).filter((t) => t > cutoff);
    if (list.length > 0) failures.set(key, list);
    else failures.delete(key);
    return list;
  };
  return {
    isBlocked: (key) => recent(key).length >= options.maxFailures,
    recordFailure: (key) => {
      const list = recent(key);
      list.push(now());
      failures.set(key, list);
      if (failures.size > 10_000) {
        // Bound memory: forget the oldest keys.
        for (const oldKey of [...failures.keys()].slice(0, 1_000)) failures.delete(oldKey);
      }
    },
    reset: (key) => {
      failures.delete(key);
    },
  };
}

export const attemptKey = (ip: string, email: string) => `${ip}|${email.trim().toLowerCase()}`;
