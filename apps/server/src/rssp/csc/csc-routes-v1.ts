import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createTimings } from '#infra/timings';
import { clientGone } from '#infra/http';
import { verifyCscToken } from './csc-oauth';
import { serviceInfo, timed, type CscRouteOptions } from './csc-service-info';
import {
  cscAuthorize,
  cscSignHash,
  credentialInfo,
  listUserCredentials,
  tokenCredential,
} from './csc-service';

const tags = ['csc v1'];
const hashList = z.array(z.string().min(1).max(2_000)).min(1).max(100);
const certificates = z.enum(['none', 'single', 'chain']).optional();

const listSchema = z
  .object({
    userID: z.string().max(200).optional(),
    maxResults: z.number().int().min(1).max(1_000).optional(),
    pageToken: z.string().max(100).optional(),
  })
  .optional();
const infoSchema = z.object({
  credentialID: z.string().min(1).max(100),
  certificates,
  certInfo: z.boolean().optional(),
  authInfo: z.boolean().optional(),
  lang: z.string().max(20).optional(),
});
const authorizeSchema = z.object({
  credentialID: z.string().min(1).max(100),
  numSignatures: z.number().int().min(1).max(100),
  hash: hashList,
  PIN: z.string().max(1_000).optional(),
  OTP: z.string().max(100).optional(),
  description: z.string().max(500).optional(),
  clientData: z.string().max(2_000).optional(),
});
const signHashSchema = z.object({
  credentialID: z.string().min(1).max(100),
  SAD: z.string().min(1).max(200),
  hash: hashList,
  /** v1 names the hash by OID too (`hashAlgo`). */
  hashAlgo: z.string().max(100).optional(),
  signAlgo: z.string().min(1).max(100),
  signAlgoParams: z.string().max(1_000).optional(),
  clientData: z.string().max(2_000).optional(),
});

const v1Methods = [
  'info',
  'credentials/list',
  'credentials/info',
  'credentials/authorize',
  'signatures/signHash',
];

/** CSC API v1 (1.0.4): the calls P§7 names and signHash, thin adapters over the v2 service. */
export const cscV1Routes: FastifyPluginAsync<CscRouteOptions> = async (instance, { ctx, deps }) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const token = (request: FastifyRequest, limited = true) =>
    verifyCscToken(deps, request.headers.authorization, limited);
  const info = () => serviceInfo(deps, 'v1', v1Methods);
  app.get('/info', { schema: { tags } }, info);
  app.post('/info', { schema: { tags } }, info);

  app.post('/credentials/list', { schema: { tags, body: listSchema } }, async (request) => {
    const t = await token(request);
    const rows = t.credentialId
      ? [(await tokenCredential(ctx, t, t.credentialId)).row]
      : await listUserCredentials(ctx, t.userId);
    const max = request.body?.maxResults ?? rows.length;
    const offset = Number(request.body?.pageToken ?? '0') || 0;
    const page = rows.slice(offset, offset + max);
    const next = offset + max < rows.length ? String(offset + max) : undefined;
    return { credentialIDs: page.map((r) => r.id), ...(next ? { nextPageToken: next } : {}) };
  });
  app.post('/credentials/info', { schema: { tags, body: infoSchema } }, async (request) => {
    const t = await token(request);
    const { row } = await tokenCredential(ctx, t, request.body.credentialID);
    const { auth: _auth, ...rest } = credentialInfo(
      row,
      request.body,
      ctx.config.CSC_SCAL,
    ) as ReturnType<typeof credentialInfo> & {
      auth?: unknown;
    };
    return rest;
  });
  app.post(
    '/credentials/authorize',
    { schema: { tags, body: authorizeSchema } },
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
          hashes: body.hash,
          pin: body.PIN,
          description: body.description,
          signal: clientGone(request, reply),
        },
        timings,
      );
      return timed(reply, timings, started).send(result);
    },
  );
  app.post(
    '/signatures/signHash',
    { schema: { tags, body: signHashSchema } },
    async (request, reply) => {
      const started = performance.now();
      const timings = createTimings();
      const { body } = request;
      const result = await cscSignHash(
        ctx,
        token(request, false),
        {
          credentialID: body.credentialID,
          SAD: body.SAD,
          hashes: body.hash,
          hashAlgorithmOID: body.hashAlgo,
          signAlgo: body.signAlgo,
          signAlgoParams: body.signAlgoParams,
        },
        timings,
      );
      return timed(reply, timings, started).send(result);
    },
  );
};
