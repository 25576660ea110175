import { errorResponseSchema } from '@signet/contracts/errors';
import type { ErrorCode } from '@signet/contracts/errors';

/** Catalogue codes plus the two the client produces itself when no response arrives. */
export type ApiErrorCode = ErrorCode | 'TIMEOUT' | 'NETWORK_ERROR';

/** An error answered by a Signet service (spec platform §8) or a request that got no answer. */
export class ApiError extends Error {
  readonly code: ApiErrorCode;
  /** HTTP status, 0 when no response arrived. */
  readonly status: number;
  /** Server time of the error (ISO 8601), or the client's time when there was no response. */
  readonly time: string;
  /** Field path → message, for VALIDATION_FAILED. */
  readonly fields: Record<string, string>;

  constructor(options: {
    code: ApiErrorCode;
    status: number;
    message: string;
    time?: string;
    fields?: Record<string, string>;
  }) {
    super(options.message);
    this.name = 'ApiError';
    this.code = options.code;
    this.status = options.status;
    this.time = options.time ?? new Date().toISOString();
    this.fields = options.fields ?? {};
  }
}

export function isApiError(error: unknown, code?: ApiErrorCode): error is ApiError {
  return error instanceof ApiError && (code === undefined || error.code === code);
}

/** Builds the ApiError of a non-2xx response from its parsed JSON body (or lack of one). */
export function toApiError(status: number, body: unknown): ApiError {
  const parsed = errorResponseSchema.safeParse(body);
  if (parsed.success) {
    return new ApiError({ status, ...parsed.data });
  }
  return new ApiError({
    code: status === 401 ? 'UNAUTHORIZED' : status === 403 ? 'FORBIDDEN' : 'SERVER_ERROR',
    status,
    message: `HTTP ${status}`,
  });
}
