import type { Timings } from '#infra/timings';
import { pdfFailure } from '../pdf-work';
import { revisions } from '../documents';
import { signatureIncrement, type SignatureEvidence } from './signature-evidence';
import type { Job, JobSignatures, SignContext } from './sign-job';

/** A job's evidence: its document's signed increment and its detached trail's. */
export interface JobEvidence {
  main: SignatureEvidence;
  trail?: SignatureEvidence | undefined;
}

/** Whether this job's signature is its chain's last. */
export const completesChain = (job: Pick<Job, 'stored' | 'entry'>): boolean =>
  job.stored.entries.every((e) => e.id === job.entry.id || e.status === 'DONE');

/**
 * The bytes of the revision a job was prepared on: still in the call's buffer, or read again
 * (an imported credential's job waits between two calls without its buffer).
 */
function baseBytesOf(ctx: SignContext, job: Job): Promise<Uint8Array> {
  if (job.baseBytes) return Promise.resolve(job.baseBytes);
  return revisions.joinRevision(ctx.database.db, ctx, job.document.id, job.base);
}

/**
 * The signed increments of a job (signature-evidence.ts: the CMS, its time-stamp, the DSS and on
 * the chain's last signature the document time-stamp), made before any commit; a failing TSA
 * throws SERVICE_UNAVAILABLE here.
 */
export async function jobEvidence(
  ctx: SignContext,
  job: Job,
  signature: JobSignatures,
  timings: Timings,
): Promise<JobEvidence> {
  const chainDone = completesChain(job);
  const { trail } = job;
  try {
    const [main, trailEvidence] = await timings.measure('engine', () =>
      Promise.all([
        signatureIncrement(ctx, {
          prepared: job.prepared,
          signature: signature.main,
          chainDone,
          base: () => baseBytesOf(ctx, job),
          basePrefix: job.basePrefix,
          password: job.password,
        }),
        trail && signature.trail
          ? signatureIncrement(ctx, {
              prepared: trail.prepared,
              signature: signature.trail,
              chainDone,
              base: () => Promise.resolve(trail.baseBytes),
            })
          : undefined,
      ]),
    );
    return { main, trail: trailEvidence };
  } catch (error) {
    throw pdfFailure(error, { index: job.index });
  } finally {
    job.basePrefix?.release();
  }
}
