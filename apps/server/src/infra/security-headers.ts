import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from './config';

/**
 * Security headers and the content security policy: scripts only from Signet's origin; styles
 * inline because MUI (emotion) injects them; the identity provider may be another origin.
 */
export async function registerSecurityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  const issuerOrigin = new URL(config.oidcIssuer).origin;
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", issuerOrigin],
        frameSrc: ["'self'", issuerOrigin, 'blob:'],
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'", issuerOrigin],
        frameAncestors: ["'self'"],
      },
    },
    // The sign-in popup talks back to its opener.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    hsts: config.publicUrl.startsWith('https:'),
  });
}
