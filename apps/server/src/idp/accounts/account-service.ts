import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '#infra/config';
import type { Db } from '#infra/database';
import { sql } from 'drizzle-orm';
import { AppError } from '#infra/app-error';
import { sendOrUnavailable, type Mail, type Mailer } from '#infra/mailer';
import {
  alreadyRegisteredMail,
  confirmationDays,
  confirmationLink,
  confirmationMail,
} from './account-mail';
import { idpAccountUrls } from './account-urls';
import {
  confirmationExpiries,
  createEmailConfirmation,
  deleteAccount,
  endAccountSessions,
  findAccountByEmail,
  findAccountById,
  insertAccount,
  updateAccountPassword,
  type Account,
  type SessionsEnded,
} from './account-store';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../security';
import { keepPendingRegistration, takeoverLink, takeoverMail } from './address-takeover';

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
    /** The password, or its hash when the caller made it already (`signUp`). */
    password: string | { hash: string };
    /** The operator vouches for the address (the first admin's); others confirm it by mail. */
    emailVerified?: boolean;
  },
): Promise<Account | null> {
  if (await findAccountByEmail(db, options.email)) return null;
  const { password } = options;
  return insertAccount(db, {
    email: options.email,
    givenName: options.givenName.trim(),
    familyName: options.familyName.trim(),
    passwordHash: typeof password === 'string' ? await hashPassword(password) : password.hash,
    ...(options.emailVerified ? { emailVerifiedAt: new Date() } : {}),
  });
}

/**
 * Registration as the forms run it. A new account is mailed its confirmation link; a taken
 * address is mailed a note for its owner and the caller answers as for a new one, so the form
 * never tells whether an address has an account. An address held by an account that never
 * confirmed it is mailed a takeover link instead (address-takeover.ts): the registration waits
 * for it. The password is hashed on every path, so the time of the answer does not tell either.
 * A mail that fails is logged: the account stands either way (an unconfirmed account simply
 * holds nothing addressed to it).
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
  // Hashed on every path, a taken address too: the answer's time must not tell them apart.
  const passwordHash = await hashPassword(input.password);
  const holder = await findAccountByEmail(db, input.email);
  if (holder && !holder.emailVerifiedAt) {
    // The holder never proved the address: the mailbox's reader may take it back.
    const token = await keepPendingRegistration(db, {
      email: input.email,
      givenName: input.givenName.trim(),
      familyName: input.familyName.trim(),
      passwordHash,
    });
    await send(takeoverMail(input.email, takeoverLink(config.oidcIssuer, token)));
    return null;
  }
  const account = holder
    ? null
    : await registerAccount(db, { ...input, password: { hash: passwordHash } });
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

/** Confirmation links an account may ask for again: one a minute, a few an hour. */
export const confirmationResends = { minIntervalMs: 60_000, perHour: 5 };

/**
 * Mails the account its confirmation link again (the app's "send the link again"). The links
 * already sent are the rate's record: each lives `confirmationDays` from when it was made.
 * Throws TOO_MANY_REQUESTS with the seconds to wait; an unknown or confirmed account gets
 * INVALID_REQUEST.
 */
export async function resendEmailConfirmation(
  deps: { db: Db; mailer: Mailer; config: Pick<Config, 'oidcIssuer'> },
  accountId: string,
  now = Date.now(),
): Promise<void> {
  const { db, mailer, config } = deps;
  const token = await db.transaction(async (tx) => {
    // One resend per account at a time, across instances.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`resend|${accountId}`}))`);
    const account = await findAccountById(tx, accountId);
    if (!account || account.emailVerifiedAt) {
      throw new AppError('INVALID_REQUEST', 'Your e-mail address is already confirmed');
    }
    const lifetimeMs = confirmationDays * 24 * 60 * 60 * 1000;
    const made = (await confirmationExpiries(tx, accountId))
      .map((expiresAt) => expiresAt.getTime() - lifetimeMs)
      .filter((at) => at > now - 3_600_000)
      .sort((a, b) => b - a);
    const last = made[0];
    const wait = Math.max(
      last === undefined ? 0 : last + confirmationResends.minIntervalMs - now,
      made.length >= confirmationResends.perHour
        ? (made[confirmationResends.perHour - 1] ?? now) + 3_600_000 - now
        : 0,
    );
    if (wait > 0) {
      throw new AppError(
        'TOO_MANY_REQUESTS',
        'A confirmation link was sent a moment ago: wait before asking for another',
        undefined,
        { retryAfterSeconds: Math.ceil(wait / 1000) },
      );
    }
    return { email: account.email, token: await createEmailConfirmation(tx, accountId) };
  });
  await sendOrUnavailable(
    mailer,
    confirmationMail(token.email, confirmationLink(config.oidcIssuer, token.token)),
  );
}
