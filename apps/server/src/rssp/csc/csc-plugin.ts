import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '#infra/app-context';
import { createCallLimiter } from '#infra/call-limiter';
import { createClientRegistry, loadFileClients } from './csc-clients';
import { authorizeBudget, type CscOAuthDeps } from './csc-oauth';
import { cscRoutes } from './csc-routes';
import type { KeyContext } from '../custody';

/** What the CSC routes and the consent/admin calls share. */
export function createCscDeps(context: AppContext): CscOAuthDeps {
  const { config, database, users, callLimiter } = context;
  return {
    db: database.db,
    clients: createClientRegistry(database.db, loadFileClients(config)),
    users,
    publicUrl: config.publicUrl,
    tokenTtlSecs: config.CSC_TOKEN_TTL_SECS,
    callLimiter,
    authorizeLimiter: createCallLimiter(authorizeBudget),
    recentUsers: new Map(),
  };
}

/** The CSC API (registered at /csc): v2 and v1, served by the rSSP (docs/csc.md). */
export const cscPlugin: FastifyPluginAsync<{ context: AppContext }> = async (app, { context }) => {
  const ctx: KeyContext = {
    config: context.config,
    database: context.database,
    ring: context.keyRing,
    events: context.events,
    presence: context.presence,
  };
  await app.register(cscRoutes, { ctx, deps: createCscDeps(context) });
};
