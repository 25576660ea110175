import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '#infra/app-context';
import { authenticate } from '#infra/auth';
import { registerEventStream } from '#infra/event-stream';
import { chainRoutes } from './chain-routes';
import { documentRoutes } from './document-routes';
import { join } from 'node:path';
import { postgresBlobStore } from './document-store';
import { fileBlobStore } from './file-blob-store';

/** The rdss service's routes: its event stream, documents and signature chains (every call needs a bearer token). */
export const rdssPlugin: FastifyPluginAsync<{ context: AppContext }> = async (app, { context }) => {
  registerEventStream(app, context, 'rdss');
  // The embedded database keeps document bytes as files beside it; a server keeps them.
  const blobs = context.database.dataDir
    ? fileBlobStore(join(context.database.dataDir, 'documents'))
    : postgresBlobStore;
  await app.register(async (authenticated) => {
    authenticated.addHook('onRequest', authenticate(context));
    await authenticated.register(documentRoutes, {
      ctx: {
        database: context.database,
        blobs,
        maxUploadBytes: context.config.MAX_UPLOAD_DOCUMENT_BYTES,
      },
    });
    await authenticated.register(chainRoutes, { ctx: { ...context, blobs } });
  });
};
