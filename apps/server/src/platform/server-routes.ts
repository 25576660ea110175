import { sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { emptyQuerySchema } from '@signet/contracts/common';
import { errorResponseSchema } from '@signet/contracts/errors';
import {
  countriesParamsSchema,
  countriesSchema,
  currentTimeSchema,
  pingSchema,
  readySchema,
  remoteConfigSchema,
  serverVersionSchema,
} from '@signet/contracts/server';
import type { AppContext } from '#infra/app-context';
import { AppError } from '#infra/app-error';
import { listCountries } from './countries';
import { buildRemoteConfig } from './remote-config';
import { buildServerVersion, readVersionStringShort } from './version-info';

const tags = ['server'];
const readyTimeoutMs = 2_000;

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Spec platform §7 `server/*`: public calls without a token. `server/metrics` is public too, like
 * most Prometheus endpoints: it holds request counts per route and process figures, no user data;
 * keep it off the public internet with the reverse proxy when that matters.
 */
export const serverRoutes: FastifyPluginAsync<{ context: AppContext }> = async (
  instance,
  { context },
) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const version = buildServerVersion(readVersionStringShort());
  const remoteConfig = buildRemoteConfig(context.config);
  const countries = { EN: listCountries('EN'), HU: listCountries('HU') };

  app.get(
    '/server/ping',
    {
      schema: { tags, security: [], querystring: emptyQuerySchema, response: { 200: pingSchema } },
    },
    async () => ({ status: 'ok' as const }),
  );

  // Readiness for a load balancer or orchestrator: unlike ping, it touches the database.
  app.get(
    '/server/ready',
    {
      schema: {
        tags,
        security: [],
        querystring: emptyQuerySchema,
        response: { 200: readySchema, 503: errorResponseSchema },
      },
    },
    async () => {
      try {
        await withTimeout(context.database.db.execute(sql`select 1`), readyTimeoutMs);
      } catch (error) {
        throw new AppError('SERVICE_UNAVAILABLE', 'The database does not answer', undefined, {
          cause: error,
        });
      }
      if (!context.events.isListening()) {
        throw new AppError('SERVICE_UNAVAILABLE', 'The event bus is reconnecting to the database');
      }
      return { status: 'ready' as const, database: 'up' as const, events: 'up' as const };
    },
  );

  app.get(
    '/server/currentTime',
    {
      schema: {
        tags,
        security: [],
        querystring: emptyQuerySchema,
        response: { 200: currentTimeSchema },
      },
    },
    async () => ({ currentTime: new Date().toISOString() }),
  );

  app.get(
    '/server/version',
    {
      schema: {
        tags,
        security: [],
        querystring: emptyQuerySchema,
        response: { 200: serverVersionSchema },
      },
    },
    async () => version,
  );

  app.get(
    '/server/config',
    {
      schema: {
        tags,
        security: [],
        querystring: emptyQuerySchema,
        response: { 200: remoteConfigSchema },
      },
    },
    async () => remoteConfig,
  );

  app.get(
    '/server/countries/:locale',
    {
      schema: {
        tags,
        security: [],
        params: countriesParamsSchema,
        querystring: emptyQuerySchema,
        response: { 200: countriesSchema },
      },
    },
    async (request) => countries[request.params.locale.toUpperCase() as 'EN' | 'HU'],
  );

  app.get(
    '/server/metrics',
    {
      schema: {
        tags,
        security: [],
        description:
          'Prometheus text exposition format. Unauthenticated (as scrapers expect): process figures and request counts per route, no user data.',
        querystring: emptyQuerySchema,
        response: { 200: z.string() },
      },
    },
    async (_request, reply) => {
      const text = await instance.metrics.metrics();
      return reply.type(instance.metrics.contentType).send(text);
    },
  );
};
