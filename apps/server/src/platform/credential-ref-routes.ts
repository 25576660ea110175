import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { emptyQuerySchema } from '@signet/contracts/common';
import {
  credentialRefAuthorizeSchema,
  credentialRefListQuerySchema,
  credentialRefPageSchema,
  credentialRefSadSchema,
  credentialRefSchema,
  credentialRoundSchema,
  externalProviderListSchema,
  importCredentialRefSchema,
  providerCallbackSchema,
  providerCredentialListSchema,
  providerLoginSchema,
  providerParamsSchema,
} from '@signet/contracts/credential-refs';
import { errorResponseSchema } from '@signet/contracts/errors';
import { idParamsSchema } from '@signet/contracts/users';
import type { AppContext } from '#infra/app-context';
import { authenticate, requireRole } from '#infra/http';
import { createCredentialRefService, type CredentialRefService } from './credential-refs';

const tags = ['credentialRefs'];
const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  503: errorResponseSchema,
};

/**
 * P§7 credentialRefs under `/api/v1`: the external providers (no secrets), the login popup's
 * start and callback, the provider's credentials, import, the own list (search, paging), one,
 * delete, the provider's SAD for a sign call's hashes (D§4); the admin's list of every one.
 */
const ownRoutes: FastifyPluginAsync<{ refs: CredentialRefService }> = async (
  instance,
  { refs },
) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const q = emptyQuerySchema;

  app.get(
    '/credentialRefs/providers/web',
    { schema: { tags, querystring: q, response: { 200: externalProviderListSchema, ...errors } } },
    async (request) => ({ providers: await refs.providersForWeb(request.authUser) }),
  );

  app.post(
    '/credentialRefs/providers/:providerId/login',
    {
      schema: {
        tags,
        description: "Starts the login popup: the provider's authorize URL (code with PKCE).",
        querystring: q,
        params: providerParamsSchema,
        response: { 200: providerLoginSchema, ...errors },
      },
    },
    async (request) => refs.startLogin(request.authUser, request.params.providerId),
  );

  app.post(
    '/credentialRefs/providers/:providerId/callback',
    {
      schema: {
        tags,
        description: "The popup's code and state: the provider's token is kept server-side.",
        querystring: q,
        params: providerParamsSchema,
        body: providerCallbackSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await refs.finishLogin(request.authUser, request.params.providerId, request.body);
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/credentialRefs/providers/:providerId/session',
    {
      schema: {
        tags,
        querystring: q,
        params: providerParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await refs.logout(request.authUser, request.params.providerId);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/credentialRefs/providers/:providerId/credentials',
    {
      schema: {
        tags,
        querystring: q,
        params: providerParamsSchema,
        response: { 200: providerCredentialListSchema, ...errors },
      },
    },
    async (request) => ({
      credentials: await refs.providerCredentials(request.authUser, request.params.providerId),
    }),
  );

  app.post(
    '/credentialRefs',
    {
      schema: {
        tags,
        querystring: q,
        body: importCredentialRefSchema,
        response: { 201: credentialRefSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await refs.importRef(request.authUser, request.body)),
  );

  app.get(
    '/credentialRefs',
    {
      schema: {
        tags,
        querystring: credentialRefListQuerySchema,
        response: { 200: credentialRefPageSchema, ...errors },
      },
    },
    async (request) => refs.listMine(request.authUser, request.query),
  );

  app.get(
    '/credentialRefs/:id',
    {
      schema: {
        tags,
        querystring: q,
        params: idParamsSchema,
        response: { 200: credentialRefSchema, ...errors },
      },
    },
    async (request) => refs.getRef(request.authUser, request.params.id),
  );

  app.delete(
    '/credentialRefs/:id',
    {
      schema: {
        tags,
        querystring: q,
        params: idParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await refs.deleteRef(request.authUser, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/credentialRefs/:id/credentialLogin',
    {
      schema: {
        tags,
        description:
          'A SCAL2 credential: the login popup of the credential round at the provider (scope=credential, these hashes).',
        querystring: q,
        params: idParamsSchema,
        body: credentialRoundSchema,
        response: { 200: providerLoginSchema, ...errors },
      },
    },
    async (request) =>
      refs.startCredentialRound(request.authUser, request.params.id, request.body.hashes),
  );

  app.post(
    '/credentialRefs/:id/authorize',
    {
      schema: {
        tags,
        description:
          "The provider's SAD for exactly the hashes a sign call with returnHashes answered.",
        querystring: q,
        params: idParamsSchema,
        body: credentialRefAuthorizeSchema,
        response: { 200: credentialRefSadSchema, ...errors },
      },
    },
    async (request) => refs.authorize(request.authUser, request.params.id, request.body),
  );
};

const adminRoutes: FastifyPluginAsync<{ refs: CredentialRefService }> = async (
  instance,
  { refs },
) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', requireRole('admin'));
  app.get(
    '/credentialRefs/all',
    {
      schema: {
        tags,
        description: "The admin's Imported credentials list: every user's.",
        querystring: credentialRefListQuerySchema,
        response: { 200: credentialRefPageSchema, ...errors },
      },
    },
    async (request) => refs.listAll(request.query),
  );
};

export const credentialRefRoutes: FastifyPluginAsync<{ context: AppContext }> = async (
  instance,
  { context },
) => {
  const refs = createCredentialRefService(context);
  await instance.register(async (authenticated) => {
    authenticated.addHook('onRequest', authenticate(context));
    await authenticated.register(adminRoutes, { refs });
    await authenticated.register(ownRoutes, { refs });
  });
};
