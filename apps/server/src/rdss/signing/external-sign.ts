import type { SignRequest, SignResultItem } from '@signet/contracts/signatures';
import { AppError } from '#infra/app-error';
import type { AuthUser } from '#infra/auth-types';
import type { Timings } from '#infra/timings';
import type { SigningCredential } from '#rssp/public';
import { isContainerJob } from './container-sign';
import { createPendingSignatures } from './pending-signatures';
import { jobEvidence } from './job-evidence';
import { commitJob, StaleRevision } from './sign-commit';
import { prepareJob } from './job-preparation';
import type { Job, JobSignatures, SignContext, Signer } from './sign-job';

/**
 * Signing with an imported credential (D§4 OAUTH2CODE): the first call (`returnHashes`)
 * prepares each chain on its latest revision and answers the hashes, keeping the prepared
 * revisions here briefly, bound to the user, the chain and the hash (pending-signatures.ts);
 * the web app gets the provider's SAD for exactly those hashes (`credentialRefs/{id}/authorize`);
 * the second call (`sad`, each item's `docHashes`) has the provider sign them and commits each
 * chain. A chain signed by someone else in between is refused (sign again), never re-prepared
 * under a SAD that covers other hashes.
 */
const pending = createPendingSignatures();

const invalid = (message: string) => new AppError('INVALID_REQUEST', message);

export async function signWithReference(
  ctx: SignContext,
  options: { actor: AuthUser; signer: Signer; input: SignRequest; timings: Timings },
): Promise<SignResultItem[]> {
  const { actor, signer, input, timings } = options;
  const refId = input.credentialOptions.credentialRefId as string;
  const ref = await ctx.refs.refForSigning(actor.id, refId);
  if (input.returnHashes === true) {
    if (input.sad !== undefined) throw invalid('Either returnHashes or a SAD, not both');
    const credential: SigningCredential = {
      id: ref.id,
      // Not read when preparing; the provider checks its own authorisation.
      authMode: 'EXPLICIT',
      keyAlg: ref.keyAlg === 'ec' ? 'ec' : 'rsa',
      keyPurpose: 'ASYMMETRIC_SIGN',
      certificates: ref.certificates,
      subjectName: ref.subjectName,
    };
    const chainIds = input.signatures.map((s) => s.signatureId);
    const taken: Buffer[] = [];
    try {
      return await ctx.locks.run(chainIds, async () => {
        const answers: SignResultItem[] = [];
        for (const [index, item] of input.signatures.entries()) {
          const job = await prepareJob(ctx, {
            actor,
            signer,
            input: { ...input, idempotencyKey: undefined },
            credential,
            index,
            item,
            taken,
            timings,
          });
          // Imported credentials sign PDFs; a container is signed with an own credential.
          if (isContainerJob(job)) throw invalid('A container is signed with an own credential');
          const [docHash = ''] = hashesOf(job);
          // Its buffer goes back when this call ends: the commit reads the revision again.
          job.baseBytes = undefined;
          pending.keep({ userId: actor.id, refId, chainId: job.chainId, docHash, job });
          answers.push(hashAnswer(job));
        }
        return answers;
      });
    } finally {
      for (const buffer of taken) ctx.buffers.give(buffer);
    }
  }
  if (input.sad === undefined) throw invalid('Sign with returnHashes first, then with the SAD');
  const jobs: Job[] = input.signatures.map((item) => {
    const docHash = item.docHashes?.[0];
    const job =
      docHash === undefined
        ? undefined
        : pending.take({ userId: actor.id, refId, chainId: item.signatureId, docHash });
    if (!job || job.entry.id !== item.currentSignatureId) {
      throw invalid('The prepared signature expired or is unknown; sign again');
    }
    if (hashesOf(job).join() !== (item.docHashes ?? []).join()) {
      throw invalid('The hashes sent back are not the ones returned; sign again');
    }
    return job;
  });
  const values = await ctx.refs.signHashes({
    userId: actor.id,
    id: refId,
    sad: input.sad,
    hashes: jobs.flatMap((job) => hashesOf(job).map((hash) => Buffer.from(hash, 'base64'))),
  });
  // Back per job: the document's signature, then its detached trail's (as hashesOf lists them).
  let next = 0;
  const signatures: JobSignatures[] = jobs.map((job) => ({
    main: values[next++] as Uint8Array,
    trail: job.trail ? (values[next++] as Uint8Array) : undefined,
  }));
  return ctx.locks.run(
    jobs.map((job) => job.chainId),
    async () => {
      // Every chain's time-stamps before the first commit: a TSA that fails stores nothing.
      const evidence = await Promise.all(
        jobs.map((job, i) => jobEvidence(ctx, job, signatures[i] as JobSignatures, timings)),
      );
      const results: SignResultItem[] = [];
      for (const [i, job] of jobs.entries()) {
        try {
          results.push(
            await commitJob(ctx, {
              actor,
              input,
              job,
              signature: signatures[i] as JobSignatures,
              evidence: evidence[i],
              timings,
            }),
          );
        } catch (error) {
          if (error instanceof StaleRevision) {
            throw new AppError(
              'DOCUMENT_CANNOT_BE_MODIFIED',
              'The chain changed since its hashes were returned; sign again',
            );
          }
          throw error;
        }
      }
      return results;
    },
  );
}

/** Every hash one chain's signature needs (base64): the document's, then a detached trail's. */
function hashesOf(job: Job): string[] {
  const hashes = [job.prepared.hash, ...(job.trail ? [job.trail.prepared.hash] : [])];
  return hashes.map((hash) => Buffer.from(hash).toString('base64'));
}

/** The returnHashes answer of one chain: as it is now, with the hashes to authorise. */
function hashAnswer(job: Job): SignResultItem {
  const docHashes = hashesOf(job);
  const latest = job.base.at(-1);
  return {
    signatureId: job.chainId,
    currentSignatureId: job.entry.id,
    status: job.entry.status,
    chainStatus: job.stored.chain.status,
    signedDocument: { id: latest?.id ?? job.document.id, fileName: job.document.fileName },
    signedAt: job.signedAt.toISOString(),
    docHash: docHashes[0],
    docHashes,
  };
}
