import formbody from '@fastify/formbody';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createTimings } from '#infra/timings';
import { clientGone } from '#infra/http';
import { registerCscErrorHandler } from './csc-errors';
import {
  exchangeCode,
  loginRequired,
  revokeToken,
  startAuthorization,
  verifyCscToken,
} from './csc-oauth';
import {
  authorizeBodySchema,
  authorizeQuerySchema,
  infoBodySchema,
  infoRequestSchema,
  listBodySchema,
  loginRequiredBodySchema,
  revokeBodySchema,
  signHashBodySchema,
  tokenBodySchema,
} from './csc-schemas';
import {
  cscAuthorize,
  cscSignHash,
  credentialInfo,
  listUserCredentials,
  tokenCredential,
} from './csc-service';
import { cscRegistrationRoutes } from './csc-registration';
import { cscV1Routes } from './csc-routes-v1';
import { serviceInfo, timed, type CscRouteOptions } from './csc-service-info';

const tags = ['csc'];

const v2Methods = [
  'info',
  'oauth2/authorize',
  'oauth2/token',
  'oauth2/revoke',
  'credentials/list',
  'credentials/info',
  'credentials/authorize',
  'signatures/signHash',
];

export const pinOf = (authData: { id: string; value: string }[] | undefined) =>
  authData?.find((a) => a.id === 'PIN')?.value;

/**
 * The CSC API v2.0 under /csc/v2 and its v1 subset under /csc/v1 (docs/csc.md): OAuth 2.0 with
 * PKCE for the user's authorisation, then the credential calls with the CSC access token. Errors
 * in the CSC shape (csc-errors.ts).
 */
export const cscRoutes: FastifyPluginAsync<CscRouteOptions> = async (instance, { ctx, deps }) => {
  registerCscErrorHandler(instance);
  await instance.register(formbody, { bodyLimit: 64 * 1024 });
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const token = (request: FastifyRequest, limited = true) =>
    verifyCscToken(deps, request.headers.authorization, limited);

  const info = async (reply: FastifyReply) =>
    reply.header('cache-control', 'no-store').send(serviceInfo(deps, 'v2', v2Methods));
  app.get('/v2/info', { schema: { tags, summary: 'CSC info (no token)' } }, (_r, reply) =>
    info(reply),
  );
  app.post(
    '/v2/info',
    { schema: { tags, summary: 'CSC info (no token)', body: infoBodySchema } },
    (_r, reply) => info(reply),
  );

  app.get(
    '/v2/oauth2/authorize',
    {
      schema: {
        tags,
        summary: 'OAuth 2.0 authorization code with PKCE (S256); scope service or credential',
        querystring: authorizeQuerySchema,
      },
    },
    async (request, reply) =>
      reply.redirect(await startAuthorization(deps, request.query, request.ip), 302),
  );
  app.post(
    '/v2/oauth2/login_required',
    {
      schema: {
        tags,
        summary:
          "Signet's consent page under prompt=none with nobody signed in: where the browser goes (login_required)",
        body: loginRequiredBodySchema,
      },
    },
    async (request) => ({ redirectTo: await loginRequired(deps, request.body.requestId) }),
  );
  app.post(
    '/v2/oauth2/token',
    {
      schema: {
        tags,
        summary: 'Code and PKCE verifier for a CSC access token',
        body: tokenBodySchema,
      },
    },
    async (request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .send(await exchangeCode(deps, request.body, request.headers.authorization)),
  );
  app.post(
    '/v2/oauth2/revoke',
    { schema: { tags, summary: 'Revokes a CSC access token (RFC 7009)', body: revokeBodySchema } },
    async (request, reply) => {
      await revokeToken(deps, request.body, request.headers.authorization);
      return reply.status(200).send({});
    },
  );

  app.post(
    '/v2/credentials/list',
    { schema: { tags, summary: "The token user's credentials", body: listBodySchema } },
    async (request) => {
      const t = await token(request);
      const body = request.body ?? {};
      const rows = t.credentialId
        ? [(await tokenCredential(ctx, t, t.credentialId)).row]
        : await listUserCredentials(ctx, t.userId);
      const infos = rows.map((row) => ({
        credentialID: row.id,
        ...credentialInfo(row, body, ctx.config.CSC_SCAL),
      }));
      const shown = body.onlyValid
        ? infos.filter((i) => i.key.status === 'enabled' && i.cert.status === 'valid')
        : infos;
      return {
        credentialIDs: shown.map((i) => i.credentialID),
        ...(body.credentialInfo ? { credentialInfos: shown } : {}),
        ...(body.onlyValid ? { onlyValid: true } : {}),
      };
    },
  );
  app.post(
    '/v2/credentials/info',
    {
      schema: {
        tags,
        summary: 'Key, certificate chain, authorization mode, SCAL',
        body: infoRequestSchema,
      },
    },
    async (request) => {
      const t = await token(request);
      return credentialInfo(
        (await tokenCredential(ctx, t, request.body.credentialID)).row,
        request.body,
        ctx.config.CSC_SCAL,
      );
    },
  );
  app.post(
    '/v2/credentials/authorize',
    {
      schema: {
        tags,
        summary: 'SAD for exactly these hashes: PIN (explicit) or approval on a device (implicit)',
        body: authorizeBodySchema,
      },
    },
    async (request, reply) => {
      const started = performance.now();
      const timings = createTimings();
      const t = await token(request);
      const { body } = request;
      const result = await cscAuthorize(
        ctx,
        t,
        {
          credentialID: body.credentialID,
          numSignatures: body.numSignatures,
          hashes: body.hashes,
          hashAlgorithmOID: body.hashAlgorithmOID,
          pin: pinOf(body.authData),
          description: body.description,
          signal: clientGone(request, reply),
        },
        timings,
      );
      return timed(reply, timings, started).send(result);
    },
  );
  app.post(
    '/v2/signatures/signHash',
    { schema: { tags, summary: 'Signs the hashes a SAD covers', body: signHashBodySchema } },
    async (request, reply) => {
      const started = performance.now();
      const timings = createTimings();
      const result = await cscSignHash(ctx, token(request, false), request.body, timings);
      return timed(reply, timings, started).send(result);
    },
  );

  if (ctx.config.CSC_DYNAMIC_REGISTRATION) await instance.register(cscRegistrationRoutes, { deps });
  await instance.register(cscV1Routes, { ctx, deps, prefix: '/v1' });
};
