import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '#infra/app-context';
import { authenticate, registerEventStream } from '#infra/http';
import { createCaRevocation, caRoutes } from './ca';
import { credentialRoutes } from './credentials';
import { cscAdminRoutes, createCscDeps } from './csc';
import { deviceRoutes } from './devices';
import { createRsspContext } from './create-rssp-context';
import { settleAbandonedAttempts } from './custody';
import { tsaRoutes } from './tsa';

/** How often attempts of server processes that died are settled (besides at start and on demand). */
const settleEveryMs = 60_000;

/** The rssp service's routes. */
export const rsspPlugin: FastifyPluginAsync<{ context: AppContext }> = async (app, { context }) => {
  registerEventStream(app, context, 'rssp');
  const ctx = await createRsspContext(context);
  // A key password or PUK cut off by a crash is not a wrong attempt (decision 024): attempts of
  // processes whose presence lock is gone are settled now and then, and on demand when they hold
  // a credential's last places (secret-attempts.ts).
  const settle = async () => {
    const settled = await settleAbandonedAttempts(context.database.db);
    if (settled > 0) {
      app.log.info({ settled }, 'Key attempts of stopped server processes settled as not wrong');
    }
  };
  await settle();
  const timer = setInterval(() => {
    settle().catch((error: unknown) => app.log.warn({ err: error }, 'Settling attempts failed'));
  }, settleEveryMs);
  timer.unref();
  app.addHook('onClose', () => clearInterval(timer));
  await app.register(tsaRoutes, { context });
  await app.register(caRoutes, {
    ctx,
    revocation: createCaRevocation({ database: context.database, ring: context.keyRing }),
  });
  await app.register(deviceRoutes, { ctx, context });
  await app.register(async (authed) => {
    authed.addHook('onRequest', authenticate(context));
    await authed.register(credentialRoutes, { ctx });
    await authed.register(cscAdminRoutes, { deps: createCscDeps(context) });
  });
};
