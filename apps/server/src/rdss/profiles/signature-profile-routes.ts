import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { emptyQuerySchema } from '@signet/contracts/common';
import { errorResponseSchema } from '@signet/contracts/errors';
import {
  signatureProfileIdParamsSchema,
  signatureProfileInputSchema,
  signatureProfileListQuerySchema,
  signatureProfilePageSchema,
  signatureProfileSchema,
  visibleSignatureAdminPropsSchema,
} from '@signet/contracts/signature-profiles';
import { combineImageSchema, imageDataUrlResponseSchema } from '@signet/contracts/signatures';
import { requireRole } from '#infra/http';
import * as profiles from './signature-profile-service';

const tags = ['signature profiles'];
const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  413: errorResponseSchema,
};

/**
 * D§7 signature profiles (`users/self/signatureProfiles`) and the visible-signature images and
 * background (`signatures/visibleSignature/*`) under `/rdss/v1`. Every profile call is the
 * caller's own: another user's id answers 404.
 */
export const signatureProfileRoutes: FastifyPluginAsync<{ ctx: profiles.ProfileContext }> = async (
  instance,
  { ctx },
) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  // A body carries up to two images as base64 (4/3 of their bytes) beside a little JSON.
  const imageBody = Math.ceil((ctx.config.MAX_SIGNATURE_PROFILE_IMAGE_BYTES * 4) / 3) + 1024;
  const profileBodyLimit = 2 * imageBody + 16 * 1024;
  const oneImageBodyLimit = imageBody + 16 * 1024;
  const base = '/users/self/signatureProfiles';

  app.post(
    base,
    {
      bodyLimit: profileBodyLimit,
      schema: {
        tags,
        querystring: emptyQuerySchema,
        body: signatureProfileInputSchema,
        response: { 201: signatureProfileSchema, ...errors },
      },
    },
    async (request, reply) => {
      const profile = await profiles.createProfile({
        ctx,
        actor: request.authUser,
        input: request.body,
      });
      return reply.status(201).send(profile);
    },
  );

  app.get(
    base,
    {
      schema: {
        tags,
        description:
          'The caller’s profiles: q (name contains), paging; page-size 0 answers the total',
        querystring: signatureProfileListQuerySchema,
        response: { 200: signatureProfilePageSchema, ...errors },
      },
    },
    async (request) =>
      profiles.listProfiles({ ctx, actor: request.authUser, query: request.query }),
  );

  app.get(
    `${base}/by-user`,
    {
      schema: {
        tags,
        description: 'Every profile of the caller, by name (the signing screens’ select)',
        querystring: emptyQuerySchema,
        response: { 200: signatureProfilePageSchema, ...errors },
      },
    },
    async (request) => profiles.listProfilesByUser({ ctx, actor: request.authUser }),
  );

  app.get(
    `${base}/:id`,
    {
      schema: {
        tags,
        params: signatureProfileIdParamsSchema,
        querystring: emptyQuerySchema,
        response: { 200: signatureProfileSchema, ...errors },
      },
    },
    async (request) => profiles.getProfile({ ctx, actor: request.authUser, id: request.params.id }),
  );

  app.put(
    `${base}/:id`,
    {
      bodyLimit: profileBodyLimit,
      schema: {
        tags,
        params: signatureProfileIdParamsSchema,
        querystring: emptyQuerySchema,
        body: signatureProfileInputSchema,
        response: { 200: signatureProfileSchema, ...errors },
      },
    },
    async (request) =>
      profiles.updateProfile({
        ctx,
        actor: request.authUser,
        id: request.params.id,
        input: request.body,
      }),
  );

  app.delete(
    `${base}/:id`,
    {
      schema: {
        tags,
        params: signatureProfileIdParamsSchema,
        querystring: emptyQuerySchema,
        response: { 204: z.null().describe('Deleted'), ...errors },
      },
    },
    async (request, reply) => {
      await profiles.deleteProfile({ ctx, actor: request.authUser, id: request.params.id });
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/signatures/visibleSignature/profileImage/:id',
    {
      schema: {
        tags,
        description: 'The profile’s image (rendered with its text), as a data URL',
        params: signatureProfileIdParamsSchema,
        querystring: emptyQuerySchema,
        response: { 200: imageDataUrlResponseSchema, ...errors },
      },
    },
    async (request) =>
      profiles.profileImage({ ctx, actor: request.authUser, id: request.params.id }),
  );

  app.get(
    '/signatures/visibleSignature/adminProps',
    {
      schema: {
        tags,
        description: 'The background behind every visible signature (colour and image)',
        querystring: emptyQuerySchema,
        response: { 200: visibleSignatureAdminPropsSchema, ...errors },
      },
    },
    async () => profiles.getAdminProps(ctx),
  );

  app.get(
    '/signatures/visibleSignature/:id',
    {
      schema: {
        tags,
        description: 'The profile’s visible signature on the admin’s background (600×200 PNG)',
        params: signatureProfileIdParamsSchema,
        querystring: emptyQuerySchema,
        response: { 200: imageDataUrlResponseSchema, ...errors },
      },
    },
    async (request) =>
      profiles.visibleSignatureImage({ ctx, actor: request.authUser, id: request.params.id }),
  );

  app.post(
    '/signatures/visibleSignature/combineImage',
    {
      bodyLimit: oneImageBodyLimit,
      schema: {
        tags,
        description: 'The clerk’s drawn image with the client’s name beside it (600×200 PNG)',
        querystring: emptyQuerySchema,
        body: combineImageSchema,
        response: { 200: imageDataUrlResponseSchema, ...errors },
      },
    },
    async (request) => profiles.combineImage({ ctx, input: request.body }),
  );

  await app.register(async (admin) => {
    admin.addHook('onRequest', requireRole('admin'));
    admin.withTypeProvider<ZodTypeProvider>().put(
      '/signatures/visibleSignature/adminProps',
      {
        bodyLimit: oneImageBodyLimit,
        schema: {
          tags,
          description: 'Sets the background behind every visible signature (admin)',
          querystring: emptyQuerySchema,
          body: visibleSignatureAdminPropsSchema,
          response: { 200: visibleSignatureAdminPropsSchema, ...errors },
        },
      },
      async (request) =>
        profiles.saveAdminProps({ ctx, actor: request.authUser, input: request.body }),
    );
  });
};
