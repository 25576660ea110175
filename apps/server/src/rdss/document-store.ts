import { eq } from 'drizzle-orm';
import type { Db, Tx } from '#infra/database';
import { documentBlobs, documents, type DocumentRow } from './document-table';

type Handle = Db | Tx;

/**
 * Where document bytes live. PostgreSQL by default (`postgresBlobStore`); an object store can
 * take its place without the service noticing.
 */
export interface BlobStore {
  put(db: Handle, documentId: string, bytes: Uint8Array): Promise<void>;
  get(db: Handle, documentId: string): Promise<Uint8Array | undefined>;
}

export const postgresBlobStore: BlobStore = {
  async put(db, documentId, bytes) {
    await db.insert(documentBlobs).values({ documentId, bytes });
  },
  async get(db, documentId) {
    const [row] = await db
      .select({ bytes: documentBlobs.bytes })
      .from(documentBlobs)
      .where(eq(documentBlobs.documentId, documentId));
    return row?.bytes;
  },
};

export async function insertDocument(db: Handle, row: DocumentRow): Promise<void> {
  await db.insert(documents).values(row);
}

export async function findDocument(db: Handle, id: string): Promise<DocumentRow | undefined> {
  const [row] = await db.select().from(documents).where(eq(documents.id, id));
  return row;
}

/** Deletes the document and (by the foreign key) its bytes. */
export async function deleteDocument(db: Handle, id: string): Promise<boolean> {
  const rows = await db
    .delete(documents)
    .where(eq(documents.id, id))
    .returning({ id: documents.id });
  return rows.length > 0;
}
