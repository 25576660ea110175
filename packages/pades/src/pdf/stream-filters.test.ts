import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { isPdfError } from './errors';
import { inflate, maxInflatedBytes } from './stream-filters';

describe('inflate', () => {
  it('decodes a stream, and refuses one that inflates past the limit as damaged (deflate bomb)', () => {
    const small = Buffer.from('q 1 0 0 1 0 0 cm Q\n'.repeat(100));
    expect(Buffer.from(inflate(deflateSync(small))).equals(small)).toBe(true);
    const bomb = deflateSync(Buffer.alloc(maxInflatedBytes + 1024 * 1024));
    let caught: unknown;
    try {
      inflate(bomb);
    } catch (error) {
      caught = error;
    }
    expect(isPdfError(caught, 'DAMAGED_PDF')).toBe(true);
  });
});
