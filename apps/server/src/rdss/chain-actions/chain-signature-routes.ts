import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  chainSignaturesQuerySchema,
  chainSignaturesSchema,
} from '@signet/contracts/chain-signatures';
import { chainIdParamsSchema } from '@signet/contracts/chains';
import { errorResponseSchema } from '@signet/contracts/errors';
import { embeddedCaRoots } from '#rssp/public';
import { listChainSignatures, type ChainSignaturesContext } from './chain-signatures';
import { createCheckTurns } from '../chains';

/** Checks one user may have running at once on an instance. */
const checksPerUser = 2;

/**
 * `GET signatureChains/{id}/signatures` under `/rdss/v1` (issue 26 §5), checked against the
 * embedded CA's root unless the caller names other trust anchors.
 */
export const chainSignatureRoutes: FastifyPluginAsync<{
  ctx: Omit<ChainSignaturesContext, 'trustAnchors' | 'turns'> & Partial<ChainSignaturesContext>;
}> = async (instance, options) => {
  const ctx: ChainSignaturesContext = {
    trustAnchors: () => embeddedCaRoots(options.ctx.database.db),
    turns: createCheckTurns(checksPerUser),
    ...options.ctx,
  };
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/signatureChains/:id/signatures',
    {
      schema: {
        tags: ['signature chains'],
        description:
          "The signatures of the chain's document as it stands, each checked by Signet's validator",
        params: chainIdParamsSchema,
        querystring: chainSignaturesQuerySchema,
        response: {
          200: chainSignaturesSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
          404: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request) =>
      listChainSignatures({
        ctx,
        actor: request.authUser,
        id: request.params.id,
        documentId: request.query.documentId,
      }),
  );
};
