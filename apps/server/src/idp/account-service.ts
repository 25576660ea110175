import type { Db } from '#infra/database';
import {
  deleteAccount,
  findAccountByEmail,
  insertAccount,
  updateAccountPassword,
  type Account,
} from './account-store';
import { dummyPasswordHash, hashPassword, verifyPassword } from './password-hash';

export const minPasswordLength = 8;
export const maxPasswordLength = 256;

/**
 * Checks e-mail and password. Unknown e-mails cost one scrypt too, so the answer time does not
 * tell whether an account exists.
 */
export async function authenticateAccount(
  db: Db,
  options: { email: string; password: string },
): Promise<Account | null> {
  const account = await findAccountByEmail(db, options.email);
  const ok = await verifyPassword(
    options.password,
    account?.passwordHash ?? (await dummyPasswordHash()),
  );
  return account && ok ? account : null;
}

/** Creates an account; null when the e-mail is taken. */
export async function registerAccount(
  db: Db,
  options: { email: string; givenName: string; familyName: string; password: string },
): Promise<Account | null> {
  if (await findAccountByEmail(db, options.email)) return null;
  return insertAccount(db, {
    email: options.email,
    givenName: options.givenName.trim(),
    familyName: options.familyName.trim(),
    passwordHash: await hashPassword(options.password),
  });
}

/** Replaces the password after checking the current one; false when e-mail or password is wrong. */
export async function changeAccountPassword(
  db: Db,
  options: { email: string; currentPassword: string; newPassword: string },
): Promise<boolean> {
  const account = await authenticateAccount(db, {
    email: options.email,
    password: options.currentPassword,
  });
  if (!account) return false;
  await updateAccountPassword(db, account.id, await hashPassword(options.newPassword));
  return true;
}

/** Deletes the account after checking its password; false when e-mail or password is wrong. */
export async function removeAccount(
  db: Db,
  options: { email: string; password: string },
): Promise<boolean> {
  const account = await authenticateAccount(db, options);
  if (!account) return false;
  await deleteAccount(db, account.id);
  return true;
}
