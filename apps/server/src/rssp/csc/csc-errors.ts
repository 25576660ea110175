import type { FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorCode } from '@signet/contracts/errors';
import { AppError } from '#infra/app-error';

/** An error of the CSC API: `{ error, error_description }` with its HTTP status (CSC §10). */
export class CscError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    description: string,
  ) {
    super(description);
    this.name = 'CscError';
  }
}

export const invalidRequest = (description: string) =>
  new CscError(400, 'invalid_request', description);
export const invalidToken = (description = 'The access token is not valid') =>
  new CscError(401, 'invalid_token', description);
export const invalidGrant = (description: string) =>
  new CscError(400, 'invalid_grant', description);
export const invalidClient = (description = 'Client authentication failed') =>
  new CscError(401, 'invalid_client', description);

/** Signet's catalogue errors as CSC errors (only on /csc routes). */
const fromCatalogue: Partial<Record<ErrorCode, [number, string]>> = {
  UNAUTHORIZED: [401, 'invalid_token'],
  USER_SUSPENDED: [401, 'invalid_token'],
  FORBIDDEN: [400, 'invalid_request'],
  NOT_FOUND: [400, 'invalid_request'],
  INCORRECT_KEYPASSWORD_OR_PUK: [400, 'invalid_pin'],
  KEY_BLOCKED: [400, 'invalid_request'],
  AUTHORIZATION_DENIED: [400, 'access_denied'],
  AUTHORIZATION_EXPIRED: [400, 'expired_token'],
  NO_ENABLED_DEVICES: [400, 'invalid_request'],
  TOO_MANY_REQUESTS: [429, 'too_many_requests'],
  SERVICE_UNAVAILABLE: [503, 'temporarily_unavailable'],
};

function cscOf(error: AppError): CscError {
  const mapped = fromCatalogue[error.code];
  if (mapped) {
    const description =
      error.code === 'NOT_FOUND'
        ? 'Invalid parameter credentialID'
        : error.code === 'KEY_BLOCKED'
          ? `The key is blocked: ${error.message}`
          : error.message;
    return new CscError(mapped[0], mapped[1], description);
  }
  if (error.status >= 500) return new CscError(error.status, 'server_error', 'Internal error');
  return new CscError(400, 'invalid_request', error.message);
}

/** The error handler of the /csc scope: every error in the CSC shape. */
export function registerCscErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    let csc: CscError;
    if (error instanceof CscError) csc = error;
    else if (error instanceof AppError) {
      if (error.status >= 500) request.log.error({ err: error }, error.message);
      if (error.retryAfterSeconds !== undefined) {
        void reply.header('retry-after', String(error.retryAfterSeconds));
      }
      csc = cscOf(error);
    } else if (hasZodFastifySchemaValidationErrors(error)) {
      const [issue] = error.validation;
      const field = issue?.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'body';
      csc = invalidRequest(`Invalid parameter ${field}`);
    } else if (
      typeof (error as { statusCode?: unknown }).statusCode === 'number' &&
      (error as { statusCode: number }).statusCode < 500
    ) {
      csc = new CscError(
        (error as { statusCode: number }).statusCode,
        'invalid_request',
        'Bad request',
      );
    } else {
      request.log.error({ err: error }, 'unhandled error');
      csc = new CscError(500, 'server_error', 'Internal error');
    }
    if (csc.status === 401) void reply.header('www-authenticate', `Bearer error="${csc.error}"`);
    return reply
      .status(csc.status)
      .header('cache-control', 'no-store')
      .send({ error: csc.error, error_description: csc.message });
  });
  app.setNotFoundHandler((_request, reply) =>
    reply.status(404).send({ error: 'not_found', error_description: 'No such CSC method' }),
  );
}
