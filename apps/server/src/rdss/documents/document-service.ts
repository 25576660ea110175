import { createHash, randomUUID } from 'node:crypto';
import { isPdfError } from '@signet/pades';
import type { BatchView, DocumentView } from '@signet/contracts/documents';
import type { AppContext } from '#infra/app-context';
import { AppError, notFound } from '#infra/app-error';
import type { AuthUser } from '#infra/auth-types';
import type { Tx } from '#infra/database';
import * as store from './document-store';
import {
  lockThumbnail,
  placeholderThumbnail,
  ThumbnailBusy,
  ThumbnailFailed,
  type ThumbnailQueue,
  hasThumbnailFailed,
  recordThumbnailFailure,
} from '../thumbnails';
import type { BatchRow, DocumentRow, RevisionRow } from '../schema';
import { receivedWhole, type ReceivedPdf } from './pdf-body';
import type { PdfPool } from '../pdf-work';
import { reserveStorage } from './storage-quota';
import { findRevision, revisionPieces, revisionsOf } from './revision-store';

export interface DocumentContext extends Pick<AppContext, 'database'> {
  /** STORAGE_BYTES_PER_USER (0: no limit), checked again where uploads are stored. */
  storageBytesPerUser: number;
  blobs: store.BlobStore;
  /** The increments of signed revisions (revision-store.ts). */
  increments: store.BlobStore;
}

function toView(row: DocumentRow): DocumentView {
  return {
    id: row.id,
    fileName: row.fileName,
    fileSize: row.fileSize,
    sha256: row.sha256,
    security: row.security,
    signed: row.signed,
    createdAt: row.createdAt.toISOString(),
  };
}

const parsingError = (cause: unknown) =>
  new AppError('DOCUMENT_PARSING_ERROR', 'Error while processing the PDF file', undefined, {
    cause,
  });

/** The upload path's engine: its parse runs on the PDF threads (pdf-pool.ts). */
export interface UploadContext extends DocumentContext {
  pdf: PdfPool;
}

/**
 * The row of an uploaded PDF: it must open in the signing engine, within its inflate budget and
 * time limit, off the server's thread (else DOCUMENT_PARSING_ERROR); its protection, size and
 * SHA-256 are recorded with it.
 */
async function checkedDocument(
  pdf: PdfPool,
  actor: AuthUser,
  file: ReceivedPdf & { fileName: string },
  batchId: string | null,
): Promise<DocumentRow> {
  let security: DocumentRow['security'];
  let signed: boolean | undefined;
  try {
    ({ security, signed } = await pdf.inspect(file.bytes));
  } catch (error) {
    if (isPdfError(error, 'TOO_COMPLEX')) {
      throw new AppError(
        'DOCUMENT_PARSING_ERROR',
        'The PDF file is too complex to process',
        undefined,
        { cause: error },
      );
    }
    if (isPdfError(error)) throw parsingError(error);
    throw error;
  }
  return {
    id: file.id,
    ownerId: actor.id,
    fileName: file.fileName,
    fileSize: file.bytes.length,
    sha256: file.sha256,
    security,
    createdAt: new Date(),
    batchId,
    signed: signed ?? null,
  };
}

/**
 * Stores an uploaded PDF, received, hashed and staged by `receivePdf` (nothing is stored when it
 * does not open).
 */
export async function uploadDocument(options: {
  ctx: UploadContext;
  actor: AuthUser;
  fileName: string;
  file: ReceivedPdf;
}): Promise<DocumentView> {
  const { ctx, actor, fileName, file } = options;
  const [row] = await checkedAll(ctx, actor, [{ ...file, fileName }], null);
  await storeAll(ctx, [{ row: row!, bytes: file.bytes }], async () => undefined);
  return toView(row!);
}

/**
 * The rows of uploaded PDFs, each checked (DOCUMENT_PARSING_ERROR when one does not open); when
 * one is refused, every staged file goes again.
 */
async function checkedAll(
  ctx: UploadContext,
  actor: AuthUser,
  files: (ReceivedPdf & { fileName: string })[],
  batchId: string | null,
): Promise<DocumentRow[]> {
  try {
    // One after another: a batch holds one PDF thread, not all of them.
    const rows: DocumentRow[] = [];
    for (const file of files) rows.push(await checkedDocument(ctx.pdf, actor, file, batchId));
    return rows;
  } catch (error) {
    await Promise.all(files.map((file) => ctx.blobs.remove(file.id)));
    throw error;
  }
}

