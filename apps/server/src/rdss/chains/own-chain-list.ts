import { and, isNull, sql, type SQL } from 'drizzle-orm';
import type { ChainFilter } from '@signet/contracts/chain-rules';
import type { OwnChainListQuery } from '@signet/contracts/chains';
import type { Db, Tx } from '#infra/database';
import {
  chainName,
  filterCondition,
  memberOf,
  searchPattern,
  type Slot,
} from './chain-list-filters';
import {
  builtPages,
  chainPageStatements,
  orderOf,
  pageOfChains,
  windowOf,
  windowPlaceholders,
  type ChainPageRows,
  type PageOrder,
  type PageWindow,
} from './chain-page-query';
import { chains } from '../schema';

type Handle = Db | Tx;

/** The dashboard's four counts (platform §3 user stats) over the user's chains, in one scan. */
export async function countOwnChains(
  db: Handle,
  userId: string,
): Promise<{ pendingCount: number; todoCount: number; failedCount: number; signedCount: number }> {
  const counted = (condition: SQL | undefined) =>
    sql<number>`count(*) filter (where ${condition})::int`;
  const [row] = await db
    .select({
      pendingCount: counted(filterCondition('PENDING', userId)),
      todoCount: counted(filterCondition('TODO', userId)),
      failedCount: counted(filterCondition('FAILED', userId)),
      signedCount: counted(filterCondition('SIGNED', userId)),
    })
    .from(chains)
    .where(and(isNull(chains.deletedAt), memberOf(userId)));
  return row ?? { pendingCount: 0, todoCount: 0, failedCount: 0, signedCount: 0 };
}

/**
 * What shapes a user's list page's statement: its filter, whether it searches, its order. Pages
 * of one shape run one statement built once (`builtQueries`), each with its own values.
 */
interface OwnPageShape extends PageOrder {
  filter: ChainFilter;
  searched: boolean;
}

/** A user's list page's values, or their placeholders. */
interface OwnPageSlots extends PageWindow {
  userId: Slot<string>;
  pattern: Slot<string>;
}

const ownShape = (query: OwnChainListQuery): OwnPageShape => ({
  ...orderOf(query),
  filter: query.filter,
  searched: searchPattern(query.q) !== undefined,
});

const ownValues = (userId: string, query: OwnChainListQuery) => ({
  ...windowOf(query),
  userId,
  pattern: searchPattern(query.q) ?? '',
});

/** Which chains `signatureChains/self` lists: the user's own, not deleted, under one filter. */
function ownChainsWhere(shape: OwnPageShape, slots: OwnPageSlots): SQL | undefined {
  return and(
    isNull(chains.deletedAt),
    memberOf(slots.userId),
    filterCondition(shape.filter, slots.userId),
    // A user's few dozen chains are filtered by their names, not by the kept search name.
    shape.searched ? sql`lower(${chainName}) like lower(${slots.pattern})` : undefined,
  );
}

/** A user's list page counts its matches in its own statement (a window count over a few dozen). */
function ownPageStatements(db: Handle, shape: OwnPageShape, slots: OwnPageSlots) {
  return chainPageStatements(
    db,
    ownChainsWhere(shape, slots),
    shape,
    slots,
    sql<number>`(count(*) over ())::int`,
  );
}

// A user's page gathers all of the user's chains (a few dozen) before it filters and sorts them,
// whatever the user and the search: one plan fits.
const ownPlanFits = (): boolean => true;

const ownPagesBuilt = builtPages(
  'own_chains',
  (db, shape: OwnPageShape) =>
    ownPageStatements(db, shape, {
      ...windowPlaceholders,
      userId: sql.placeholder('userId'),
      pattern: sql.placeholder('pattern'),
    }),
  ownPlanFits,
);

/** The chains a user created or takes part in (not deleted), one page under one filter. */
export function listOwnChains(
  db: Handle,
  userId: string,
  query: OwnChainListQuery,
): Promise<ChainPageRows> {
  const built = ownPagesBuilt(db, ownShape(query));
  const values = ownValues(userId, query);
  return pageOfChains(query, {
    rows: () => built.rows.execute(values),
    total: () => built.total.execute(values),
  });
}

/** A user's list page's statements with their values written in (the bench explains them). */
export function ownChainPageQueries(db: Handle, userId: string, query: OwnChainListQuery) {
  const shape = ownShape(query);
  return { ...ownPageStatements(db, shape, ownValues(userId, query)), named: ownPlanFits() };
}
