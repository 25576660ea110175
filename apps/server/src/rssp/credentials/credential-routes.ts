import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { emptyQuerySchema } from '@signet/contracts/common';
import { errorResponseSchema } from '@signet/contracts/errors';
import {
  activateCredentialSchema,
  activatedCredentialsSchema,
  certificateChainSchema,
  certificateInfoRequestSchema,
  certificateInfoResponseSchema,
  certificateRequestFileName,
  changeKeyPasswordSchema,
  changePukSchema,
  createCredentialSchema,
  credentialAlgorithmsSchema,
  credentialListQuerySchema,
  credentialPageSchema,
  credentialParamsSchema,
  credentialSchema,
  creatableAuthModes,
  creatableKeyAlgs,
  creatableKeyPurposes,
  keyPurposesByKeyAlg,
  enrollmentModes,
  ownCredentialListQuerySchema,
  requestCertificateSchema,
  unlockCredentialSchema,
  updateCredentialSchema,
} from '@signet/contracts/credentials';
import { clientGone } from '#infra/http';
import * as credentials from './credential-service';
import { requestCertificate } from './certificate-enrollment';
import { supportedAlgorithms } from '../keys';
import { ownedResourceRoutes, type RsspContext } from '../context';

const tags = ['credentials'];
const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  423: errorResponseSchema,
};
const withId = { tags, params: credentialParamsSchema, querystring: emptyQuerySchema };

/** `Content-Disposition` with a UTF-8 file name (RFC 6266). */
function attachment(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/**
 * The credential calls of spec platform §7 (`/rssp/v1/…`), behind `authenticate`. Ownership and
 * the admin/owner rules are checked in credential-service where the id is resolved.
 */
export const credentialRoutes: FastifyPluginAsync<{ ctx: RsspContext }> = async (
  instance,
  { ctx },
) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/credentials/algorithms',
    {
      schema: {
        tags,
        querystring: emptyQuerySchema,
        response: { 200: credentialAlgorithmsSchema, ...errors },
      },
    },
    async () => {
      const supported = supportedAlgorithms();
      return {
        keyAlgs: [...creatableKeyAlgs],
        rsaKeySizes: supported.rsaKeySizes,
        ecCurveNames: supported.ecCurveNames,
        sphincsParameterSets: supported.sphincsParameterSets,
        keyPurposes: [...creatableKeyPurposes],
        keyPurposesByKeyAlg: {
          rsa: [...keyPurposesByKeyAlg.rsa],
          ec: [...keyPurposesByKeyAlg.ec],
          'sphincs+': [...keyPurposesByKeyAlg['sphincs+']],
        },
        authModes: [...creatableAuthModes],
        enrollmentModes: [...enrollmentModes],
      };
    },
  );

  app.post(
    '/credentials/certificateInfo',
    {
      schema: {
        tags,
        querystring: emptyQuerySchema,
        body: certificateInfoRequestSchema,
        response: { 200: certificateInfoResponseSchema, ...errors },
      },
    },
    async (request) => credentials.describeCertificates(request.body.pem),
  );

  for (const path of ['/credentials', '/credentials/']) {
    app.post(
      path,
      {
        schema: {
          tags,
          querystring: emptyQuerySchema,
          body: createCredentialSchema,
          response: { 201: credentialSchema, ...errors },
        },
      },
      async (request, reply) => {
        const created = await credentials.createCredential({
          ctx,
          actor: request.authUser,
          input: request.body,
        });
        return reply.status(201).send(created);
      },
    );
  }

  app.get(
    '/users/self/credentials/activated',
    {
      schema: {
        tags,
        querystring: emptyQuerySchema,
        response: { 200: activatedCredentialsSchema, ...errors },
      },
    },
    async (request) => ({
      items: await credentials.listActivatedCredentials({ ctx, actor: request.authUser }),
    }),
  );

  await ownedResourceRoutes(instance, {
    path: '/credentials',
    tags,
    errors,
    schemas: {
      params: credentialParamsSchema,
      item: credentialSchema,
      page: credentialPageSchema,
      ownQuery: ownCredentialListQuerySchema,
      adminQuery: credentialListQuerySchema,
      update: updateCredentialSchema,
    },
    listOwn: (actor, query) => credentials.listOwnCredentials({ ctx, actor, query }),
    listAll: (query) => credentials.listAllCredentials({ ctx, query }),
    get: (actor, id) => credentials.getCredential({ ctx, actor, id }),
    update: (actor, id, input) => credentials.updateCredential({ ctx, actor, id, input }),
    remove: (actor, id) => credentials.deleteCredential({ ctx, actor, id }),
  });

  app.get(
    '/credentials/:id/certificateRequest',
    {
      schema: {
        ...withId,
        response: { 200: z.string().describe('PKCS#10 request, PEM'), ...errors },
      },
    },
    async (request, reply) => {
      const { pem, description } = await credentials.getCertificateRequest({
        ctx,
        actor: request.authUser,
        id: request.params.id,
      });
      return reply
        .header('content-type', 'application/x-pem-file; charset=utf-8')
        .header('content-disposition', attachment(certificateRequestFileName(description)))
        .send(pem);
    },
  );

  app.post(
    '/credentials/:id/activate',
    {
      schema: {
        ...withId,
        body: activateCredentialSchema.nullish(),
        response: { 200: credentialSchema, ...errors },
      },
    },
    async (request, reply) =>
      credentials.activateCredential({
        ctx,
        actor: request.authUser,
        id: request.params.id,
        input: request.body ?? {},
        signal: clientGone(request, reply),
      }),
  );

  app.post(
    '/credentials/:id/changePassword',
    {
      schema: {
        ...withId,
        body: changeKeyPasswordSchema,
        response: { 200: credentialSchema, ...errors },
      },
    },
    async (request) =>
      credentials.changeKeyPassword({
        ctx,
        actor: request.authUser,
        id: request.params.id,
        input: request.body,
      }),
  );

  app.post(
    '/credentials/:id/unlock',
    {
      schema: {
        ...withId,
        body: unlockCredentialSchema,
        response: { 200: credentialSchema, ...errors },
      },
    },
    async (request) =>
      credentials.unlockCredential({
        ctx,
        actor: request.authUser,
        id: request.params.id,
        input: request.body,
      }),
  );

  app.post(
    '/credentials/:id/changePuk',
    {
      schema: { ...withId, body: changePukSchema, response: { 200: credentialSchema, ...errors } },
    },
    async (request) =>
      credentials.changePuk({
        ctx,
        actor: request.authUser,
        id: request.params.id,
        input: request.body,
      }),
  );

  app.put(
    '/credentials/:id/certificateChain',
    {
      schema: {
        ...withId,
        body: certificateChainSchema,
        response: { 200: credentialSchema, ...errors },
      },
    },
    async (request) =>
      credentials.setCertificateChain({
        ctx,
        actor: request.authUser,
        id: request.params.id,
        certificates: request.body,
      }),
  );

  app.post(
    '/credentials/:id/certificateEnrollment',
    {
      schema: {
        ...withId,
        body: requestCertificateSchema,
        response: {
          200: credentialSchema,
          ...errors,
          502: errorResponseSchema,
          503: errorResponseSchema,
        },
      },
    },
    async (request) =>
      requestCertificate({
        ctx,
        actor: request.authUser,
        id: request.params.id,
        input: request.body,
      }),
  );

  app.post(
    '/credentials/:id/clearPreauthorization',
    { schema: { ...withId, response: { 200: credentialSchema, ...errors } } },
    async (request) =>
      credentials.clearPreauthorization({ ctx, actor: request.authUser, id: request.params.id }),
  );
};
