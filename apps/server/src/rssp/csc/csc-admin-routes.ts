import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { emptyQuerySchema } from '@signet/contracts/common';
import {
  createCscClientSchema,
  createdCscClientSchema,
  cscClientListSchema,
  cscClientParamsSchema,
  cscConsentDecisionSchema,
  cscConsentParamsSchema,
  cscConsentRequestSchema,
  cscConsentResultSchema,
} from '@signet/contracts/csc';
import { errorResponseSchema } from '@signet/contracts/errors';
import { AppError } from '#infra/app-error';
import { requireRole } from '#infra/http';
import { clientView } from './csc-clients';
import { CscError } from './csc-errors';
import { consentRequest, decideConsent, type CscOAuthDeps } from './csc-oauth';

const tags = ['csc clients'];
const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};

/** A CSC error of the consent calls in the catalogue's shape (these are Signet's own calls). */
async function catalogued<T>(task: () => Promise<T>): Promise<T> {
  try {
    return await task();
  } catch (error) {
    if (error instanceof CscError) {
      throw new AppError(error.status === 404 ? 'NOT_FOUND' : 'INVALID_REQUEST', error.message);
    }
    throw error;
  }
}

/**
 * Behind `authenticate` (/rssp/v1): the consent page's calls for the signed-in user, and the
 * admin's registry of CSC clients (docs/csc.md).
 */
export const cscAdminRoutes: FastifyPluginAsync<{ deps: CscOAuthDeps }> = async (
  instance,
  { deps },
) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/csc/consent/:requestId',
    {
      schema: {
        tags,
        params: cscConsentParamsSchema,
        querystring: emptyQuerySchema,
        response: { 200: cscConsentRequestSchema, ...errors },
      },
    },
    async (request) =>
      catalogued(() => consentRequest(deps, request.params.requestId, request.authUser.id)),
  );
  app.post(
    '/csc/consent/:requestId',
    {
      schema: {
        tags,
        params: cscConsentParamsSchema,
        body: cscConsentDecisionSchema,
        response: { 200: cscConsentResultSchema, ...errors },
      },
    },
    async (request) => ({
      redirectTo: await catalogued(() =>
        decideConsent(
          deps,
          request.params.requestId,
          request.authUser.id,
          request.body.allow,
          request.body.silent ?? false,
        ),
      ),
    }),
  );

  await app.register(async (admin) => {
    admin.addHook('onRequest', requireRole('admin'));
    const a = admin.withTypeProvider<ZodTypeProvider>();
    a.get(
      '/csc/clients',
      {
        schema: {
          tags,
          querystring: emptyQuerySchema,
          response: { 200: cscClientListSchema, ...errors },
        },
      },
      async () => ({ clients: (await deps.clients.list()).map(clientView) }),
    );
    a.post(
      '/csc/clients',
      {
        schema: {
          tags,
          body: createCscClientSchema,
          response: { 201: createdCscClientSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { client, clientSecret } = await deps.clients.register(request.body);
        return reply.status(201).send({ client: clientView(client), clientSecret });
      },
    );
    a.delete(
      '/csc/clients/:clientId',
      {
        schema: {
          tags,
          params: cscClientParamsSchema,
          response: { 204: z.null().describe('Deleted'), ...errors },
        },
      },
      async (request, reply) => {
        await deps.clients.remove(request.params.clientId);
        return reply.status(204).send(null);
      },
    );
  });
};
