import type { FastifyServerOptions } from 'fastify';
import type { Config } from './config';

/** Paths pino blanks in every log line: tokens, passwords, key material never reach a log. */
export const redactedPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.keyPassword',
  '*.keyPuk',
  '*.newKeyPassword',
  '*.oldKeyPassword',
  '*.newKeyPuk',
  '*.oldKeyPuk',
  // rSSP key material and wrapped keys (never logged on purpose; blanked if ever passed).
  '*.pkcs8',
  '*.privateKey',
  '*.secretKey',
  '*.wrappedKey',
  '*.wrappedKeyPassword',
  '*.wrappedKeyPuk',
  '*.authorisation',
  '*.access_token',
  '*.id_token',
  '*.refresh_token',
  '*.token',
];

/**
 * The path a request is logged with: no query string (OIDC callbacks carry codes and tokens there),
 * and under /oidc no interaction or grant ids, which are the values of the sign-in cookies.
 */
export function loggedPath(url: string): string {
  const path = url.split('?')[0] ?? '';
  if (!path.startsWith('/oidc/')) return path;
  return path
    .split('/')
    .map((segment) => (/^[A-Za-z0-9_-]{16,}$/.test(segment) ? '[redacted]' : segment))
    .join('/');
}

export function loggerOptions(config: Pick<Config, 'LOG_LEVEL'>): FastifyServerOptions['logger'] {
  return {
    level: config.LOG_LEVEL,
    redact: { paths: redactedPaths, censor: '[redacted]' },
    serializers: {
      req: (req: { method: string; url: string; id: string }) => ({
        method: req.method,
        url: loggedPath(req.url),
        id: req.id,
      }),
    },
  };
}
