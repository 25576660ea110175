import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '#infra/config';
import type { Db } from '#infra/database';
import type { Mail, Mailer } from '#infra/mailer';
import { alreadyRegisteredMail, confirmationLink, confirmationMail } from './account-mail';
import { idpAccountUrls } from './account-urls';
import {
  createEmailConfirmation,
  deleteAccount,
  endAccountSessions,
  findAccountByEmail,
  insertAccount,
  updateAccountPassword,
  type Account,
  type SessionsEnded,
} from './account-store';
import { dummyPasswordHash, hashPassword, verifyPassword } from './password-hash';

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
  options: {
    email: string;
    givenName: string;
    familyName: string;
    password: string;
    /** The operator vouches for the address (the first admin's); others confirm it by mail. */
    emailVerified?: boolean;
  },
): Promise<Account | null> {
  if (await findAccountByEmail(db, options.email)) return null;
  return insertAccount(db, {
    email: options.email,
    givenName: options.givenName.trim(),
    familyName: options.familyName.trim(),
    passwordHash: await hashPassword(options.password),
    ...(options.emailVerified ? { emailVerifiedAt: new Date() } : {}),
  });
}

/**
 * Registration as the forms run it. A new account is mailed its confirmation link; a taken
 * address is mailed a note for its owner and the caller answers as for a new one, so the form
 * never tells whether an address has an account. A mail that fails is logged: the account stands
 * either way (an unconfirmed account simply holds nothing an admin prepared).
 */
export async function signUp(
  deps: {
    db: Db;
    mailer: Mailer;
    config: Pick<Config, 'embeddedIdp' | 'oidcIssuer' | 'publicUrl'>;
    log: FastifyBaseLogger;
  },
  input: { email: string; givenName: string; familyName: string; password: string },
): Promise<Account | null> {
  const { db, mailer, config, log } = deps;
  const send = (mail: Mail) =>
    mailer.send(mail).catch((error: unknown) => log.warn({ err: error }, 'idp: mail not sent'));
  const account = await registerAccount(db, input);
  if (!account) {
    const { changePasswordURL } = idpAccountUrls(config);
    await send(alreadyRegisteredMail(input.email, `${config.publicUrl}/`, changePasswordURL));
    return null;
  }
  const token = await createEmailConfirmation(db, account.id);
  await send(confirmationMail(account.email, confirmationLink(config.oidcIssuer, token)));
  return account;
}

/** Replaces the password after checking the current one; false when e-mail or password is wrong. */
export async function changeAccountPassword(
  db: Db,
  options: { email: string; currentPassword: string; newPassword: string },
  ended?: SessionsEnded,
): Promise<boolean> {
  const account = await authenticateAccount(db, {
    email: options.email,
    password: options.currentPassword,
  });
  if (!account) return false;
  const passwordHash = await hashPassword(options.newPassword);
  await db.transaction(async (tx) => {
    await updateAccountPassword(tx, account.id, passwordHash);
    // Whoever knew the old password may hold a session: every one of them ends.
    await endAccountSessions(tx, account.id);
    await ended?.(tx, account.id);
  });
  return true;
}

/** Deletes the account after checking its password; false when e-mail or password is wrong. */
export async function removeAccount(
  db: Db,
  options: { email: string; password: string },
  ended?: SessionsEnded,
): Promise<boolean> {
  const account = await authenticateAccount(db, options);
  if (!account) return false;
  await deleteAccount(db, account.id, ended);
  return true;
}
