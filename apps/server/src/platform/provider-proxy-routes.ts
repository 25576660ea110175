import formbody from '@fastify/formbody';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  providerParamsSchema,
  proxiedTokenRequestSchema,
  proxiedTokenSchema,
} from '@signet/contracts/credential-refs';
import { emptyQuerySchema } from '@signet/contracts/common';
import { errorResponseSchema } from '@signet/contracts/errors';
import type { AppContext } from '#infra/app-context';
import { AppError } from '#infra/app-error';
import { authenticate } from '#infra/http';
import { createCredentialRefService } from './credential-refs';
import { forwardCsc, proxiedCscPaths, proxyBodyLimit } from './provider-proxy';

const tags = ['extproviders'];
const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  413: errorResponseSchema,
  503: errorResponseSchema,
};

/**
 * P§7's `{rdssApiUrl}/v1/extproviders/{providerId}` (registered at `/rdss/v1/extproviders`):
 * `openid/token` exchanges the login popup's code with the client secret and PKCE verifier
 * added here (the token stays on the server, decision 035), and the CSC calls P§7 names are
 * forwarded to the provider's API base (provider-proxy.ts). Signed-in users only.
 */
export const providerProxyRoutes: FastifyPluginAsync<{ context: AppContext }> = async (
  instance,
  { context },
) => {
  const refs = createCredentialRefService(context);
  instance.addHook('onRequest', authenticate(context));
  // A token request is form-encoded in OAuth; the web app may send JSON as well.
  await instance.register(formbody, { bodyLimit: proxyBodyLimit });
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/:providerId/openid/token',
    {
      bodyLimit: proxyBodyLimit,
      schema: {
        tags,
        description:
          "The login popup's code and state for the provider's token (client secret and verifier added server-side; the token is kept there).",
        querystring: emptyQuerySchema,
        params: providerParamsSchema,
        body: proxiedTokenRequestSchema,
        response: { 200: proxiedTokenSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { providerId } = request.params;
      refs.proxiedProvider(providerId);
      const { code, state } = request.body;
      const done = await refs.finishLogin(request.authUser, providerId, { code, state });
      return reply.header('cache-control', 'no-store').send({
        token_type: 'Bearer' as const,
        expires_in: done.expiresIn,
        scope: done.scope,
      });
    },
  );

  for (const path of proxiedCscPaths) {
    app.post(
      `/:providerId/${path}`,
      {
        bodyLimit: proxyBodyLimit,
        schema: {
          tags,
          description: `The provider's CSC \`${path}\`, forwarded with the user's provider token.`,
          querystring: emptyQuerySchema,
          params: providerParamsSchema,
          body: z.record(z.string(), z.unknown()).default({}),
        },
      },
      async (request, reply) => {
        const provider = refs.proxiedProvider(request.params.providerId);
        const answer = await forwardCsc(context, {
          provider,
          userId: request.authUser.id,
          path,
          body: request.body,
        });
        if (answer.status >= 500) {
          throw new AppError('SERVICE_UNAVAILABLE', `${provider.name} failed (${answer.status})`);
        }
        return reply
          .status(answer.status)
          .header('cache-control', 'no-store')
          .type('application/json')
          .send(JSON.stringify(answer.body));
      },
    );
  }
};
