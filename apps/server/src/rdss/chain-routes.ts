import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { emptyQuerySchema } from '@signet/contracts/common';
import {
  chainDecisionSchema,
  chainInvitationSchema,
  chainIdParamsSchema,
  chainPageSchema,
  chainSchema,
  createChainSchema,
  ownChainListQuerySchema,
} from '@signet/contracts/chains';
import { errorResponseSchema } from '@signet/contracts/errors';
import * as chains from './chain-service';

const tags = ['signature chains'];
const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};

/** D§7 chain calls under `/rdss/v1` (the rest of D§7 follows with the signing issue). */
export const chainRoutes: FastifyPluginAsync<{ ctx: chains.ChainContext }> = async (
  instance,
  { ctx },
) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/signatureChains',
    {
      schema: {
        tags,
        querystring: emptyQuerySchema,
        body: createChainSchema,
        response: { 201: chainSchema, ...errors },
      },
    },
    async (request, reply) => {
      const chain = await chains.createChain({ ctx, actor: request.authUser, input: request.body });
      return reply.status(201).send(chain);
    },
  );

  app.post(
    '/signatureChains/invitation',
    {
      schema: {
        tags,
        description: 'Takes up the chain entry of a mailed invitation (the token after #)',
        querystring: emptyQuerySchema,
        body: chainInvitationSchema,
        response: { 200: chainSchema, ...errors },
      },
    },
    async (request) =>
      chains.acceptChainInvitation({ ctx, actor: request.authUser, token: request.body.token }),
  );

  app.get(
    '/signatureChains/self',
    {
      schema: {
        tags,
        querystring: ownChainListQuerySchema,
        response: { 200: chainPageSchema, ...errors },
      },
    },
    async (request) => chains.listOwnChains({ ctx, actor: request.authUser, query: request.query }),
  );

  app.get(
    '/signatureChains/:id',
    {
      schema: {
        tags,
        params: chainIdParamsSchema,
        querystring: emptyQuerySchema,
        response: { 200: chainSchema, ...errors },
      },
    },
    async (request) => chains.getChain({ ctx, actor: request.authUser, id: request.params.id }),
  );

  app.put(
    '/signatureChains/withdraw/:id',
    {
      schema: {
        tags,
        params: chainIdParamsSchema,
        querystring: emptyQuerySchema,
        response: { 200: chainSchema, ...errors },
      },
    },
    async (request) =>
      chains.withdrawChain({ ctx, actor: request.authUser, id: request.params.id }),
  );

  app.delete(
    '/signatureChains/soft/:id',
    {
      schema: {
        tags,
        params: chainIdParamsSchema,
        querystring: emptyQuerySchema,
        response: { 204: z.null().describe('Moved to the recycle bin'), ...errors },
      },
    },
    async (request, reply) => {
      await chains.softDeleteChain({ ctx, actor: request.authUser, id: request.params.id });
      return reply.status(204).send(null);
    },
  );

  for (const [action, decide] of [
    ['decline', chains.declineChain],
    ['approve', chains.approveChain],
  ] as const) {
    app.post(
      `/signatures/:id/${action}`,
      {
        schema: {
          tags,
          description: `The caller's entry (currentSignatureId) of chain {id}: ${action}`,
          params: chainIdParamsSchema,
          querystring: emptyQuerySchema,
          body: chainDecisionSchema,
          response: { 200: chainSchema, ...errors },
        },
      },
      async (request) =>
        decide({ ctx, actor: request.authUser, id: request.params.id, decision: request.body }),
    );
  }
};
