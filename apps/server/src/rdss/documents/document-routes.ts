import type { IncomingMessage } from 'node:http';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { emptyQuerySchema } from '@signet/contracts/common';
import multipart from '@fastify/multipart';
import {
  batchNameSchema,
  batchSchema,
  documentIdParamsSchema,
  documentSchema,
  fileNameSchema,
  maxBatchFiles,
  uploadDocumentQuerySchema,
} from '@signet/contracts/documents';
import { errorResponseSchema } from '@signet/contracts/errors';
import { AppError } from '#infra/app-error';
import * as documents from './document-service';
import { ReceivedPdf, receivePdf } from './pdf-body';
import type { RevisionBuffers, SharedSha256 } from '../pdf-work';
import { storageQuotaExceeded, storageRoomOf } from './storage-quota';
import type { ThumbnailQueue } from '../thumbnails';

/** What a multipart body adds around its files (boundaries, part headers, the batch name). */
const multipartOverhead = 64 * 1024;

const tags = ['documents'];
const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};

const invalidBatch = (fields: Record<string, string>) =>
  new AppError('VALIDATION_FAILED', 'Validation failed', fields);

/**
 * D§7 documents calls under `/rdss/v1`. The PDF is the request body (`application/pdf`), read by
 * `receivePdf`: 413 PAYLOAD_TOO_LARGE the moment it passes MAX_UPLOAD_DOCUMENT_BYTES, so an
 * oversized upload is never held whole; hashed and written while it arrives.
 */
