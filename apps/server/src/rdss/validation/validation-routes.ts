import type { IncomingMessage } from 'node:http';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { chainIdParamsSchema } from '@signet/contracts/chains';
import { errorResponseSchema } from '@signet/contracts/errors';
import {
  chainValidationQuerySchema,
  validationQuerySchema,
  validationReportSchema,
  type ValidationReport,
} from '@signet/contracts/validations';
import { AppError } from '#infra/app-error';
import type { AuthUser } from '#infra/auth-types';
import { attachment } from '../downloads';
import { readPdfBody } from '../documents';
import { validateChain, validateFile, type ValidationContext } from './validation-service';
import { renderValidationReport } from './validation-render';

const tags = ['validation'];
const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  413: errorResponseSchema,
  415: errorResponseSchema,
  429: errorResponseSchema,
};

/** The raw body types a file may come as: its magic bytes decide what it is, not the header. */
const fileTypes = [
  'application/pdf',
  'application/zip',
  'application/vnd.etsi.asic-e+zip',
  'application/octet-stream',
];

/** A file as it arrived, so a JSON body of any shape is never taken for one. */
class ReceivedFile {
  constructor(readonly bytes: Uint8Array) {}
}

/** JSON, or the readable PDF when `?format=pdf` or the client accepts only PDF. */
async function answer(
  request: FastifyRequest,
  reply: FastifyReply,
  report: ValidationReport,
  format: 'json' | 'pdf' | undefined,
) {
  reply.header('cache-control', 'private, no-store');
  const accept = request.headers.accept ?? '';
  const wantsPdf =
    format === 'pdf' ||
    (format === undefined && accept.includes('application/pdf') && !accept.includes('json'));
  if (!wantsPdf) return report;
  const user: AuthUser = request.authUser;
  const pdf = await renderValidationReport(report, user.locale === 'HU' ? 'hu' : 'en');
  const name = `${report.fileName.replace(/\.(pdf|asice|sce|zip)$/i, '')}-validation.pdf`;
  return reply
    .type('application/pdf')
    .header('content-disposition', attachment(name))
    .send(Buffer.from(pdf.buffer, pdf.byteOffset, pdf.length));
}

/**
 * The validation API under `/rdss/v1` (issue 27 §3, decision 039): a file in (the raw body, or
 * multipart with one `file` part), its report out; and a chain's document as it stands. The size
 * limit is the upload limit (413 PAYLOAD_TOO_LARGE as soon as a body passes it).
 */
export const validationRoutes: FastifyPluginAsync<{
  ctx: ValidationContext & { maxUploadBytes: number };
}> = async (instance, { ctx }) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.addContentTypeParser(
    fileTypes,
    async (_request: FastifyRequest, payload: IncomingMessage) =>
      new ReceivedFile(await readPdfBody(payload, ctx.maxUploadBytes)),
  );
  await app.register(multipart, {
    limits: { fileSize: ctx.maxUploadBytes, files: 1, fields: 0, parts: 1 },
  });

  app.post(
    '/validations',
    {
      bodyLimit: ctx.maxUploadBytes,
      schema: {
        tags,
        description:
          'Validates the signatures of a file (the body as application/pdf, or multipart with one `file`); ?format=pdf answers a readable PDF report',
        querystring: validationQuerySchema,
        response: { 200: validationReportSchema, ...errors },
      },
    },
    async (request, reply) => {
      let bytes: Uint8Array;
      let fileName = request.query.fileName;
      if (request.body instanceof ReceivedFile) bytes = request.body.bytes;
      else if (request.isMultipart()) {
        const part = await request.file();
        if (!part) throw new AppError('BAD_REQUEST', 'Send the file as the `file` part');
        bytes = await part.toBuffer();
        fileName ??= part.filename;
      } else {
        throw new AppError(
          'BAD_REQUEST',
          'Send the file as the body (application/pdf) or as multipart/form-data',
        );
      }
      const report = await validateFile({
        ctx,
        actor: request.authUser,
        fileName: fileName || 'document.pdf',
        bytes,
      });
      return answer(request, reply, report, request.query.format);
    },
  );

  app.get(
    '/signatureChains/:id/validation',
    {
      schema: {
        tags,
        description:
          "Validates the chain's document as it stands; ?format=pdf answers a readable PDF report",
        params: chainIdParamsSchema,
        querystring: chainValidationQuerySchema,
        response: { 200: validationReportSchema, ...errors },
      },
    },
    async (request, reply) => {
      const report = await validateChain({
        ctx,
        actor: request.authUser,
        id: request.params.id,
        documentId: request.query.documentId,
      });
      return answer(request, reply, report, request.query.format);
    },
  );
};