/** Stores several PDFs under one batch name: all of them, or none when one does not open. */
export async function uploadBatch(options: {
  ctx: UploadContext;
  actor: AuthUser;
  name: string;
  files: { fileName: string; bytes: Uint8Array }[];
}): Promise<BatchView> {
  const { ctx, actor, name, files } = options;
  const batch: BatchRow = { id: randomUUID(), ownerId: actor.id, name, createdAt: new Date() };
  const received = files.map((file) => ({
    ...receivedWhole(file.bytes, ctx.blobs),
    fileName: file.fileName,
  }));
  const checked = await checkedAll(ctx, actor, received, batch.id);
  const rows = checked.map((row, index) => ({
    // Upload order is the batch's order.
    row: { ...row, createdAt: new Date(batch.createdAt.getTime() + index) },
    bytes: files[index]!.bytes,
  }));
  await storeAll(ctx, rows, (tx) => store.insertBatch(tx, batch));
  return batchView(
    batch,
    rows.map((r) => r.row),
  );
}

/**
 * Stores documents in one transaction (after `first`, e.g. their batch row); bytes kept outside
 * the database are removed again when the transaction does not commit.
 */
async function storeAll(
  ctx: DocumentContext,
  documents: { row: DocumentRow; bytes: Uint8Array }[],
  first: (tx: Tx) => Promise<void>,
): Promise<void> {
  try {
    await ctx.database.db.transaction(async (tx) => {
      await reserveUploadStorage(ctx, tx, documents);
      await first(tx);
      for (const { row, bytes } of documents) {
        await store.insertDocument(tx, row);
        await ctx.blobs.put(tx, row.id, bytes);
      }
    });
  } catch (error) {
    await Promise.all(documents.map(({ row }) => ctx.blobs.remove(row.id)));
    throw error;
  }
}

/** The stored documents' room under the owner's quota (`storage-quota.ts`), or a refusal. */
async function reserveUploadStorage(
  ctx: DocumentContext,
  tx: Tx,
  documents: { row: DocumentRow }[],
): Promise<void> {
  const ownerId = documents[0]?.row.ownerId;
  if (ownerId === undefined) return;
  const bytes = documents.reduce((sum, { row }) => sum + row.fileSize, 0);
  await reserveStorage(tx, ctx.storageBytesPerUser, ownerId, bytes);
}

function batchView(batch: BatchRow, documents: DocumentRow[]): BatchView {
  return {
    id: batch.id,
    name: batch.name,
    documents: documents.map((d) => ({
      id: d.id,
      fileName: d.fileName,
      fileSize: d.fileSize,
      security: d.security,
      signed: d.signed,
    })),
    createdAt: batch.createdAt.toISOString(),
  };
}

/** A batch, for its uploader, an admin and the participants of a chain over it. */
export async function getBatch(options: {
  ctx: DocumentContext;
  actor: AuthUser;
  id: string;
}): Promise<BatchView> {
  const { ctx, actor, id } = options;
  const db = ctx.database.db;
  const batch = await store.findBatch(db, id);
  const mayRead =
    batch !== undefined &&
    (batch.ownerId === actor.id ||
      actor.roles.includes('admin') ||
      (await store.takesPartInChainOverBatch(db, id, actor.id)));
  if (!batch || !mayRead) throw notFound('Batch');
  return batchView(batch, await store.documentsOfBatch(db, id));
}

/**
 * The document, for someone who may read it: its uploader, the participants of a chain over it,
 * and an admin (All Documents and the recycle bin download, documents §2). Anyone else gets
 * NOT_FOUND, as for an id that does not exist.
 */
export async function readable(
  ctx: DocumentContext,
  actor: AuthUser,
  id: string,
): Promise<DocumentRow> {
  const db = ctx.database.db;
  const row = await store.findDocument(db, id);
  if (!row) throw notFound('Document');
  if (actor.roles.includes('admin')) return row;
  if (row.ownerId !== actor.id && !(await store.takesPartInChainOver(db, id, actor.id))) {
    throw notFound('Document');
  }
  return row;
}

/**
 * A signed revision (a chain's signedDocument), for whoever may read its chain's document: the
 * participants of the chain, the document's uploader and an admin.
 */
export async function readableRevision(
  ctx: DocumentContext,
  actor: AuthUser,
  id: string,
): Promise<{ revision: RevisionRow; document: DocumentRow } | undefined> {
  const db = ctx.database.db;
  const revision = await findRevision(db, id);
  if (!revision) return undefined;
  const document = await store.findDocument(db, revision.documentId);
  const mayRead =
    document !== undefined &&
    (actor.roles.includes('admin') ||
      document.ownerId === actor.id ||
      (await store.takesPartInChain(db, revision.chainId, actor.id)));
  if (!document || !mayRead) throw notFound('Document');
  return { revision, document };
}

