import { and, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { type Db, type Tx, rowFromJson, rowsOf } from '#infra/database';
import { credentials, type CredentialRow } from '../records';
import { signingAuthorisations, type SigningAuthorisationRow } from './authorisation-table';
import { dropAttempt, releasedPending, type SecretAttempt } from './secret-attempts';

type Handle = Db | Tx;

export async function insertAuthorisation(
  db: Handle,
  row: Omit<SigningAuthorisationRow, 'createdAt' | 'usedAt'>,
): Promise<void> {
  await db.insert(signingAuthorisations).values(row);
}

/**
 * The end of a key password's authorisation in one statement: the credential's count of wrong
 * passwords goes back to 0 only when the wrapped key opened is still the stored one and the
 * credential is not blocked for good (what `commitOpened` checks under the row lock), and the
 * authorisation is recorded and the password's attempt ended only then. False when that did not hold: nothing was written.
 */
export async function resetAndInsertAuthorisation(
  db: Db,
  row: Omit<SigningAuthorisationRow, 'createdAt' | 'usedAt'>,
  opened: { blob: string; maxPuk: number; attempt: SecretAttempt },
): Promise<boolean> {
  const result = await db.execute(sql`
    with reset as (
      update rssp.credentials set failed_password_attempts = 0, updated_at = now(),
        ${releasedPending(opened.attempt)}
      where id = ${row.credentialId}
        and wrapped_key_password = ${opened.blob}
        and failed_puk_attempts < ${opened.maxPuk}
      returning id
    ), ended as (${dropAttempt(opened.attempt, sql`reset`)})
    insert into rssp.signing_authorisations
      (id, credential_id, user_id, kind, hashes_digest, num_signatures, sealed_key, expires_at)
    select ${row.id}::uuid, reset.id, ${row.userId}::uuid, ${row.kind}::text,
      ${row.hashesDigest}::text, ${row.numSignatures}::integer, ${row.sealedKey}::text,
      ${row.expiresAt.toISOString()}::timestamptz
    from reset
    returning id`);
  return rowsOf(result).length === 1;
}

/**
 * `takeAuthorisation` and the rSSP's record of key use in one statement, for the owner's
 * activated signing credential only: the authorisation is taken (used, its sealed key wiped),
 * the key's use counted (one opening, as many signatures as it covers) and the credential row
 * answered. Undefined when anything did not hold (nothing is written): the caller reads why.
 */
export async function takeAuthorisationCounted(
  db: Db,
  match: { id: string; credentialId: string; userId: string; hashesDigest: string },
): Promise<
  { taken: Pick<SigningAuthorisationRow, 'kind' | 'sealedKey'>; row: CredentialRow } | undefined
> {
  const result = await db.execute(sql`
    with old as (
      select a.id, a.sealed_key from rssp.signing_authorisations a
      join rssp.credentials c on c.id = a.credential_id
      where a.id = ${match.id}
        and c.id = ${match.credentialId}
        and c.user_id = ${match.userId}
        and c.status = 'ACTIVATED'
        and c.key_purpose in ('ASYMMETRIC_SIGN', 'AUTHENTICATE')
      for update of a
    ), taken as (
      update rssp.signing_authorisations a set used_at = now(), sealed_key = null
      from old
      where a.id = old.id
        and a.credential_id = ${match.credentialId}
        and a.user_id = ${match.userId}
        and a.hashes_digest = ${match.hashesDigest}
        and a.used_at is null
        and a.expires_at > now()
      returning a.kind, a.num_signatures, old.sealed_key
    ), counted as (
      update rssp.credentials c
      set key_unwrap_count = c.key_unwrap_count + 1,
        signature_count = c.signature_count + taken.num_signatures,
        last_used_at = now()
      from taken
      where c.id = ${match.credentialId}
      returning c.*
    )
    select taken.kind, taken.sealed_key, to_jsonb(counted) as credential from taken, counted`);
  const [found] = rowsOf<{ kind: string; sealed_key: string | null; credential: unknown }>(result);
  if (!found) return undefined;
  return {
    taken: { kind: found.kind, sealedKey: found.sealed_key },
    row: rowFromJson(credentials, found.credential),
  };
}

export type TakeOutcome =
  | { taken: Pick<SigningAuthorisationRow, 'kind' | 'sealedKey'> }
  | { refused: 'unknown' | 'mismatch' | 'used' | 'expired' };

/**
 * Takes the authorisation for one use in one statement: only an unused, unexpired one bound to
 * this credential, user and hashes is marked used, and its sealed key is wiped in the same
 * statement (the caller gets the key as it was). A second taker, even at the same moment, meets
 * it used. When nothing is taken, a second read tells why.
 */
export async function takeAuthorisation(
  db: Db,
  match: { id: string; credentialId: string; userId: string; hashesDigest: string },
): Promise<TakeOutcome> {
  const result = await db.execute(sql`
    with old as (
      select id, sealed_key from rssp.signing_authorisations where id = ${match.id} for update
    )
    update rssp.signing_authorisations a set used_at = now(), sealed_key = null
    from old
    where a.id = old.id
      and a.credential_id = ${match.credentialId}
      and a.user_id = ${match.userId}
      and a.hashes_digest = ${match.hashesDigest}
      and a.used_at is null
      and a.expires_at > now()
    returning a.kind, a.num_signatures, old.sealed_key`);
  const [taken] = (result as unknown as { rows: { kind: string; sealed_key: string | null }[] })
    .rows;
  if (taken) return { taken: { kind: taken.kind, sealedKey: taken.sealed_key } };
  const row = await findAuthorisation(db, match.id);
  if (!row || row.userId !== match.userId || row.credentialId !== match.credentialId) {
    return { refused: 'unknown' };
  }
  if (row.usedAt) return { refused: 'used' };
  if (row.expiresAt.getTime() <= Date.now()) return { refused: 'expired' };
  return { refused: 'mismatch' };
}

export async function findAuthorisation(
  db: Handle,
  id: string,
): Promise<SigningAuthorisationRow | undefined> {
  const [row] = await db
    .select()
    .from(signingAuthorisations)
    .where(eq(signingAuthorisations.id, id));
  return row;
}

/** Forgets authorisations used or expired more than a while ago (their keys are wiped already). */
export async function dropStaleAuthorisations(db: Handle, before: Date): Promise<void> {
  await db
    .delete(signingAuthorisations)
    .where(
      or(
        lt(signingAuthorisations.expiresAt, before),
        and(isNotNull(signingAuthorisations.usedAt), lt(signingAuthorisations.usedAt, before)),
      ),
    );
}

/** Wipes the sealed keys of expired, unused authorisations (nobody can use them any more). */
export async function wipeExpiredKeys(db: Handle): Promise<void> {
  await db
    .update(signingAuthorisations)
    .set({ sealedKey: null })
    .where(
      and(
        isNull(signingAuthorisations.usedAt),
        isNotNull(signingAuthorisations.sealedKey),
        lt(signingAuthorisations.expiresAt, new Date()),
      ),
    );
}
