import { createThumbnailRenderer, type ThumbnailRenderer } from './thumbnail';

/**
 * Thumbnails rendered fairly (docs/decisions/022-pdf-work-off-the-event-loop.md): a few render
 * threads; each user renders one document at a time and has at most `perUser` waiting or
 * rendering; the whole queue holds at most `size`. The users waiting take turns, so one user's
 * flood of heavy pages holds one thread for at most the time limit per page and never the others.
 */
export interface ThumbnailQueue {
  /**
   * Page 1 of the document as a PNG. `read` gives its bytes when its turn comes (a waiting job
   * holds no file). A request for a document already waiting or rendering shares that render.
   * Rejects with ThumbnailBusy when the user's or the queue's places are taken, with
   * ThumbnailFailed when the document itself does not render.
   */
  render(request: {
    userId: string;
    documentId: string;
    read: () => Promise<Uint8Array>;
  }): Promise<Buffer>;
  close(): Promise<void>;
}

export interface ThumbnailQueueLimits {
  /** Render threads. */
  threads: number;
  /** Thumbnails one user may have waiting or rendering. */
  perUser: number;
  /** Thumbnails waiting or rendering in all. */
  size: number;
  /** How long one page may render. */
  timeoutMs: number;
  /** Each render thread's heap. */
  heapMb: number;
}

/** The user's places (`user`) or the whole queue's (`queue`) are taken. */
export class ThumbnailBusy extends Error {
  constructor(
    readonly scope: 'user' | 'queue',
    readonly retryAfterSeconds: number,
  ) {
    super(
      scope === 'user'
        ? 'too many thumbnails waiting for this user'
        : 'the thumbnail queue is full',
    );
    this.name = 'ThumbnailBusy';
  }
}

/** The document does not render: pdf.js refused it, or it passed the time or heap limit. */
export class ThumbnailFailed extends Error {
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
    this.name = 'ThumbnailFailed';
  }
}

interface Job {
  userId: string;
  documentId: string;
  read: () => Promise<Uint8Array>;
  promise: Promise<Buffer>;
  resolve: (png: Buffer) => void;
  reject: (error: unknown) => void;
}

export function createThumbnailQueue(limits: ThumbnailQueueLimits): ThumbnailQueue {
  const renderers: ThumbnailRenderer[] = Array.from({ length: limits.threads }, () =>
    createThumbnailRenderer({ timeoutMs: limits.timeoutMs, heapMb: limits.heapMb }),
  );
  const idle = [...renderers];
  /** Waiting or rendering, by document. */
  const jobs = new Map<string, Job>();
  /** Waiting jobs by user, in the order the users came (their turns). */
  const waiting = new Map<string, Job[]>();
  const rendering = new Set<string>();
  const placesOf = new Map<string, number>();
  let closed = false;
  const retryAfterSeconds = Math.max(1, Math.ceil(limits.timeoutMs / 1000));

  /** The next job of the first user in turn who is not rendering already; that user goes last. */
  const nextJob = (): Job | undefined => {
    for (const [userId, queue] of waiting) {
      if (rendering.has(userId)) continue;
      const job = queue.shift()!;
      waiting.delete(userId);
      if (queue.length > 0) waiting.set(userId, queue);
      return job;
    }
    return undefined;
  };

  const pump = () => {
    while (!closed && idle.length > 0) {
      const job = nextJob();
      if (!job) return;
      void run(idle.pop()!, job);
    }
  };

  const run = async (renderer: ThumbnailRenderer, job: Job) => {
    rendering.add(job.userId);
    try {
      const bytes = await job.read();
      let png: Buffer;
      try {
        png = await renderer.render(bytes);
      } catch (error) {
        throw closed ? error : new ThumbnailFailed(error);
      }
      job.resolve(png);
    } catch (error) {
      job.reject(error);
    } finally {
      rendering.delete(job.userId);
      jobs.delete(job.documentId);
      const places = (placesOf.get(job.userId) ?? 1) - 1;
      if (places > 0) placesOf.set(job.userId, places);
      else placesOf.delete(job.userId);
      idle.push(renderer);
      pump();
    }
  };

  return {
    render({ userId, documentId, read }) {
      if (closed) return Promise.reject(new Error('the thumbnail queue closed'));
      const shared = jobs.get(documentId);
      if (shared) return shared.promise;
      if ((placesOf.get(userId) ?? 0) >= limits.perUser)
        return Promise.reject(new ThumbnailBusy('user', retryAfterSeconds));
      if (jobs.size >= limits.size)
        return Promise.reject(new ThumbnailBusy('queue', retryAfterSeconds));
      let resolve!: (png: Buffer) => void;
      let reject!: (error: unknown) => void;
      const promise = new Promise<Buffer>((res, rej) => {
        resolve = res;
        reject = rej;
      });
      const job: Job = { userId, documentId, read, promise, resolve, reject };
      jobs.set(documentId, job);
      placesOf.set(userId, (placesOf.get(userId) ?? 0) + 1);
      const queue = waiting.get(userId);
      if (queue) queue.push(job);
      else waiting.set(userId, [job]);
      pump();
      return promise;
    },
    async close() {
      closed = true;
      for (const queue of waiting.values())
        for (const job of queue) job.reject(new Error('the thumbnail queue closed'));
      waiting.clear();
      await Promise.all(renderers.map((renderer) => renderer.close()));
    },
  };
}
