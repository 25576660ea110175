import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '#infra/database';
import { accounts } from './idp-schema';

export interface Account {
  id: string;
  email: string;
  givenName: string;
  familyName: string;
  passwordHash: string;
  createdAt: Date;
}

export interface NewAccount {
  email: string;
  givenName: string;
  familyName: string;
  passwordHash: string;
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

export async function findAccountById(db: Db, id: string): Promise<Account | null> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  const rows = await db.select().from(accounts).where(eq(accounts.id, id)).limit(1);
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

export async function updateAccountPassword(
  db: Db,
  id: string,
  passwordHash: string,
): Promise<void> {
  await db.update(accounts).set({ passwordHash }).where(eq(accounts.id, id));
}

export async function deleteAccount(db: Db, id: string): Promise<void> {
  await db.delete(accounts).where(eq(accounts.id, id));
}
