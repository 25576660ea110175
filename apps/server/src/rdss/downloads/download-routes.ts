import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { emptyQuerySchema } from '@signet/contracts/common';
import {
  documentFileQuerySchema,
  documentFilesSchema,
  documentIdParamsSchema,
} from '@signet/contracts/documents';
import { errorResponseSchema } from '@signet/contracts/errors';
import { maxDownloadChains } from '@signet/contracts/limits';
import { ASIC_E_MIMETYPE } from '@signet/pades';
import {
  chainsDownload,
  documentDownload,
  type Download,
  type DownloadContext,
} from './document-download';
import { reusedPieceStream, zipStream } from '../documents';

const tags = ['documents'];
const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};

/** `attachment; filename*=UTF-8''…` (RFC 6266), so any file name survives the header. */
export function attachment(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/**
 * Streamed: the next piece is read while the socket sends the one before, into two buffers used
 * again (`piece-buffers.ts`); a client that goes away destroys the stream, which ends the reading
 * (nothing stays open). A zip has no length before it is written.
 */
function send(reply: FastifyReply, download: Download) {
  reply.header('cache-control', 'private, no-store');
  if (download.kind !== 'pdf') {
    return reply
      .type(download.kind === 'asice' ? ASIC_E_MIMETYPE : 'application/zip')
      .header('content-disposition', attachment(download.name))
      .send(zipStream(download.entries));
  }
  const { file } = download;
  return reusedPieceStream((buffers) => file.open(buffers), reply.raw).then((stream) =>
    reply
      .type('application/pdf')
      .header('content-disposition', attachment(file.name))
      .header('content-length', String(file.size))
      .send(stream),
  );
}

/**
 * Downloads (D§2 download-mode menu, D§7 `documents/{id}/file` mode, D§9 names): one document
 * as it stands, as uploaded, its signing trail or both in a zip; several chains in one zip.
 */
export const downloadRoutes: FastifyPluginAsync<{ ctx: DownloadContext }> = async (
  instance,
  { ctx },
) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/documents/:id/file',
    {
      schema: {
        tags,
        description:
          'ORIGINAL: the PDF as it stands (the latest signed revision, else the upload); UPLOAD: as uploaded; DETACHED: the signing trail PDF; FULL: a zip of the PDF and its trail',
        params: documentIdParamsSchema,
        querystring: documentFileQuerySchema,
        response: { 200: z.any().describe('application/pdf or application/zip'), ...errors },
      },
    },
    async (request, reply) =>
      send(
        reply,
        await documentDownload({
          ctx,
          actor: request.authUser,
          id: request.params.id,
          mode: request.query.mode,
          chainId: request.query.chainId,
        }),
      ),
  );

  app.post(
    '/documents/files',
    {
      schema: {
        tags,
        description: `One zip of up to ${maxDownloadChains} chains' documents as they stand (FULL: with their signing trails); refused whole when one is not the caller's to read. One signed bulk chain alone (ORIGINAL): its ASiC-E container (${ASIC_E_MIMETYPE})`,
        querystring: emptyQuerySchema,
        body: documentFilesSchema,
        response: { 200: z.any().describe('application/zip'), ...errors },
      },
    },
    async (request, reply) =>
      send(reply, await chainsDownload({ ctx, actor: request.authUser, input: request.body })),
  );
};