export const documentRoutes: FastifyPluginAsync<{
  ctx: documents.UploadContext & {
    maxUploadBytes: number;
    buffers: RevisionBuffers;
    hashes: SharedSha256;
    thumbnails: ThumbnailQueue;
  };
}> = async (instance, { ctx }) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.addContentTypeParser(
    'application/pdf',
    async (request: FastifyRequest, payload: IncomingMessage) => {
      // Reading stops at the user's storage room when that is below the upload limit.
      const room = await storageRoomOf(
        ctx.database.db,
        ctx.storageBytesPerUser,
        request.authUser.id,
      );
      return room < ctx.maxUploadBytes
        ? receivePdf(payload, room, ctx.blobs, ctx.hashes, ctx.buffers, storageQuotaExceeded)
        : receivePdf(payload, ctx.maxUploadBytes, ctx.blobs, ctx.hashes, ctx.buffers);
    },
  );
  // A PDF received but refused after (its query, the check, the transaction) leaves no file.
  app.addHook('onResponse', async (request, reply) => {
    if (!(request.body instanceof ReceivedPdf)) return;
    // Nothing reads the upload's bytes any more: stored (its writes awaited) or refused.
    if (reply.statusCode !== 201) await ctx.blobs.remove(request.body.id);
    ctx.buffers.give(request.body.bytes as Buffer);
  });

  app.post(
    '/documents',
    {
      bodyLimit: ctx.maxUploadBytes,
      schema: {
        tags,
        description: 'Uploads a PDF (the request body, application/pdf)',
        querystring: uploadDocumentQuerySchema,
        response: { 201: documentSchema, ...errors, 413: errorResponseSchema },
      },
    },
    async (request, reply) => {
      if (!(request.body instanceof ReceivedPdf)) {
        throw new AppError(
          'BAD_REQUEST',
          'Send the PDF as the body, with Content-Type application/pdf',
        );
      }
      const document = await documents.uploadDocument({
        ctx,
        actor: request.authUser,
        fileName: request.query.fileName,
        file: request.body,
      });
      return reply.status(201).send(document);
    },
  );

  // Batches come as multipart/form-data: `batchName`, then the `files`, each streamed and cut off
  // with 413 as soon as it passes MAX_UPLOAD_DOCUMENT_BYTES. These limits are what bound the body:
  // the multipart parser never reads it, so a route `bodyLimit` would not apply.
  await app.register(multipart, {
    limits: {
      fileSize: ctx.maxUploadBytes,
      files: maxBatchFiles,
      fields: 1,
      parts: maxBatchFiles + 1,
    },
  });

  app.post(
    '/documents/batch',
    {
      schema: {
        tags,
        description: `Uploads several PDFs (multipart: batchName, then up to ${maxBatchFiles} files)`,
        querystring: emptyQuerySchema,
        response: { 201: batchSchema, ...errors, 413: errorResponseSchema },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) {
        throw new AppError('BAD_REQUEST', 'Send the batch as multipart/form-data');
      }
      const room = await storageRoomOf(
        ctx.database.db,
        ctx.storageBytesPerUser,
        request.authUser.id,
      );
      if (Number(request.headers['content-length']) > room + multipartOverhead) {
        throw storageQuotaExceeded();
      }
      let name: string | undefined;
      let received = 0;
      const files: { fileName: string; bytes: Uint8Array }[] = [];
      for await (const part of request.parts()) {
        if (part.type === 'field') {
          if (part.fieldname === 'batchName') name = String(part.value);
          continue;
        }
        if (part.fieldname !== 'files') {
          throw invalidBatch({ [part.fieldname]: 'Only files are taken' });
        }
        files.push({ fileName: part.filename, bytes: await part.toBuffer() });
        received += files.at(-1)!.bytes.length;
        if (received > room) throw storageQuotaExceeded();
      }
      // No name, or only blanks: the first file's, as the upload dialog's placeholder shows it
      // (D§5), never a name typed after it (issue 38 §8).
      const given = name?.trim() ? name : (files[0]?.fileName ?? '');
      const batchName = batchNameSchema.safeParse(given);
      if (!batchName.success)
        throw invalidBatch({ batchName: batchName.error.issues[0]?.message ?? '' });
      if (files.length === 0) throw invalidBatch({ files: 'At least one PDF' });
      const fileNames = files.map((f) => fileNameSchema.safeParse(f.fileName));
      const badName = fileNames.findIndex((n) => !n.success);
      if (badName >= 0) throw invalidBatch({ [`files.${badName}`]: 'Not a file name' });
      const batch = await documents.uploadBatch({
        ctx,
        actor: request.authUser,
        name: batchName.data,
        files,
      });
      return reply.status(201).send(batch);
    },
  );

  app.get(
    '/documents/batch/:id',
    {
      schema: {
        tags,
        params: documentIdParamsSchema,
        querystring: emptyQuerySchema,
        response: { 200: batchSchema, ...errors },
      },
    },
    async (request) => documents.getBatch({ ctx, actor: request.authUser, id: request.params.id }),
  );

  app.get(
    '/documents/:id',
    {
      schema: {
        tags,
        params: documentIdParamsSchema,
        querystring: emptyQuerySchema,
        response: { 200: documentSchema, ...errors },
      },
    },
    async (request) =>
      documents.getDocument({ ctx, actor: request.authUser, id: request.params.id }),
  );

  app.get(
    '/documents/:id/thumbnail',
    {
      schema: {
        tags,
        description:
          'Page 1 as a PNG (a padlock for a file that needs a password, a placeholder for one that does not render); 429 or 503 with Retry-After when the queue is full',
        params: documentIdParamsSchema,
        querystring: emptyQuerySchema,
        response: {
          200: z.any().describe('image/png'),
          ...errors,
          429: errorResponseSchema,
          503: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const png = await documents.getThumbnail({
        ctx,
        actor: request.authUser,
        id: request.params.id,
      });
      return reply
        .type('image/png')
        .header('cache-control', 'private, max-age=86400')
        .send(Buffer.from(png.buffer, png.byteOffset, png.byteLength));
    },
  );

  app.delete(
    '/documents/:id',
    {
      schema: {
        tags,
        params: documentIdParamsSchema,
        querystring: emptyQuerySchema,
        response: { 204: z.null().describe('Deleted'), ...errors },
      },
    },
    async (request, reply) => {
      await documents.deleteDocument({ ctx, actor: request.authUser, id: request.params.id });
      return reply.status(204).send(null);
    },
  );
};
