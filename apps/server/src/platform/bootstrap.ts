import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '#infra/app-context';
import { countUsers, insertUser } from './user-store';

/**
 * First start: creates the first admin's user row from ADMIN_EMAIL when there are no users. The
 * row is linked to its sign-in account on the admin's first request (see user-directory.ts).
 */
export async function bootstrapPlatform(
  context: AppContext,
  log: FastifyBaseLogger,
): Promise<void> {
  const db = context.database.db;
  if ((await countUsers(db)) > 0) return;
  const email = context.config.ADMIN_EMAIL;
  const row = await insertUser(db, {
    email,
    roles: ['admin', 'creator', 'signer', 'approver'],
    status: 'ENABLED',
    locale: 'EN',
    verified: false,
    verificationMandatory: false,
  });
  if (row) log.info({ email }, 'created the first admin user');
}
