import { randomUUID } from 'node:crypto';
import {
  asicSignatureName,
  buildAsicManifest,
  prepareAsicSignature,
  type PreparedAsicSignature,
} from '@signet/pades';
import type { SignItem, SignRequest, SignResultItem } from '@signet/contracts/signatures';
import { AppError } from '#infra/app-error';
import type { AuthUser } from '#infra/auth-types';
import type { Timings } from '#infra/timings';
import type { SigningCredential } from '#rssp/public';
import type {
  NewChainHistoryEvent,
  ChainEntryRow,
  ContainerDocument,
  ContainerSignatureRow,
  StoredChain,
} from '../schema';
import { loadSubject } from '../chains';
import {
  containerDocuments,
  containerFileName,
  documentDigest,
  commitContainerSignature,
  containerSignaturesOf,
} from '../containers';
import { pdfFailure } from '../pdf-work';
import { containerSignatureEvidence, type ContainerSignatureEvidence } from './signature-evidence';
import { signedHistoryEvent } from '../trail';
import type { SignContext, Signer } from './sign-job';
import { completesChain } from './job-evidence';
import { signatureCommit } from './sign-commit';

/**
 * A bulk chain on its way to its next container signature (issue 27 §4, decision 040): the
 * signer's ASiCManifest over every document of the batch, and the CAdES signed attributes over
 * that manifest, whose hash the rSSP signs with the PDFs' hashes under the same authorisation.
 */
export interface ContainerJob {
  container: true;
  index: number;
  item: SignItem;
  chainId: string;
  entry: ChainEntryRow;
  stored: StoredChain;
  version: string;
  /** The container's file name (what the authorisation names). */
  fileName: string;
  documents: ContainerDocument[];
  /** n of this signer's `ASiCManifest{n}.xml` / `signature{n}.p7s`. */
  seq: number;
  manifest: Uint8Array;
  prepared: PreparedAsicSignature;
  signedAt: Date;
  history: NewChainHistoryEvent;
  done?: SignResultItem;
}

export const isContainerJob = <T extends object>(job: T | ContainerJob): job is ContainerJob =>
  'container' in job && job.container === true;

/** The chain changed between preparing and committing (another instance's signature). */
const busy = () => new AppError('SERVICE_UNAVAILABLE', 'The chain is busy; try again');

/**
 * Prepares the signer's part of a bulk chain's container: reads the batch's documents (each
 * hashed as stored), the container's earlier signatures (which stay untouched), builds this
 * signer's manifest and the signed attributes over it.
 */
export async function prepareContainerJob(
  ctx: SignContext,
  options: {
    actor: AuthUser;
    signer: Signer;
    credential: SigningCredential;
    algorithm: PreparedAsicSignature['state']['algorithm'];
    index: number;
    item: SignItem;
    stored: StoredChain;
    version: string | undefined;
    entry: ChainEntryRow;
    timings: Timings;
  },
): Promise<ContainerJob> {
  const { actor, signer, credential, index, item, stored, entry, timings } = options;
  const db = ctx.database.db;
  if (options.version === undefined) throw new AppError('NOT_FOUND', 'Signature chain not found');
  if (entry.clerkMode) {
    throw new AppError('INVALID_REQUEST', 'A container is not signed in clerk mode');
  }
  const [subject, earlier] = await timings.measure('database', () =>
    Promise.all([loadSubject(db, stored.chain), containerSignaturesOf(db, stored.chain.id)]),
  );
  if (!subject.batch || subject.batch.documents.length === 0) {
    throw new AppError('NOT_FOUND', 'Batch not found');
  }
  const batchDocuments = subject.batch.documents;
  const documents = containerDocuments(batchDocuments, earlier);
  const digests = await timings.measure('read', () =>
    Promise.all(batchDocuments.map((d) => documentDigest(db, ctx.blobs, d))),
  );
  const seq = earlier.length + 1;
  const manifest = buildAsicManifest({
    signatureName: asicSignatureName(seq),
    references: documents.map((d, i) => ({ name: d.name, digest: digests[i] as Buffer })),
  });
  const signedAt = new Date();
  let prepared: PreparedAsicSignature;
  try {
    prepared = prepareAsicSignature(manifest, {
      certificateChain: credential.certificates,
      algorithm: options.algorithm,
      signingTime: signedAt,
    });
  } catch (error) {
    throw pdfFailure(error, { index });
  }
  const history = signedHistoryEvent({
    chainId: stored.chain.id,
    entryId: entry.id,
    actorId: actor.id,
    signer,
    certificate: credential.certificates[0] as Uint8Array,
    clientAddress: signer.clientAddress,
    at: signedAt,
  });
  return {
    container: true,
    index,
    item,
    chainId: stored.chain.id,
    entry,
    stored,
    version: options.version,
    fileName: containerFileName(subject.batch.row.name),
    documents,
    seq,
    manifest,
    prepared,
    signedAt,
    history,
  };
}

/**
 * The signer's `.p7s` (B-T when the time-stamping authority answers; signature-evidence.ts),
 * made before any commit of the call, like a PDF's increment.
 */
export async function containerEvidence(
  ctx: SignContext,
  job: ContainerJob,
  signature: Uint8Array,
  timings: Timings,
): Promise<ContainerSignatureEvidence> {
  try {
    return await timings.measure('engine', () =>
      containerSignatureEvidence(ctx, { prepared: job.prepared, signature }),
    );
  } catch (error) {
    throw pdfFailure(error, { index: job.index });
  }
}

/**
 * Commits the signer's manifest and `.p7s` with the entry, the chain's next state, its history
 * and events in one statement. A chain that moved on meanwhile stores nothing and is answered as
 * busy.
 */
export async function commitContainerJob(
  ctx: SignContext,
  options: {
    actor: AuthUser;
    input: SignRequest;
    job: ContainerJob;
    evidence: ContainerSignatureEvidence;
    timings: Timings;
  },
): Promise<SignResultItem> {
  const { actor, input, job, evidence, timings } = options;
  const allDone = completesChain(job);
  const row: ContainerSignatureRow = {
    id: randomUUID(),
    chainId: job.chainId,
    seq: job.seq,
    entryId: job.entry.id,
    documents: job.documents,
    manifest: job.manifest,
    signature: evidence.p7s,
    createdAt: job.signedAt,
  };
  const result: SignResultItem = {
    signatureId: job.chainId,
    currentSignatureId: job.entry.id,
    status: 'DONE',
    chainStatus: allDone ? 'DONE' : 'CREATED',
    signedDocument: { id: row.id, fileName: job.fileName },
    signedAt: job.signedAt.toISOString(),
    level: evidence.level,
  };
  const committed = await timings.measure('database', () =>
    commitContainerSignature(ctx.database.db, {
      ...signatureCommit(ctx, { actor, input, job, result, chainDone: allDone }),
      row,
    }),
  );
  if (!committed) throw busy();
  return result;
}
