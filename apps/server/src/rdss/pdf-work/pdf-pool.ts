import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { pathToFileURL } from 'node:url';
import { MessageChannel } from 'node:worker_threads';
import { Piscina } from 'piscina';
import {
  inflateBudgetFor,
  PdfError,
  type DocumentTimestampOptions,
  type PreparedDocumentTimestamp,
  type PdfErrorCode,
  type PdfInspection,
  type PreparedSignature,
  type PrepareOptions,
  type RevocationData,
  type RevocationPath,
  type ValidationReport,
} from '@signet/pades';
import type { PdfJob, PdfJobAnswer } from './pdf-worker';
import { type SigningTrailInput, sampleTrail } from '../trail-layout';

/**
 * The PDF engine's work off the server's thread (docs/decisions/022-pdf-work-off-the-event-loop.md):
 * an upload's parse and a document's validation run on a pool of worker threads, one per core,
 * below the server's priority; a signature's trail and preparation on signing threads of their
 * own (`signingThreads`). Each job runs within a time limit and each thread within a heap, so
 * that one document never holds the requests of others.
 */
export interface PdfPool {
  /** `inspectPdf` within the file's inflate budget; rejects with a PdfError as the engine does. */
  inspect(bytes: Uint8Array): Promise<PdfInspection>;
  /** `prepareIncrement` within the file's inflate budget. */
  prepareIncrement(bytes: Uint8Array, options: PrepareOptions): Promise<PreparedSignature>;
  /**
   * `validate` (every signature, against `trustAnchors`) within the file's inflate budget; with
   * `onlineData`, the OCSP responses and CRLs the server fetched count as source ONLINE.
   */
  validate(
    bytes: Uint8Array,
    trustAnchors: Uint8Array[],
    onlineData?: RevocationData,
  ): Promise<ValidationReport>;
  /** `revocationPaths`: the signers' and TSAs' paths whose revocation to ask about online. */
  revocationPaths(bytes: Uint8Array, trustAnchors: Uint8Array[]): Promise<RevocationPath[]>;
  /** `prepareDocumentTimestamp`: the time-stamp's field and placeholder, and the file's hash. */
  prepareDocumentTimestamp(
    bytes: Uint8Array,
    options: Omit<DocumentTimestampOptions, 'limits'>,
  ): Promise<PreparedDocumentTimestamp>;
  /**
   * A signing trail's PDF (`renderSigningTrail`): pdf-lib lays out and subsets the font on a
   * thread, not the server's (measured 30–60 ms a trail at rest, 270–500 ms at load 20).
   */
  renderTrail(input: SigningTrailInput): Promise<Uint8Array>;
  close(): Promise<void>;
}

export interface PdfPoolOptions {
  /** A file's streams may inflate to `inflateFactor` times its size plus `inflateAllowanceBytes`. */
  inflateFactor: number;
  inflateAllowanceBytes: number;
  /** How long one job may run before its thread is stopped and the job refused as too complex. */
  timeoutMs: number;
  /** Each thread's heap (the inflated streams are counted by the budget, not here). */
  heapMb: number;
  /** Threads; the cores by default. */
  threads?: number;
  /**
   * Sample trails a signing thread renders as the server starts, so that a signature's trail is
   * laid out by compiled code (decision 050); 0: the signing threads start with their first job.
   */
  trailWarmUps?: number;
}

/**
 * The worker's entry: the built dist/pdf-worker.js beside the bundled server, or the source under
 * tsx and vitest, whose thread then loads TypeScript through tsx as `npm run dev` does.
 */
function workerEntry(): { filename: string; execArgv?: string[] } {
  if (import.meta.url.endsWith('.js'))
    return { filename: new URL('./pdf-worker.js', import.meta.url).href };
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  return {
    filename: new URL('./pdf-worker.ts', import.meta.url).href,
    execArgv: ['--import', tsx],
  };
}

/** Why a job was stopped: its time limit. */
class TimeLimit extends Error {}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

const tooComplex = (message: string, cause?: unknown) =>
  new PdfError('TOO_COMPLEX', message, cause === undefined ? undefined : { cause });

type PdfJobRun = (job: DistributiveOmit<PdfJob, 'started'>) => Promise<PdfJobAnswer>;

