import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  inArray,
  isNotNull,
  isNull,
  sql,
  type Placeholder,
  type SQL,
} from 'drizzle-orm';
import type { ChainFilter, ChainStatus } from '@signet/contracts/chain-rules';
import type { AdminChainListQuery, OwnChainListQuery } from '@signet/contracts/chains';
import { pageOffset } from '@signet/contracts/paging';
import { builtQueries, statementName } from '#infra/built-queries';
import type { Db, Tx } from '#infra/database';
import { containing } from '#infra/like-pattern';
import {
  chainEntries,
  chainCounts,
  chainInvitations,
  chains,
  chainViewers,
  type ChainEntryRow,
  type ChainRow,
} from './chain-table';
import { batches, documents, type BatchRow, type DocumentRow } from './document-table';
import type { RevisionRow } from './revision-table';

type Handle = Db | Tx;

/** A chain with its entries (in signing order) and viewers. */
export interface StoredChain {
  chain: ChainRow;
  entries: ChainEntryRow[];
  viewerIds: string[];
}

export async function insertChain(tx: Tx, stored: StoredChain): Promise<void> {
  await tx.insert(chains).values(stored.chain);
  await tx.insert(chainEntries).values(stored.entries);
  if (stored.viewerIds.length > 0) {
    await tx
      .insert(chainViewers)
      .values(stored.viewerIds.map((userId) => ({ chainId: stored.chain.id, userId })));
  }
}

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

