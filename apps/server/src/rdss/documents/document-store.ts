import { and, asc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import {
  chains,
  documentThumbnails,
  batches,
  documentBlobChunks,
  documents,
  type BatchRow,
  type DocumentRow,
} from '../schema';
import { serverAccessOf, type Db, type Tx } from '#infra/database';
import { blobChunkBytes, type PieceBuffers } from './piece-buffers';

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
   * second copy of the original. False when the bytes are missing. `onRange` is given each range
   * of `target` as it is filled, in order (a signature hashes its revision as it is read).
   */
  readInto(
    db: Handle,
    documentId: string,
    target: Uint8Array,
    onRange?: (range: Uint8Array) => void,
  ): Promise<boolean>;
  /**
   * The bytes in pieces, in order, each read while the one before is being sent: a download
   * holds a piece or two, never the file. Undefined when the bytes are missing. Nothing is held
   * open between pieces on a database server (each is its own statement, no transaction around
   * them); a file is opened when the iteration starts and closed when it ends or is abandoned.
   * With `buffers`, each piece is read into one taken from them (a download's, used again).
   */
  pieces(
    db: Handle,
    documentId: string,
    buffers?: PieceBuffers,
  ): Promise<AsyncIterable<Uint8Array> | undefined>;
  /** Several at once (a revision's increments), in the order asked; one statement on a server. */
  getAll?(db: Handle, ids: readonly string[]): Promise<(Uint8Array | undefined)[]>;
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

/** A document's pieces, in order (the embedded database, and inside a transaction). */
function chunksOf(db: Handle, documentId: string): Promise<{ bytes: Uint8Array }[]> {
  return db
    .select({ bytes: documentBlobChunks.bytes })
    .from(documentBlobChunks)
    .where(eq(documentBlobChunks.documentId, documentId))
    .orderBy(asc(documentBlobChunks.seq));
}

async function chunkOf(db: Handle, documentId: string, seq: number) {
  const [row] = await db
    .select({ bytes: documentBlobChunks.bytes })
    .from(documentBlobChunks)
    .where(and(eq(documentBlobChunks.documentId, documentId), eq(documentBlobChunks.seq, seq)));
  return row?.bytes;
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An id as a SQL literal, for COPY, which takes no parameters: only a UUID passes. */
export function uuidLiteral(id: string): string {
  if (!uuidPattern.test(id)) throw new Error(`Not an id: ${id}`);
  return `'${id}'::uuid`;
}

const chunksWhere = (documentId: string) =>
  `from rdss.document_blob_chunks where document_id = ${uuidLiteral(documentId)}`;

/**
 * Pieces read one after another, each when the one before has been taken: a stream of them
 * (`Readable.from`) asks for the next while the socket sends the one before, so a download holds
 * about two pieces. Between pieces nothing is open.
 */
async function* piecesFrom(
  first: Uint8Array,
  read: (seq: number) => Promise<Uint8Array | undefined>,
): AsyncGenerator<Uint8Array> {
  yield first;
  for (let seq = 1; ; seq++) {
    const piece = await read(seq);
    if (!piece) return;
    yield piece;
  }
}

/**
 * Document bytes in a database, as pieces of `blobChunkBytes`. On a PostgreSQL server every read
 * is a `copy … to stdout (format binary)` (`ServerAccess.copyOut`): the driver's text-format
 * `bytea` is hex, twice the bytes, decoded into a string and parsed again (decision 025).
 */
export const postgresBlobStore: BlobStore = {
  async put(db, documentId, bytes) {
    // One statement a piece, one after another: never more than a piece in a message.
    for (let seq = 0; seq === 0 || seq * blobChunkBytes < bytes.length; seq++) {
      const piece = bytes.subarray(seq * blobChunkBytes, (seq + 1) * blobChunkBytes);
      await db.insert(documentBlobChunks).values({ documentId, seq, bytes: piece });
    }
  },
  async get(db, documentId) {
    const server = serverAccessOf(db);
    if (server) {
      // One buffer of the whole length (the first column), each piece copied into place.
      let out: Buffer | undefined;
      let offset = 0;
      await server.copyOut(
        `select sum(octet_length(bytes)) over ()::bigint, bytes ${chunksWhere(documentId)} order by seq`,
        (part, column, at) => {
          if (column === 0) {
            if (at === 0) out ??= Buffer.allocUnsafe(Number(part!.readBigInt64BE()));
          } else {
            part!.copy(out!, offset);
            offset += part!.length;
          }
        },
      );
      return out;
    }
    const chunks = await chunksOf(db, documentId);
    if (chunks.length === 0) return undefined;
    // A file of one piece (up to 1 MiB) is the driver's buffer as it is.
    if (chunks.length === 1) return chunks[0]!.bytes;
    return Buffer.concat(chunks.map((c) => c.bytes));
  },
  async readInto(db, documentId, target, onRange) {
    const server = serverAccessOf(db);
    if (server) {
      // Each piece is copied from the driver's receive buffer straight into place.
      let offset = 0;
      const rows = await server.copyOut(
        `select bytes ${chunksWhere(documentId)} order by seq`,
        (part) => {
          if (offset + part!.length > target.length) {
            throw new LengthMismatch(`The bytes of ${documentId} are longer than ${target.length}`);
          }
          target.set(part!, offset);
          onRange?.(target.subarray(offset, offset + part!.length));
          offset += part!.length;
        },
      );
      if (rows === 0) return false;
      checkLength(documentId, offset, target);
      return true;
    }
    // The embedded database answers each piece in a buffer of its own: copied into place.
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
      onRange?.(target.subarray(offset, offset + bytes.length));
      offset += bytes.length;
    }
    return true;
  },
  async pieces(db, documentId, buffers) {
    const server = serverAccessOf(db);
    const read = server
      ? async (seq: number) => {
          const into = await buffers?.take();
          let piece: Buffer | undefined;
          await server.copyOut(
            `select bytes ${chunksWhere(documentId)} and seq = ${seq}`,
            (part, _column, at, length) => {
              if (at === 0) {
                piece =
                  into && length <= into.length
                    ? into.subarray(0, length)
                    : Buffer.allocUnsafe(length);
              }
              part!.copy(piece!, at);
            },
          );
          return piece;
        }
      : (seq: number) => chunkOf(db, documentId, seq);
    const first = await read(0);
    return first && piecesFrom(first, read);
  },
  // The row's foreign key removes the bytes with it.
  remove: async () => undefined,
  inDatabase: true,
};

/** Stored bytes whose length is not the one recorded (`readInto`'s target): damaged. */
export class LengthMismatch extends Error {}

export function checkLength(id: string, length: number, target: Uint8Array): void {
  if (length !== target.length) {
    throw new LengthMismatch(`The bytes of ${id} are ${length} long, not ${target.length}`);
  }
}

/** `pieces` for stores of small blobs: the whole blob as one piece. */
export async function piecesByGet(
  store: Pick<BlobStore, 'get'>,
  db: Handle,
  id: string,
): Promise<AsyncIterable<Uint8Array> | undefined> {
  const bytes = await store.get(db, id);
  return (
    bytes &&
    (async function* () {
      yield bytes;
    })()
  );
}

/** `readInto` for stores of small pieces: `get`, then one copy. */
export async function readIntoByGet(
  store: Pick<BlobStore, 'get'>,
  db: Handle,
  id: string,
  target: Uint8Array,
  onRange?: (range: Uint8Array) => void,
): Promise<boolean> {
  const bytes = await store.get(db, id);
  if (!bytes) return false;
  checkLength(id, bytes.length, target);
  target.set(bytes);
  onRange?.(target);
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

/**
 * Deletes an upload of `ownerId`'s that nothing else uses (no chain names it, it is in no batch,
 * no revision stands on it): what the quantum-safe demo consumed. False when it stays.
 */
export async function deleteUnusedUpload(
  db: Handle,
  id: string,
  ownerId: string,
): Promise<boolean> {
  const rows = await db
    .delete(documents)
    .where(
      and(
        eq(documents.id, id),
        eq(documents.ownerId, ownerId),
        isNull(documents.batchId),
        sql`not exists (select 1 from rdss.chains c
          where c.orig_document_id = ${id} or c.trail_document_id = ${id})`,
        sql`not exists (select 1 from rdss.document_revisions r where r.document_id = ${id})`,
      ),
    )
    .returning({ id: documents.id });
  return rows.length > 0;
}
