import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { emptyQuerySchema } from '@signet/contracts/common';
import { errorResponseSchema } from '@signet/contracts/errors';
import type { AppContext } from '#infra/app-context';
import { AppError } from '#infra/app-error';
import { createCallLimiter } from '#infra/call-limiter';
import { createEmbeddedTsa } from './tsa-service';

/** Largest TimeStampReq read: a SHA-512 imprint, a nonce and a policy take about 120 bytes. */
export const maxTimestampQueryBytes = 8 * 1024;

const queryType = 'application/timestamp-query';

/**
 * The embedded time-stamping authority over HTTP (RFC 3161 §3.4): `POST tsa` takes a DER
 * TimeStampReq (`application/timestamp-query`) and answers a TimeStampResp
 * (`application/timestamp-reply`), granted or refused with its reason; `GET tsa/certificate` is
 * the TSA's certificate chain (PEM) for verifiers such as `openssl ts -verify`. Public like any
 * TSA, so calls are bounded per client address (API_CALLS_PER_SECOND).
 */
export const tsaRoutes: FastifyPluginAsync<{
  context: Pick<AppContext, 'config' | 'database' | 'keyRing'>;
}> = async (instance, { context }) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const tsa = createEmbeddedTsa({
    database: context.database,
    ring: context.keyRing,
    config: context.config,
  });
  const rate = context.config.API_CALLS_PER_SECOND;
  const limiter = createCallLimiter({ rate, burst: rate * 4 });
  app.addContentTypeParser(queryType, { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );

  app.post(
    '/tsa',
    {
      bodyLimit: maxTimestampQueryBytes,
      schema: {
        tags: ['time-stamping'],
        security: [],
        description:
          'RFC 3161 time-stamping: a DER TimeStampReq (application/timestamp-query) in, a DER ' +
          'TimeStampResp (application/timestamp-reply) out. SHA-256/384/512 imprints; certReq ' +
          "includes the TSA's chain.",
        querystring: emptyQuerySchema,
        response: {
          200: z.any().describe('application/timestamp-reply: a DER TimeStampResp'),
          400: errorResponseSchema,
          413: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const wait = limiter.take(`tsa|${request.ip}`);
      if (wait !== null) {
        throw new AppError('TOO_MANY_REQUESTS', 'Too many time-stamp requests', undefined, {
          retryAfterSeconds: wait,
        });
      }
      if (!Buffer.isBuffer(request.body)) {
        throw new AppError('BAD_REQUEST', `Send a DER TimeStampReq as ${queryType}`);
      }
      const answer = await tsa.respond(request.body);
      return reply.header('content-type', 'application/timestamp-reply').send(answer);
    },
  );

  app.get(
    '/tsa/certificate',
    {
      schema: {
        tags: ['time-stamping'],
        security: [],
        querystring: emptyQuerySchema,
        response: { 200: z.string().describe("The TSA's certificate chain, PEM") },
      },
    },
    async (_request, reply) =>
      reply
        .header('content-type', 'application/x-pem-file; charset=utf-8')
        .header('content-disposition', 'attachment; filename="signet-tsa.pem"')
        .send(await tsa.chainPem()),
  );
};
