import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '#infra/app-context';
import { authenticate } from '#infra/auth';
import { registerEventStream } from '#infra/event-stream';
import { caRoutes } from './ca-routes';
import { credentialRoutes } from './credential-routes';
import { deviceRoutes } from './device-routes';
import { createRsspContext } from './rssp-context';

/** The rssp service's routes. */
export const rsspPlugin: FastifyPluginAsync<{ context: AppContext }> = async (app, { context }) => {
  registerEventStream(app, context, 'rssp');
  const ctx = await createRsspContext(context);
  await app.register(caRoutes, { ctx });
  await app.register(deviceRoutes, { ctx, context });
  await app.register(async (authed) => {
    authed.addHook('onRequest', authenticate(context));
    await authed.register(credentialRoutes, { ctx });
  });
};
