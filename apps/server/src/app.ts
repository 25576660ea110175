import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { randomUUID } from 'node:crypto';
import type { AppContext } from '#infra/app-context';
import {
  readTlsFiles,
  registerErrorHandler,
  registerNulGuard,
  registerSecurityHeaders,
  registerWebApp,
  withTls,
} from '#infra/http';
import { loggerOptions } from '#infra/logger';
import { monitorEventBus, registerMetrics } from '#infra/metrics';
import { platformPlugin, providerProxyRoutes } from '#platform/public';
import { cscPlugin, rsspPlugin } from '#rssp/public';
import { callbackDocs, rdssPlugin } from '#rdss/public';
import { idpPlugin } from '#idp/public';

export interface BuildAppOptions {
  context: AppContext;
  /** Serve the built web app (off in API tests). */
  serveWebApp?: boolean;
  /** Pino options; false silences logs (tests). */
  logger?: boolean;
  /** Where log lines go instead of stdout (tests that check what reaches the log). */
  logStream?: NodeJS.WritableStream;
}

/**
 * Builds Signet as one Fastify instance hosting the three services (and the embedded identity
 * provider when no external issuer is configured). `server.ts` listens; tests call `inject`.
 */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { context } = options;
  const { config } = context;
  const serverOptions: FastifyServerOptions = {
    logger:
      options.logger === false ? false : withLogStream(loggerOptions(config), options.logStream),
    bodyLimit: config.BODY_LIMIT_BYTES,
    genReqId: () => randomUUID(),
    // Anyone can send X-Forwarded-For; only the proxies named in TRUST_PROXY are believed.
    trustProxy: config.trustedProxies.length > 0 ? config.trustedProxies : false,
    // A slow or stalled client cannot hold a connection forever. Event streams are unaffected:
    // these bound receiving the request, not how long the response runs.
    requestTimeout: config.HTTP_REQUEST_TIMEOUT_SECONDS * 1000,
    keepAliveTimeout: config.HTTP_KEEP_ALIVE_TIMEOUT_SECONDS * 1000,
  };
  // TLS_CERT_FILE and TLS_KEY_FILE: HTTPS, HTTP/2 with HTTP/1.1 fallback (decision 055).
  const tls = await readTlsFiles(config);
  const app = Fastify(
    tls ? withTls(serverOptions, tls, config) : serverOptions,
  ).withTypeProvider<ZodTypeProvider>();
  app.server.headersTimeout =
    Math.min(config.HTTP_HEADERS_TIMEOUT_SECONDS, config.HTTP_REQUEST_TIMEOUT_SECONDS) * 1000;
  // Fastify sets these on an HTTP/1.1 server only; an HTTP/2 one applies them to its HTTP/1.1
  // connections.
  app.server.requestTimeout = config.HTTP_REQUEST_TIMEOUT_SECONDS * 1000;
  app.server.keepAliveTimeout = config.HTTP_KEEP_ALIVE_TIMEOUT_SECONDS * 1000;
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerNulGuard(app);
  registerMetrics(app);
  monitorEventBus(app, context.events);
  registerSecurityHeaders(app, config);

  await app.register(swagger, {
    openapi: {
      info: { title: 'Signet API', version: '1.0.0', description: callbackDocs },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  await app.register(platformPlugin, { prefix: '/api/v1', context });
  await app.register(rsspPlugin, { prefix: '/rssp/v1', context });
  await app.register(cscPlugin, { prefix: '/csc', context });
  await app.register(rdssPlugin, { prefix: '/rdss/v1', context });
  // P§7: the extproviders proxy lives under the rDSS's API URL; the platform holds the providers.
  await app.register(providerProxyRoutes, { prefix: '/rdss/v1/extproviders', context });
  if (config.embeddedIdp) await app.register(idpPlugin, { prefix: '/oidc', context });
  if (options.serveWebApp ?? true) await registerWebApp(app, config);
  return app;
}

function withLogStream(
  logger: FastifyServerOptions['logger'],
  stream: NodeJS.WritableStream | undefined,
): FastifyServerOptions['logger'] {
  return stream && typeof logger === 'object' ? { ...logger, stream } : logger;
}
