import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { emptyQuerySchema } from '@signet/contracts/common';
import { errorResponseSchema } from '@signet/contracts/errors';
import {
  acceptInvitationSchema,
  createUserSchema,
  defaultRolesSchema,
  enabledUsersQuerySchema,
  enabledUsersSchema,
  idParamsSchema,
  recipientsQuerySchema,
  recipientsSchema,
  updateSelfSchema,
  updateUserSchema,
  userListQuerySchema,
  userPageSchema,
  userSchema,
  userStatsSchema,
} from '@signet/contracts/users';
import type { AppContext } from '#infra/app-context';
import { authenticate, authenticateToken, requireRole } from '#infra/http';
import * as users from './user-service';
import { userSessionRoutes } from './user-session-routes';

const tags = ['users'];
/** Error answers every users call can give (for the OpenAPI description). */
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };
const adminErrors = { ...errors, 404: errorResponseSchema, 409: errorResponseSchema };

/** GET/PUT users/self and users/self/stats: any signed-in user, on their own row only. */
const selfRoutes: FastifyPluginAsync<{ context: AppContext }> = async (instance, { context }) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/users/self',
    { schema: { tags, querystring: emptyQuerySchema, response: { 200: userSchema, ...errors } } },
    async (request) => users.getSelf({ context, actor: request.authUser }),
  );

  app.put(
    '/users/self',
    {
      schema: {
        tags,
        querystring: emptyQuerySchema,
        body: updateSelfSchema,
        response: { 200: userSchema, ...errors },
      },
    },
    async (request) => users.updateSelf({ context, actor: request.authUser, input: request.body }),
  );

  // "Send the link again" of the app's confirm-your-address banner (one a minute, a few an hour).
  app.post(
    '/users/self/emailConfirmation',
    {
      schema: {
        tags,
        querystring: emptyQuerySchema,
        response: { 204: z.null(), ...errors, 429: errorResponseSchema },
      },
    },
    async (request, reply) => {
      await users.resendEmailConfirmation({
        context,
        actor: request.authUser,
        identity: { issuer: request.tokenClaims.issuer, subject: request.tokenClaims.subject },
      });
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/users/self/stats',
    {
      schema: {
        tags,
        querystring: emptyQuerySchema,
        response: { 200: userStatsSchema, ...errors },
      },
    },
    async (request) => users.getSelfStats({ context, actor: request.authUser }),
  );
};

/** A creator's search for chain participants (documents §5 recipient autocomplete). */
const creatorRoutes: FastifyPluginAsync<{ context: AppContext }> = async (
  instance,
  { context },
) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', requireRole('creator'));

  app.get(
    '/users/recipients',
    {
      schema: {
        tags,
        querystring: recipientsQuerySchema,
        response: { 200: recipientsSchema, ...errors },
      },
    },
    async (request) => users.listRecipients({ context, query: request.query }),
  );
};

/** The admin's users calls (spec platform §2 Users screen, §7). */
const adminRoutes: FastifyPluginAsync<{ context: AppContext }> = async (instance, { context }) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', requireRole('admin'));

  app.get(
    '/users',
    {
      schema: {
        tags,
        querystring: userListQuerySchema,
        response: { 200: userPageSchema, ...adminErrors },
      },
    },
    async (request) => users.listUsers({ context, query: request.query }),
  );

  app.get(
    '/users/enabled',
    {
      schema: {
        tags,
        querystring: enabledUsersQuerySchema,
        response: { 200: enabledUsersSchema, ...adminErrors },
      },
    },
    async (request) => users.listEnabledUsers({ context, query: request.query }),
  );

  app.get(
    '/users/defaultRoles',
    {
      schema: {
        tags,
        querystring: emptyQuerySchema,
        response: { 200: defaultRolesSchema, ...adminErrors },
      },
    },
    async () => ({ roles: users.getDefaultRoles({ context }) }),
  );

  app.post(
    '/users',
    {
      schema: {
        tags,
        querystring: emptyQuerySchema,
        body: createUserSchema,
        response: { 201: userSchema, ...adminErrors },
      },
    },
    async (request, reply) => {
      const user = await users.createUser({ context, input: request.body });
      return reply.status(201).send(user);
    },
  );

  app.get(
    '/users/:id',
    {
      schema: {
        tags,
        params: idParamsSchema,
        querystring: emptyQuerySchema,
        response: { 200: userSchema, ...adminErrors },
      },
    },
    async (request) => users.getUser({ context, id: request.params.id }),
  );

  app.put(
    '/users/:id',
    {
      schema: {
        tags,
        params: idParamsSchema,
        querystring: emptyQuerySchema,
        body: updateUserSchema,
        response: { 200: userSchema, ...adminErrors },
      },
    },
    async (request) =>
      users.updateUser({
        context,
        actor: request.authUser,
        id: request.params.id,
        input: request.body,
      }),
  );

  app.delete(
    '/users/:id',
    {
      schema: {
        tags,
        params: idParamsSchema,
        querystring: emptyQuerySchema,
        response: { 204: z.null().describe('Deleted'), ...adminErrors },
      },
    },
    async (request, reply) => {
      await users.deleteUser({ context, actor: request.authUser, id: request.params.id });
      return reply.status(204).send(null);
    },
  );
};

/**
 * POST users/self/invitation: the signed-in account takes up the user an admin prepared, by the
 * token of the mailed link. Needs a valid token but no user row yet (that is what it binds).
 */
const invitationRoutes: FastifyPluginAsync<{ context: AppContext }> = async (
  instance,
  { context },
) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', authenticateToken(context));
  app.post(
    '/users/self/invitation',
    {
      schema: {
        tags,
        querystring: emptyQuerySchema,
        body: acceptInvitationSchema,
        response: { 200: userSchema, ...adminErrors },
      },
    },
    async (request) =>
      users.acceptInvitation({ context, claims: request.tokenClaims, token: request.body.token }),
  );
};

/** Every users call needs a valid bearer token; admin calls also the admin role. */
export const userRoutes: FastifyPluginAsync<{ context: AppContext }> = async (
  instance,
  { context },
) => {
  await instance.register(invitationRoutes, { context });
  await instance.register(async (authenticated) => {
    authenticated.addHook('onRequest', authenticate(context));
    await authenticated.register(selfRoutes, { context });
    await authenticated.register(creatorRoutes, { context });
    await authenticated.register(adminRoutes, { context });
    await authenticated.register(userSessionRoutes, { context });
  });
};
