import { asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { AdminChainListQuery, OwnChainListQuery } from '@signet/contracts/chains';
import { pageOffset } from '@signet/contracts/paging';
import { builtQueries, statementName, type Db, type Tx } from '#infra/database';
import { chainName, type Slot } from './chain-list-filters';
import {
  chains,
  type ChainEntryRow,
  batches,
  documents,
  type BatchRow,
  type DocumentRow,
  type RevisionRow,
  type StoredChain,
} from '../schema';

type Handle = Db | Tx;

/** How a list page is ordered: part of its statement's shape. */
export interface PageOrder {
  sortField: OwnChainListQuery['sort-field'];
  descending: boolean;
}

/** Which rows of the ordered list a page takes. */
export interface PageWindow {
  limit: Slot<number>;
  offset: Slot<number>;
}

export const orderOf = (query: OwnChainListQuery | AdminChainListQuery): PageOrder => ({
  sortField: query['sort-field'],
  descending: query['sort-order'] !== 'asc',
});

export const windowOf = (query: OwnChainListQuery | AdminChainListQuery): PageWindow => ({
  limit: query['page-size'],
  offset: pageOffset(query),
});

export const windowPlaceholders: PageWindow = {
  limit: sql.placeholder('limit'),
  offset: sql.placeholder('offset'),
};

/**
 * A list page's two statements (its rows, its total), built once per shape with placeholders for
 * its values (`builtQueries`), named under `label` when one plan suits every value of the shape
 * (`statementName`), unnamed otherwise.
 */
export function builtPages<S, R, T>(
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

/** An entry as the page query's JSON brings it (timestamps as text). */
interface EntryJson extends Omit<ChainEntryRow, 'signedAt'> {
  signedAt: string | null;
}

/**
 * The two queries of a list page (the bench explains both). The page's rows come with each
 * chain's entries, viewers, signed revisions, document and batch in the same statement, so a
 * page costs two queries (run side by side), not one per part.
 */
export function chainPageStatements(
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
          from rdss.document_revisions r where r.chain_id = ${chains.id}
            and r.document_id is distinct from ${chains.trailDocumentId})`,
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

export async function pageOfChains(
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