/** Runs jobs on `pool`, one a thread and the rest waiting their turn, each within its time limit. */
function jobRunner(
  pool: Piscina<PdfJob, PdfJobAnswer>,
  threads: number,
  timeoutMs: number,
): PdfJobRun {
  // Jobs wait here rather than in the pool's queue: one thread each, no more.
  const waiting: (() => void)[] = [];
  let running = 0;
  const turn = (): Promise<void> => {
    if (running < threads) {
      running++;
      return Promise.resolve();
    }
    return new Promise((resolve) => waiting.push(resolve));
  };
  const done = () => {
    const next = waiting.shift();
    if (next) next();
    else running--;
  };

  return async (job) => {
    await turn();
    // The time limit counts from the job's start on its thread (not a new thread's start, which
    // from source loads tsx): the thread says when.
    const { port1, port2 } = new MessageChannel();
    const stop = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    port1.once('message', () => {
      timer = setTimeout(() => stop.abort(new TimeLimit()), timeoutMs);
    });
    try {
      const answer = await pool.run(
        { ...job, started: port2 },
        { signal: stop.signal, transferList: [port2] },
      );
      if ('pdfError' in answer) {
        const { code, message } = answer.pdfError;
        throw new PdfError(code as PdfErrorCode, message);
      }
      return answer;
    } catch (error) {
      if (error instanceof PdfError) throw error;
      // Stopped at its time limit, or its thread ran out of heap: the file asks too much.
      if (stop.signal.aborted) throw tooComplex(`the file took longer than ${timeoutMs} ms`, error);
      if ((error as { code?: unknown }).code === 'ERR_WORKER_OUT_OF_MEMORY')
        throw tooComplex('the file needs more memory than a PDF job has', error);
      throw error;
    } finally {
      clearTimeout(timer);
      port1.close();
      done();
    }
  };
}

/**
 * The PDF work a signer waits for (the trail, the prepare of the revision and of its document
 * time-stamp) on threads of their own at the server's priority, never behind an upload's parse or
 * a validation; one of them kept warm (decision 050: a trail took 8–15 ms on a cold thread, 3 ms
 * once its code was compiled, and a niced 50 MB prepare waited for the KDF's core).
 */
function signingThreads(options: PdfPoolOptions, threads: number) {
  const warmUps = options.trailWarmUps ?? 0;
  const pool = new Piscina<PdfJob, PdfJobAnswer>({
    ...workerEntry(),
    // Warmed, one lives as long as the server; otherwise they start with the first job.
    minThreads: warmUps > 0 ? 1 : 0,
    maxThreads: threads,
    idleTimeout: 60_000,
    resourceLimits: { maxOldGenerationSizeMb: options.heapMb },
  });
  const run = jobRunner(pool, threads, options.timeoutMs);
  const renderTrail = async (input: SigningTrailInput) => {
    const answer = await run({ kind: 'trail', input });
    if (!('trail' in answer)) throw new Error('the PDF thread answered another job');
    return answer.trail;
  };
  let closed = false;
  // One sample at a time: a signer's job waits behind one sample at most.
  const warming = (async () => {
    for (let sample = 0; sample < warmUps && !closed; sample++)
      await renderTrail(sampleTrail(sample));
  })().catch(() => undefined);
  return {
    run,
    renderTrail,
    close: async () => {
      closed = true;
      await pool.destroy();
      await warming;
    },
  };
}

export function createPdfPool(options: PdfPoolOptions): PdfPool {
  const threads = options.threads ?? availableParallelism();
  const pool = new Piscina<PdfJob, PdfJobAnswer>({
    ...workerEntry(),
    // Threads start with the first job (a server start need not wait) and stop when idle.
    minThreads: 0,
    maxThreads: threads,
    idleTimeout: 60_000,
    // Below the server's thread in the scheduler: on a busy machine requests go first.
    niceIncrement: 10,
    resourceLimits: { maxOldGenerationSizeMb: options.heapMb },
  });
  const run = jobRunner(pool, threads, options.timeoutMs);
  const signing = signingThreads(options, threads);
  const limitsOf = (bytes: Uint8Array) => ({
    inflateBytes: inflateBudgetFor(
      bytes.length,
      options.inflateFactor,
      options.inflateAllowanceBytes,
    ),
  });

  return {
    async inspect(bytes) {
      const answer = await run({ kind: 'inspect', bytes, limits: limitsOf(bytes) });
      if (!('inspection' in answer)) throw new Error('the PDF thread answered another job');
      return answer.inspection;
    },
    async prepareIncrement(bytes, prepareOptions) {
      const limits = limitsOf(bytes);
      const answer = await signing.run({
        kind: 'prepare',
        bytes,
        options: { ...prepareOptions, limits },
      });
      if (!('prepared' in answer)) throw new Error('the PDF thread answered another job');
      return answer.prepared;
    },
    async validate(bytes, trustAnchors, onlineData) {
      const answer = await run({
        kind: 'validate',
        bytes,
        options: { trustAnchors, limits: limitsOf(bytes), ...(onlineData ? { onlineData } : {}) },
      });
      if (!('validation' in answer)) throw new Error('the PDF thread answered another job');
      return answer.validation;
    },
    async revocationPaths(bytes, trustAnchors) {
      const answer = await run({
        kind: 'revocationPaths',
        bytes,
        options: { trustAnchors, limits: limitsOf(bytes) },
      });
      if (!('revocationPaths' in answer)) throw new Error('the PDF thread answered another job');
      return answer.revocationPaths;
    },
    async prepareDocumentTimestamp(bytes, timestampOptions) {
      const answer = await signing.run({
        kind: 'documentTimestamp',
        bytes,
        options: { ...timestampOptions, limits: limitsOf(bytes) },
      });
      if (!('documentTimestamp' in answer)) throw new Error('the PDF thread answered another job');
      return answer.documentTimestamp;
    },
    renderTrail: signing.renderTrail,
    close: async () => {
      await Promise.all([pool.destroy(), signing.close()]);
    },
  };
}
