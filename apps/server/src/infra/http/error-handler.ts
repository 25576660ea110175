import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { type ErrorCode, type ErrorResponse, errorStatus } from '@signet/contracts/errors';
import { AppError } from '../app-error';

function body(code: ErrorCode, message: string, fields?: Record<string, string>): ErrorResponse {
  return { code, message, time: new Date().toISOString(), ...(fields ? { fields } : {}) };
}

/**
 * The one error handler: catalogue errors keep their code and status; validation, JSON and size
 * errors map to their codes; anything else is logged with the request id and answered as
 * SERVER_ERROR without internals.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      // A catalogue error of ours (a mail server or database that does not answer) is logged.
      if (error.status >= 500) request.log.error({ err: error }, error.message);
      if (error.retryAfterSeconds !== undefined) {
        void reply.header('retry-after', String(error.retryAfterSeconds));
      }
      return reply.status(error.status).send(body(error.code, error.message, error.fields));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
        fields[path || error.validationContext || 'body'] = issue.message ?? 'Invalid value';
      }
      return reply
        .status(errorStatus.VALIDATION_FAILED)
        .send(body('VALIDATION_FAILED', 'Validation failed', fields));
    }
    switch (error.code) {
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return reply.status(400).send(body('INVALID_JSON', 'The body is not valid JSON'));
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
      case 'FST_REQ_FILE_TOO_LARGE':
        return reply.status(413).send(body('PAYLOAD_TOO_LARGE', 'The body is too large'));
      // A multipart upload with more files or fields than the route takes.
      case 'FST_FILES_LIMIT':
      case 'FST_PARTS_LIMIT':
      case 'FST_FIELDS_LIMIT':
        return reply
          .status(400)
          .send(body('VALIDATION_FAILED', 'Validation failed', { files: error.message }));
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return reply.status(415).send(body('BAD_REQUEST', 'Unsupported content type'));
    }
    if (error.statusCode === 429) {
      return reply.status(429).send(body('TOO_MANY_REQUESTS', 'Too many requests'));
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send(body('BAD_REQUEST', 'Bad request'));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(body('SERVER_ERROR', 'Internal server error'));
  });

  app.setNotFoundHandler((request, reply) => {
    reply
      .status(404)
      .send(body('NOT_FOUND', `No route ${request.method} ${request.url.split('?')[0]}`));
  });
}
