import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { emptyQuerySchema } from '@signet/contracts/common';
import { errorResponseSchema } from '@signet/contracts/errors';
import { idParamsSchema } from '@signet/contracts/users';
import type { AppContext } from '#infra/app-context';
import { requireRole } from '#infra/http';
import { endUserSessions } from './user-logout';

/**
 * DELETE users/{id}/sessions: an admin ends every session of a user (a lost laptop, a
 * colleague who left): their tokens answer 401 and their event streams close on every instance.
 * Registered inside the authenticated users tree.
 */
export const userSessionRoutes: FastifyPluginAsync<{ context: AppContext }> = async (
  instance,
  { context },
) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', requireRole('admin'));
  app.delete(
    '/users/:id/sessions',
    {
      schema: {
        tags: ['users'],
        description: "Ends every session of the user (admin's End sessions)",
        params: idParamsSchema,
        querystring: emptyQuerySchema,
        response: {
          204: z.null().describe('Sessions ended'),
          400: errorResponseSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
          404: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      await endUserSessions({ context, id: request.params.id });
      return reply.status(204).send(null);
    },
  );
};
