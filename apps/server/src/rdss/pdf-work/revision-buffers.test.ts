import { describe, expect, it } from 'vitest';
import { createRevisionBuffers } from './revision-buffers';

const mb = 1024 * 1024;

describe('revision buffers', () => {
  it('hands a large buffer out again once it is back, never while it is out', () => {
    const buffers = createRevisionBuffers();
    const first = buffers.take(10 * mb);
    expect(first.length).toBe(10 * mb);
    const second = buffers.take(10 * mb);
    expect(second.buffer).not.toBe(first.buffer);
    buffers.give(first);
    // The next revision is a little longer (one more increment): the same memory fits it.
    const again = buffers.take(10 * mb + 20_000);
    expect(again.buffer).toBe(first.buffer);
    expect(again.length).toBe(10 * mb + 20_000);
    expect(buffers.take(10 * mb).buffer).not.toBe(first.buffer);
  });

  it('allocates small revisions as usual and keeps no more idle than allowed', () => {
    const buffers = createRevisionBuffers({ maxIdleBytes: 12 * mb });
    const small = buffers.take(100_000);
    buffers.give(small);
    expect(buffers.take(100_000).buffer).not.toBe(small.buffer);
    const a = buffers.take(8 * mb);
    const b = buffers.take(8 * mb);
    buffers.give(a);
    buffers.give(b);
    expect(buffers.take(8 * mb).buffer).toBe(a.buffer);
    expect(buffers.take(8 * mb).buffer).not.toBe(b.buffer);
  });
});
