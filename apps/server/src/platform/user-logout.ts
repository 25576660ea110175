import type { EventStream } from '@signet/contracts/events';
import type { AppContext } from '#infra/app-context';
import { notFound } from '#infra/app-error';
import type { OnIdentityLoggedOut } from '#infra/auth-types';
import type { Db, Tx } from '#infra/database';
import * as store from './user-store';

/** What ending a user's sessions needs: the bus, and what the other services end with them. */
export type LogoutContext = Pick<AppContext, 'events' | 'onUserLoggedOut'>;

/**
 * Every session of the user ended: on `tx`, so all of it happens only if the change commits,
 * the other services end what lives on the session (the CSC tokens, decision 052) and LOGOUT goes
 * out on both streams. The bus is PostgreSQL NOTIFY: every instance hears it and ends that user's
 * open streams.
 */
export async function publishLogout(
  context: LogoutContext,
  userId: string,
  tx: Tx | Db,
): Promise<void> {
  await context.onUserLoggedOut(tx, userId);
  const streams: EventStream[] = ['rssp', 'rdss'];
  await context.events.publishAll(
    streams.map((stream) => ({ name: 'LOGOUT' as const, stream, userId, payload: {} })),
    tx,
  );
}

/** The sessions of a sign-in account ended: LOGOUT to the user linked to it, if there is one. */
export function createIdentityLogout(context: LogoutContext): OnIdentityLoggedOut {
  return async (tx, identity) => {
    const row = await store.findUserByIdentity(tx, identity.issuer, identity.subject);
    if (row) await publishLogout(context, row.id, tx);
  };
}

/**
 * An admin ends every session of a user: the embedded provider raises the account's token
 * version (its tokens answer 401 from then on) and LOGOUT closes the user's event streams and
 * signs the web app out, in one transaction. With an external issuer the issuer's own sessions
 * are the issuer's to end; Signet still closes the streams and signs its web app out.
 */
export async function endUserSessions(options: {
  context: Pick<AppContext, 'database' | 'onSessionsEnded'> & LogoutContext;
  id: string;
}): Promise<void> {
  const { context, id } = options;
  await context.database.db.transaction(async (tx) => {
    const row = await store.lockUser(tx, id);
    if (!row) throw notFound('User');
    const identity =
      row.idpIssuer !== null && row.idpSubject !== null
        ? { issuer: row.idpIssuer, subject: row.idpSubject }
        : null;
    await context.onSessionsEnded(tx, { id, identity });
    await publishLogout(context, id, tx);
  });
}
