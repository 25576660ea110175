import type { MessagePort } from 'node:worker_threads';
// The PDF engine's jobs on a worker thread of the pool (pdf-pool.ts): parsing an upload,
// preparing a signature or a document time-stamp (its hashing), validating the signatures a
// document holds (and the certificate paths an online check asks about) and rendering a signing trail. Built as dist/pdf-worker.js beside the server
// (scripts/build.ts).
import {
  inspectPdf,
  isPdfError,
  prepareDocumentTimestamp,
  prepareIncrement,
  revocationPaths,
  validate,
  type DocumentTimestampOptions,
  type PdfInspection,
  type PdfLimits,
  type PreparedDocumentTimestamp,
  type PreparedSignature,
  type PrepareOptions,
  type RevocationPath,
  type ValidateOptions,
  type ValidationReport,
} from '@signet/pades';
import { renderSigningTrail, type SigningTrailInput } from '../trail-layout';

export type PdfJob = (
  | { kind: 'inspect'; bytes: Uint8Array; limits: PdfLimits }
  | { kind: 'prepare'; bytes: Uint8Array; options: PrepareOptions }
  | { kind: 'validate'; bytes: Uint8Array; options: ValidateOptions }
  | { kind: 'revocationPaths'; bytes: Uint8Array; options: ValidateOptions }
  | { kind: 'documentTimestamp'; bytes: Uint8Array; options: DocumentTimestampOptions }
  | { kind: 'trail'; input: SigningTrailInput }
) & {
  /** Told when the job starts on its thread: its time limit counts from then. */
  started: MessagePort;
};

/**
 * A job's answer. An engine error comes back as its code and message: a thrown PdfError would
 * cross the thread as a plain Error without its code.
 */
export type PdfJobAnswer =
  | { inspection: PdfInspection }
  | { prepared: PreparedSignature }
  | { validation: ValidationReport }
  | { revocationPaths: RevocationPath[] }
  | { documentTimestamp: PreparedDocumentTimestamp }
  | { trail: Uint8Array }
  | { pdfError: { code: string; message: string } };

export default async function runPdfJob(job: PdfJob): Promise<PdfJobAnswer> {
  job.started.postMessage(true);
  job.started.close();
  try {
    if (job.kind === 'trail') return { trail: await renderSigningTrail(job.input) };
    if (job.kind === 'inspect') return { inspection: inspectPdf(job.bytes, job.limits) };
    if (job.kind === 'validate') return { validation: validate(job.bytes, job.options) };
    if (job.kind === 'revocationPaths')
      return { revocationPaths: revocationPaths(job.bytes, job.options) };
    if (job.kind === 'documentTimestamp')
      return { documentTimestamp: prepareDocumentTimestamp(job.bytes, job.options) };
    return { prepared: prepareIncrement(job.bytes, job.options) };
  } catch (error) {
    if (isPdfError(error)) return { pdfError: { code: error.code, message: error.message } };
    throw error;
  }
}
