import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { CallbackSecretStatus, NewCallbackSecret } from '@signet/contracts/callbacks';
import { type Db, type Tx, rowsOf } from '#infra/database';
import { type KeyRing, unwrapWithKek, wrapWithKek, wrappedKekId } from '#infra/keys';

/**
 * A creator's own callback secret (decision 054, migrations/028-callback-secrets.sql): made at
 * random, shown once, kept only wrapped under the key-encryption key and bound to its user (a
 * blob copied to another user's row does not open). It signs the callbacks of the chains that
 * user creates; without one, `CALLBACK_SECRET` does.
 */

type Handle = Db | Tx;

/** Binds a wrapped secret to its user. */
const secretAad = (userId: string) => `rdss-callback-secret|${userId}`;

/** A new secret: 32 random bytes, with a prefix that secret scanners and people recognise. */
function newSecretText(): string {
  return `signet_cbs_${randomBytes(32).toString('base64url')}`;
}

const iso = sql`to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** Makes the user's secret, replacing the one they had (rotation); the answer is the only copy. */
export async function makeCallbackSecret(
  db: Handle,
  ring: KeyRing,
  userId: string,
): Promise<NewCallbackSecret> {
  const secret = newSecretText();
  const wrapped = wrapWithKek(ring, Buffer.from(secret, 'utf8'), secretAad(userId));
  const [row] = rowsOf<{ created_at: string }>(
    await db.execute(sql`
      insert into rdss.callback_secrets (user_id, wrapped) values (${userId}::uuid, ${wrapped})
      on conflict (user_id) do update set wrapped = excluded.wrapped, created_at = now()
      returning ${iso} as created_at`),
  );
  return { secret, createdAt: row?.created_at ?? new Date().toISOString() };
}

/** Whether the user has a secret of their own, and since when (never the secret). */
export async function callbackSecretStatus(
  db: Handle,
  userId: string,
  callbacksEnabled: boolean,
): Promise<CallbackSecretStatus> {
  const [row] = rowsOf<{ created_at: string }>(
    await db.execute(sql`
      select ${iso} as created_at from rdss.callback_secrets where user_id = ${userId}::uuid`),
  );
  return { hasOwnSecret: row !== undefined, createdAt: row?.created_at ?? null, callbacksEnabled };
}

/** Removes the user's secret: their chains' callbacks are signed with CALLBACK_SECRET again. */
export async function removeCallbackSecret(db: Handle, userId: string): Promise<void> {
  await db.execute(sql`delete from rdss.callback_secrets where user_id = ${userId}::uuid`);
}

/** The secret as text, from its wrapped row; throws when it does not open (a missing KEK). */
export function openCallbackSecret(ring: KeyRing, userId: string, wrapped: string): string {
  return unwrapWithKek(ring, wrapped, secretAad(userId)).toString('utf8');
}

/**
 * After a KEK rotation (KEY_ENCRYPTION_KEY_PREVIOUS set), moves every secret to the current
 * KEK; a row is updated only if it still holds the blob read, so instances starting together
 * do not clash. Returns how many moved.
 */
export async function rewrapCallbackSecrets(db: Db, ring: KeyRing): Promise<number> {
  const rows = rowsOf<{ user_id: string; wrapped: string }>(
    await db.execute(sql`select user_id::text, wrapped from rdss.callback_secrets`),
  );
  let moved = 0;
  for (const row of rows) {
    if (wrappedKekId(row.wrapped) === ring.current.id) continue;
    const plain = unwrapWithKek(ring, row.wrapped, secretAad(row.user_id));
    const wrapped = wrapWithKek(ring, plain, secretAad(row.user_id));
    plain.fill(0);
    const updated = await db.execute(sql`
      update rdss.callback_secrets set wrapped = ${wrapped}
      where user_id = ${row.user_id}::uuid and wrapped = ${row.wrapped} returning user_id`);
    moved += rowsOf(updated).length;
  }
  return moved;
}
