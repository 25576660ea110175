import { afterEach, describe, expect, it, vi } from 'vitest';
import { createPendingSignatures } from './pending-signatures';
import type { Job } from './sign-job';

const job = (chainId: string, size = 10) =>
  ({ chainId, prepared: { pdf: new Uint8Array(size) } }) as unknown as Job;
const key = (userId: string, chainId: string, docHash = 'h1') => ({
  userId,
  refId: 'ref-1',
  chainId,
  docHash,
});

describe('prepared signatures between returnHashes and the SAD', () => {
  afterEach(() => vi.useRealTimers());

  it('are taken once, only by their user, for their hash', () => {
    const pending = createPendingSignatures();
    pending.keep({ ...key('ann', 'c1'), job: job('c1') });
    expect(pending.take(key('bob', 'c1'))).toBeUndefined();
    expect(pending.take(key('ann', 'c1', 'other-hash'))).toBeUndefined();
    expect(pending.take(key('ann', 'c1'))?.chainId).toBe('c1');
    expect(pending.take(key('ann', 'c1'))).toBeUndefined();
  });

  it('expire, and a new returnHashes of the same chain replaces the last', () => {
    vi.useFakeTimers();
    const pending = createPendingSignatures({ ttlMs: 1_000 });
    pending.keep({ ...key('ann', 'c1'), job: job('c1') });
    pending.keep({ ...key('ann', 'c1', 'h2'), job: job('c1') });
    expect(pending.take(key('ann', 'c1'))).toBeUndefined();
    pending.keep({ ...key('ann', 'c2'), job: job('c2') });
    vi.advanceTimersByTime(1_001);
    expect(pending.take(key('ann', 'c1', 'h2'))).toBeUndefined();
    expect(pending.take(key('ann', 'c2'))).toBeUndefined();
  });

  it('hold at most maxPerUser per user (the oldest go)', () => {
    const pending = createPendingSignatures({ maxPerUser: 2 });
    for (const chain of ['c1', 'c2', 'c3']) pending.keep({ ...key('ann', chain), job: job(chain) });
    expect(pending.take(key('ann', 'c1'))).toBeUndefined();
    expect(pending.take(key('ann', 'c3'))?.chainId).toBe('c3');
  });

  it('hold at most maxBytes of prepared PDFs (the oldest go)', () => {
    const pending = createPendingSignatures({ maxBytes: 250 });
    for (const chain of ['c1', 'c2', 'c3']) {
      pending.keep({ ...key(chain, chain), job: job(chain, 100) });
    }
    expect(pending.take(key('c1', 'c1'))).toBeUndefined();
    expect(pending.take(key('c2', 'c2'))?.chainId).toBe('c2');
    expect(pending.take(key('c3', 'c3'))?.chainId).toBe('c3');
  });
});
