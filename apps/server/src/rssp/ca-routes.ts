import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { emptyQuerySchema } from '@signet/contracts/common';
import { errorResponseSchema } from '@signet/contracts/errors';
import { AppError } from '#infra/app-error';
import type { RsspContext } from './rssp-context';

/** `GET ca/certificate`: the embedded CA's root certificate (PEM), public like any root. */
export const caRoutes: FastifyPluginAsync<{ ctx: RsspContext }> = async (instance, { ctx }) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/ca/certificate',
    {
      schema: {
        tags: ['credentials'],
        security: [],
        querystring: emptyQuerySchema,
        response: { 200: z.string().describe('Root certificate, PEM'), 404: errorResponseSchema },
      },
    },
    async (_request, reply) => {
      if (!ctx.ca.rootPem)
        throw new AppError('NOT_FOUND', 'No embedded certificate authority (CA_MODE=external)');
      return reply
        .header('content-type', 'application/x-pem-file; charset=utf-8')
        .header('content-disposition', 'attachment; filename="signet-embedded-ca.pem"')
        .send(ctx.ca.rootPem);
    },
  );
};
