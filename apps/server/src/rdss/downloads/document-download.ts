import type { DocumentFileMode, DocumentFiles } from '@signet/contracts/documents';
import { AppError, notFound } from '#infra/app-error';
import type { AuthUser } from '#infra/auth-types';
import type { ChainRow, DocumentRow, RevisionRow } from '../schema';
import { loadSubject } from '../chains';
import { containerEntries, containerEntry } from './container-download';
import { containerSignaturesOf } from '../containers';
import {
  readable,
  readableRevision,
  type DocumentContext,
  findDocument,
  takesPartInChain,
  revisionPieces,
  revisionsOf,
  revisionsOfChains,
  uniqueNames,
  type ZipEntry,
} from '../documents';
import { chainsByIds, coveredTrail, isOver, latestReadableChainOver } from './download-store';

/** What a download needs: the stores, and the signing trail of a chain rendered afresh. */
export interface DownloadContext extends DocumentContext {
  /**
   * A chain's signing trail as a PDF of its own (`signing-trail-render.ts`), not signed: for an
   * ATTACHED chain no signature attached one to yet.
   */
  renderTrail: (chainId: string) => Promise<Uint8Array>;
}

/** One file of a download: its name, length and bytes in pieces, read when they are wanted. */
export type DownloadFile = ZipEntry & { size: number };

/** A download's answer: one PDF, or a zip of several files (streamed by `zipStream`). */
export type Download =
  | { kind: 'pdf'; file: DownloadFile }
  | { kind: 'zip'; name: string; entries: ZipEntry[] }
  /** A signed bulk chain's ASiC-E container (container-download.ts). */
  | { kind: 'asice'; name: string; entries: ZipEntry[] };

/** D§9: the name as uploaded, plus `.pdf` when missing. */
export const pdfName = (name: string) => (/\.pdf$/i.test(name) ? name : `${name}.pdf`);
const baseName = (name: string) => name.replace(/\.pdf$/i, '');
/** D§9: the signing-trail variant adds `-signingtrail`. */
const trailName = (name: string) => `${baseName(name)}-signingtrail.pdf`;
/**
 * The upload as it was, named apart from the document as it stands, which keeps the name
 * (D§9), so the two never land in one folder under one name (issue 38 §9).
 */
export const uploadName = (name: string) => `${baseName(name)}-upload.pdf`;

const noTrail = () => new AppError('NOT_FOUND', 'This chain has no signing trail');

const unreadable = (what: string, cause: unknown) =>
  new AppError('SERVER_ERROR', `${what} cannot be read`, undefined, { cause });

/**
 * A document as the chain's revisions up to the last given have it (the upload when none),
 * read in pieces from the blob store (decision 025) when the download reaches it.
 */
function documentFile(
  ctx: DocumentContext,
  document: DocumentRow,
  revisions: readonly RevisionRow[],
  name = pdfName(document.fileName),
): DownloadFile {
  return {
    name,
    size: revisions.at(-1)?.fileSize ?? document.fileSize,
    open: async (buffers) => {
      try {
        return await revisionPieces(ctx.database.db, ctx, document.id, revisions, buffers);
      } catch (error) {
        throw unreadable(`Document ${document.id}`, error);
      }
    },
  };
}

/**
 * A chain's signing trail: a DETACHED chain's own trail document as its latest revision has it
 * (signed with the document); an ATTACHED chain's, the trail the latest of the document's
 * `revisions` attached, as that signature covered it (decision 056: the same bytes at every
 * download). Rendered afresh (not signed) only while no signature attached one. A chain without
 * a trail: NOT_FOUND.
 */
async function trailFile(
  ctx: DownloadContext,
  chain: ChainRow,
  name: string,
  revisions: readonly RevisionRow[],
): Promise<DownloadFile> {
  if (chain.signingTrailMode === 'NONE') throw noTrail();
  const db = ctx.database.db;
  const trailDocument = chain.trailDocumentId
    ? await findDocument(db, chain.trailDocumentId)
    : undefined;
  if (chain.signingTrailMode === 'DETACHED' && trailDocument) {
    const trailRevisions = await revisionsOf(db, chain.id, trailDocument.id);
    return documentFile(ctx, trailDocument, trailRevisions, trailName(name));
  }
  // Read or rendered before the answer starts, so a failure is an error answer, not a cut zip.
  const bytes = (await coveredTrail(db, revisions)) ?? (await ctx.renderTrail(chain.id));
  return {
    name: trailName(name),
    size: bytes.length,
    open: async () =>
      (async function* () {
        yield bytes;
      })(),
  };
}

/** The chain's document and its trail side by side, or the one the mode asks for. */
async function answer(
  ctx: DownloadContext,
  mode: DocumentFileMode,
  document: DocumentRow,
  chain: ChainRow | undefined,
  revisions: readonly RevisionRow[],
): Promise<Download> {
  if (mode === 'UPLOAD') {
    return { kind: 'pdf', file: documentFile(ctx, document, [], uploadName(document.fileName)) };
  }
  const standing = documentFile(ctx, document, revisions);
  if (mode === 'ORIGINAL') return { kind: 'pdf', file: standing };
  if (!chain) throw noTrail();
  const trail = await trailFile(ctx, chain, document.fileName, revisions);
  if (mode === 'DETACHED') return { kind: 'pdf', file: trail };
  return { kind: 'zip', name: `${baseName(document.fileName)}.zip`, entries: [standing, trail] };
}