function revisionView(revision: RevisionRow, document: DocumentRow, sha256: string): DocumentView {
  return {
    ...toView(document),
    id: revision.id,
    fileSize: revision.fileSize,
    sha256,
    createdAt: revision.createdAt.toISOString(),
  };
}

/** A revision's bytes in pieces: the original's, then the increments up to it. */
async function revisionStream(
  ctx: DocumentContext,
  revision: RevisionRow,
): Promise<AsyncIterable<Uint8Array>> {
  const db = ctx.database.db;
  const chain = await revisionsOf(db, revision.chainId, revision.documentId, revision.seq);
  try {
    return await revisionPieces(db, ctx, revision.documentId, chain);
  } catch (error) {
    throw new AppError('SERVER_ERROR', `Revision ${revision.id} cannot be read`, undefined, {
      cause: error,
    });
  }
}

/** A document, or a signed revision of one (its id is the chain's signedDocument). */
export async function getDocument(options: {
  ctx: DocumentContext;
  actor: AuthUser;
  id: string;
}): Promise<DocumentView> {
  const signed = await readableRevision(options.ctx, options.actor, options.id);
  if (signed) {
    const { revision, document } = signed;
    // Hashed piece by piece, never held whole.
    const hash = createHash('sha256');
    for await (const piece of await revisionStream(options.ctx, revision)) hash.update(piece);
    return revisionView(revision, document, hash.digest('hex'));
  }
  return toView(await readable(options.ctx, options.actor, options.id));
}

/**
 * Page 1 as a PNG, rendered on first request and kept; a padlock for a file that needs a
 * password to open; a placeholder, at once and from then on, for one that did not render. When
 * the user's or the whole queue's places are taken: 429 or 503 with Retry-After.
 */
export async function getThumbnail(options: {
  ctx: DocumentContext & { thumbnails: ThumbnailQueue };
  actor: AuthUser;
  id: string;
}): Promise<Uint8Array> {
  const row = await readable(options.ctx, options.actor, options.id);
  if (row.security === 'ENCRYPTED_WITH_USER_PASSWORD') return lockThumbnail();
  const db = options.ctx.database.db;
  const kept = await store.findThumbnail(db, row.id);
  if (kept) return kept;
  if (await hasThumbnailFailed(db, row.id)) return placeholderThumbnail();
  let png: Uint8Array;
  try {
    png = await options.ctx.thumbnails.render({
      userId: options.actor.id,
      documentId: row.id,
      read: async () => {
        const bytes = await options.ctx.blobs.get(db, row.id);
        if (!bytes)
          throw new AppError('SERVER_ERROR', `The bytes of document ${row.id} are missing`);
        return bytes;
      },
    });
  } catch (error) {
    if (error instanceof ThumbnailFailed) {
      await recordThumbnailFailure(db, row.id, error.message);
      return placeholderThumbnail();
    }
    if (error instanceof ThumbnailBusy) throw thumbnailsBusy(error);
    throw error;
  }
  await store.saveThumbnail(db, row.id, png);
  return png;
}

const thumbnailsBusy = (busy: ThumbnailBusy) =>
  busy.scope === 'user'
    ? new AppError('TOO_MANY_REQUESTS', 'Too many thumbnails are waiting for you', undefined, {
        retryAfterSeconds: busy.retryAfterSeconds,
      })
    : new AppError(
        'THUMBNAIL_QUEUE_FULL',
        'Every place in the thumbnail queue is taken',
        undefined,
        {
          retryAfterSeconds: busy.retryAfterSeconds,
        },
      );

/** Only the uploader deletes a document, and only one no chain uses. */
export async function deleteDocument(options: {
  ctx: DocumentContext;
  actor: AuthUser;
  id: string;
}): Promise<void> {
  const row = await readable(options.ctx, options.actor, options.id);
  if (row.ownerId !== options.actor.id) throw notFound('Document');
  const db = options.ctx.database.db;
  if (await store.isUsedByAChain(db, row.id)) {
    // "{0} is still referenced from {1}": the first and sixth words (P§8).
    throw new AppError('STILL_REFERENCED', 'Document is still referenced from SignatureChain');
  }
  await store.deleteDocument(db, row.id);
  await options.ctx.blobs.remove(row.id);
}
