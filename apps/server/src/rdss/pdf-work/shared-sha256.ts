import { createHash, type Hash } from 'node:crypto';
import { Worker } from 'node:worker_threads';

/** A SHA-256 fed in order, range by range; the digest in hex. */
export interface RangeHash {
  update(range: Uint8Array): void;
  digest(): Promise<string>;
}

/**
 * The SHA-256 of a document hashed once, from which digests of it followed by more bytes come
 * without hashing it again (a signature's revision, then its document time-stamp, decision 046).
 */
export interface PrefixSha256 {
  /** SHA-256 (raw) of the prefix followed by `more`; the prefix stays for more calls. */
  digestWith(more: readonly Uint8Array[]): Promise<Uint8Array>;
  /** Drops its state; later `digestWith` calls fail. Calling it again does nothing. */
  release(): void;
}

/**
 * A prefix hash fed range by range as a revision's bytes land in its buffer (`joinRevision`'s
 * `onRange`), so that the hash is done when the read is.
 */
export interface GrowingPrefix {
  /** The next range of the buffer: consecutive ranges of one buffer, in order. */
  update(range: Uint8Array): void;
  /**
   * The prefix of exactly `bytes`, when every range given covers them from their start to their
   * end in shared memory (hashed on the hashing thread); else undefined, and this is released.
   */
  of(bytes: Uint8Array): PrefixSha256 | undefined;
  /** Drops it (a read that failed); `of` then answers undefined. */
  release(): void;
}

/** Hashes ranges of shared memory on a thread of their own (decision 011, "the hash on a thread of its own"). */
export interface SharedSha256 {
  /**
   * A hash whose ranges, when they lie in a SharedArrayBuffer (the large upload buffers of
   * `revision-buffers.ts`), are hashed on the hashing thread: the server's thread only names
   * them. Any other first range makes it an ordinary hash on this thread.
   */
  create(): RangeHash;
  /**
   * Starts hashing `bytes` now: on the hashing thread when they lie in shared memory (the
   * server's thread goes on meanwhile), else here. `bytes` must stay unchanged until released.
   */
  prefix(bytes: Uint8Array): PrefixSha256;
  /**
   * A prefix hash of a buffer being read: its ranges in shared memory are hashed on the hashing
   * thread as they are given, beside the read; ranges of ordinary memory are not hashed at all
   * (small revisions: the engine hashes them itself).
   */
  growing(): GrowingPrefix;
  close(): Promise<void>;
}

/** Ranges are sent once this much is waiting: one message per MiB, not per 64 KiB read. */
const batchBytes = 1024 * 1024;

// CommonJS evaluated as the worker's whole source: the server is one bundled file (decision
// 008), so there is no worker file beside it to start.
const workerSource = `
const { parentPort } = require('node:worker_threads');
const { createHash } = require('node:crypto');
const jobs = new Map();
parentPort.on('message', (m) => {
  if (m.buffer) jobs.set(m.id, { bytes: new Uint8Array(m.buffer), hash: createHash('sha256') });
  const job = jobs.get(m.id);
  if (!job) {
    if (m.ask) parentPort.postMessage({ id: m.ask, error: 'the prefix hash is gone' });
    return;
  }
  if (m.length) job.hash.update(job.bytes.subarray(m.offset, m.offset + m.length));
  if (m.more) {
    const copy = job.hash.copy();
    for (const part of m.more) copy.update(part);
    parentPort.postMessage({ id: m.ask, digest: copy.digest('hex') });
  }
  if (m.drop) jobs.delete(m.id);
  if (m.end) {
    jobs.delete(m.id);
    parentPort.postMessage({ id: m.id, digest: job.hash.digest('hex') });
  }
});`;

interface Pending {
  resolve: (digest: string) => void;
  reject: (error: unknown) => void;
}

