import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '#infra/app-context';
import { authenticate } from '#infra/auth';
import { registerEventStream } from '#infra/event-stream';
import { chainRoutes } from './chain-routes';
import { documentRoutes } from './document-routes';
import { postgresBlobStore } from './document-store';

/** The rdss service's routes: its event stream, documents and signature chains (every call needs a bearer token). */
export const rdssPlugin: FastifyPluginAsync<{ context: AppContext }> = async (app, { context }) => {
  registerEventStream(app, context, 'rdss');
  await app.register(async (authenticated) => {
    authenticated.addHook('onRequest', authenticate(context));
    await authenticated.register(documentRoutes, {
      ctx: {
        database: context.database,
        blobs: postgresBlobStore,
        maxUploadBytes: context.config.MAX_UPLOAD_DOCUMENT_BYTES,
      },
    });
    await authenticated.register(chainRoutes, { ctx: context });
  });
};
