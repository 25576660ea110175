import { createHash, randomUUID } from 'node:crypto';
import { inspectPdf, isPdfError } from '@signet/pades';
import type { DocumentView } from '@signet/contracts/documents';
import type { AppContext } from '#infra/app-context';
import { AppError, notFound } from '#infra/app-error';
import type { AuthUser } from '#infra/auth-types';
import * as store from './document-store';
import { lockThumbnail, renderThumbnail } from './thumbnail';
import type { DocumentRow } from './document-table';

export interface DocumentContext extends Pick<AppContext, 'database'> {
  blobs: store.BlobStore;
}

function toView(row: DocumentRow): DocumentView {
  return {
    id: row.id,
    fileName: row.fileName,
    fileSize: row.fileSize,
    sha256: row.sha256,
    security: row.security,
    createdAt: row.createdAt.toISOString(),
  };
}

const parsingError = (cause: unknown) =>
  new AppError('DOCUMENT_PARSING_ERROR', 'Error while processing the PDF file', undefined, {
    cause,
  });

/**
 * Stores an uploaded PDF: it must open in the signing engine (else DOCUMENT_PARSING_ERROR and
 * nothing is stored); its protection, size and SHA-256 are recorded with it.
 */
export async function uploadDocument(options: {
  ctx: DocumentContext;
  actor: AuthUser;
  fileName: string;
  bytes: Uint8Array;
}): Promise<DocumentView> {
  const { ctx, actor, fileName, bytes } = options;
  let security: DocumentRow['security'];
  try {
    ({ security } = inspectPdf(bytes));
  } catch (error) {
    if (isPdfError(error)) throw parsingError(error);
    throw error;
  }
  const row: DocumentRow = {
    id: randomUUID(),
    ownerId: actor.id,
    fileName,
    fileSize: bytes.length,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    security,
    createdAt: new Date(),
  };
  await ctx.database.db.transaction(async (tx) => {
    await store.insertDocument(tx, row);
    await ctx.blobs.put(tx, row.id, bytes);
  });
  return toView(row);
}

/**
 * The document, for someone who may read it: its uploader, the participants of a chain over it,
 * and an admin (All Documents and the recycle bin download, documents §2). Anyone else gets
 * NOT_FOUND, as for an id that does not exist.
 */
async function readable(ctx: DocumentContext, actor: AuthUser, id: string): Promise<DocumentRow> {
  const db = ctx.database.db;
  const row = await store.findDocument(db, id);
  if (!row) throw notFound('Document');
  if (actor.roles.includes('admin')) return row;
  if (row.ownerId !== actor.id && !(await store.takesPartInChainOver(db, id, actor.id))) {
    throw notFound('Document');
  }
  return row;
}

export async function getDocument(options: {
  ctx: DocumentContext;
  actor: AuthUser;
  id: string;
}): Promise<DocumentView> {
  return toView(await readable(options.ctx, options.actor, options.id));
}

/** The bytes: as uploaded (ORIGINAL), or the latest revision (FULL; the same until signed). */
export async function readDocumentFile(options: {
  ctx: DocumentContext;
  actor: AuthUser;
  id: string;
}): Promise<{ document: DocumentView; bytes: Uint8Array }> {
  const row = await readable(options.ctx, options.actor, options.id);
  const bytes = await options.ctx.blobs.get(options.ctx.database.db, row.id);
  if (!bytes) throw new AppError('SERVER_ERROR', `The bytes of document ${row.id} are missing`);
  return { document: toView(row), bytes };
}

/**
 * Page 1 as a PNG, rendered on first request and kept; a padlock for a file that needs a
 * password to open.
 */
export async function getThumbnail(options: {
  ctx: DocumentContext;
  actor: AuthUser;
  id: string;
}): Promise<Uint8Array> {
  const row = await readable(options.ctx, options.actor, options.id);
  if (row.security === 'ENCRYPTED_WITH_USER_PASSWORD') return lockThumbnail();
  const db = options.ctx.database.db;
  const kept = await store.findThumbnail(db, row.id);
  if (kept) return kept;
  const bytes = await options.ctx.blobs.get(db, row.id);
  if (!bytes) throw new AppError('SERVER_ERROR', `The bytes of document ${row.id} are missing`);
  let png: Uint8Array;
  try {
    png = await renderThumbnail(bytes);
  } catch (error) {
    throw parsingError(error);
  }
  await store.saveThumbnail(db, row.id, png);
  return png;
}

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
}
