import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { emptyQuerySchema } from '@signet/contracts/common';
import { errorResponseSchema } from '@signet/contracts/errors';
import { z } from 'zod';
import { pmSignRequestSchema } from '@signet/contracts/quantum-demo';
import { signRequestSchema, signResultSchema } from '@signet/contracts/signatures';
import { createTimings } from '#infra/timings';
import { attachment } from '../downloads';
import { quantumDemoSign } from './quantum-demo';
import type { SignContext } from './sign-job';
import { signChains } from './sign-service';
import { zipStream } from '../documents';

const tags = ['signatures'];
const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  423: errorResponseSchema,
  503: errorResponseSchema,
};

/** D§7 `POST signatures/sign` and `POST signatures/pmSign` under `/rdss/v1`. */
export const signRoutes: FastifyPluginAsync<{ ctx: SignContext }> = async (instance, { ctx }) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/signatures/sign',
    {
      schema: {
        tags,
        description:
          'Signs one or several chains (signatures[].signatureId) with one credential and one ' +
          "authorisation; answers each chain's new revision. `Server-Timing` splits the time.",
        querystring: emptyQuerySchema,
        body: signRequestSchema,
        response: { 200: signResultSchema, ...errors },
      },
    },
    async (request, reply) => {
      const timings = createTimings();
      const result = await signChains({
        ctx,
        actor: request.authUser,
        input: request.body,
        clientAddress: request.ip,
        timings,
      });
      const unstamped = result.filter((item) => item.level === 'B-B');
      if (unstamped.length > 0) {
        // TSA_OPTIONAL let these be signed without a time-stamp: the operator should know.
        request.log.warn(
          { chains: unstamped.map((item) => item.signatureId) },
          'Signed without a time-stamp (PAdES B-B): the time-stamping authority failed',
        );
      }
      const incomplete = result.filter((item) => item.missingValidationData);
      if (incomplete.length > 0) {
        // Signed, but without all of the data that validates it offline later (B-LT).
        request.log.warn(
          {
            chains: incomplete.map((item) => ({
              id: item.signatureId,
              missing: item.missingValidationData,
            })),
          },
          'Signed without complete validation data',
        );
      }
      return reply.header('server-timing', timings.header()).send(result);
    },
  );

  app.post(
    '/signatures/pmSign',
    {
      schema: {
        tags,
        description:
          "The quantum-safe demo: signs the caller's own upload (origDocId) with their SLH-DSA " +
          '(sphincs+) signing credential and answers a zip of the signed PDF, the certificate ' +
          'chain (PEM) and a README on verifying it. The upload, once signed, is deleted unless ' +
          'a chain uses it; nothing else is stored.',
        querystring: emptyQuerySchema,
        body: pmSignRequestSchema,
        response: { 200: z.any().describe('application/zip'), ...errors },
      },
    },
    async (request, reply) => {
      const timings = createTimings();
      const result = await quantumDemoSign({
        ctx,
        actor: request.authUser,
        input: request.body,
        timings,
      });
      return reply
        .header('server-timing', timings.header())
        .header('cache-control', 'private, no-store')
        .type('application/zip')
        .header('content-disposition', attachment(result.zipName))
        .send(zipStream(result.entries));
    },
  );
};
