import type { EventStream } from '@signet/contracts/events';
import type { AppContext } from '#infra/app-context';
import { notFound } from '#infra/app-error';
import type { OnIdentityLoggedOut } from '#infra/auth-types';
import type { Db, Tx, EventBus } from '#infra/database';
import * as store from './user-store';

/**
 * LOGOUT on both streams, on `tx` so it goes out only if the change commits. The bus is
 * PostgreSQL NOTIFY: every instance hears it and ends that user's open streams.
 */
export async function publishLogout(events: EventBus, userId: string, tx: Tx | Db): Promise<void> {
  const streams: EventStream[] = ['rssp', 'rdss'];
  await events.publishAll(
    streams.map((stream) => ({ name: 'LOGOUT' as const, stream, userId, payload: {} })),
    tx,
  );
}

/** The sessions of a sign-in account ended: LOGOUT to the user linked to it, if there is one. */
export function createIdentityLogout(events: EventBus): OnIdentityLoggedOut {
  return async (tx, identity) => {
    const row = await store.findUserByIdentity(tx, identity.issuer, identity.subject);
    if (row) await publishLogout(events, row.id, tx);
  };
}

/**
 * An admin ends every session of a user: the embedded provider raises the account's token
 * version (its tokens answer 401 from then on) and LOGOUT closes the user's event streams and
 * signs the web app out, in one transaction. With an external issuer the issuer's own sessions
 * are the issuer's to end; Signet still closes the streams and signs its web app out.
 */
export async function endUserSessions(options: {
  context: Pick<AppContext, 'database' | 'events' | 'onSessionsEnded'>;
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
    await publishLogout(context.events, id, tx);
  });
}
