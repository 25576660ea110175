import { asc, eq, sql, type SQL } from 'drizzle-orm';
import type { SignResultItem } from '@signet/contracts/signatures';
import { type Db, type Tx, executeNamed, rowsOf } from '#infra/database';
import {
  type NewChainHistoryEvent,
  containerSignatures,
  type ContainerSignatureRow,
} from '../schema';
import { historyRows, isUniqueViolation } from '../documents';

/** A bulk chain's container signatures, oldest first (seq 1, 2, …). */
export function containerSignaturesOf(
  db: Db | Tx,
  chainId: string,
): Promise<ContainerSignatureRow[]> {
  return db
    .select()
    .from(containerSignatures)
    .where(eq(containerSignatures.chainId, chainId))
    .orderBy(asc(containerSignatures.seq));
}

const bytes = (b: Uint8Array) => Buffer.from(b.buffer, b.byteOffset, b.byteLength);

/**
 * A container signature's commit in one statement, as `commitSignature` commits a PDF's: only
 * while the chain is still at `version`, the signer's manifest and signature, the entry DONE, the
 * chain's status (DONE after the last signer), the idempotency record, the history and the
 * events. False when the chain moved on (or another signer took this seq): nothing was written.
 */
export async function commitContainerSignature(
  db: Db,
  options: {
    row: ContainerSignatureRow;
    version: string;
    entry: { id: string; comment: string | null };
    chainDone: boolean;
    signRequest?: { userId: string; idempotencyKey: string; result: SignResultItem } | undefined;
    notification: (when: SQL) => SQL;
    history: NewChainHistoryEvent[];
  },
): Promise<boolean> {
  const { row, version, entry, chainDone, signRequest, notification } = options;
  const signedAt = row.createdAt.toISOString();
  const done = chainDone ? sql`status = 'DONE', signed_at = ${signedAt}::timestamptz,` : sql``;
  const request = signRequest
    ? sql`, s as (insert into rdss.sign_requests (user_id, idempotency_key, chain_id, result)
        select ${signRequest.userId}::uuid, ${signRequest.idempotencyKey}::text, c.id,
          ${JSON.stringify(signRequest.result)}::jsonb
        from c)`
    : sql``;
  try {
    const result = await executeNamed(
      db,
      'container_sign_commit',
      sql`
      with c as (
        update rdss.chains set ${done} updated_at = now()
        where id = ${row.chainId} and deleted_at is null
          and updated_at = ${version}::timestamptz
        returning id
      ), r as (
        insert into rdss.container_signatures
          (id, chain_id, seq, entry_id, documents, manifest, signature, created_at)
        select ${row.id}::uuid, c.id, ${row.seq}::integer, ${row.entryId}::uuid,
          ${JSON.stringify(row.documents)}::jsonb, ${bytes(row.manifest)}::bytea,
          ${bytes(row.signature)}::bytea, ${signedAt}::timestamptz
        from c
        returning id
      ), e as (
        update rdss.chain_entries set status = 'DONE', signed_at = ${signedAt}::timestamptz,
          comment = ${entry.comment}::text
        from c
        where rdss.chain_entries.id = ${entry.id} and rdss.chain_entries.chain_id = c.id
      )${request}${historyRows(options.history)}
      select (select count(*) from r)::integer as committed,
        (select count(*) from (${notification(sql`exists (select 1 from r)`)}) n)::integer
          as notified`,
    );
    const [first] = rowsOf<{ committed: number }>(result);
    return Number(first?.committed) === 1;
  } catch (error) {
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}
