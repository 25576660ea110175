import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { emptyQuerySchema } from '@signet/contracts/common';
import { errorResponseSchema } from '@signet/contracts/errors';
import { AppError } from '#infra/app-error';
import type { RsspContext } from './rssp-context';

/**
 * `GET ca/certificate`: the CA certificate (PEM), public like any root: the embedded CA's root, or
 * with CA_MODE=external the external CA's (CMP_CA_CERT_FILE, else the top of its first chain).
 */
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
        throw new AppError(
          'NOT_FOUND',
          "The external CA's certificate is not known yet (set CMP_CA_CERT_FILE)",
        );
      return reply
        .header('content-type', 'application/x-pem-file; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="${ctx.ca.mode === 'embedded' ? 'signet-embedded-ca' : 'ca'}.pem"`,
        )
        .send(ctx.ca.rootPem);
    },
  );
};
