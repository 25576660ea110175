import { and, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '#infra/database';
import {
  chains,
  revisionTrails,
  type ChainRow,
  type DocumentRow,
  type RevisionRow,
} from '../schema';

type Handle = Db | Tx;

/** Chains by id, in the recycle bin or not (an admin downloads from both). */
export function chainsByIds(db: Handle, ids: readonly string[]): Promise<ChainRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(chains)
    .where(inArray(chains.id, [...ids]));
}

/** The chain is over the document: as its one document, or over the batch the document is in. */
export function isOver(chain: ChainRow, document: DocumentRow): boolean {
  return (
    chain.origDocumentId === document.id ||
    (chain.batchId !== null && chain.batchId === document.batchId)
  );
}

/**
 * The latest chain over the document that the user may read (any, for an admin, also in the
 * recycle bin; else one not in it that the user created, takes part in or views), if any.
 */
export async function latestReadableChainOver(
  db: Handle,
  document: DocumentRow,
  user: { id: string; isAdmin: boolean },
): Promise<ChainRow | undefined> {
  const over = or(
    eq(chains.origDocumentId, document.id),
    document.batchId ? eq(chains.batchId, document.batchId) : undefined,
  );
  const mayRead = user.isAdmin
    ? undefined
    : and(
        isNull(chains.deletedAt),
        or(
          eq(chains.createdBy, user.id),
          sql`exists (select 1 from rdss.chain_entries e where e.chain_id = ${chains.id} and e.user_id = ${user.id})`,
          sql`exists (select 1 from rdss.chain_viewers v where v.chain_id = ${chains.id} and v.user_id = ${user.id})`,
        ),
      );
  const [row] = await db
    .select()
    .from(chains)
    .where(and(over, mayRead))
    .orderBy(desc(chains.createdAt))
    .limit(1);
  return row;
}

/**
 * The signing trail the latest of `revisions` attached (an ATTACHED chain's signature, decision
 * 056), byte for byte; undefined when none did (none signed yet, or signed before 056).
 */
export async function coveredTrail(
  db: Handle,
  revisions: readonly RevisionRow[],
): Promise<Uint8Array | undefined> {
  if (revisions.length === 0) return undefined;
  const rows = await db
    .select({ revisionId: revisionTrails.revisionId, bytes: revisionTrails.bytes })
    .from(revisionTrails)
    .where(
      inArray(
        revisionTrails.revisionId,
        revisions.map((revision) => revision.id),
      ),
    );
  const byRevision = new Map(rows.map((row) => [row.revisionId, row.bytes]));
  for (const revision of [...revisions].sort((a, b) => b.seq - a.seq)) {
    const bytes = byRevision.get(revision.id);
    if (bytes) return bytes;
  }
  return undefined;
}
