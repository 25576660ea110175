import { createHash } from 'node:crypto';
import { and, asc, eq, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { SignResultItem } from '@signet/contracts/signatures';
import {
  serverAccessOf,
  type Db,
  type Tx,
  executeNamed,
  rowFromJson,
  rowsOf,
} from '#infra/database';
import type { ChainHistoryEvent } from '@signet/contracts/chain-history';
import {
  chainHistory,
  historyEvent,
  type NewChainHistoryEvent,
  type StoredChain,
  chainEntries,
  chains,
  type ChainEntryRow,
  documents,
  type DocumentRow,
  documentRevisions,
  revisionIncrements,
  signRequests,
  type RevisionRow,
} from '../schema';
import type { AppearanceSettings } from '../profiles';
import type { PieceBuffers } from './piece-buffers';
import {
  LengthMismatch,
  piecesByGet,
  readIntoByGet,
  uuidLiteral,
  type BlobStore,
} from './document-store';

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
  readInto(db, revisionId, target, onRange) {
    return readIntoByGet(postgresIncrementStore, db, revisionId, target, onRange);
  },
  pieces(db, revisionId) {
    return piecesByGet(postgresIncrementStore, db, revisionId);
  },
  // A revision's increments in one statement (binary COPY on a server, see document-store.ts).
  async getAll(db, revisionIds) {
    if (revisionIds.length === 0) return [];
    const server = serverAccessOf(db);
    if (!server) {
      const rows = await db
        .select({ id: revisionIncrements.revisionId, bytes: revisionIncrements.bytes })
        .from(revisionIncrements)
        .where(inArray(revisionIncrements.revisionId, [...revisionIds]));
      const byId = new Map(rows.map((r) => [r.id, r.bytes]));
      return revisionIds.map((id) => byId.get(id));
    }
    const out: (Uint8Array | undefined)[] = [];
    await server.copyOut(
      `select i.bytes from unnest(array[${revisionIds.map(uuidLiteral).join(', ')}])
        with ordinality as u(id, n)
        left join rdss.revision_increments i on i.revision_id = u.id order by u.n`,
      (part, _column, at, length) => {
        if (!part) return void out.push(undefined);
        if (at === 0) out.push(Buffer.allocUnsafe(length));
        part.copy(out[out.length - 1]!, at);
      },
    );
    return out;
  },
  remove: async () => undefined,
  inDatabase: true,
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
 * The increments of `revisions` (oldest first), read at once (`getAll`) and checked: each starts
 * where the one before ended, from the first's `baseSize`, and still has its SHA-256.
 */
async function checkedIncrements(
  db: Handle,
  store: BlobStore,
  revisions: readonly RevisionRow[],
): Promise<Uint8Array[]> {
  const ids = revisions.map((r) => r.id);
  const increments = store.getAll
    ? await store.getAll(db, ids)
    : await Promise.all(ids.map((id) => store.get(db, id)));
  let offset = (revisions[0] as RevisionRow).baseSize;
  return revisions.map((revision, i) => {
    const increment = increments[i];
    const intact =
      increment !== undefined &&
      revision.baseSize === offset &&
      offset + increment.length <= revision.fileSize &&
      createHash('sha256').update(increment).digest('hex') === revision.sha256;
    if (!intact) {
      throw new Error(`The increment of revision ${revision.id} is missing or damaged`);
    }
    offset += increment.length;
    if (offset !== revision.fileSize) throw new Error(`Revision ${revision.id} does not add up`);
    return increment;
  });
}

const missing = (documentId: string) =>
  new Error(`The bytes of document ${documentId} are missing`);

/**
 * The bytes of a revision: the original followed by every increment up to it. `revisions` are
 * the chain's revisions of that document, oldest first, ending with the one wanted.
 */
export async function joinRevision(
  db: Handle,
  stores: { blobs: BlobStore; increments: BlobStore },
  documentId: string,
  revisions: readonly RevisionRow[],
  /**
   * Where the bytes go (signing's pool of large buffers, `revision-buffers.ts`), given the
   * original's length for a document not signed yet; `onRange` is given each range of it as it
   * is filled, in order (`BlobStore.readInto`).
   */
  into?: {
    originalSize: number;
    allocate: (size: number) => Buffer;
    onRange?: (range: Uint8Array) => void;
  },
): Promise<Uint8Array> {
  if (revisions.length === 0) {
    if (into) {
      const out = into.allocate(into.originalSize);
      try {
        if (!(await stores.blobs.readInto(db, documentId, out, into.onRange))) {
          throw missing(documentId);
        }
        return out;
      } catch (error) {
        // Bytes of another length than recorded are damaged: the engine is given them as they
        // are and refuses them (DOCUMENT_PARSING_ERROR), as it refuses any unreadable PDF.
        if (!(error instanceof LengthMismatch)) throw error;
      }
    }
    const original = await stores.blobs.get(db, documentId);
    if (!original) throw missing(documentId);
    return original;
  }
  const first = revisions[0] as RevisionRow;
  const last = revisions[revisions.length - 1] as RevisionRow;
  // One buffer of the final size; the original is read straight into its start, the increments
  // (one statement for all of them) after it.
  const out = into ? into.allocate(last.fileSize) : Buffer.allocUnsafe(last.fileSize);
  const [found, increments] = await Promise.all([
    stores.blobs.readInto(db, documentId, out.subarray(0, first.baseSize), into?.onRange),
    checkedIncrements(db, stores.increments, revisions),
  ]);
  if (!found) throw missing(documentId);
  let offset = first.baseSize;
  for (const increment of increments) {
    out.set(increment, offset);
    into?.onRange?.(out.subarray(offset, offset + increment.length));
    offset += increment.length;
  }
  return out;
}

/**
 * A revision's bytes as `joinRevision` answers them, in pieces (`BlobStore.pieces`): the
 * original's pieces as they are read, then the increments, read and checked before the first
 * piece. A download holds a piece or two and the increments, never the file.
 */
export async function revisionPieces(
  db: Handle,
  stores: { blobs: BlobStore; increments: BlobStore },
  documentId: string,
  revisions: readonly RevisionRow[],
  buffers?: PieceBuffers,
): Promise<AsyncIterable<Uint8Array>> {
  if (revisions.length === 0) {
    const original = await stores.blobs.pieces(db, documentId, buffers);
    if (!original) throw missing(documentId);
    return original;
  }
  const increments = await checkedIncrements(db, stores.increments, revisions);
  const original = await stores.blobs.pieces(db, documentId, buffers);
  if (!original) throw missing(documentId);
  const baseSize = (revisions[0] as RevisionRow).baseSize;
  return (async function* () {
    let size = 0;
    for await (const piece of original) {
      size += piece.length;
      if (size > baseSize) break;
      yield piece;
    }
    if (size !== baseSize) throw new Error(`The bytes of document ${documentId} do not add up`);
    yield* increments;
  })();
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
  /**
   * The chain row's `updated_at` to the microsecond, as text: the version a signature's commit
   * checks (every change of a chain or its entries' statuses sets it).
   */
  version: string | undefined;
  /** The admin's visible signature settings (null when none are saved). */
  settings: AppearanceSettings | null;
  /** The chain's history in order, when asked for and the chain has a signing trail. */
  history: ChainHistoryEvent[] | undefined;
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
 * document's revisions in the chain, and with `history` the chain's history for its signing
 * trail (none for a chain without one).
 */
export async function readForSigning(
  db: Handle,
  key: {
    chainId: string;
    userId: string;
    idempotencyKey: string | undefined;
    history?: boolean;
  },
): Promise<SigningRead> {
  const done = key.idempotencyKey
    ? sql`(select s.result from rdss.sign_requests s where s.user_id = ${key.userId}
        and s.idempotency_key = ${key.idempotencyKey} and s.chain_id = ${key.chainId})`
    : sql`null::jsonb`;
  const history = key.history
    ? sql`case when c.signing_trail_mode <> 'NONE' then coalesce((select jsonb_agg(to_jsonb(h)
        order by h.id) from rdss.chain_history h where h.chain_id = c.id), '[]'::jsonb) end`
    : sql`null::jsonb`;
  const result = await executeNamed(
    db,
    'sign_read',
    sql`
    select ${done} as done, to_jsonb(c) as chain, c.updated_at::text as version, ${partsOf},
      (select to_jsonb(d) from rdss.documents d where d.id = c.orig_document_id) as document,
      coalesce((select jsonb_agg(to_jsonb(r) order by r.seq) from rdss.document_revisions r
        where r.chain_id = c.id and r.document_id = c.orig_document_id), '[]'::jsonb) as revisions,
      v.id is not null as has_settings, v.bg_color, v.bg_image, v.bg_image_type,
      ${history} as history
    from (select 1) one
    left join rdss.chains c on c.id = ${key.chainId} and c.deleted_at is null
    left join rdss.visible_signature_settings v on true`,
  );
  const [row] = rowsOf<
    ChainJson & {
      done: unknown;
      document: unknown;
      revisions: unknown[];
      version: string | null;
      has_settings: boolean;
      bg_color: AppearanceSettings['bgColor'];
      bg_image: Uint8Array | null;
      bg_image_type: AppearanceSettings['bgImageType'];
      history: unknown[] | null;
    }
  >(result);
  if (!row) throw new Error('readForSigning answered no row');
  return {
    done: (row.done ?? undefined) as SignResultItem | undefined,
    stored: storedFromJson(row),
    document: row.document ? rowFromJson(documents, row.document) : undefined,
    revisions: row.revisions.map((r) => rowFromJson(documentRevisions, r)),
    version: row.version ?? undefined,
    settings: row.has_settings
      ? { bgColor: row.bg_color, bgImage: row.bg_image, bgImageType: row.bg_image_type }
      : null,
    history: row.history?.map((h) => historyEvent(rowFromJson(chainHistory, h))),
  };
}

export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/**
 * A signature's commit in one statement, without a transaction around it: only while the chain
 * is still at `version` (no signature, decision or change since it was read, and not in the
 * recycle bin), the new revision row (with its increment when increments live in the database),
 * the entry DONE, the chain's status (DONE after the last signer) and version, the idempotency
 * record when the call has a key, and the events (published when it commits). False when the
 * chain moved on: nothing was written. Across instances on one PostgreSQL, a commit that waited
 * for another's row lock re-checks the version on the row that one left (READ COMMITTED), and
 * the unique `(chain, document, seq)` is the last guard (a violation answers false too).
 */
/** The history rows a signature's commit inserts, in order, only when the chain row matched. */
export function historyRows(events: NewChainHistoryEvent[]): SQL {
  if (events.length === 0) return sql``;
  const values = events.map(
    (event, n) =>
      sql`(${n}::integer, ${event.kind}::text, ${event.at?.toISOString() ?? null}::timestamptz,
        ${event.entryId ?? null}::uuid, ${event.actorId ?? null}::uuid,
        ${JSON.stringify(event.detail ?? {})}::jsonb)`,
  );
  return sql`, h as (insert into rdss.chain_history (chain_id, kind, at, entry_id, actor_id, detail)
    select c.id, v.kind, coalesce(v.at, clock_timestamp()), v.entry_id, v.actor_id, v.detail
    from c, (values ${sql.join(values, sql`, `)}) v(n, kind, at, entry_id, actor_id, detail)
    order by v.n)`;
}

export async function commitSignature(
  db: Db,
  options: {
    revision: RevisionRow;
    version: string;
    entry: Pick<ChainEntryRow, 'id' | 'comment'>;
    chainDone: boolean;
    /** The increment's bytes, for the store inside the database (`rdss.revision_increments`). */
    increment?: Uint8Array | undefined;
    /** A DETACHED trail document's revision, signed by the same signature (sign-trail.ts). */
    trailRevision?: { revision: RevisionRow; increment?: Uint8Array | undefined } | undefined;
    /** The signing trail an ATTACHED chain's signature attached (`rdss.revision_trails`). */
    coveredTrail?: Uint8Array | undefined;
    signRequest?: { userId: string; idempotencyKey: string; result: SignResultItem } | undefined;
    /** The events' `select` (EventBus `notification`), made to run only when this commits. */
    notification: (when: SQL) => SQL;
    /** The chain's history of this signature (SIGNED, then COMPLETED when it ends the chain). */
    history?: NewChainHistoryEvent[] | undefined;
  },
): Promise<boolean> {
  const { revision, version, entry, chainDone, increment, signRequest, notification } = options;
  const history = historyRows(options.history ?? []);
  const signedAt = revision.createdAt.toISOString();
  const bytes = increment
    ? sql`, i as (insert into rdss.revision_increments (revision_id, bytes)
        select r.id, ${Buffer.from(increment.buffer, increment.byteOffset, increment.byteLength)}::bytea
        from r)`
    : sql``;
  const trail = options.trailRevision;
  const trailBytes = trail?.increment;
  const trailInsert = trail
    ? sql`, t as (
        insert into rdss.document_revisions
          (id, chain_id, document_id, seq, entry_id, base_size, file_size, sha256, created_at)
        select ${trail.revision.id}::uuid, c.id, ${trail.revision.documentId}::uuid,
          ${trail.revision.seq}::integer, ${trail.revision.entryId}::uuid,
          ${trail.revision.baseSize}::bigint, ${trail.revision.fileSize}::bigint,
          ${trail.revision.sha256}::text, ${signedAt}::timestamptz
        from c
        returning id
      )${
        trailBytes
          ? sql`, ti as (insert into rdss.revision_increments (revision_id, bytes)
        select t.id, ${Buffer.from(trailBytes.buffer, trailBytes.byteOffset, trailBytes.byteLength)}::bytea
        from t)`
          : sql``
      }`
    : sql``;
  const covered = options.coveredTrail;
  const coveredInsert = covered
    ? sql`, ct as (insert into rdss.revision_trails (revision_id, bytes)
        select r.id, ${Buffer.from(covered.buffer, covered.byteOffset, covered.byteLength)}::bytea
        from r)`
    : sql``;
  const request = signRequest
    ? sql`, s as (insert into rdss.sign_requests (user_id, idempotency_key, chain_id, result)
        select ${signRequest.userId}::uuid, ${signRequest.idempotencyKey}::text, c.id,
          ${JSON.stringify(signRequest.result)}::jsonb
        from c)`
    : sql``;
  const done = chainDone ? sql`status = 'DONE', signed_at = ${signedAt}::timestamptz,` : sql``;
  try {
    const result = await executeNamed(
      db,
      trail ? 'sign_commit_trail' : 'sign_commit',
      sql`
      with c as (
        update rdss.chains set ${done} updated_at = now()
        where id = ${revision.chainId} and deleted_at is null
          and updated_at = ${version}::timestamptz
        returning id
      ), r as (
        insert into rdss.document_revisions
          (id, chain_id, document_id, seq, entry_id, base_size, file_size, sha256, created_at)
        select ${revision.id}::uuid, c.id, ${revision.documentId}::uuid,
          ${revision.seq}::integer, ${revision.entryId}::uuid, ${revision.baseSize}::bigint,
          ${revision.fileSize}::bigint, ${revision.sha256}::text, ${signedAt}::timestamptz
        from c
        returning id
      )${bytes}${trailInsert}${coveredInsert}, e as (
        update rdss.chain_entries set status = 'DONE', signed_at = ${signedAt}::timestamptz,
          comment = ${entry.comment}::text
        from c
        where rdss.chain_entries.id = ${entry.id} and rdss.chain_entries.chain_id = c.id
      )${request}${history}
      select (select count(*) from r)::integer as committed,
        (select count(*) from (${notification(sql`exists (select 1 from r)`)}) n)::integer
          as notified`,
    );
    const [row] = rowsOf<{ committed: number }>(result);
    return Number(row?.committed) === 1;
  } catch (error) {
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}
