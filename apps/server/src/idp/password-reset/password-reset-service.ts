import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '#infra/config';
import type { Db } from '#infra/database';
import type { Mailer } from '#infra/mailer';
import {
  endAccountSessions,
  findAccountByEmail,
  updateAccountPassword,
  type SessionsEnded,
} from '../accounts';
import { passwordResetLink, passwordResetMail } from './password-reset-mail';
import { createPasswordReset, createResetSignIn, takePasswordReset } from './password-reset-store';
import { hashPassword } from '../security';

/**
 * Mails a reset link when the address has an account; nothing otherwise. The mail is sent
 * without waiting for it, so the answer takes as long either way and tells nobody whether the
 * address has an account; a mail that fails is logged.
 */
export async function requestPasswordReset(
  deps: { db: Db; mailer: Mailer; config: Pick<Config, 'oidcIssuer'>; log: FastifyBaseLogger },
  email: string,
): Promise<void> {
  const { db, mailer, config, log } = deps;
  const account = await findAccountByEmail(db, email);
  if (!account) return;
  const token = await createPasswordReset(db, account.id);
  log.info({ accountId: account.id }, 'idp password reset requested');
  void mailer
    .send(passwordResetMail(account.email, passwordResetLink(config.oidcIssuer, token)))
    .catch((error: unknown) => log.warn({ err: error }, 'idp: reset mail not sent'));
}

/**
 * Sets the new password by a reset link, in one transaction: the link is used up, every session
 * and token of the account ends (LOGOUT to its user, by `ended`), and the browser that did it gets
 * a one-use sign-in. Null when the link is unknown, used or expired (nothing changes then).
 */
export async function resetPassword(
  deps: { db: Db; ended: SessionsEnded },
  input: { token: string; newPassword: string },
): Promise<{ accountId: string; signIn: string } | null> {
  const passwordHash = await hashPassword(input.newPassword);
  return deps.db.transaction(async (tx) => {
    const accountId = await takePasswordReset(tx, input.token);
    if (!accountId) return null;
    await updateAccountPassword(tx, accountId, passwordHash);
    await endAccountSessions(tx, accountId);
    await deps.ended(tx, accountId);
    return { accountId, signIn: await createResetSignIn(tx, accountId) };
  });
}
