import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { Config } from './config';

const apiPrefixes = ['/api/', '/rssp/', '/rdss/', '/oidc/', '/oidc'];

/** Serves the built single-page app; any non-API GET that is not a file gets index.html. */
export async function registerWebApp(app: FastifyInstance, config: Config): Promise<void> {
  const root = config.WEB_DIST_DIR
    ? resolve(config.WEB_DIST_DIR)
    : fileURLToPath(new URL('../../../web/dist', import.meta.url));
  if (!existsSync(resolve(root, 'index.html'))) {
    app.log.warn({ root }, 'web app not built; run `npm run build -w apps/web`');
    return;
  }
  await app.register(fastifyStatic, { root, wildcard: false, index: false });
  app.get('/*', (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (apiPrefixes.some((p) => path === p || path.startsWith(p))) {
      return reply.callNotFound();
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
