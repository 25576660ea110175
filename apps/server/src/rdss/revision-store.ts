import { createHash } from 'node:crypto';
import { and, asc, eq, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { SignResultItem } from '@signet/contracts/signatures';
import type { Db, Tx } from '#infra/database';
import { rowFromJson, rowsOf } from '#infra/json-rows';
import type { StoredChain } from './chain-store';
import { chainEntries, chains, type ChainEntryRow } from './chain-table';
import { documents, type DocumentRow } from './document-table';
import { readIntoByGet, type BlobStore } from './document-store';
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
  readInto(db, revisionId, target) {
    return readIntoByGet(postgresIncrementStore, db, revisionId, target);
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
  if (revisions.length === 0) {
    const original = await stores.blobs.get(db, documentId);
    if (!original) throw new Error(`The bytes of document ${documentId} are missing`);
    return original;
  }
  const first = revisions[0] as RevisionRow;
  const last = revisions[revisions.length - 1] as RevisionRow;
  // One buffer of the final size; the original is read straight into its start.
  const out = Buffer.allocUnsafe(last.fileSize);
  if (!(await stores.blobs.readInto(db, documentId, out.subarray(0, first.baseSize)))) {
    throw new Error(`The bytes of document ${documentId} are missing`);
  }
  let offset = first.baseSize;
  for (const revision of revisions) {
    const increment = await stores.increments.get(db, revision.id);
    const intact =
      increment !== undefined &&
      revision.baseSize === offset &&
      offset + increment.length <= out.length &&
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

/** What signing reads of a chain before preparing, in one statement (`readForSigning`). */
export interface SigningRead {
  /** The answer of an earlier call with the same idempotency key, if any. */
  done: SignResultItem | undefined;
  /** The chain (not in the recycle bin) with its entries and viewers, if found. */
  stored: StoredChain | undefined;
  /** Its document, and that document's revisions in this chain (oldest first). */
  document: DocumentRow | undefined;
  revisions: RevisionRow[];
}

const partsOf = sql`
  coalesce((select jsonb_agg(to_jsonb(e) order by e.position) from rdss.chain_entries e
    where e.chain_id = c.id), '[]'::jsonb) as entries,
  coalesce((select jsonb_agg(v.user_id) from rdss.chain_viewers v
    where v.chain_id = c.id), '[]'::jsonb) as viewers`;

interface ChainJson {
  chain: unknown;
  entries: unknown[];
  viewers: string[];
}

function storedFromJson(row: ChainJson): StoredChain | undefined {
  if (row.chain === null || row.chain === undefined) return undefined;
  return {
    chain: rowFromJson(chains, row.chain),
    entries: row.entries.map((e) => rowFromJson(chainEntries, e)),
    viewerIds: row.viewers,
  };
}

/**
 * Everything the signing of one chain reads before preparing, in one statement: the idempotency
 * record of this key (when given), the chain with its entries and viewers, its document and the
 * document's revisions in the chain.
 */
export async function readForSigning(
  db: Handle,
  key: { chainId: string; userId: string; idempotencyKey: string | undefined },
): Promise<SigningRead> {
  const done = key.idempotencyKey
    ? sql`(select s.result from rdss.sign_requests s where s.user_id = ${key.userId}
        and s.idempotency_key = ${key.idempotencyKey} and s.chain_id = ${key.chainId})`
    : sql`null::jsonb`;
  const result = await db.execute(sql`
    select ${done} as done, to_jsonb(c) as chain, ${partsOf},
      (select to_jsonb(d) from rdss.documents d where d.id = c.orig_document_id) as document,
      coalesce((select jsonb_agg(to_jsonb(r) order by r.seq) from rdss.document_revisions r
        where r.chain_id = c.id and r.document_id = c.orig_document_id), '[]'::jsonb) as revisions
    from (select 1) one
    left join rdss.chains c on c.id = ${key.chainId} and c.deleted_at is null`);
  const [row] = rowsOf<ChainJson & { done: unknown; document: unknown; revisions: unknown[] }>(
    result,
  );
  if (!row) throw new Error('readForSigning answered no row');
  return {
    done: (row.done ?? undefined) as SignResultItem | undefined,
    stored: storedFromJson(row),
    document: row.document ? rowFromJson(documents, row.document) : undefined,
    revisions: row.revisions.map((r) => rowFromJson(documentRevisions, r)),
  };
}

/**
 * The chain's row locked until the transaction ends, then its entries and viewers as they are
 * now and how many revisions of the document it has: the version a signature's commit checks.
 * Two statements: one that waited for the lock would still read with the snapshot it began with
 * (READ COMMITTED), missing what another instance committed meanwhile.
 */
export async function lockForCommit(
  tx: Tx,
  chainId: string,
  documentId: string,
): Promise<{ stored: StoredChain; revisions: number } | undefined> {
  const locked = await tx.execute(sql`
    select c.id from rdss.chains c
    where c.id = ${chainId} and c.deleted_at is null
    for update`);
  if (rowsOf(locked).length === 0) return undefined;
  const result = await tx.execute(sql`
    select to_jsonb(c) as chain, ${partsOf},
      (select count(*) from rdss.document_revisions r
        where r.chain_id = c.id and r.document_id = ${documentId})::integer as revisions
    from rdss.chains c
    where c.id = ${chainId}`);
  const [row] = rowsOf<ChainJson & { revisions: number }>(result);
  const stored = row ? storedFromJson(row) : undefined;
  return row && stored ? { stored, revisions: Number(row.revisions) } : undefined;
}

/**
 * A signature's writes in one statement: the new revision row, the entry DONE, the chain's
 * status (DONE after the last signer), the idempotency record when the call has a key, and the
 * events (published when the transaction commits).
 */
export async function commitSignature(
  tx: Tx,
  options: {
    revision: RevisionRow;
    entry: Pick<ChainEntryRow, 'id' | 'comment'>;
    chainDone: boolean;
    signRequest?: { userId: string; idempotencyKey: string; result: SignResultItem } | undefined;
    /** The events' `select` (EventBus `notification`), run by the same statement. */
    notification: SQL;
  },
): Promise<void> {
  const { revision, entry, chainDone, signRequest, notification } = options;
  const signedAt = revision.createdAt;
  const request = signRequest
    ? sql`, s as (${tx
        .insert(signRequests)
        .values({ ...signRequest, chainId: revision.chainId })
        .getSQL()})`
    : sql``;
  await tx.execute(sql`
    with r as (${tx.insert(documentRevisions).values(revision).getSQL()}),
      e as (${tx
        .update(chainEntries)
        .set({ status: 'DONE', signedAt, comment: entry.comment })
        .where(eq(chainEntries.id, entry.id))
        .getSQL()}),
      c as (${tx
        .update(chains)
        .set({
          ...(chainDone ? { status: 'DONE' as const, signedAt } : {}),
          updatedAt: new Date(),
        })
        .where(eq(chains.id, revision.chainId))
        .getSQL()})${request}
    ${notification}`);
}
