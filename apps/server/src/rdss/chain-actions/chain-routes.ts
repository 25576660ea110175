import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { emptyQuerySchema } from '@signet/contracts/common';
import {
  adminChainListQuerySchema,
  chainDecisionSchema,
  chainInvitationSchema,
  chainIdParamsSchema,
  withdrawChainSchema,
  chainPageSchema,
  chainRemindersResultSchema,
  chainSchema,
  createChainSchema,
  createMultiChainSchema,
  multiChainResultSchema,
  externalIdParamsSchema,
  ownChainListQuerySchema,
  updateChainViewersSchema,
} from '@signet/contracts/chains';
import { chainHistoryResponseSchema } from '@signet/contracts/chain-history';
import { requireRole } from '#infra/http';
import { errorResponseSchema } from '@signet/contracts/errors';
import { acceptChainInvitation } from './chain-invitation';
import { approveChain, declineChain, updateChainViewers, withdrawChain } from './chain-changes';
import {
  type ChainContext,
  getChain,
  getChainByExternalId,
  getChainHistory,
  listAllChains,
  listOwnChains,
} from '../chains';
import { createChain, createMultiChain } from './chain-creation';
import { deleteChainForGood, softDeleteChain } from './chain-deletion';
import { resendInvitations, remindChain } from '../notices';

const tags = ['signature chains'];
const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};

/** D§7 chain calls under `/rdss/v1` (the rest of D§7 follows with the signing issue). */
export const chainRoutes: FastifyPluginAsync<{ ctx: ChainContext }> = async (instance, { ctx }) => {
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
      const chain = await createChain({ ctx, actor: request.authUser, input: request.body });
      return reply.status(201).send(chain);
    },
  );

  app.post(
    '/signatureChains/multi',
    {
      schema: {
        tags,
        description: 'One chain per document of a batch, or (bulk) one chain over the batch',
        querystring: emptyQuerySchema,
        body: createMultiChainSchema,
        response: { 201: multiChainResultSchema, ...errors },
      },
    },
    async (request, reply) => {
      const created = await createMultiChain({
        ctx,
        actor: request.authUser,
        input: request.body,
      });
      return reply.status(201).send({ chains: created });
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
      acceptChainInvitation({ ctx, actor: request.authUser, token: request.body.token }),
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
    async (request) => listOwnChains({ ctx, actor: request.authUser, query: request.query }),
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
    async (request) => getChain({ ctx, actor: request.authUser, id: request.params.id }),
  );

  app.get(
    '/signatureChains/:id/history',
    {
      schema: {
        tags,
        description:
          "The chain's events in order (created, invited, first opened, signed, approved, " +
          'declined, withdrawn, completed…): what its signing trail prints. For the creator, ' +
          'participants, viewers and admins.',
        params: chainIdParamsSchema,
        querystring: emptyQuerySchema,
        response: { 200: chainHistoryResponseSchema, ...errors },
      },
    },
    async (request) => getChainHistory({ ctx, actor: request.authUser, id: request.params.id }),
  );

  app.get(
    '/signatureChains/externalId/:id',
    {
      schema: {
        tags,
        params: externalIdParamsSchema,
        querystring: emptyQuerySchema,
        response: { 200: chainSchema, ...errors },
      },
    },
    async (request) =>
      getChainByExternalId({ ctx, actor: request.authUser, externalId: request.params.id }),
  );

  app.put(
    '/signatureChains/:id',
    {
      schema: {
        tags,
        params: chainIdParamsSchema,
        querystring: emptyQuerySchema,
        body: updateChainViewersSchema,
        response: { 200: chainSchema, ...errors },
      },
    },
    async (request) =>
      updateChainViewers({
        ctx,
        actor: request.authUser,
        id: request.params.id,
        input: request.body,
      }),
  );

  app.post(
    '/signatureChains/:id/resendInvitations',
    {
      schema: {
        tags,
        params: chainIdParamsSchema,
        querystring: emptyQuerySchema,
        response: { 204: z.null().describe('Sent'), ...errors },
      },
    },
    async (request, reply) => {
      await resendInvitations({ ctx, actor: request.authUser, id: request.params.id });
      return reply.status(204).send(null);
    },
  );

  // The creator reminds whoever's turn it is; once a day per participant (chain-reminders.ts).
  app.post(
    '/signatureChains/:id/reminders',
    {
      schema: {
        tags,
        params: chainIdParamsSchema,
        querystring: emptyQuerySchema,
        response: { 200: chainRemindersResultSchema, ...errors, 429: errorResponseSchema },
      },
    },
    async (request) => remindChain({ ctx, actor: request.authUser, id: request.params.id }),
  );

  // The admin's All Documents and recycle bin.
  await app.register(async (admin) => {
    admin.addHook('onRequest', requireRole('admin'));
    const adminApp = admin.withTypeProvider<ZodTypeProvider>();
    adminApp.get(
      '/signatureChains',
      {
        schema: {
          tags,
          querystring: adminChainListQuerySchema,
          response: { 200: chainPageSchema, ...errors },
        },
      },
      async (request) => listAllChains({ ctx, actor: request.authUser, query: request.query }),
    );
    adminApp.delete(
      '/signatureChains/:id',
      {
        schema: {
          tags,
          description: 'Deletes a chain in the recycle bin for good',
          params: chainIdParamsSchema,
          querystring: emptyQuerySchema,
          response: { 204: z.null().describe('Deleted'), ...errors },
        },
      },
      async (request, reply) => {
        await deleteChainForGood({ ctx, id: request.params.id });
        return reply.status(204).send(null);
      },
    );
  });

  app.put(
    '/signatureChains/withdraw/:id',
    {
      schema: {
        tags,
        params: chainIdParamsSchema,
        querystring: emptyQuerySchema,
        // The reason is optional, and so is the body itself (D§7 sends none).
        body: withdrawChainSchema.nullish(),
        response: { 200: chainSchema, ...errors, 409: errorResponseSchema },
      },
    },
    async (request) =>
      withdrawChain({
        ctx,
        actor: request.authUser,
        id: request.params.id,
        input: request.body ?? {},
      }),
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
      await softDeleteChain({ ctx, actor: request.authUser, id: request.params.id });
      return reply.status(204).send(null);
    },
  );

  for (const [action, decide] of [
    ['decline', declineChain],
    ['approve', approveChain],
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
