/**
 * Buffers for the large revisions signing reads and the large PDFs uploads receive, used again
 * instead of allocated per call.
 * A fresh buffer of a 50 MB revision is external memory to V8, which answers each such
 * allocation with a full collection: 60–190 ms of marking on the server's thread per read,
 * measured in the server process (decision 012, "The KDF beside the prepare"), against 20–60 ms
 * for the read itself. Small revisions are allocated as usual. Idle buffers are kept up to
 * `maxIdleBytes` and dropped after `idleMs` without a signature.
 */
export interface RevisionBuffers {
  /** A buffer of exactly `size` bytes (contents undefined), to hand back with `give`. */
  take(size: number): Buffer;
  /** Back when nothing reads it any more (the signature or the upload answered). */
  give(buffer: Buffer): void;
  /**
   * `bytes` followed by `more`: written after them in place when `bytes` is a taken buffer of
   * this pool with room behind it (a signature's evidence appended to its revision), else a
   * copy. Only for a buffer the caller took and has not given back.
   */
  extend(bytes: Uint8Array, more: Uint8Array): Buffer;
}

/** Below this a revision is allocated as usual: the collector does not notice it. */
const minPooledBytes = 4 * 1024 * 1024;

export function createRevisionBuffers(
  options: { maxIdleBytes?: number; idleMs?: number } = {},
): RevisionBuffers {
  const maxIdleBytes = options.maxIdleBytes ?? 160 * 1024 * 1024;
  const idleMs = options.idleMs ?? 30_000;
  /** Whole buffers this pool made, free to take. */
  let idle: Buffer[] = [];
  const ours = new WeakSet<ArrayBufferLike>();
  let timer: NodeJS.Timeout | undefined;
  const idleBytes = () => idle.reduce((sum, b) => sum + b.length, 0);

  return {
    take(size) {
      if (size < minPooledBytes) return Buffer.allocUnsafe(size);
      // The smallest idle buffer that fits.
      let best = -1;
      for (const [i, b] of idle.entries()) {
        if (b.length >= size && (best < 0 || b.length < (idle[best] as Buffer).length)) best = i;
      }
      if (best >= 0) {
        const [whole] = idle.splice(best, 1) as [Buffer];
        return whole.subarray(0, size);
      }
      // Room for the next signatures' increments, so the buffer fits the next revision too.
      const capacity = Math.ceil((size + 1024 * 1024) / 65536) * 65536;
      // Shared memory, so that an upload's bytes are hashed on the hashing thread where they
      // land (shared-sha256.ts); it costs nothing more than an ordinary buffer.
      const whole = Buffer.from(new SharedArrayBuffer(capacity));
      ours.add(whole.buffer);
      return whole.subarray(0, size);
    },
    extend(bytes, more) {
      const end = bytes.byteOffset + bytes.length;
      if (ours.has(bytes.buffer) && end + more.length <= bytes.buffer.byteLength) {
        const whole = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length + more.length);
        whole.set(more, bytes.length);
        return whole;
      }
      return Buffer.concat([bytes, more]);
    },
    give(buffer) {
      if (!ours.has(buffer.buffer)) return;
      const whole = Buffer.from(buffer.buffer, 0, buffer.buffer.byteLength);
      if (idle.some((b) => b.buffer === whole.buffer)) return;
      if (idleBytes() + whole.length > maxIdleBytes) return;
      idle.push(whole);
      clearTimeout(timer);
      timer = setTimeout(() => {
        idle = [];
      }, idleMs);
      // An idle pool never keeps the process alive.
      timer.unref();
    },
  };
}
