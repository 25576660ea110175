import { createHash, type Hash } from 'node:crypto';

/**
 * Digests of byte ranges that all start with the same long prefix: every signature of a document
 * covers its original bytes, which are most of a large file. The prefix is hashed once per
 * algorithm and each range continues from a copy of that state, so validating three signatures
 * of a 50 MB file hashes it about once instead of three times.
 */
export class RangeDigests {
  private readonly prefixes = new Map<string, Hash>();

  /** `prefixEnd`: where the first range of every signature ends at the earliest. */
  constructor(
    private readonly bytes: Uint8Array,
    private readonly prefixEnd: number,
  ) {}

  /** The digest of the ranges `[start, length, start, length…]` (checked by the caller). */
  digest(hashName: string, ranges: number[]): Buffer {
    const [start, firstLength] = ranges as [number, number];
    let hash: Hash;
    let from = start;
    if (start === 0 && firstLength >= this.prefixEnd && this.prefixEnd > 0) {
      let prefix = this.prefixes.get(hashName);
      if (!prefix) {
        prefix = createHash(hashName).update(this.bytes.subarray(0, this.prefixEnd));
        this.prefixes.set(hashName, prefix);
      }
      hash = prefix.copy();
      from = this.prefixEnd;
    } else hash = createHash(hashName);
    hash.update(this.bytes.subarray(from, start + firstLength));
    for (let i = 2; i + 1 < ranges.length; i += 2) {
      const at = ranges[i] as number;
      hash.update(this.bytes.subarray(at, at + (ranges[i + 1] as number)));
    }
    return hash.digest();
  }
}
