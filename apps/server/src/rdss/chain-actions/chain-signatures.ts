import type {
  ChainSignature,
  ChainSignatures,
  SignatureProblem,
} from '@signet/contracts/chain-signatures';
import { isPdfError, type SignatureReport } from '@signet/pades';
import type { AppContext } from '#infra/app-context';
import { AppError } from '#infra/app-error';
import type { AuthUser } from '#infra/auth-types';
import type { ChainEntryRow, RevisionRow } from '../schema';
import { type CheckTurns, readableChainSubject, subjectDocument } from '../chains';
import { type BlobStore, joinRevision, revisionsOf } from '../documents';
import type { PdfPool } from '../pdf-work';

/** What listing a chain's signatures uses of the app. */
export interface ChainSignaturesContext extends Pick<AppContext, 'database' | 'users'> {
  blobs: BlobStore;
  increments: BlobStore;
  pdf: PdfPool;
  /** The roots a certificate must chain to (the embedded CA's), read on each call. */
  trustAnchors: () => Promise<Uint8Array[]>;
  /** Each user's checks running at once (`check-turns.ts`). */
  turns: CheckTurns;
}

/** The common name of an X.509 subject as `nameToString` writes it (`CN=Ann, C=HU`). */
export function commonNameOf(subject: string): string {
  const match = /(?:^|, )CN=(.*?)(?=, [A-Za-z][A-Za-z0-9.]*=|$)/.exec(subject);
  return match?.[1] ?? subject;
}

/** The first reason a signature is not valid, as the screens name it; null when it is. */
function problemOf(report: SignatureReport): SignatureProblem | null {
  if (report.flags.universalSignatureForgery || report.flags.signatureWrappingAttack)
    return 'MALFORMED';
  if (!report.digestMatches) return 'DIGEST_MISMATCH';
  if (!report.signatureValid) return 'SIGNATURE_INVALID';
  if (report.modifiedAfterSigning) return 'MODIFIED_AFTER';
  if (report.certificateValidAtSigningTime === false) return 'CERTIFICATE_EXPIRED';
  return null;
}

/**
 * The chain entry whose signature made the revision the signature's byte range ends in (a
 * revision adds its signature, then its validation data and, at the chain's end, the document
 * time-stamp: decision 038); none for a signature the upload already held.
 */
function entryOf(
  report: SignatureReport,
  revisions: readonly RevisionRow[],
  entries: readonly ChainEntryRow[],
): ChainEntryRow | undefined {
  const range = report.byteRange;
  if (!range || range.length !== 4) return undefined;
  const end = (range[2] ?? 0) + (range[3] ?? 0);
  const revision = revisions.find((r) => r.baseSize < end && end <= r.fileSize);
  return revision && entries.find((e) => e.id === revision.entryId);
}

/**
 * `GET signatureChains/{id}/signatures`: every signature of the chain's document as it stands
 * (its latest revision in the chain, else the upload), checked by the engine's `validate` on the
 * PDF threads within the file's time and inflate budgets. For the chain's creator, participants
 * and viewers, and admins; anyone else gets NOT_FOUND. Nothing is kept: each call reads the
 * revision it checks.
 */
export async function listChainSignatures(options: {
  ctx: ChainSignaturesContext;
  actor: AuthUser;
  id: string;
  documentId?: string | undefined;
}): Promise<ChainSignatures> {
  const { ctx, actor, id } = options;
  const db = ctx.database.db;
  const { stored, subject } = await readableChainSubject(db, actor, id);
  const document = subjectDocument(subject, options.documentId);

  const revisions = await revisionsOf(db, stored.chain.id, document.id);
  const latest = revisions.at(-1) ?? null;
  const checked = { documentId: document.id, revisionId: latest?.id ?? null };
  const locked: ChainSignatures = {
    ...checked,
    state: 'LOCKED',
    signatures: [],
    pageCount: 0,
    trailPageCount: 0,
  };
  if (document.security === 'ENCRYPTED_WITH_USER_PASSWORD') {
    return locked;
  }
  let reports: SignatureReport[];
  let pages: Pick<ChainSignatures, 'pageCount' | 'trailPageCount'>;
  try {
    // The bytes are read within the user's turn too: a refused check holds nothing.
    const report = await ctx.turns.run(actor.id, async () => {
      const [bytes, trustAnchors] = await Promise.all([
        joinRevision(db, ctx, document.id, revisions),
        ctx.trustAnchors(),
      ]);
      return ctx.pdf.validate(bytes, trustAnchors);
    });
    reports = report.signatures;
    pages = { pageCount: report.pages, trailPageCount: report.trailPages };
  } catch (error) {
    if (isPdfError(error, 'WRONG_PASSWORD') || isPdfError(error, 'UNSUPPORTED_ENCRYPTION')) {
      return locked;
    }
    if (isPdfError(error)) {
      const message = isPdfError(error, 'TOO_COMPLEX')
        ? 'The PDF file is too complex to process'
        : 'Error while processing the PDF file';
      throw new AppError('DOCUMENT_PARSING_ERROR', message, undefined, { cause: error });
    }
    throw error;
  }

  const users = await ctx.users.findMany(
    stored.entries.flatMap((e) => (e.userId ? [e.userId] : [])),
  );
  const nameOf = (entry: ChainEntryRow): string =>
    entry.clerkMode && entry.subsignerName
      ? entry.subsignerName
      : ((entry.userId ? users.get(entry.userId)?.name : undefined) ?? entry.email);
  const signatures = reports.map((report): ChainSignature => {
    const entry = entryOf(report, revisions, stored.entries);
    const problem = problemOf(report);
    const time = report.timestamp?.valid ? report.timestamp.time : report.signingTime;
    return {
      fieldName: report.fieldName,
      certificateName: report.signer ? commonNameOf(report.signer.subject) : null,
      entryId: entry?.id ?? null,
      entryName: entry ? nameOf(entry) : null,
      signingTime: time && !Number.isNaN(time.getTime()) ? time.toISOString() : null,
      page: report.page ?? null,
      rect: report.rect ?? null,
      integrityValid: problem === null || problem === 'CERTIFICATE_EXPIRED',
      chainTrusted: report.chainTrusted,
      problem,
    };
  });
  return { ...checked, state: 'CHECKED', signatures, ...pages };
}
