import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { redirectUriSchema } from '@signet/contracts/csc';
import { addressBudgetKey } from '#infra/http';
import type { CscOAuthDeps } from './csc-oauth';
import { CscError } from './csc-errors';

/** Registrations one client address may make in a minute. */
const perMinute = 10;

const registrationSchema = z.object({
  // Shown on the consent page as the client's name: no control or format characters (a
  // right-to-left override would make it read as something else).
  client_name: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .refine((name) => !/[\p{Cc}\p{Cf}]/u.test(name), 'No control or format characters'),
  redirect_uris: z.array(redirectUriSchema).min(1).max(20),
  token_endpoint_auth_method: z
    .enum(['client_secret_post', 'client_secret_basic', 'none'])
    .optional(),
});

/**
 * RFC 7591 dynamic registration (`CSC_DYNAMIC_REGISTRATION=true`): anyone may register a client,
 * at most 10 a minute from one client address (decision 053); a confidential one gets its secret
 * in this answer only. The client is recorded as registered from that address, and the consent
 * page says so.
 */
export const cscRegistrationRoutes: FastifyPluginAsync<{ deps: CscOAuthDeps }> = async (
  instance,
  { deps },
) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/v2/oauth2/register',
    {
      schema: {
        tags: ['csc'],
        summary: 'RFC 7591 dynamic client registration',
        body: registrationSchema,
      },
    },
    async (request, reply) => {
      const address = addressBudgetKey(request.ip);
      const since = new Date(Date.now() - 60_000);
      if ((await deps.clients.countFromSince(address, since)) >= perMinute) {
        throw new CscError(
          429,
          'temporarily_unavailable',
          'Too many registrations; try again later',
        );
      }
      const method = request.body.token_endpoint_auth_method ?? 'client_secret_post';
      const { client, clientSecret } = await deps.clients.register(
        {
          name: request.body.client_name,
          redirectUris: request.body.redirect_uris,
          confidential: method !== 'none',
        },
        address,
      );
      return reply
        .status(201)
        .header('cache-control', 'no-store')
        .send({
          client_id: client.id,
          ...(clientSecret ? { client_secret: clientSecret, client_secret_expires_at: 0 } : {}),
          client_id_issued_at: Math.floor((client.createdAt?.getTime() ?? Date.now()) / 1000),
          client_name: client.name,
          redirect_uris: client.redirectUris,
          token_endpoint_auth_method: method,
          grant_types: ['authorization_code'],
          response_types: ['code'],
        });
    },
  );
};
