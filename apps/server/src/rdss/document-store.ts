import { and, asc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { chains } from './chain-table';
import { documentThumbnails } from './document-table';
import type { Db, Tx } from '#infra/database';
import {
  batches,
  documentBlobChunks,
  documents,
  type BatchRow,
  type DocumentRow,
} from './document-table';

type Handle = Db | Tx;

/**
 * Where document bytes live. PostgreSQL by default (`postgresBlobStore`); an object store can
 * take its place without the service noticing.
 */
export interface BlobStore {
  /**
   * Starts writing the bytes of a document before its row, outside any transaction, while the
   * upload is still being received, hashed and checked; `put` finishes them, `remove` drops them.
   * Only a store outside the database has anything to do early.
   */
  stage?(documentId: string): BlobStaging;
  put(db: Handle, documentId: string, bytes: Uint8Array): Promise<void>;
  get(db: Handle, documentId: string): Promise<Uint8Array | undefined>;
  /**
   * Reads the bytes into `target`, which must be exactly their length (else it throws): a signed
   * revision joins the original and its increments in one buffer of the final size without a
   * second copy of the original. False when the bytes are missing.
   */
  readInto(db: Handle, documentId: string, target: Uint8Array): Promise<boolean>;
  /**
   * Drops the bytes of a document whose row is gone (deleted, or its upload rolled back). Bytes
   * inside the database go with their row by themselves.
   */
  remove(documentId: string): Promise<void>;
  /**
   * The bytes live in a table of the database: the driver answers a buffer of its own, and a
   * signature's commit writes its increment in its own statement (`commitSignature`) instead of
   * calling `put` first.
   */
  inDatabase?: boolean;
}

/** A document's bytes being written as they arrive (`BlobStore.stage`). */
export interface BlobStaging {
  /**
   * Writes these bytes at this offset of the file; they must stay unchanged until `put` or
   * `remove`. Every range is given once; they may come in any order.
   */
  write(bytes: Uint8Array, offset: number): void;
}

/**
 * The largest piece of a document's bytes in one row: node-postgres copies each parameter into
 * its message, so a file written in one statement is held twice (decision 011, "the bytes in
 * pieces on PostgreSQL"). 1 MiB measured faster and lighter than 8 MiB, and no lighter at 512 KiB
 * (decision 011, "pieces of 1 MiB").
 */
export const blobChunkBytes = 1024 * 1024;

/** A document's pieces, in order. */
function chunksOf(db: Handle, documentId: string): Promise<{ bytes: Uint8Array }[]> {
  return db
    .select({ bytes: documentBlobChunks.bytes })
    .from(documentBlobChunks)
    .where(eq(documentBlobChunks.documentId, documentId))
    .orderBy(asc(documentBlobChunks.seq));
}

export const postgresBlobStore: BlobStore = {
  async put(db, documentId, bytes) {
    // One statement a piece, one after another: never more than a piece in a message.
    for (let seq = 0; seq === 0 || seq * blobChunkBytes < bytes.length; seq++) {
      const piece = bytes.subarray(seq * blobChunkBytes, (seq + 1) * blobChunkBytes);
      await db.insert(documentBlobChunks).values({ documentId, seq, bytes: piece });
    }
  },
  async get(db, documentId) {
    const chunks = await chunksOf(db, documentId);
    if (chunks.length === 0) return undefined;
    // A file of one piece (up to 1 MiB) is the driver's buffer as it is.
    if (chunks.length === 1) return chunks[0]!.bytes;
    return Buffer.concat(chunks.map((c) => c.bytes));
  },
  // node-postgres answers each piece in a buffer of its own; they are copied into place.
  async readInto(db, documentId, target) {
    const chunks = await chunksOf(db, documentId);
    if (chunks.length === 0) return false;
    checkLength(
      documentId,
      chunks.reduce((n, c) => n + c.bytes.length, 0),
      target,
    );
    let offset = 0;
    for (const { bytes } of chunks) {
      target.set(bytes, offset);
      offset += bytes.length;
    }
    return true;
  },
  // The row's foreign key removes the bytes with it.
  remove: async () => undefined,
  inDatabase: true,
};

export function checkLength(id: string, length: number, target: Uint8Array): void {
  if (length !== target.length) {
    throw new Error(`The bytes of ${id} are ${length} long, not ${target.length}`);
  }
}

/** `readInto` for stores of small pieces: `get`, then one copy. */
export async function readIntoByGet(
  store: Pick<BlobStore, 'get'>,
  db: Handle,
  id: string,
  target: Uint8Array,
): Promise<boolean> {
  const bytes = await store.get(db, id);
  if (!bytes) return false;
  checkLength(id, bytes.length, target);
  target.set(bytes);
  return true;
}

export async function insertDocument(db: Handle, row: DocumentRow): Promise<void> {
  await db.insert(documents).values(row);
}

export async function findDocument(db: Handle, id: string): Promise<DocumentRow | undefined> {
  const [row] = await db.select().from(documents).where(eq(documents.id, id));
  return row;
}

/** Whether a chain (not in the recycle bin) over the document names the user. */
export function takesPartInChainOver(
  db: Handle,
  documentId: string,
  userId: string,
): Promise<boolean> {
  return hasChainNaming(
    db,
    or(
      eq(chains.origDocumentId, documentId),
      sql`${chains.batchId} = (select d.batch_id from rdss.documents d where d.id = ${documentId})`,
    ),
    userId,
  );
}

/** The user created, takes part in or views the chain (not in the recycle bin). */
export function takesPartInChain(db: Handle, chainId: string, userId: string): Promise<boolean> {
  return hasChainNaming(db, eq(chains.id, chainId), userId);
}

/** The user created, or takes part in, a chain (not in the recycle bin) over the batch. */
export function takesPartInChainOverBatch(
  db: Handle,
  batchId: string,
  userId: string,
): Promise<boolean> {
  return hasChainNaming(db, eq(chains.batchId, batchId), userId);
}

/** A live chain matching `over` that the user created, signs in or views. */
async function hasChainNaming(db: Handle, over: SQL | undefined, userId: string): Promise<boolean> {
  const rows = await db
    .select({ id: chains.id })
    .from(chains)
    .where(
      and(
        over,
        isNull(chains.deletedAt),
        or(
          eq(chains.createdBy, userId),
          sql`exists (select 1 from rdss.chain_entries e where e.chain_id = ${chains.id} and e.user_id = ${userId})`,
          sql`exists (select 1 from rdss.chain_viewers v where v.chain_id = ${chains.id} and v.user_id = ${userId})`,
        ),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** A chain is over the document, or over the batch it belongs to. */
export async function isUsedByAChain(db: Handle, documentId: string): Promise<boolean> {
  const rows = await db
    .select({ id: chains.id })
    .from(chains)
    .where(
      or(
        eq(chains.origDocumentId, documentId),
        sql`${chains.batchId} = (select d.batch_id from rdss.documents d where d.id = ${documentId})`,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

export async function insertBatch(db: Handle, row: BatchRow): Promise<void> {
  await db.insert(batches).values(row);
}

export async function findBatch(db: Handle, id: string): Promise<BatchRow | undefined> {
  const [row] = await db.select().from(batches).where(eq(batches.id, id));
  return row;
}

/** The documents of several batches, each batch's in upload order. */
export function documentsOfBatches(db: Handle, ids: readonly string[]): Promise<DocumentRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(documents)
    .where(inArray(documents.batchId, [...ids]))
    .orderBy(asc(documents.createdAt), asc(documents.fileName));
}

/** A batch's documents in upload order. */
export function documentsOfBatch(db: Handle, batchId: string): Promise<DocumentRow[]> {
  return db
    .select()
    .from(documents)
    .where(eq(documents.batchId, batchId))
    .orderBy(asc(documents.createdAt), asc(documents.fileName));
}

export async function findThumbnail(
  db: Handle,
  documentId: string,
): Promise<Uint8Array | undefined> {
  const [row] = await db
    .select({ png: documentThumbnails.png })
    .from(documentThumbnails)
    .where(eq(documentThumbnails.documentId, documentId));
  return row?.png;
}

export async function saveThumbnail(
  db: Handle,
  documentId: string,
  png: Uint8Array,
): Promise<void> {
  await db.insert(documentThumbnails).values({ documentId, png }).onConflictDoNothing();
}

/** Deletes the document and (by the foreign key) its bytes. */
export async function deleteDocument(db: Handle, id: string): Promise<boolean> {
  const rows = await db
    .delete(documents)
    .where(eq(documents.id, id))
    .returning({ id: documents.id });
  return rows.length > 0;
}
