import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callbackSecretStatusSchema, newCallbackSecretSchema } from '@signet/contracts/callbacks';
import { emptyQuerySchema } from '@signet/contracts/common';
import { errorResponseSchema } from '@signet/contracts/errors';
import type { Database } from '#infra/database';
import { requireRole } from '#infra/http';
import type { KeyRing } from '#infra/keys';
import { callbackSecretStatus, makeCallbackSecret, removeCallbackSecret } from './callback-secrets';

const tags = ['callbacks'];
const errors = { 401: errorResponseSchema, 403: errorResponseSchema };

/**
 * A creator's own callback secret (decision 054): see whether there is one, make or replace it
 * (the answer is the only time it is shown), or remove it (back to the server's CALLBACK_SECRET).
 * Only the creator role makes chains, so only it has callbacks to sign.
 */
export const callbackSecretRoutes: FastifyPluginAsync<{
  ctx: { database: Database; keyRing: KeyRing; callbacksEnabled: boolean };
}> = async (instance, { ctx }) => {
  instance.addHook('onRequest', requireRole('creator'));
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const db = ctx.database.db;
  app.get(
    '/callbacks/secret',
    {
      schema: {
        tags,
        description:
          'Whether the callbacks of your chains are signed with a secret of your own (never the secret itself).',
        querystring: emptyQuerySchema,
        response: { 200: callbackSecretStatusSchema, ...errors },
      },
    },
    async (request) => callbackSecretStatus(db, request.authUser.id, ctx.callbacksEnabled),
  );
  app.post(
    '/callbacks/secret',
    {
      schema: {
        tags,
        description:
          'Makes your own callback secret, replacing the one you had: `Signet-Signature` of callbacks about the chains you create is made with it from now on (retries of earlier events too). The answer is the only time the secret is shown.',
        querystring: emptyQuerySchema,
        response: { 201: newCallbackSecretSchema, ...errors },
      },
    },
    async (request, reply) => {
      const made = await makeCallbackSecret(db, ctx.keyRing, request.authUser.id);
      request.log.info({ userId: request.authUser.id }, 'Callback secret made');
      return reply.status(201).header('cache-control', 'no-store').send(made);
    },
  );
  app.delete(
    '/callbacks/secret',
    {
      schema: {
        tags,
        description:
          'Removes your own callback secret: callbacks about your chains are signed with the server’s CALLBACK_SECRET again.',
        querystring: emptyQuerySchema,
        response: { 204: z.null().describe('Removed (or there was none)'), ...errors },
      },
    },
    async (request, reply) => {
      await removeCallbackSecret(db, request.authUser.id);
      request.log.info({ userId: request.authUser.id }, 'Callback secret removed');
      return reply.status(204).send(null);
    },
  );
};
