import { createHash, randomUUID } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import type { SignRequest, SignResultItem } from '@signet/contracts/signatures';
import type { AuthUser } from '#infra/auth-types';
import type { Timings } from '#infra/timings';
import { chainEvents } from '../chains';
import { type DocumentRow, afterSignature, type RevisionRow } from '../schema';
import { completesChain, jobEvidence, type JobEvidence } from './job-evidence';
import { revisions } from '../documents';
import { crash, type Job, type JobSignatures, type SignContext } from './sign-job';

/** The revision a signer prepared on was overtaken by another's signature (another instance). */
export class StaleRevision extends Error {}

/**
 * Commits a signed job: its new revision (the increment only), its entry and the chain's next
 * state in one statement with its events and history; StaleRevision when another instance
 * committed a revision of the chain first (nothing of this job stays stored).
 */
export async function commitJob(
  ctx: SignContext,
  options: {
    actor: AuthUser;
    input: SignRequest;
    job: Job;
    signature: JobSignatures;
    /** The increments, when made already (jobEvidence); else made here. */
    evidence?: JobEvidence | undefined;
    timings: Timings;
  },
): Promise<SignResultItem> {
  const { actor, input, job, signature, timings } = options;
  const allDone = completesChain(job);
  const evidence = options.evidence ?? (await jobEvidence(ctx, job, signature, timings));
  const increment = evidence.main.increment;
  const trailIncrement = evidence.trail?.increment;
  const revision = revisionRow(job, job, increment);
  const trailRevision =
    job.trail && trailIncrement ? revisionRow(job, job.trail, trailIncrement) : undefined;
  const written = [
    { revision, increment },
    ...(trailRevision && trailIncrement
      ? [{ revision: trailRevision, increment: trailIncrement }]
      : []),
  ];
  const chainStatus = allDone ? 'DONE' : 'CREATED';
  const result: SignResultItem = {
    signatureId: job.chainId,
    currentSignatureId: job.entry.id,
    status: 'DONE',
    chainStatus,
    signedDocument: { id: revision.id, fileName: job.document.fileName },
    signedAt: job.signedAt.toISOString(),
    level: evidence.main.level,
    ...(evidence.main.missing.length > 0 ? { missingValidationData: evidence.main.missing } : {}),
  };
  const inDatabase = ctx.increments.inDatabase === true;
  let committed: boolean;
  try {
    committed = await timings.measure('database', async () => {
      // A file is written before the statement that names it (a kill in between leaves a file
      // no row names, never served); one in the database is written by that statement.
      if (!inDatabase) {
        for (const w of written) {
          await ctx.increments.put(ctx.database.db, w.revision.id, w.increment);
        }
      }
      crash(ctx, 'stored');
      return revisions.commitSignature(ctx.database.db, {
        ...signatureCommit(ctx, { actor, input, job, result, chainDone: allDone }),
        revision,
        increment: inDatabase ? increment : undefined,
        trailRevision: trailRevision && {
          revision: trailRevision,
          increment: inDatabase ? trailIncrement : undefined,
        },
        coveredTrail: job.attachedTrail,
      });
    });
  } catch (error) {
    await Promise.all(written.map((w) => ctx.increments.remove(w.revision.id)));
    throw error;
  }
  if (!committed) {
    await Promise.all(written.map((w) => ctx.increments.remove(w.revision.id)));
    throw new StaleRevision();
  }
  crash(ctx, 'committed');
  return result;
}

/**
 * What a signature's commit writes beside its own row, a PDF's or a container's alike: the chain
 * only while still at the version it was prepared on, the entry DONE (the chain too after the
 * last signer), the idempotency record, the chain's events (published once it commits) and its
 * history (SIGNED, then COMPLETED).
 */
export function signatureCommit(
  ctx: Pick<SignContext, 'events'>,
  options: {
    actor: AuthUser;
    input: SignRequest;
    job: Pick<Job, 'chainId' | 'version' | 'entry' | 'item' | 'stored' | 'history'>;
    result: SignResultItem;
    chainDone: boolean;
  },
) {
  const { actor, input, job, result, chainDone } = options;
  const events = chainEvents(
    'SIGNATURE_CHAIN_UPDATED',
    afterSignature(job.stored, job.entry.id, chainDone),
  );
  return {
    version: job.version,
    entry: { id: job.entry.id, comment: job.item.comment ?? null },
    chainDone,
    signRequest: input.idempotencyKey
      ? { userId: actor.id, idempotencyKey: input.idempotencyKey, result }
      : undefined,
    notification: (when: SQL) => ctx.events.notification(events, when),
    history: [
      job.history,
      ...(chainDone ? [{ chainId: job.chainId, kind: 'COMPLETED' as const }] : []),
    ],
  };
}

/** The revision row of a signed increment over `part`'s latest revision (its document's). */
function revisionRow(
  job: Job,
  part: { document: DocumentRow; base: RevisionRow[]; baseSize: number },
  increment: Uint8Array,
): RevisionRow {
  return {
    id: randomUUID(),
    chainId: job.chainId,
    documentId: part.document.id,
    seq: part.base.length + 1,
    entryId: job.entry.id,
    baseSize: part.baseSize,
    fileSize: part.baseSize + increment.length,
    sha256: createHash('sha256').update(increment).digest('hex'),
    createdAt: job.signedAt,
  };
}
