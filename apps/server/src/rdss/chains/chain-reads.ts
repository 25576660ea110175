import { and, asc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { builtQueries, statementName, type Db, type Tx } from '#infra/database';
import { chainEntries, chains, chainViewers, type ChainRow, type StoredChain } from '../schema';

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

/** One chain's row by id, built once per shape: run after every signature and chain change. */
const chainById = builtQueries(
  (db, shape: { lock: boolean; inRecycleBin: boolean }, key) => {
    const query = db
      .select()
      .from(chains)
      .where(
        and(
          eq(chains.id, sql.placeholder('id')),
          shape.inRecycleBin ? isNotNull(chains.deletedAt) : isNull(chains.deletedAt),
        ),
      );
    return (shape.lock ? query.for('update') : query).prepare(statementName('chain_by_id', key));
  },
  (shape) => `${shape.lock}/${shape.inRecycleBin}`,
);

const entriesOfChain = builtQueries((db) =>
  db
    .select()
    .from(chainEntries)
    .where(eq(chainEntries.chainId, sql.placeholder('id')))
    .orderBy(asc(chainEntries.position))
    .prepare(statementName('chain_entries_of')),
);

const viewersOfChain = builtQueries((db) =>
  db
    .select()
    .from(chainViewers)
    .where(eq(chainViewers.chainId, sql.placeholder('id')))
    .prepare(statementName('chain_viewers_of')),
);

/**
 * A chain not in the recycle bin (or only one in it, `inRecycleBin`); `lock` holds its row until
 * the transaction ends. Its statements are named: the chain's notices read it after every
 * signature (decision 051).
 */
export async function findChain(
  db: Handle,
  id: string,
  options: { lock?: boolean; inRecycleBin?: boolean } = {},
): Promise<StoredChain | undefined> {
  const shape = { lock: options.lock === true, inRecycleBin: options.inRecycleBin === true };
  const [chain] = await chainById(db, shape).execute({ id });
  if (!chain) return undefined;
  const entries = await entriesOfChain(db).execute({ id });
  const viewers = await viewersOfChain(db).execute({ id });
  return { chain, entries, viewerIds: viewers.map((v) => v.userId) };
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
