import { errorStatus, type ErrorCode } from '@signet/contracts/errors';

/** An error from the catalogue: the handler answers it as `{code, message, time}` with its status. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly fields: Record<string, string> | undefined;
  /** Sent as `Retry-After` (TOO_MANY_REQUESTS). */
  readonly retryAfterSeconds: number | undefined;

  constructor(
    code: ErrorCode,
    message: string,
    fields?: Record<string, string>,
    options?: { cause?: unknown; retryAfterSeconds?: number },
  ) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.retryAfterSeconds = options?.retryAfterSeconds;
    this.name = 'AppError';
    this.code = code;
    this.status = errorStatus[code];
    this.fields = fields;
  }
}

export const notFound = (what: string) => new AppError('NOT_FOUND', `${what} not found`);
export const forbidden = (message = 'Forbidden') => new AppError('FORBIDDEN', message);
