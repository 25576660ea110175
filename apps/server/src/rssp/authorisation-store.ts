import { and, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '#infra/database';
import { signingAuthorisations, type SigningAuthorisationRow } from './authorisation-table';

type Handle = Db | Tx;

export async function insertAuthorisation(
  db: Handle,
  row: Omit<SigningAuthorisationRow, 'createdAt' | 'usedAt'>,
): Promise<void> {
  await db.insert(signingAuthorisations).values(row);
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
