/**
 * Calls per second per user, as token buckets in memory: each user may burst up to `burst`
 * calls, refilled at `rate` a second. One process's view: behind several instances each counts
 * its own share, which still bounds what one account can make the servers do.
 */
export interface CallLimiter {
  /** Takes one call for the user; null when allowed, else the seconds until one is. */
  take(userId: string): number | null;
}

interface Bucket {
  tokens: number;
  at: number;
}

/** Buckets idle this long are full again and can be forgotten. */
const forgetAfterMs = 60_000;

export function createCallLimiter(options: {
  rate: number;
  burst: number;
  now?: () => number;
}): CallLimiter {
  const { rate, burst } = options;
  const now = options.now ?? Date.now;
  const buckets = new Map<string, Bucket>();
  let lastSweep = now();
  const sweep = (at: number) => {
    if (at - lastSweep < forgetAfterMs) return;
    lastSweep = at;
    for (const [id, bucket] of buckets) if (at - bucket.at > forgetAfterMs) buckets.delete(id);
  };
  return {
    take(userId) {
      const at = now();
      sweep(at);
      const bucket = buckets.get(userId) ?? { tokens: burst, at };
      bucket.tokens = Math.min(burst, bucket.tokens + ((at - bucket.at) / 1000) * rate);
      bucket.at = at;
      buckets.set(userId, bucket);
      if (bucket.tokens >= 1) {
        bucket.tokens -= 1;
        return null;
      }
      return Math.max(1, Math.ceil((1 - bucket.tokens) / rate));
    },
  };
}
