import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { emptyQuerySchema } from '@signet/contracts/common';
import { errorResponseSchema } from '@signet/contracts/errors';
import { fromPem, ocspErrorResponse } from '@signet/der';
import { AppError } from '#infra/app-error';
import { createCallLimiter } from '#infra/call-limiter';
import { addressBudgetKey } from '#infra/http';
import type { CaRevocation } from './ca-revocation';
import type { RsspContext } from '../context';
import { findCertificateAuthority } from '../records';

/** Largest OCSP request taken (RFC 6960 requests for a few certificates are a few hundred bytes). */
const maxOcspRequestBytes = 8192;
const ocspResponseType = 'application/ocsp-response';

/**
 * `GET ca/certificate`: the CA certificate (PEM), public like any root: the embedded CA's root, or
 * with CA_MODE=external the external CA's (CMP_CA_CERT_FILE, else the top of its first chain).
 * `ca/certificate.cer` (DER, the AIA caIssuers of what the embedded CA issues), the embedded CA's
 * OCSP responder (`POST ca/ocsp`, `GET ca/ocsp/{base64}`, RFC 6960) and CRL (`GET ca/crl`),
 * all public: relying parties check signatures without an account (decision 037). Under `ca/pq`
 * the same of the post-quantum CA that certifies SLH-DSA keys, but no OCSP responder (decision
 * 057); 404 until it certified its first key.
 */
