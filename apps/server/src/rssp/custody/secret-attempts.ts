import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import {
  executeNamed,
  type Db,
  type Tx,
  instanceAlive,
  type InstancePresence,
  rowFromJson,
  rowsOf,
} from '#infra/database';
import { credentials, type CredentialRow } from '../records';
import type { SecretKind } from '../keys';

type Handle = Db | Tx;

/**
 * One key-password or PUK attempt counted before its secret is tried (decision 024): pending on
 * the credential (`pending_*_attempts`) and recorded in `rssp.secret_attempts` under the
 * presence id of the process trying it. It ends one of three ways: wrong (`countWrongAttempt`:
 * it moves to `failed_*_attempts`), right (the statement that resets the count drops it, with
 * `releasedPending` and `dropAttempt`), or neither (`releaseAttempt`: the call gave up, or the
 * process died and `settleAbandonedAttempts` drops it). Only wrong ones stay counted.
 */
export interface SecretAttempt {
  id: string;
  credentialId: string;
  kind: SecretKind;
  /** The presence epoch it began in: a result after a lost presence lock is not answered. */
  epoch: number;
}

const columns = {
  password: {
    failed: sql.raw('failed_password_attempts'),
    pending: sql.raw('pending_password_attempts'),
  },
  puk: { failed: sql.raw('failed_puk_attempts'), pending: sql.raw('pending_puk_attempts') },
} as const;

/** What counting takes: the database, this process's presence and the two maximums. */
export interface AttemptContext {
  db: Db;
  presence: InstancePresence;
  maxPassword: number;
  maxPuk: number;
}

/**
 * Counts one attempt of the credential's `kind` of secret as pending, in one statement, and
 * answers the row (with the attempt counted) and the attempt. Only while wrong and pending
 * attempts together stay below the maximum (and, for a key password, the PUK is not blocked for
 * good): concurrent attempts serialise on the row lock of the update, so no more secrets are
 * ever tried than the maximum allows. `signing` narrows it to the owner's activated EXPLICIT
 * signing credential (the signing path reads and counts in one). Undefined when that does not
 * hold or no attempt is left; when attempts of dead processes held the last places, they are
 * settled and the count tried once more.
 */
export async function takeSecretAttempt(
  ctx: AttemptContext,
  options: { credentialId: string; kind: SecretKind; signingOwner?: string },
): Promise<{ row: CredentialRow; attempt: SecretAttempt } | undefined> {
  const taken = await takeOnce(ctx, options);
  if (taken) return taken;
  const settled = await settleAbandonedAttempts(ctx.db, options.credentialId);
  return settled > 0 ? takeOnce(ctx, options) : undefined;
}

async function takeOnce(
  ctx: AttemptContext,
  options: { credentialId: string; kind: SecretKind; signingOwner?: string },
): Promise<{ row: CredentialRow; attempt: SecretAttempt } | undefined> {
  const { pending } = columns[options.kind];
  const room =
    options.kind === 'password'
      ? sql`failed_puk_attempts < ${ctx.maxPuk}
        and failed_password_attempts + pending_password_attempts < ${ctx.maxPassword}`
      : sql`failed_puk_attempts + pending_puk_attempts < ${ctx.maxPuk}`;
  const signing: SQL = options.signingOwner
    ? sql`and user_id = ${options.signingOwner} and status = 'ACTIVATED'
        and auth_mode = 'EXPLICIT' and key_purpose in ('ASYMMETRIC_SIGN', 'AUTHENTICATE')
        and wrapped_key_password is not null`
    : sql``;
  const id = randomUUID();
  const epoch = ctx.presence.epoch;
  // Every sign call with a key password runs it: parsed once per connection (decision 048).
  const result = await executeNamed(
    ctx.db,
    'secret_attempt',
    sql`
    with taken as (
      update rssp.credentials set ${pending} = ${pending} + 1
      where id = ${options.credentialId} ${signing} and ${room}
      returning *
    ), recorded as (
      insert into rssp.secret_attempts (id, credential_id, kind, instance)
      select ${id}::uuid, taken.id, ${options.kind}::text, ${ctx.presence.id}::integer from taken
    )
    select to_jsonb(taken) as credential from taken`,
  );
  const [found] = rowsOf<{ credential: unknown }>(result);
  if (!found) return undefined;
  const row = rowFromJson(credentials, found.credential);
  return { row, attempt: { id, credentialId: row.id, kind: options.kind, epoch } };
}

