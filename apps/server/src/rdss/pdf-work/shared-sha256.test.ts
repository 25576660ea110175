import { createHash, randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { createSharedSha256, type SharedSha256 } from './shared-sha256';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** `size` random bytes in shared memory, fed to `hash` in reads of `read` bytes. */
function feed(hashes: SharedSha256, size: number, read: number) {
  const bytes = new Uint8Array(new SharedArrayBuffer(size + 100), 100, size);
  bytes.set(randomBytes(size));
  const hash = hashes.create();
  for (let offset = 0; offset < size; offset += read) {
    hash.update(bytes.subarray(offset, Math.min(size, offset + read)));
  }
  return { bytes, digest: hash.digest() };
}

describe('createSharedSha256', () => {
  let hashes: SharedSha256;
  afterEach(() => hashes.close());

  it('hashes ranges of shared memory on its thread as SHA-256 does, several uploads at once', async () => {
    hashes = createSharedSha256();
    const jobs = [
      feed(hashes, 5 * 1024 * 1024 + 123, 65536),
      feed(hashes, 3 * 1024 * 1024, 1000),
      feed(hashes, 10, 3),
    ];
    for (const job of jobs) expect(await job.digest).toBe(sha256(job.bytes));
  });

  it('answers a second digest call with the same digest, and keeps hashing the next uploads', async () => {
    hashes = createSharedSha256();
    const bytes = new Uint8Array(new SharedArrayBuffer(2_000_000));
    bytes.set(randomBytes(bytes.length));
    const hash = hashes.create();
    hash.update(bytes);
    const first = await hash.digest();
    expect(await hash.digest()).toBe(first);
    expect(() => hash.update(bytes.subarray(0, 1))).toThrow(/ended/);
    const next = feed(hashes, 1_500_000, 65536);
    expect(await next.digest).toBe(sha256(next.bytes));
  });

  it('hashes ordinary memory on this thread, and an empty body', async () => {
    hashes = createSharedSha256();
    const bytes = randomBytes(70_000);
    const hash = hashes.create();
    hash.update(bytes.subarray(0, 1));
    hash.update(bytes.subarray(1));
    expect(await hash.digest()).toBe(sha256(bytes));
    expect(await hashes.create().digest()).toBe(sha256(new Uint8Array()));
  });

  it('refuses a range that does not follow the last one', () => {
    hashes = createSharedSha256();
    const bytes = new Uint8Array(new SharedArrayBuffer(100));
    const hash = hashes.create();
    hash.update(bytes.subarray(0, 10));
    expect(() => hash.update(bytes.subarray(20, 30))).toThrow(/consecutive/);
    void hash.digest();
  });

  it('continues a prefix hashed once with several tails, in shared and in ordinary memory', async () => {
    hashes = createSharedSha256();
    const shared = new Uint8Array(new SharedArrayBuffer(3_000_000), 1000, 2_000_000);
    shared.set(randomBytes(shared.length));
    const plain = randomBytes(50_000);
    const tails = [randomBytes(10), randomBytes(70_000)];
    for (const bytes of [shared, plain]) {
      const prefix = hashes.prefix(bytes);
      const digests = await Promise.all([
        prefix.digestWith(tails),
        prefix.digestWith([tails[1] as Buffer]),
        prefix.digestWith([]),
      ]);
      expect(digests.map((d) => Buffer.from(d).toString('hex'))).toEqual([
        sha256(Buffer.concat([bytes, ...tails])),
        sha256(Buffer.concat([bytes, tails[1] as Buffer])),
        sha256(bytes),
      ]);
      prefix.release();
      prefix.release();
      await expect(prefix.digestWith(tails)).rejects.toThrow(/gone/);
    }
    // The thread still hashes uploads.
    const next = feed(hashes, 1_500_000, 65536);
    expect(await next.digest).toBe(sha256(next.bytes));
  });

  it('grows a prefix as a revision is read, and answers it only for exactly the bytes it was given', async () => {
    hashes = createSharedSha256();
    const buffer = new SharedArrayBuffer(6_000_000);
    const bytes = new Uint8Array(buffer, 500, 5_000_000);
    bytes.set(randomBytes(bytes.length));
    const tail = randomBytes(40_000);
    const read = (growing: ReturnType<SharedSha256['growing']>, upTo: number) => {
      for (let offset = 0; offset < upTo; offset += 65536) {
        growing.update(bytes.subarray(offset, Math.min(upTo, offset + 65536)));
      }
    };
    const whole = hashes.growing();
    read(whole, bytes.length);
    const prefix = whole.of(bytes);
    whole.release(); // the prefix is its own now
    expect(Buffer.from((await prefix?.digestWith([tail])) ?? []).toString('hex')).toBe(
      sha256(Buffer.concat([bytes, tail])),
    );
    prefix?.release();

    // A read that stopped short, a range out of order, ordinary memory: no prefix.
    const short = hashes.growing();
    read(short, 1_000_000);
    expect(short.of(bytes)).toBeUndefined();
    const skipped = hashes.growing();
    skipped.update(bytes.subarray(0, 10));
    skipped.update(bytes.subarray(20, 30));
    expect(skipped.of(bytes.subarray(0, 30))).toBeUndefined();
    const plain = randomBytes(1000);
    const ordinary = hashes.growing();
    ordinary.update(plain);
    expect(ordinary.of(plain)).toBeUndefined();
    // The thread still hashes uploads.
    const next = feed(hashes, 1_500_000, 65536);
    expect(await next.digest).toBe(sha256(next.bytes));
  });
});
