import type { AppContext } from '#infra/app-context';
import type { SessionsEnded } from './account-store';

/**
 * LOGOUT to the user of an embedded account whose sessions just ended (password change or
 * reset, deletion, sign-out): the platform finds the user linked to the account and publishes
 * on the caller's transaction, so every instance closes that user's event streams on commit.
 */
export function logoutAccount(
  context: Pick<AppContext, 'config' | 'logoutIdentity'>,
): SessionsEnded {
  return (tx, accountId) =>
    context.logoutIdentity(tx, { issuer: context.config.oidcIssuer, subject: accountId });
}
