import { createHash } from 'node:crypto';
import type { ValidationKind, ValidationReport } from '@signet/contracts/validations';
import {
  buildAsic,
  isPdfError,
  validateAsic,
  type RevocationPath,
  type ValidationReport as EngineReport,
} from '@signet/pades';
import type { AppContext } from '#infra/app-context';
import { AppError } from '#infra/app-error';
import type { AuthUser } from '#infra/auth-types';
import type { ValidationData, ValidationDataSource } from '#infra/validation-data';
import { asicValidationReport } from './asic-validation-report';
import { containerFileName, containerSignaturesOf } from '../containers';
import { type CheckTurns, readableChainSubject, subjectDocument } from '../chains';
import { type BlobStore, joinRevision, revisionsOf } from '../documents';
import type { DocumentRow } from '../schema';
import type { PdfPool } from '../pdf-work';
import { anchorSubjects } from './trust-anchors';
import type { ValidationBudget } from './validation-budget';
import { pdfValidationReport } from './validation-report';

/** What validating uses of the app. */
export interface ValidationContext extends Pick<AppContext, 'database'> {
  /** The rSSP's OCSP/CRL source: revocation asked online (in process for the embedded CA's). */
  validationData: ValidationDataSource;
  blobs: BlobStore;
  increments: BlobStore;
  pdf: PdfPool;
  /** The embedded CA's root(s), the embedded TSA's, and TRUST_ANCHORS_FILE's, read on each call. */
  trustAnchors: () => Promise<Uint8Array[]>;
  /** Each user's validations running at once. */
  turns: CheckTurns;
  /** Each user's validations per minute. */
  budget: ValidationBudget;
}

/**
 * The kind of a file by its first bytes: `%PDF` (within the first KiB, where readers look for
 * it) or a zip's `PK\x03\x04` (an ASiC-E container); null for anything else.
 */
export function detectKind(bytes: Uint8Array): ValidationKind | null {
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, 1024));
  // The zip first: a container's stored PDFs put `%PDF-` within its first KiB too.
  if (head.length >= 4 && head.readUInt32BE(0) === 0x504b0304) return 'ASIC_E';
  if (head.indexOf('%PDF-', 0, 'latin1') >= 0) return 'PDF';
  return null;
}

/** The engine's errors as the catalogue's: a file it cannot read, or one that asks too much. */
function parsingError(error: unknown): unknown {
  if (isPdfError(error, 'WRONG_PASSWORD') || isPdfError(error, 'UNSUPPORTED_ENCRYPTION')) {
    return new AppError(
      'DOCUMENT_PARSING_ERROR',
      'The PDF file is encrypted with a password and cannot be validated',
      undefined,
      { cause: error },
    );
  }
  if (isPdfError(error)) {
    const message = isPdfError(error, 'TOO_COMPLEX')
      ? 'The PDF file is too complex to process'
      : 'Error while processing the PDF file';
    return new AppError('DOCUMENT_PARSING_ERROR', message, undefined, { cause: error });
  }
  return error;
}

async function validatePdf(options: {
  ctx: ValidationContext;
  actor: AuthUser;
  fileName: string;
  bytes: Uint8Array;
  chainId: string | null;
}): Promise<ValidationReport> {
  const { ctx, actor, bytes } = options;
  const validatedAt = new Date();
  const anchors = await ctx.trustAnchors();
  let checked;
  try {
    checked = await ctx.turns.run(actor.id, () => validateOnline(ctx, bytes, anchors));
  } catch (error) {
    throw parsingError(error);
  }
  const { report, missing } = checked;
  return pdfValidationReport({
    missingRevocationData: missing,
    report,
    kind: 'PDF',
    fileName: options.fileName,
    fileSize: bytes.length,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    trustAnchors: anchorSubjects(anchors),
    chainId: options.chainId,
    validatedAt,
  });
}

/**
 * A PDF validated with its signers' and TSAs' revocation asked now (decision 039, online
 * revocation): a first job on the PDF threads names the trusted paths, the rSSP's source fetches
 * their OCSP responses or CRLs here (I/O, not engine work), and a second job validates with them
 * as ONLINE data, so a credential revoked after it signed shows. Only trusted paths are asked
 * about: an uploaded file's own certificates do not make the server fetch what they name, and
 * revocation does not change the verdict of an untrusted signature. What cannot be fetched is
 * listed, never a failure.
 */
async function validateOnline(
  ctx: ValidationContext,
  bytes: Uint8Array,
  anchors: Uint8Array[],
): Promise<{ report: EngineReport; missing: string[] }> {
  const paths = await ctx.pdf.revocationPaths(bytes, anchors);
  const data = await collectOnline(ctx, paths);
  if (!data) return { report: await ctx.pdf.validate(bytes, anchors), missing: [] };
  const report = await ctx.pdf.validate(bytes, anchors, { ocsps: data.ocsps, crls: data.crls });
  return { report, missing: data.missing };
}

/**
 * The OCSP responses and CRLs of the trusted paths among `paths`, asked of the rSSP's source now;
 * undefined when no path is trusted (nothing is asked). What cannot be fetched is listed.
 */
