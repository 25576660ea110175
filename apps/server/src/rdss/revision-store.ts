import { createHash } from 'node:crypto';
import { and, asc, eq, inArray, lte } from 'drizzle-orm';
import type { SignResultItem } from '@signet/contracts/signatures';
import type { Db, Tx } from '#infra/database';
import type { BlobStore } from './document-store';
import {
  documentRevisions,
  revisionIncrements,
  signRequests,
  type RevisionRow,
} from './revision-table';

type Handle = Db | Tx;

/** Increments in PostgreSQL (`rdss.revision_increments`); they go with their revision row. */
export const postgresIncrementStore: BlobStore = {
  async put(db, revisionId, bytes) {
    await db.insert(revisionIncrements).values({ revisionId, bytes });
  },
  async get(db, revisionId) {
    const [row] = await db
      .select({ bytes: revisionIncrements.bytes })
      .from(revisionIncrements)
      .where(eq(revisionIncrements.revisionId, revisionId));
    return row?.bytes;
  },
  remove: async () => undefined,
};

export async function insertRevision(tx: Tx, row: RevisionRow): Promise<void> {
  await tx.insert(documentRevisions).values(row);
}

export async function findRevision(db: Handle, id: string): Promise<RevisionRow | undefined> {
  const [row] = await db.select().from(documentRevisions).where(eq(documentRevisions.id, id));
  return row;
}

/** The revisions of a chain's document up to `seq` (all by default), oldest first. */
export function revisionsOf(
  db: Handle,
  chainId: string,
  documentId: string,
  upToSeq?: number,
): Promise<RevisionRow[]> {
  return db
    .select()
    .from(documentRevisions)
    .where(
      and(
        eq(documentRevisions.chainId, chainId),
        eq(documentRevisions.documentId, documentId),
        upToSeq === undefined ? undefined : lte(documentRevisions.seq, upToSeq),
      ),
    )
    .orderBy(asc(documentRevisions.seq));
}

/** Every revision of these chains, oldest first (the chain views' signedDocument). */
export function revisionsOfChains(db: Handle, chainIds: readonly string[]): Promise<RevisionRow[]> {
  if (chainIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(documentRevisions)
    .where(inArray(documentRevisions.chainId, [...chainIds]))
    .orderBy(asc(documentRevisions.chainId), asc(documentRevisions.seq));
}

/**
 * The bytes of a revision: the original followed by every increment up to it. `revisions` are
 * the chain's revisions of that document, oldest first, ending with the one wanted.
 */
export async function joinRevision(
  db: Handle,
  stores: { blobs: BlobStore; increments: BlobStore },
  documentId: string,
  revisions: readonly RevisionRow[],
): Promise<Uint8Array> {
  const original = await stores.blobs.get(db, documentId);
  if (!original) throw new Error(`The bytes of document ${documentId} are missing`);
  if (revisions.length === 0) return original;
  const last = revisions[revisions.length - 1] as RevisionRow;
  const out = Buffer.allocUnsafe(last.fileSize);
  out.set(original, 0);
  let offset = original.length;
  for (const revision of revisions) {
    const increment = await stores.increments.get(db, revision.id);
    const intact =
      increment !== undefined &&
      revision.baseSize === offset &&
      createHash('sha256').update(increment).digest('hex') === revision.sha256;
    if (!intact) {
      throw new Error(`The increment of revision ${revision.id} is missing or damaged`);
    }
    out.set(increment, offset);
    offset += increment.length;
  }
  if (offset !== last.fileSize) throw new Error(`Revision ${last.id} does not add up`);
  return out;
}

export async function findSignRequest(
  db: Handle,
  key: { userId: string; idempotencyKey: string; chainId: string },
): Promise<SignResultItem | undefined> {
  const [row] = await db
    .select({ result: signRequests.result })
    .from(signRequests)
    .where(
      and(
        eq(signRequests.userId, key.userId),
        eq(signRequests.idempotencyKey, key.idempotencyKey),
        eq(signRequests.chainId, key.chainId),
      ),
    );
  return row?.result;
}

export async function insertSignRequest(
  tx: Tx,
  row: { userId: string; idempotencyKey: string; chainId: string; result: SignResultItem },
): Promise<void> {
  await tx.insert(signRequests).values(row);
}
