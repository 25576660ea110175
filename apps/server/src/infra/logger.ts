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

export function loggerOptions(config: Pick<Config, 'LOG_LEVEL'>): FastifyServerOptions['logger'] {
  return {
    level: config.LOG_LEVEL,
    redact: { paths: redactedPaths, censor: '[redacted]' },
    serializers: {
      // Query strings can carry codes and tokens (OIDC callbacks): log the path only.
      req: (req: { method: string; url: string; id: string }) => ({
        method: req.method,
        url: req.url.split('?')[0],
        id: req.id,
      }),
    },
  };
}