async function collectOnline(
  ctx: ValidationContext,
  paths: RevocationPath[],
): Promise<Pick<ValidationData, 'ocsps' | 'crls' | 'missing'> | undefined> {
  const trusted = paths.filter((p) => p.trusted).map((p) => p.path);
  if (trusted.length === 0) return undefined;
  try {
    return await ctx.validationData.collect(trusted);
  } catch (error) {
    const reason = error instanceof Error ? error.message : 'failed';
    return { ocsps: [], crls: [], missing: [`Online revocation data: ${reason}`] };
  }
}

/**
 * Bounds on what a container may inflate to: its stored documents are about its size, deflated
 * ones a few times more; never past the engine's default (512 MiB).
 */
const containerLimits = (size: number) => ({
  maxEntries: 1000,
  maxInflatedBytes: Math.min(512 * 1024 * 1024, Math.max(64 * 1024 * 1024, size * 8)),
});

/**
 * An ASiC-E container (decision 040): each CAdES signature over its manifest, each document's
 * digest, and its signers' revocation asked online as a PDF's is.
 */
async function validateContainer(options: {
  ctx: ValidationContext;
  actor: AuthUser;
  fileName: string;
  bytes: Uint8Array;
  chainId: string | null;
}): Promise<ValidationReport> {
  const { ctx, actor, bytes } = options;
  const validatedAt = new Date();
  const anchors = await ctx.trustAnchors();
  let report;
  let missing: string[] = [];
  const online = async (paths: RevocationPath[]) => {
    const data = await collectOnline(ctx, paths);
    missing = data?.missing ?? [];
    return data ?? {};
  };
  try {
    report = await ctx.turns.run(actor.id, () =>
      validateAsic(bytes, { trustAnchors: anchors, limits: containerLimits(bytes.length), online }),
    );
  } catch (error) {
    if (!isPdfError(error)) throw error;
    const message = isPdfError(error, 'TOO_COMPLEX')
      ? 'The container is too large to process'
      : 'The zip file is not a readable ASiC-E container';
    throw new AppError('DOCUMENT_PARSING_ERROR', message, undefined, { cause: error });
  }
  return asicValidationReport({
    missingRevocationData: missing,
    report,
    fileName: options.fileName,
    fileSize: bytes.length,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    trustAnchors: anchorSubjects(anchors),
    chainId: options.chainId,
    validatedAt,
  });
}

/**
 * `POST validations`: a file's signatures checked against the trust anchors, by its kind. Nothing
 * is stored. Each user has a budget per minute and two at once; the PDF threads bound each file's
 * time and inflated bytes.
 */
export async function validateFile(options: {
  ctx: ValidationContext;
  actor: AuthUser;
  fileName: string;
  bytes: Uint8Array;
}): Promise<ValidationReport> {
  const kind = detectKind(options.bytes);
  if (kind === null) {
    throw new AppError(
      'UNSUPPORTED_FILE_FORMAT',
      'Only PDF files and ASiC-E containers can be validated',
    );
  }
  options.ctx.budget.take(options.actor.id);
  switch (kind) {
    case 'PDF':
      return validatePdf({ ...options, chainId: null });
    case 'ASIC_E':
      return validateContainer({ ...options, chainId: null });
  }
}

/**
 * `GET signatureChains/{id}/validation`: the chain's document as it stands (its latest revision,
 * else the upload), for those who may read the chain (its creator, participants and viewers, and
 * admins); anyone else gets NOT_FOUND, as for the chain's other reads.
 */
export async function validateChain(options: {
  ctx: ValidationContext;
  actor: AuthUser;
  id: string;
  documentId?: string | undefined;
}): Promise<ValidationReport> {
  const { ctx, actor, id } = options;
  const db = ctx.database.db;
  const { stored, subject } = await readableChainSubject(db, actor, id);
  if (subject.batch && options.documentId === undefined) {
    // A signed bulk chain is validated as its container (decision 040).
    const container = await containerBytes(ctx, stored.chain.id, subject.batch.documents);
    if (container) {
      ctx.budget.take(actor.id);
      const fileName = containerFileName(subject.batch.row.name);
      const chainId = stored.chain.id;
      return validateContainer({ ctx, actor, fileName, bytes: container, chainId });
    }
  }
  const document = subjectDocument(subject, options.documentId);
  ctx.budget.take(actor.id);
  const revisions = await revisionsOf(db, stored.chain.id, document.id);
  const bytes = await joinRevision(db, ctx, document.id, revisions);
  return validatePdf({ ctx, actor, fileName: document.fileName, bytes, chainId: stored.chain.id });
}

/** A bulk chain's container as a download writes it, in memory; undefined before a signature. */
async function containerBytes(
  ctx: ValidationContext,
  chainId: string,
  batchDocuments: readonly DocumentRow[],
): Promise<Uint8Array | undefined> {
  const db = ctx.database.db;
  const signatures = await containerSignaturesOf(db, chainId);
  const named = signatures[0]?.documents;
  if (!named) return undefined;
  const documents = await Promise.all(
    named.map(async ({ documentId, name }) => {
      const known = batchDocuments.some((d) => d.id === documentId);
      const bytes = known ? await ctx.blobs.get(db, documentId) : undefined;
      if (!bytes) throw new Error(`The bytes of document ${documentId} are missing`);
      return { name, bytes };
    }),
  );
  return buildAsic({ documents, signatures });
}