/**
 * `GET documents/{id}/file`: for a signed revision's id, that revision (the chain it belongs to
 * gives the trail); for a document's id, the document as it stands in `chainId` (by default the
 * latest chain over it the caller may read), or as uploaded with UPLOAD. Read by whoever may read
 * the document: its uploader, the chain's creator, participants and viewers, an admin; anyone
 * else gets NOT_FOUND, as for an id that does not exist.
 */
export async function documentDownload(options: {
  ctx: DownloadContext;
  actor: AuthUser;
  id: string;
  mode: DocumentFileMode;
  chainId?: string;
}): Promise<Download> {
  const { ctx, actor, id, mode, chainId } = options;
  const db = ctx.database.db;
  const signed = await readableRevision(ctx, actor, id);
  if (signed) {
    const { revision, document } = signed;
    if (chainId !== undefined && chainId !== revision.chainId) throw notFound('Document');
    const [chain] = await chainsByIds(db, [revision.chainId]);
    const revisions = await revisionsOf(db, revision.chainId, document.id, revision.seq);
    return answer(ctx, mode, document, chain, revisions);
  }
  const document = await readable(ctx, actor, id);
  const chain = chainId
    ? await readableChain(ctx, actor, chainId)
    : await latestReadableChainOver(db, document, {
        id: actor.id,
        isAdmin: actor.roles.includes('admin'),
      });
  if (chain && !isOver(chain, document)) throw notFound('Document');
  const revisions = chain ? await revisionsOf(db, chain.id, document.id) : [];
  return answer(ctx, mode, document, chain, revisions);
}

/** A chain an admin may read (also from the recycle bin), or one the user takes part in. */
async function readableChain(
  ctx: DocumentContext,
  actor: AuthUser,
  chainId: string,
): Promise<ChainRow> {
  const [chain] = await chainsByIds(ctx.database.db, [chainId]);
  if (chain && (await mayReadChain(ctx, actor, chain))) return chain;
  throw notFound('Signature chain');
}

async function mayReadChain(ctx: DocumentContext, actor: AuthUser, chain: ChainRow) {
  return (
    actor.roles.includes('admin') || (await takesPartInChain(ctx.database.db, chain.id, actor.id))
  );
}

/**
 * `POST documents/files`: every chosen chain's documents as they stand (a bulk chain's each, or
 * its `.asice` once signed), with FULL each chain's trail beside them, as one zip with unique
 * names; one signed bulk chain alone (ORIGINAL) as its `.asice`. Every chain is checked before
 * anything is answered: one the caller may not read refuses the whole download (NOT_FOUND).
 */
export async function chainsDownload(options: {
  ctx: DownloadContext;
  actor: AuthUser;
  input: DocumentFiles;
}): Promise<Download> {
  const { ctx, actor, input } = options;
  const db = ctx.database.db;
  const rows = await chainsByIds(db, input.chainIds);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const chains: ChainRow[] = [];
  for (const id of input.chainIds) {
    const chain = byId.get(id);
    if (!chain || !(await mayReadChain(ctx, actor, chain))) throw notFound('Signature chain');
    chains.push(chain);
  }
  const revisions = await revisionsOfChains(
    db,
    chains.map((c) => c.id),
  );
  const files: ZipEntry[] = [];
  const names: string[] = [];
  const only = chains.length === 1 ? chains[0] : undefined;
  for (const chain of chains) {
    const subject = await loadSubject(db, chain);
    const name = subject.document ? subject.document.fileName : subject.batch.row.name;
    names.push(name);
    // A signed bulk chain is its container: alone (ORIGINAL) the download itself, in a zip one
    // entry of it, never its documents unsigned (issue 38 §4).
    const signatures = subject.batch ? await containerSignaturesOf(db, chain.id) : [];
    if (subject.batch && signatures.length > 0) {
      const { row, documents } = subject.batch;
      const container = containerEntries({
        db,
        blobs: ctx.blobs,
        batchName: row.name,
        documents,
        signatures,
      });
      if (only && input.mode === 'ORIGINAL') return { kind: 'asice', ...container };
      files.push(containerEntry(container));
    } else {
      const documents = subject.document ? [subject.document] : subject.batch.documents;
      for (const document of documents) {
        const own = revisions.filter((r) => r.chainId === chain.id && r.documentId === document.id);
        files.push(documentFile(ctx, document, own));
      }
    }
    if (input.mode === 'FULL' && chain.signingTrailMode !== 'NONE') {
      const own = revisions.filter(
        (r) => r.chainId === chain.id && r.documentId === chain.origDocumentId,
      );
      files.push(await trailFile(ctx, chain, name, own));
    }
  }
  // One chain (a bulk chain's "Download") is named for it; several for what they are.
  const zipName = names.length === 1 ? `${baseName(names[0]!)}.zip` : 'documents.zip';
  return { kind: 'zip', name: zipName, entries: uniqueNames(files) };
}
