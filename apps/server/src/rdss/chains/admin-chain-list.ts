import { and, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { ChainStatus } from '@signet/contracts/chain-rules';
import type { AdminChainListQuery } from '@signet/contracts/chains';
import { pageOffset } from '@signet/contracts/paging';
import type { Db, Tx } from '#infra/database';
import { memberOf, searchPattern, type Slot } from './chain-list-filters';
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
import { chainCounts, chains } from '../schema';

type Handle = Db | Tx;

/**
 * How far the admin list counts the matches of a narrowing filter (decision 018): past it the
 * total is this bound and `totalIsLowerBound` says "more than".
 */
export const adminCountCap = 1000;

/** What shapes the admin list page's statements (see `OwnPageShape`). */
interface AdminPageShape extends PageOrder {
  recycleBin: boolean;
  status: ChainStatus | null;
  byCreator: boolean;
  byMember: boolean;
  searched: boolean;
}

/** The admin list page's values, or their placeholders. */
interface AdminPageSlots extends PageWindow {
  createdBy: Slot<string>;
  memberId: Slot<string>;
  pattern: Slot<string>;
  /** One more than the bound of a capped count. */
  countLimit: Slot<number>;
}

const adminShape = (query: AdminChainListQuery): AdminPageShape => ({
  ...orderOf(query),
  recycleBin: query.recycleBin,
  status: query.status ?? null,
  byCreator: query.createdBy !== undefined,
  byMember: query.memberId !== undefined,
  searched: searchPattern(query.fileName ?? query.q) !== undefined,
});

/** A file name, a creator or a member narrows the list: its count is capped (decision 018). */
const isNarrowed = (shape: AdminPageShape) => shape.byCreator || shape.byMember || shape.searched;

/**
 * Past the cap, a page further on still counts to its own end (the bound is then the rows up to
 * that page: "more than" stays true of it).
 */
const countBound = (query: AdminChainListQuery) =>
  Math.max(adminCountCap, pageOffset(query) + query['page-size']);

const adminValues = (query: AdminChainListQuery) => ({
  ...windowOf(query),
  createdBy: query.createdBy ?? '',
  memberId: query.memberId ?? '',
  pattern: searchPattern(query.fileName ?? query.q) ?? '',
  countLimit: countBound(query) + 1,
});

/** Which chains the admin's list shows under its filters. */
function adminChainsWhere(shape: AdminPageShape, slots: AdminPageSlots): SQL | undefined {
  return and(
    shape.recycleBin ? isNotNull(chains.deletedAt) : isNull(chains.deletedAt),
    shape.status ? eq(chains.status, shape.status) : undefined,
    shape.byCreator ? eq(chains.createdBy, slots.createdBy) : undefined,
    shape.byMember ? memberOf(slots.memberId) : undefined,
    // The name kept on the chain (migrations/012-chain-search-name.sql, decision 018): over
    // every chain the planner walks the list's order for a common term and the trigram index
    // for a rare one.
    shape.searched ? sql`${chains}.search_name like lower(${slots.pattern})` : undefined,
  );
}

/**
 * The admin list's two statements. Filtered by status and recycle bin alone, its total is the
 * kept count (rdss.chain_counts, decision 015): counting 100,000 chains on every page is what the
 * list cannot afford. The other filters (file name, creator, member) count their matches, up to a
 * bound (decision 018): a broad file name matches thousands of chains, and counting them all on
 * each page costs what 200 pages a second cannot pay. The total comes with the page's rows (one
 * statement) except for a file-name search (see below); alone for a page with none.
 */
function adminPageStatements(db: Handle, shape: AdminPageShape, slots: AdminPageSlots) {
  const where = adminChainsWhere(shape, slots);
  if (isNarrowed(shape)) {
    const capped = sql<number>`(select count(*)::int from (
      select 1 from ${chains} where ${where} limit ${slots.countLimit}) matching)`;
    // A file name is searched by trigram, which costs ~2 ms for a rare term (its common
    // trigrams' long posting lists): the page searches once and a page that is not full gives
    // the total without a second search; only a full page (a common term, cheap to walk) counts.
    // A member's page gathers all of the member's chains before it sorts them (the union of
    // entries, viewers and created), so a window count over those rows costs nothing more; a
    // second search in a subquery would plan the union again (on the embedded database a scan
    // of every chain). A creator's chains are counted by B-tree in a subquery, with the page.
    const countedWithRows = shape.searched
      ? undefined
      : shape.byMember
        ? sql<number>`(count(*) over ())::int`
        : capped;
    return {
      rows: chainPageStatements(db, where, shape, slots, countedWithRows).rows,
      // The count alone: a select of one row with nothing to read.
      total: db.select({ n: capped }).from(sql`(values (1)) one`),
    };
  }
  const kept = sql<number>`coalesce(sum(${keptColumns(shape)}), 0)::int`;
  return {
    rows: chainPageStatements(
      db,
      where,
      shape,
      slots,
      sql<number>`(select ${kept} from ${chainCounts})`,
    ).rows,
    total: db.select({ n: kept }).from(chainCounts),
  };
}

// The whole list (by status, in or out of the bin) walks the order's index the same way for any
// page; a narrowed one is planned for its values: a name's trigrams, or a creator or member with
// a few chains or most of them.
const adminPlanFits = (shape: AdminPageShape) => !isNarrowed(shape);

const adminPagesBuilt = builtPages(
  'all_chains',
  (db, shape: AdminPageShape) =>
    adminPageStatements(db, shape, {
      ...windowPlaceholders,
      createdBy: sql.placeholder('createdBy'),
      memberId: sql.placeholder('memberId'),
      pattern: sql.placeholder('pattern'),
      countLimit: sql.placeholder('countLimit'),
    }),
  adminPlanFits,
);

/** Every chain (All Documents), or the recycle bin, for the admin, with the list's filters. */
export function listAllChains(db: Handle, query: AdminChainListQuery): Promise<ChainPageRows> {
  const shape = adminShape(query);
  const built = adminPagesBuilt(db, shape);
  const values = adminValues(query);
  return pageOfChains(query, {
    rows: () => built.rows.execute(values),
    total: () => built.total.execute(values),
    ...(isNarrowed(shape) ? { bound: countBound(query) } : {}),
  });
}

/** The admin list page's statements with their values written in (the bench explains them). */
export function adminChainPageQueries(db: Handle, query: AdminChainListQuery) {
  const shape = adminShape(query);
  return { ...adminPageStatements(db, shape, adminValues(query)), named: adminPlanFits(shape) };
}

/**
 * The counts of one status (or all four), in or out of the recycle bin, as the triggers keep
 * them in each slot of rdss.chain_counts (to be summed over the slots).
 */
function keptColumns({ recycleBin, status }: Pick<AdminPageShape, 'recycleBin' | 'status'>): SQL {
  const columns = {
    CREATED: recycleBin ? chainCounts.binnedCreated : chainCounts.created,
    IN_PROGRESS: recycleBin ? chainCounts.binnedInProgress : chainCounts.inProgress,
    DONE: recycleBin ? chainCounts.binnedDone : chainCounts.done,
    FAILED: recycleBin ? chainCounts.binnedFailed : chainCounts.failed,
  };
  return status ? sql`${columns[status]}` : sql.join(Object.values(columns), sql` + `);
}

/** The admin list's chains counted in full, as before decision 015 (the bench compares). */
export function adminChainsCountedInFull(db: Handle, query: AdminChainListQuery) {
  return chainPageStatements(
    db,
    adminChainsWhere(adminShape(query), adminValues(query)),
    orderOf(query),
    windowOf(query),
  ).total;
}
