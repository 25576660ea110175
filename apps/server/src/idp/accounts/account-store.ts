import { randomUUID } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import { builtQueries, statementName, type Db, type Tx } from '#infra/database';
import { hashLinkToken, newLinkToken } from '#infra/keys';
import { accounts, emailConfirmations, oidcPayloads } from '../store';

type Handle = Db | Tx;

export interface Account {
  id: string;
  email: string;
  givenName: string;
  familyName: string;
  passwordHash: string;
  /** Carried by every access token as `ver`; raising it invalidates them all. */
  tokenVersion: number;
  emailVerifiedAt: Date | null;
  createdAt: Date;
}

export interface NewAccount {
  email: string;
  givenName: string;
  familyName: string;
  passwordHash: string;
  /** Set for an address the operator configured (the first admin); others confirm by mail. */
  emailVerifiedAt?: Date;
}

/** Looks an account up by e-mail, ignoring case. */
export async function findAccountByEmail(db: Db, email: string): Promise<Account | null> {
  const rows = await db
    .select()
    .from(accounts)
    .where(sql`lower(${accounts.email}) = lower(${email.trim()})`)
    .limit(1);
  return rows[0] ?? null;
}

/** Every authenticated request reads its token's account: the query is built once. */
const accountById = builtQueries((db) =>
  db
    .select()
    .from(accounts)
    .where(eq(accounts.id, sql.placeholder('id')))
    .limit(1)
    .prepare(statementName('account_by_id')),
);

export async function findAccountById(db: Handle, id: string): Promise<Account | null> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  const rows = await accountById(db).execute({ id });
  return rows[0] ?? null;
}

/** Inserts an account; returns null when the e-mail is taken. */
export async function insertAccount(db: Db, account: NewAccount): Promise<Account | null> {
  const rows = await db
    .insert(accounts)
    .values({ id: randomUUID(), ...account, email: account.email.trim() })
    .onConflictDoNothing()
    .returning();
  return rows[0] ?? null;
}

/**
 * What else ends with an account's sessions, in the same transaction: LOGOUT to the user linked
 * to it (idp `session-end.ts`).
 */
export type SessionsEnded = (tx: Tx, accountId: string) => Promise<void>;

export async function updateAccountPassword(
  db: Handle,
  id: string,
  passwordHash: string,
): Promise<void> {
  await db.update(accounts).set({ passwordHash }).where(eq(accounts.id, id));
}

export async function deleteAccount(db: Db, id: string, ended?: SessionsEnded): Promise<void> {
  await db.transaction(async (tx) => {
    await endAccountSessions(tx, id);
    await ended?.(tx, id);
    await tx.delete(accounts).where(eq(accounts.id, id));
  });
}

/**
 * Ends every session, grant and token of an account: the provider's stored models go, and the
 * raised token version makes access tokens already handed out fail verification.
 */
export async function endAccountSessions(db: Handle, id: string): Promise<void> {
  await db
    .update(accounts)
    .set({ tokenVersion: sql`${accounts.tokenVersion} + 1` })
    .where(eq(accounts.id, id));
  await db.delete(oidcPayloads).where(sql`${oidcPayloads.payload} ->> 'accountId' = ${id}`);
}

const confirmationLifetimeMs = 7 * 24 * 60 * 60 * 1000;

/** When each of the account's unused confirmation links expires (their rate's record). */
export async function confirmationExpiries(db: Handle, accountId: string): Promise<Date[]> {
  const rows = await db
    .select({ expiresAt: emailConfirmations.expiresAt })
    .from(emailConfirmations)
    .where(eq(emailConfirmations.accountId, accountId));
  return rows.map((row) => row.expiresAt);
}

/** A new confirmation link token for the account's address (earlier ones stay valid). */
export async function createEmailConfirmation(db: Handle, accountId: string): Promise<string> {
  const { token, hash } = newLinkToken();
  await db.insert(emailConfirmations).values({
    tokenHash: hash,
    accountId,
    expiresAt: new Date(Date.now() + confirmationLifetimeMs),
  });
  return token;
}

/** Marks the address of the link's account verified; null for an unknown or expired link. */
export async function confirmEmail(db: Db, token: string): Promise<Account | null> {
  return db.transaction(async (tx) => {
    const [link] = await tx
      .delete(emailConfirmations)
      .where(
        and(
          eq(emailConfirmations.tokenHash, hashLinkToken(token)),
          gt(emailConfirmations.expiresAt, sql`now()`),
        ),
      )
      .returning();
    if (!link) return null;
    const [account] = await tx
      .update(accounts)
      .set({ emailVerifiedAt: sql`coalesce(${accounts.emailVerifiedAt}, now())` })
      .where(eq(accounts.id, link.accountId))
      .returning();
    return account ?? null;
  });
}
