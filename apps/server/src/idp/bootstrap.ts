import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '#infra/app-context';

/**
 * First start: creates the first admin's sign-in account (ADMIN_EMAIL / ADMIN_PASSWORD, or a
 * generated password printed once to the console).
 */
export async function bootstrapIdp(_context: AppContext, _log: FastifyBaseLogger): Promise<void> {}
