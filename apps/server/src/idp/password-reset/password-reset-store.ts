import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '#infra/database';
import { hashLinkToken, newLinkToken } from '#infra/keys';
import { accounts, passwordResets, resetSignIns } from '../store';

type Handle = Db | Tx;

/** How long a mailed reset link works. */
export const resetLinkMinutes = 30;
/** How long the browser that set the new password has to open its sign-in. */
const resetSignInMs = 5 * 60 * 1000;

/** A new reset link token for the account (only its hash is stored). */
export async function createPasswordReset(db: Db, accountId: string): Promise<string> {
  const { token, hash } = newLinkToken();
  await db.insert(passwordResets).values({
    tokenHash: hash,
    accountId,
    expiresAt: new Date(Date.now() + resetLinkMinutes * 60 * 1000),
  });
  return token;
}

/**
 * Takes a reset link: its account, or null for an unknown, used or expired one. Every link of
 * that account goes with it, so an older mail cannot set the password again.
 */
export async function takePasswordReset(tx: Tx, token: string): Promise<string | null> {
  const [link] = await tx
    .delete(passwordResets)
    .where(
      and(
        eq(passwordResets.tokenHash, hashLinkToken(token)),
        gt(passwordResets.expiresAt, sql`now()`),
      ),
    )
    .returning({ accountId: passwordResets.accountId });
  if (!link) return null;
  await tx.delete(passwordResets).where(eq(passwordResets.accountId, link.accountId));
  return link.accountId;
}

/** The one-use sign-in of the browser that just set the account's password. */
export async function createResetSignIn(tx: Tx, accountId: string): Promise<string> {
  const [account] = await tx
    .select({ tokenVersion: accounts.tokenVersion })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  if (!account) throw new Error('the account of a password reset is gone');
  const { token, hash } = newLinkToken();
  await tx.insert(resetSignIns).values({
    tokenHash: hash,
    accountId,
    tokenVersion: account.tokenVersion,
    expiresAt: new Date(Date.now() + resetSignInMs),
  });
  return token;
}

/**
 * Takes a reset sign-in: its account, or null when unknown, used, expired, or the account's
 * sessions ended again since (its token version moved).
 */
export async function takeResetSignIn(db: Db, token: string): Promise<string | null> {
  const [ticket] = await db
    .delete(resetSignIns)
    .where(
      and(eq(resetSignIns.tokenHash, hashLinkToken(token)), gt(resetSignIns.expiresAt, sql`now()`)),
    )
    .returning();
  if (!ticket) return null;
  const [account] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.id, ticket.accountId), eq(accounts.tokenVersion, ticket.tokenVersion)));
  return account?.id ?? null;
}

/** Removes reset links and sign-ins past their time (the provider's periodic sweep). */
export async function deleteExpiredResets(db: Handle): Promise<void> {
  await db.delete(passwordResets).where(lt(passwordResets.expiresAt, sql`now()`));
  await db.delete(resetSignIns).where(lt(resetSignIns.expiresAt, sql`now()`));
}
