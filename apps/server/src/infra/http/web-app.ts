import { existsSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { type Config, serverDir } from '../config';

const apiPrefixes = ['/api/', '/rssp/', '/rdss/', '/oidc/', '/oidc'];

/** Vite names every file under assets/ by its content hash: a new build gets new names. */
export const immutableCacheControl = 'public, max-age=31536000, immutable';
/** index.html (and the unhashed files beside it) are checked with the server on every load. */
export const revalidateCacheControl = 'no-cache';

/** Cache-Control for a file of the built app at `filePath` under `root`. */
export function cacheControlFor(root: string, filePath: string): string {
  return filePath.startsWith(join(root, 'assets') + sep)
    ? immutableCacheControl
    : revalidateCacheControl;
}

/**
 * Serves the built single-page app, precompressed, hashed assets cached for a year and index.html
 * never; any non-API GET that is not a file gets index.html.
 */
export async function registerWebApp(app: FastifyInstance, config: Config): Promise<void> {
  const root = config.WEB_DIST_DIR
    ? resolve(config.WEB_DIST_DIR)
    : join(serverDir, '..', 'web', 'dist');
  if (!existsSync(resolve(root, 'index.html'))) {
    app.log.warn({ root }, 'web app not built; run `npm run build -w apps/web`');
    return;
  }
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    // The build writes file.br and file.gz beside each file; the client's Accept-Encoding picks.
    preCompressed: true,
    cacheControl: false,
    setHeaders: (response, filePath) =>
      response.setHeader('cache-control', cacheControlFor(root, filePath)),
  });
  app.get('/*', (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (apiPrefixes.some((p) => path === p || path.startsWith(p))) {
      return reply.callNotFound();
    }
    return reply.sendFile('index.html');
  });
}