export function createSharedSha256(): SharedSha256 {
  let worker: Worker | undefined;
  const pending = new Map<number, Pending>();
  let nextId = 1;

  const failAll = (from: Worker, error: unknown) => {
    if (worker !== from) return;
    worker = undefined;
    for (const job of pending.values()) job.reject(error);
    pending.clear();
  };
  const started = () => {
    if (worker) return worker;
    const w = new Worker(workerSource, { eval: true });
    w.on('message', ({ id, digest, error }: { id: number; digest?: string; error?: string }) => {
      if (error === undefined) pending.get(id)?.resolve(digest as string);
      else pending.get(id)?.reject(new Error(error));
      pending.delete(id);
      if (pending.size === 0) w.unref();
    });
    w.on('error', (error) => failAll(w, error));
    w.on('exit', () => failAll(w, new Error('the hashing thread stopped')));
    worker = w;
    return w;
  };

  const offThread = (first: Uint8Array): RangeHash => {
    const id = nextId++;
    const buffer = first.buffer;
    const w = started();
    // A thread with a job waiting keeps the process alive until its digest is in.
    w.ref();
    const digest = new Promise<string>((resolve, reject) => pending.set(id, { resolve, reject }));
    digest.catch(() => undefined);
    w.postMessage({ id, buffer });
    let offset = first.byteOffset;
    let length = 0;
    let ended = false;
    const flush = (end: boolean) => {
      ended = end;
      w.postMessage({ id, offset, length, end });
      offset += length;
      length = 0;
    };
    const hash: RangeHash = {
      update(range) {
        if (ended) throw new Error('the hash has ended');
        if (range.buffer !== buffer || range.byteOffset !== offset + length) {
          throw new Error('a shared hash takes consecutive ranges of one buffer');
        }
        length += range.byteLength;
        if (length >= batchBytes) flush(false);
      },
      // Once: a second call (a failed upload's clean-up) answers the same digest.
      digest() {
        if (!ended) flush(true);
        return digest;
      },
    };
    return hash;
  };

  /** A digest asked of the thread, answered under its own id. */
  const ask = (w: Worker): { id: number; digest: Promise<string> } => {
    const id = nextId++;
    w.ref();
    const digest = new Promise<string>((resolve, reject) => pending.set(id, { resolve, reject }));
    digest.catch(() => undefined);
    return { id, digest };
  };

  const prefixOffThread = (bytes: Uint8Array): PrefixSha256 => {
    const id = nextId++;
    const w = started();
    // The whole range in one message: the thread hashes it while this one goes on.
    w.postMessage({ id, buffer: bytes.buffer, offset: bytes.byteOffset, length: bytes.byteLength });
    return threadPrefix(w, id);
  };

  /** The digests of job `id` on thread `w`, whose bytes were sent already. */
  const threadPrefix = (w: Worker, id: number): PrefixSha256 => {
    let released = false;
    return {
      async digestWith(more) {
        if (released || worker !== w) throw new Error('the prefix hash is gone');
        const answer = ask(w);
        w.postMessage({ id, more: more.map((part) => Uint8Array.from(part)), ask: answer.id });
        return Buffer.from(await answer.digest, 'hex');
      },
      release() {
        if (released) return;
        released = true;
        if (worker === w) w.postMessage({ id, drop: true });
      },
    };
  };

  const growing = (): GrowingPrefix => {
    let job: { w: Worker; id: number; buffer: ArrayBufferLike; start: number } | undefined;
    let sent = 0;
    let waiting = 0;
    let broken = false;
    const flush = () => {
      if (!job || waiting === 0) return;
      job.w.postMessage({ id: job.id, offset: job.start + sent, length: waiting });
      sent += waiting;
      waiting = 0;
    };
    const release = () => {
      broken = true;
      if (job && worker === job.w) job.w.postMessage({ id: job.id, drop: true });
      job = undefined;
    };
    return {
      update(range) {
        if (broken) return;
        if (!job) {
          // Ordinary memory: a small revision, which the engine hashes itself.
          if (!(range.buffer instanceof SharedArrayBuffer)) return release();
          const w = started();
          job = { w, id: nextId++, buffer: range.buffer, start: range.byteOffset };
          w.postMessage({ id: job.id, buffer: range.buffer });
        }
        if (range.buffer !== job.buffer || range.byteOffset !== job.start + sent + waiting) {
          return release();
        }
        waiting += range.byteLength;
        if (waiting >= batchBytes) flush();
      },
      of(bytes) {
        flush();
        const whole =
          job !== undefined &&
          worker === job.w &&
          bytes.buffer === job.buffer &&
          bytes.byteOffset === job.start &&
          bytes.byteLength === sent;
        if (!whole || !job) {
          release();
          return undefined;
        }
        // The job is the prefix's now: releasing this no longer drops it.
        const prefix = threadPrefix(job.w, job.id);
        job = undefined;
        broken = true;
        return prefix;
      },
      release,
    };
  };

  return {
    growing,
    prefix(bytes) {
      if (bytes.buffer instanceof SharedArrayBuffer) return prefixOffThread(bytes);
      let kept: Hash | undefined = createHash('sha256').update(bytes);
      return {
        async digestWith(more) {
          if (!kept) throw new Error('the prefix hash is gone');
          const copy = kept.copy();
          for (const part of more) copy.update(part);
          return copy.digest();
        },
        release() {
          kept = undefined;
        },
      };
    },
    create() {
      let inner: RangeHash | undefined;
      return {
        update(range) {
          if (!inner) {
            inner = range.buffer instanceof SharedArrayBuffer ? offThread(range) : onThisThread();
          }
          inner.update(range);
        },
        digest: () => (inner ?? onThisThread()).digest(),
      };
    },
    async close() {
      const w = worker;
      worker = undefined;
      await w?.terminate();
    },
  };
}

function onThisThread(): RangeHash {
  const hash = createHash('sha256');
  return {
    update: (range) => void hash.update(range),
    digest: async () => hash.digest('hex'),
  };
}
