import { and, eq, isNotNull, isNull, lt, or } from 'drizzle-orm';
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
  { taken: SigningAuthorisationRow } | { refused: 'unknown' | 'mismatch' | 'used' | 'expired' };

/**
 * Takes the authorisation for one use under its row lock: only an unused, unexpired one bound to
 * this credential, user and hashes is marked used, and its sealed key is wiped in the same
 * statement (the caller gets the key from the row read before). A second taker, even at the same
 * moment, meets it used.
 */
export async function takeAuthorisation(
  db: Db,
  match: { id: string; credentialId: string; userId: string; hashesDigest: string },
): Promise<TakeOutcome> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(signingAuthorisations)
      .where(eq(signingAuthorisations.id, match.id))
      .for('update');
    if (!row || row.userId !== match.userId || row.credentialId !== match.credentialId) {
      return { refused: 'unknown' as const };
    }
    if (row.usedAt) return { refused: 'used' as const };
    if (row.expiresAt.getTime() <= Date.now()) return { refused: 'expired' as const };
    if (row.hashesDigest !== match.hashesDigest) return { refused: 'mismatch' as const };
    await tx
      .update(signingAuthorisations)
      .set({ usedAt: new Date(), sealedKey: null })
      .where(eq(signingAuthorisations.id, row.id));
    return { taken: row };
  });
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