export const caRoutes: FastifyPluginAsync<{ ctx: RsspContext; revocation: CaRevocation }> = async (
  instance,
  { ctx, revocation },
) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  // Each answer may cost a signature by the CA key: calls are bounded per client address, as
  // the TSA's are (API_CALLS_PER_SECOND, bursts of four times as many).
  const rate = ctx.config.API_CALLS_PER_SECOND;
  const limiter = createCallLimiter({ rate, burst: rate * 4 });
  /** The OCSP answer: tryLater with 429 and Retry-After past the address's budget (RFC 6960 §2.3). */
  const answerOcsp = async (request: FastifyRequest, reply: FastifyReply, der: Buffer) => {
    const wait = limiter.take(`ocsp|${addressBudgetKey(request.ip)}`);
    if (wait !== null) {
      return reply
        .status(429)
        .header('retry-after', String(wait))
        .header('content-type', ocspResponseType)
        .send(ocspErrorResponse('tryLater'));
    }
    return reply.header('content-type', ocspResponseType).send(await revocation.answerOcsp(der));
  };
  app.addContentTypeParser(
    'application/ocsp-request',
    { parseAs: 'buffer', bodyLimit: maxOcspRequestBytes },
    (_request, body, done) => done(null, body),
  );
  const rootDer = () => {
    if (!ctx.ca.rootPem)
      throw new AppError(
        'NOT_FOUND',
        "The external CA's certificate is not known yet (set CMP_CA_CERT_FILE)",
      );
    const [der] = fromPem(ctx.ca.rootPem, 'CERTIFICATE');
    if (!der) throw new AppError('NOT_FOUND', 'The CA certificate is unreadable');
    return der;
  };
  app.get(
    '/ca/certificate.cer',
    {
      schema: {
        tags: ['credentials'],
        security: [],
        querystring: emptyQuerySchema,
        response: { 200: z.any().describe('CA certificate, DER'), 404: errorResponseSchema },
      },
    },
    async (_request, reply) =>
      reply.header('content-type', 'application/pkix-cert').send(rootDer()),
  );
  app.post(
    '/ca/ocsp',
    {
      bodyLimit: maxOcspRequestBytes,
      schema: {
        tags: ['credentials'],
        security: [],
        description:
          'OCSP responder of the embedded CA (RFC 6960): an application/ocsp-request body',
        querystring: emptyQuerySchema,
        response: {
          200: z.any().describe('OCSPResponse, DER'),
          400: errorResponseSchema,
          429: z.any().describe('OCSPResponse tryLater, DER: past the address budget'),
        },
      },
    },
    async (request, reply) => {
      if (!Buffer.isBuffer(request.body))
        throw new AppError(
          'BAD_REQUEST',
          'Send a DER OCSP request with Content-Type application/ocsp-request',
        );
      return answerOcsp(request, reply, request.body);
    },
  );
  app.get(
    '/ca/ocsp/*',
    {
      schema: {
        tags: ['credentials'],
        security: [],
        description:
          'OCSP responder of the embedded CA, GET form: the request as URL-encoded base64',
        response: {
          200: z.any().describe('OCSPResponse, DER'),
          400: errorResponseSchema,
          429: z.any().describe('OCSPResponse tryLater, DER: past the address budget'),
        },
      },
    },
    async (request, reply) => {
      const encoded = (request.params as { '*': string })['*'];
      if (encoded.length > maxOcspRequestBytes * 2)
        throw new AppError('BAD_REQUEST', 'The OCSP request is too long');
      const der = Buffer.from(decodeURIComponent(encoded), 'base64');
      return answerOcsp(request, reply.header('cache-control', 'no-cache'), der);
    },
  );
  app.get(
    '/ca/crl',
    {
      schema: {
        tags: ['credentials'],
        security: [],
        description: "The embedded CA's CRL (DER)",
        querystring: emptyQuerySchema,
        response: { 200: z.any().describe('CRL, DER'), 404: errorResponseSchema },
      },
    },
    async (_request, reply) => {
      const crl = await revocation.currentCrl();
      if (!crl) throw new AppError('NOT_FOUND', 'This server has no embedded CA');
      return reply
        .header('content-type', 'application/pkix-crl')
        .header('content-disposition', 'attachment; filename="signet-embedded-ca.crl"')
        .send(crl);
    },
  );
  const postQuantumRoot = async () => {
    const row = await findCertificateAuthority(ctx.database.db, 'post-quantum');
    if (!row) throw new AppError('NOT_FOUND', 'This server has no post-quantum CA (yet)');
    return row.certificatePem;
  };
  app.get(
    '/ca/pq/certificate',
    {
      schema: {
        tags: ['credentials'],
        security: [],
        description: "The post-quantum CA's root certificate (SLH-DSA), PEM",
        querystring: emptyQuerySchema,
        response: { 200: z.string().describe('Root certificate, PEM'), 404: errorResponseSchema },
      },
    },
    async (_request, reply) =>
      reply
        .header('content-type', 'application/x-pem-file; charset=utf-8')
        .header('content-disposition', 'attachment; filename="signet-post-quantum-ca.pem"')
        .send(await postQuantumRoot()),
  );
  app.get(
    '/ca/pq/certificate.cer',
    {
      schema: {
        tags: ['credentials'],
        security: [],
        description: "The post-quantum CA's root certificate, DER",
        querystring: emptyQuerySchema,
        response: { 200: z.any().describe('CA certificate, DER'), 404: errorResponseSchema },
      },
    },
    async (_request, reply) => {
      const [der] = fromPem(await postQuantumRoot(), 'CERTIFICATE');
      return reply.header('content-type', 'application/pkix-cert').send(der);
    },
  );
  app.get(
    '/ca/pq/crl',
    {
      schema: {
        tags: ['credentials'],
        security: [],
        description: "The post-quantum CA's CRL (DER, signed with SLH-DSA)",
        querystring: emptyQuerySchema,
        response: { 200: z.any().describe('CRL, DER'), 404: errorResponseSchema },
      },
    },
    async (_request, reply) => {
      const crl = await revocation.currentCrl('post-quantum');
      if (!crl) throw new AppError('NOT_FOUND', 'This server has no post-quantum CA (yet)');
      return reply
        .header('content-type', 'application/pkix-crl')
        .header('content-disposition', 'attachment; filename="signet-post-quantum-ca.crl"')
        .send(crl);
    },
  );
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
