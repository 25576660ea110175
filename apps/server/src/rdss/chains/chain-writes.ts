import { and, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '#infra/database';
import {
  chainEntries,
  chains,
  chainViewers,
  type ChainEntryRow,
  type ChainRow,
  type StoredChain,
} from '../schema';

type Handle = Db | Tx;

export async function insertChain(tx: Tx, stored: StoredChain): Promise<void> {
  await tx.insert(chains).values(stored.chain);
  await tx.insert(chainEntries).values(stored.entries);
  if (stored.viewerIds.length > 0) {
    await tx
      .insert(chainViewers)
      .values(stored.viewerIds.map((userId) => ({ chainId: stored.chain.id, userId })));
  }
}

export async function updateChain(
  db: Handle,
  id: string,
  patch: Partial<
    Pick<ChainRow, 'status' | 'signedAt' | 'deletedAt' | 'endedReason' | 'withdrawReason'>
  >,
): Promise<void> {
  await db
    .update(chains)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(chains.id, id));
}

export async function updateEntry(
  db: Handle,
  id: string,
  patch: Partial<Pick<ChainEntryRow, 'status' | 'comment' | 'signedAt'>>,
): Promise<void> {
  await db.update(chainEntries).set(patch).where(eq(chainEntries.id, id));
}

/** Ends every entry still open (withdrawal). */
export async function closeOpenEntries(
  db: Handle,
  chainId: string,
  status: 'WITHDRAWN',
): Promise<void> {
  await db
    .update(chainEntries)
    .set({ status })
    .where(
      and(
        eq(chainEntries.chainId, chainId),
        inArray(chainEntries.status, ['CREATED', 'IN_PROGRESS']),
      ),
    );
}

export async function bindEntry(tx: Tx, entryId: string, userId: string): Promise<void> {
  await tx.update(chainEntries).set({ userId }).where(eq(chainEntries.id, entryId));
}

export async function replaceViewers(tx: Tx, chainId: string, userIds: string[]): Promise<void> {
  await tx.delete(chainViewers).where(eq(chainViewers.chainId, chainId));
  if (userIds.length > 0) {
    await tx.insert(chainViewers).values(userIds.map((userId) => ({ chainId, userId })));
  }
}

/** Deletes a chain for good (entries, viewers and invitations go with it; the document stays). */
export async function deleteChain(tx: Tx, id: string): Promise<void> {
  await tx.delete(chains).where(eq(chains.id, id));
}