export async function updateChain(
  db: Handle,
  id: string,
  patch: Partial<Pick<ChainRow, 'status' | 'signedAt' | 'deletedAt'>>,
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

/** A value of a list page's query, or the placeholder that stands for it in a query built once. */
type Slot<T> = T | Placeholder<string, T>;

/** The user's own CREATED entry that may act now (documents §4), as SQL over chain `c`. */
function actionableBy(userId: Slot<string>): SQL {
  return sql`${chains.status} = 'CREATED' and exists (
    select 1 from rdss.chain_entries e
    where e.chain_id = ${chains.id} and e.user_id = ${userId} and e.status = 'CREATED'
      and (${chains.type} = 'UNORDERED' or e.position = 0 or exists (
        select 1 from rdss.chain_entries p
        where p.chain_id = e.chain_id and p.position = e.position - 1 and p.status = 'DONE'))
  )`;
}

function filterCondition(filter: ChainFilter, userId: Slot<string>): SQL | undefined {
  switch (filter) {
    case 'ALL':
      return undefined;
    case 'TODO':
      return actionableBy(userId);
    case 'PENDING':
      return sql`${chains.status} in ('CREATED', 'IN_PROGRESS') and not (${actionableBy(userId)})`;
    case 'SIGNED':
      return eq(chains.status, 'DONE');
    case 'FAILED':
      return eq(chains.status, 'FAILED');
  }
}

/** The user created the chain, has an entry in it or views it. */
function memberOf(userId: Slot<string>): SQL {
  // A union of three index lookups (entries, viewers, created by): a user's few dozen chains are
  // found without looking at anyone else's (bench/chains.ts prints the plan).
  return sql`${chains.id} in (
    select e.chain_id from rdss.chain_entries e where e.user_id = ${userId}
    union select v.chain_id from rdss.chain_viewers v where v.user_id = ${userId}
    union select c.id from rdss.chains c where c.created_by = ${userId})`;
}

/** A chain's name: its document's file name, or its batch's name (bulk). */
const chainName = sql`coalesce(${documents.fileName}, ${batches.name})`;

/** The `like` pattern of a name search; undefined when the list is not searched. */
function searchPattern(term: string | undefined): string | undefined {
  return term?.trim() ? containing(term.trim()) : undefined;
}

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

/** How a list page is ordered: part of its statement's shape. */
interface PageOrder {
  sortField: OwnChainListQuery['sort-field'];
  descending: boolean;
}

/** Which rows of the ordered list a page takes. */
interface PageWindow {
  limit: Slot<number>;
  offset: Slot<number>;
}

const orderOf = (query: OwnChainListQuery | AdminChainListQuery): PageOrder => ({
  sortField: query['sort-field'],
  descending: query['sort-order'] !== 'asc',
});

const windowOf = (query: OwnChainListQuery | AdminChainListQuery): PageWindow => ({
  limit: query['page-size'],
  offset: pageOffset(query),
});

const windowPlaceholders: PageWindow = {
  limit: sql.placeholder('limit'),
  offset: sql.placeholder('offset'),
};

/**
 * A list page's two statements (its rows, its total), built once per shape with placeholders for
 * its values (`builtQueries`), named under `label` when one plan suits every value of the shape
 * (`statementName`), unnamed otherwise.
 */
function builtPages<S, R, T>(
  label: string,
  statements: (
    db: Handle,
    shape: S,
  ) => { rows: { prepare(name: string): R }; total: { prepare(name: string): T } },
  onePlanFits: (shape: S) => boolean,
) {
  return builtQueries(
    (db, shape: S, key) => {
      const { rows, total } = statements(db, shape);
      const name = (part: string) =>
        onePlanFits(shape) ? statementName(`${label}_${part}`, key) : '';
      return { rows: rows.prepare(name('rows')), total: total.prepare(name('total')) };
    },
    (shape) => JSON.stringify(shape),
  );
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

/** An entry as the page query's JSON brings it (timestamps as text). */
interface EntryJson extends Omit<ChainEntryRow, 'signedAt'> {
  signedAt: string | null;
}

/**
 * The two queries of a list page (the bench explains both). The page's rows come with each
 * chain's entries, viewers, signed revisions, document and batch in the same statement, so a
 * page costs two queries (run side by side), not one per part.
 */
function chainPageStatements(
  db: Handle,
  where: SQL | undefined,
  order: PageOrder,
  window: PageWindow,
  /**
   * The total as a column of the rows' own statement, so a full page is one query: a window
   * count over a user's few dozen chains, or the admin list's kept count.
   */
  totalInRows?: SQL<number>,
) {
  const dir = order.descending ? desc : asc;
  const sortColumn = {
    createdAt: chains.createdAt,
    updatedAt: chains.updatedAt,
    fileName: sql`lower(${chainName})`,
    status: chains.status,
  }[order.sortField];
  return {
    rows: db
      .select({
        chain: chains,
        document: documents,
        batch: batches,
        entries: sql<EntryJson[]>`(select coalesce(json_agg(json_build_object(
            'id', e.id, 'chainId', e.chain_id, 'position', e.position, 'userId', e.user_id,
            'email', e.email, 'status', e.status, 'approver', e.approver,
            'clerkMode', e.clerk_mode, 'subsignerName', e.subsigner_name,
            'comment', e.comment, 'signedAt', e.signed_at) order by e.position), '[]'::json)
          from rdss.chain_entries e where e.chain_id = ${chains.id})`,
        viewerIds: sql<string[]>`(select coalesce(array_agg(v.user_id::text), '{}')
          from rdss.chain_viewers v where v.chain_id = ${chains.id})`,
        // The signed revisions' ids, oldest first (decision 018, "the CPU a request costs").
        revisions: sql<ListedRevision[]>`(select coalesce(json_agg(json_build_object(
            'id', r.id, 'entryId', r.entry_id) order by r.seq), '[]'::json)
          from rdss.document_revisions r where r.chain_id = ${chains.id})`,
        matching: totalInRows ?? sql<null>`null`,
      })
      .from(chains)
      .leftJoin(documents, eq(documents.id, chains.origDocumentId))
      .leftJoin(batches, eq(batches.id, chains.batchId))
      .where(where)
      .orderBy(dir(sortColumn), dir(chains.createdAt), dir(chains.id))
      .limit(window.limit)
      .offset(window.offset),
    total: db
      .select({ n: count() })
      .from(chains)
      .leftJoin(documents, eq(documents.id, chains.origDocumentId))
      .leftJoin(batches, eq(batches.id, chains.batchId))
      .where(where),
  };
}

/** A chain of a list page, with the document or batch it is over and its signed revisions. */
export interface ListedChain {
  stored: StoredChain;
  document: DocumentRow | null;
  batch: BatchRow | null;
  /** Oldest first. */
  revisions: ListedRevision[];
}

/** What a list page needs of a signed revision: which entry signed it. */
type ListedRevision = Pick<RevisionRow, 'id' | 'entryId'>;

/** A row of a list page's statement. */
type ChainPageRow = Awaited<ReturnType<typeof chainPageStatements>['rows']>[number];

/** A page of chains, with the total across pages (a lower bound when capped). */
export interface ChainPageRows {
  chains: ListedChain[];
  total: number;
  /** The total is the cap of the count (decision 018): there are more. */
  totalIsLowerBound?: boolean;
}

async function pageOfChains(
  query: OwnChainListQuery | AdminChainListQuery,
  queries: {
    rows: () => Promise<ChainPageRow[]>;
    /** Run only when the page's rows do not give the total. */
    total: () => Promise<{ n: number }[]>;
    /** The count stops past this many matches (capped counts only). */
    bound?: number;
  },
): Promise<ChainPageRows> {
  const rows = await queries.rows();
  // A page that is not full is the last one: its rows give the total without counting again.
  const isLastPage =
    rows.length < query['page-size'] && (rows.length > 0 || query['page-num'] === 1);
  const counted = rows[0]?.matching;
  const total =
    typeof counted === 'number'
      ? counted
      : isLastPage
        ? pageOffset(query) + rows.length
        : ((await queries.total())[0]?.n ?? 0);
  const capped = queries.bound !== undefined && total > queries.bound;
  return {
    chains: rows.map((row) => ({
      stored: {
        chain: row.chain,
        entries: row.entries.map((e) => ({
          ...e,
          signedAt: e.signedAt ? new Date(e.signedAt) : null,
        })),
        viewerIds: row.viewerIds,
      },
      document: row.document,
      batch: row.batch,
      revisions: row.revisions,
    })),
    ...(capped ? { total: queries.bound!, totalIsLowerBound: true } : { total }),
  };
}

export async function insertInvitation(
  tx: Tx,
  invitation: { tokenHash: string; entryId: string; expiresAt: Date },
): Promise<void> {
  await tx.insert(chainInvitations).values(invitation);
}

/** Uses up an unexpired invitation; the entry it names, or undefined. */
export async function takeInvitation(
  tx: Tx,
  tokenHash: string,
): Promise<ChainEntryRow | undefined> {
  const [invitation] = await tx
    .delete(chainInvitations)
    .where(
      and(eq(chainInvitations.tokenHash, tokenHash), gt(chainInvitations.expiresAt, sql`now()`)),
    )
    .returning();
  if (!invitation) return undefined;
  const [entry] = await tx
    .select()
    .from(chainEntries)
    .where(eq(chainEntries.id, invitation.entryId))
    .for('update');
  return entry;
}

export async function bindEntry(tx: Tx, entryId: string, userId: string): Promise<void> {
  await tx.update(chainEntries).set({ userId }).where(eq(chainEntries.id, entryId));
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

export async function replaceViewers(tx: Tx, chainId: string, userIds: string[]): Promise<void> {
  await tx.delete(chainViewers).where(eq(chainViewers.chainId, chainId));
  if (userIds.length > 0) {
    await tx.insert(chainViewers).values(userIds.map((userId) => ({ chainId, userId })));
  }
}

export async function dropInvitationsOf(tx: Tx, entryId: string): Promise<void> {
  await tx.delete(chainInvitations).where(eq(chainInvitations.entryId, entryId));
}

/** Deletes a chain for good (entries, viewers and invitations go with it; the document stays). */
export async function deleteChain(tx: Tx, id: string): Promise<void> {
  await tx.delete(chains).where(eq(chains.id, id));
}
