import { describe, expect, it } from 'vitest';
import { attemptKey, createAttemptLimiter } from './attempt-limiter';

describe('createAttemptLimiter', () => {
  it('blocks after maxFailures in the window, and forgets them after it or on reset', () => {
    let now = 0;
    const limiter = createAttemptLimiter({ maxFailures: 3, windowMs: 1000, now: () => now });
    const key = attemptKey('127.0.0.1', ' Ann@Example.com ');
    expect(key).toBe('127.0.0.1|ann@example.com');
    for (let i = 0; i < 3; i += 1) limiter.recordFailure(key);
    expect(limiter.isBlocked(key)).toBe(true);
    expect(limiter.isBlocked(attemptKey('127.0.0.2', 'ann@example.com'))).toBe(false);
    now = 1001;
    expect(limiter.isBlocked(key)).toBe(false);
    limiter.recordFailure(key);
    limiter.reset(key);
    expect(limiter.isBlocked(key)).toBe(false);
  });
});