/**
 * A wrong secret: the attempt moves from pending to failed, in one statement, and the count of
 * failures after it is answered. Undefined when the attempt was no longer pending (the call gave
 * up meanwhile): nothing is counted, and nobody is told the result.
 */
export async function countWrongAttempt(
  db: Handle,
  attempt: SecretAttempt,
): Promise<number | undefined> {
  const { failed, pending } = columns[attempt.kind];
  const result = await db.execute(sql`
    with gone as (delete from rssp.secret_attempts where id = ${attempt.id} returning credential_id)
    update rssp.credentials c set ${failed} = ${failed} + 1,
      ${pending} = greatest(${pending} - 1, 0), updated_at = now()
    from gone where c.id = gone.credential_id
    returning ${failed} as failed`);
  const [row] = rowsOf<{ failed: number }>(result);
  return row === undefined ? undefined : Number(row.failed);
}

/** The attempt was neither right nor wrong (the call gave up): it is no longer counted. Idempotent. */
export async function releaseAttempt(db: Handle, attempt: SecretAttempt): Promise<void> {
  const { pending } = columns[attempt.kind];
  await db.execute(sql`
    with gone as (delete from rssp.secret_attempts where id = ${attempt.id} returning credential_id)
    update rssp.credentials c set ${pending} = greatest(${pending} - 1, 0)
    from gone where c.id = gone.credential_id`);
}

/**
 * For the statement that resets the count after a right secret: the `set` of the pending column
 * (one less when the attempt is still recorded). Pair it with `dropAttempt` in the same
 * statement, so both happen only when the reset does.
 */
export function releasedPending(attempt: SecretAttempt): SQL {
  const { pending } = columns[attempt.kind];
  return sql`${pending} = greatest(${pending} - (
    select count(*) from rssp.secret_attempts where id = ${attempt.id})::integer, 0)`;
}

/** A CTE (after `with reset as (update … returning id)`) that drops the attempt when `reset` did. */
export function dropAttempt(attempt: SecretAttempt, reset: SQL): SQL {
  return sql`delete from rssp.secret_attempts s using ${reset} r
    where s.id = ${attempt.id} and r.id = s.credential_id`;
}

/**
 * Drops every attempt whose process is gone (its presence lock free: it was killed, or its
 * database connection died) as not wrong, from the credentials' pending counts; only those of
 * `credentialId` when given. How many were dropped. Safe at any time from any instance: a live
 * process holds its lock.
 */
export async function settleAbandonedAttempts(db: Handle, credentialId?: string): Promise<number> {
  const only = credentialId === undefined ? sql`` : sql`and a.credential_id = ${credentialId}`;
  const result = await db.execute(sql`
    with gone as (
      delete from rssp.secret_attempts a
      where not ${instanceAlive(sql`a.instance`)} ${only}
      returning credential_id, kind
    ), per as (
      select credential_id,
        (count(*) filter (where kind = 'password'))::integer as password,
        (count(*) filter (where kind = 'puk'))::integer as puk
      from gone group by credential_id
    ), settled as (
      update rssp.credentials c set
        pending_password_attempts = greatest(c.pending_password_attempts - per.password, 0),
        pending_puk_attempts = greatest(c.pending_puk_attempts - per.puk, 0)
      from per where c.id = per.credential_id
      returning per.password + per.puk as n
    )
    select coalesce(sum(n), 0)::integer as n from settled`);
  return Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
}
