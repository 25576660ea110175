import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '#infra/app-context';
import { registerEventStream } from '#infra/http';
import { credentialRefRoutes } from './credential-ref-routes';
import { serverRoutes } from './server-routes';
import { userRoutes } from './user-routes';

/** The platform service's routes (under /api/v1). */
export const platformPlugin: FastifyPluginAsync<{ context: AppContext }> = async (
  instance,
  { context },
) => {
  // Bodies are JSON only: anything else is refused (415) instead of reaching a schema as text.
  instance.removeContentTypeParser('text/plain');
  await instance.register(serverRoutes, { context });
  await instance.register(userRoutes, { context });
  await instance.register(credentialRefRoutes, { context });
  // The web app's one stream for both services, shared by a browser's tabs (decision 055); the
  // services' own streams stay for other clients.
  registerEventStream(instance, context, ['rssp', 'rdss']);
};
