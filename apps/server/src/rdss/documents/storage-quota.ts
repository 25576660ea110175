import { sql } from 'drizzle-orm';
import { type Db, type Tx, rowsOf } from '#infra/database';
import { AppError } from '#infra/app-error';

/**
 * Stored bytes per user (issue 25 §9, STORAGE_BYTES_PER_USER, 0: no limit): a user's documents
 * and the signed increments of their documents' chains. An upload is refused before its bytes
 * are kept: by its Content-Length, while it streams (the reader stops at the room left), and
 * again under a per-user lock in the transaction that stores it, so two uploads at once cannot
 * both take the last room (decision 023).
 */

export const storageQuotaExceeded = () =>
  new AppError(
    'STORAGE_QUOTA_EXCEEDED',
    'The upload would take your stored documents past your storage quota; delete some first',
  );

/** Bytes the user's documents take, their signed revisions' increments included. */
export async function storedBytesOf(db: Db | Tx, userId: string): Promise<number> {
  const result = await db.execute(sql`
    select
      coalesce((select sum(d.file_size) from rdss.documents d where d.owner_id = ${userId}), 0)
      + coalesce((
        select sum(r.file_size - r.base_size) from rdss.document_revisions r
        join rdss.documents d on d.id = r.document_id
        where d.owner_id = ${userId}
      ), 0) as bytes`);
  return Number(rowsOf<{ bytes: string | number }>(result)[0]?.bytes ?? 0);
}

/** Bytes the user may still upload; Infinity without a limit. */
export async function storageRoomOf(db: Db, quota: number, userId: string): Promise<number> {
  if (quota === 0) return Infinity;
  return Math.max(0, quota - (await storedBytesOf(db, userId)));
}

/**
 * Takes `bytes` of the user's room on `tx`, or refuses with STORAGE_QUOTA_EXCEEDED. The
 * transaction-scoped lock makes a user's uploads check one after another.
 */
export async function reserveStorage(
  tx: Tx,
  quota: number,
  userId: string,
  bytes: number,
): Promise<void> {
  if (quota === 0) return;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`storage:${userId}`}, 0))`);
  if ((await storedBytesOf(tx, userId)) + bytes > quota) throw storageQuotaExceeded();
}
