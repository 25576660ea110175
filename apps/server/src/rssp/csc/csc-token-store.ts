import { and, eq, gt, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { Db, Tx } from '#infra/database';
import { invalidRequest } from './csc-errors';
import { cscRequests, cscTokens, type CscTokenRow } from './csc-table';

// What ends a CSC access token before its expiry, and what it may still authorise (decision
// 052). It all lives in the token's row, so every instance sees it on the next call: no instance
// keeps any of it in memory.

/**
 * The user's sessions ended (password change or reset, sign-out, End sessions, suspension,
 * deletion): on the ending transaction, the user's CSC tokens are revoked and the codes they
 * granted but no client exchanged yet expire.
 */
export async function endCscGrantsOfUser(tx: Tx | Db, userId: string): Promise<void> {
  const now = new Date();
  await tx
    .update(cscTokens)
    .set({ revokedAt: now })
    .where(
      and(eq(cscTokens.userId, userId), isNull(cscTokens.revokedAt), gt(cscTokens.expiresAt, now)),
    );
  await tx
    .update(cscRequests)
    .set({ expiresAt: now })
    .where(
      and(
        eq(cscRequests.userId, userId),
        isNull(cscRequests.codeUsedAt),
        gt(cscRequests.expiresAt, now),
      ),
    );
}

/**
 * A code presented again after it was used: the tokens issued for it are revoked (RFC 6749
 * §4.1.2), since whoever holds the code may hold them too.
 */
export async function revokeTokensOfUsedCode(tx: Tx | Db, codeHash: string): Promise<void> {
  const used = tx
    .select({ id: cscRequests.id })
    .from(cscRequests)
    .where(and(eq(cscRequests.codeHash, codeHash), isNotNull(cscRequests.codeUsedAt)));
  await tx
    .update(cscTokens)
    .set({ revokedAt: new Date() })
    .where(and(inArray(cscTokens.requestId, used), isNull(cscTokens.revokedAt)));
}

/**
 * Makes the SADs of `count` signatures (`authorise`) with that many of a `scope=credential`
 * token's consented signatures taken first, so numSignatures counts over all the token's calls,
 * and calls at once cannot both take the last one (one conditional update). An authorisation
 * that makes no SAD (a wrong PIN, a denial) gives them back. Other tokens count nothing.
 */
export async function spendingSignatures<T>(
  db: Db,
  token: Pick<CscTokenRow, 'tokenHash' | 'numSignatures'>,
  count: number,
  authorise: () => Promise<T>,
): Promise<T> {
  if (token.numSignatures === null) return authorise();
  const taken = await db
    .update(cscTokens)
    .set({ signaturesAuthorised: sql`${cscTokens.signaturesAuthorised} + ${count}` })
    .where(
      and(
        eq(cscTokens.tokenHash, token.tokenHash),
        isNull(cscTokens.revokedAt),
        gt(cscTokens.expiresAt, new Date()),
        lte(sql`${cscTokens.signaturesAuthorised} + ${count}`, cscTokens.numSignatures),
      ),
    )
    .returning({ tokenHash: cscTokens.tokenHash });
  if (taken.length === 0) throw invalidRequest('More signatures than the token allows');
  try {
    return await authorise();
  } catch (error) {
    await db
      .update(cscTokens)
      .set({ signaturesAuthorised: sql`greatest(${cscTokens.signaturesAuthorised} - ${count}, 0)` })
      .where(eq(cscTokens.tokenHash, token.tokenHash));
    throw error;
  }
}
