import { and, asc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { Db, Tx } from '#infra/database';
import { chainEntries, chains, chainViewers, type ChainRow } from './chain-table';
import type { StoredChain } from './stored-chain';

type Handle = Db | Tx;

async function withParts(db: Handle, rows: ChainRow[]): Promise<StoredChain[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const entries = await db
    .select()
    .from(chainEntries)
    .where(inArray(chainEntries.chainId, ids))
    .orderBy(asc(chainEntries.chainId), asc(chainEntries.position));
  const viewers = await db.select().from(chainViewers).where(inArray(chainViewers.chainId, ids));
  return rows.map((chain) => ({
    chain,
    entries: entries.filter((e) => e.chainId === chain.id),
    viewerIds: viewers.filter((v) => v.chainId === chain.id).map((v) => v.userId),
  }));
}

/**
 * A chain not in the recycle bin (or only one in it, `inRecycleBin`); `lock` holds its row until
 * the transaction ends.
 */
export async function findChain(
  db: Handle,
  id: string,
  options: { lock?: boolean; inRecycleBin?: boolean } = {},
): Promise<StoredChain | undefined> {
  const query = db
    .select()
    .from(chains)
    .where(
      and(
        eq(chains.id, id),
        options.inRecycleBin ? isNotNull(chains.deletedAt) : isNull(chains.deletedAt),
      ),
    );
  const rows = options.lock ? await query.for('update') : await query;
  return (await withParts(db, rows))[0];
}

export async function findChainByExternalId(
  db: Handle,
  createdBy: string,
  externalId: string,
): Promise<StoredChain | undefined> {
  const rows = await db
    .select()
    .from(chains)
    .where(
      and(
        eq(chains.createdBy, createdBy),
        eq(chains.externalId, externalId),
        isNull(chains.deletedAt),
      ),
    );
  return (await withParts(db, rows))[0];
}
