import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  callbackDeliveryPageSchema,
  callbackDeliveryParamsSchema,
  callbackDeliveryQuerySchema,
} from '@signet/contracts/callbacks';
import { emptyQuerySchema } from '@signet/contracts/common';
import { errorResponseSchema } from '@signet/contracts/errors';
import { notFound } from '#infra/app-error';
import { requireRole } from '#infra/http';
import type { Database } from '#infra/database';
import { callbackDocs } from './callback-docs';
import { listDeliveries, retryNow } from './callback-store';

const tags = ['callbacks'];
const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};

/** The admin's view of callback deliveries (decision 042): failed and pending ones, retry now. */
export const callbackRoutes: FastifyPluginAsync<{
  ctx: { database: Database; kickDelivery: () => void };
}> = async (instance, { ctx }) => {
  instance.addHook('onRequest', requireRole('admin'));
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/admin/callbacks',
    {
      schema: {
        tags,
        description: `Callback deliveries that failed for good or still wait (admin), each with its latest attempts.\n\n${callbackDocs}`,
        querystring: callbackDeliveryQuerySchema,
        response: { 200: callbackDeliveryPageSchema, ...errors },
      },
    },
    async (request) => listDeliveries(ctx.database.db, request.query),
  );
  app.post(
    '/admin/callbacks/:id/retry',
    {
      schema: {
        tags,
        description:
          'Attempts the delivery at once (admin). A FAILED delivery gets one more attempt; it still waits for its chain’s earlier events.',
        params: callbackDeliveryParamsSchema,
        querystring: emptyQuerySchema,
        response: { 204: z.null().describe('Due now'), ...errors },
      },
    },
    async (request, reply) => {
      if (!(await retryNow(ctx.database.db, request.params.id))) {
        throw notFound('Undelivered callback');
      }
      ctx.kickDelivery();
      return reply.status(204).send(null);
    },
  );
};
