import type { Timings } from '#infra/timings';
import { pdfFailure } from './pdf-failure';
import { signatureIncrement, type SignatureEvidence } from './signature-evidence';
import type { Job, JobSignatures, SignContext } from './sign-service';

/** A job's evidence: its document's signed increment and its detached trail's. */
export interface JobEvidence {
  main: SignatureEvidence;
  trail?: SignatureEvidence | undefined;
}

/** Whether this job's signature is its chain's last. */
export const completesChain = (job: Job): boolean =>
  job.stored.entries.every((e) => e.id === job.entry.id || e.status === 'DONE');

/**
 * The signed increments of a job (signature-evidence.ts: the CMS and its time-stamp), made
 * before any commit; a failing TSA throws SERVICE_UNAVAILABLE here.
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
        signatureIncrement(ctx, { prepared: job.prepared, signature: signature.main, chainDone }),
        trail && signature.trail
          ? signatureIncrement(ctx, {
              prepared: trail.prepared,
              signature: signature.trail,
              chainDone,
            })
          : undefined,
      ]),
    );
    return { main, trail: trailEvidence };
  } catch (error) {
    throw pdfFailure(error, { index: job.index });
  }
}
