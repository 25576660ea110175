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
  /** When the call may be tried again (a 429's Retry-After, as a client time), or null. */
  readonly retryAt: Date | null;

  constructor(options: {
    code: ApiErrorCode;
    status: number;
    message: string;
    time?: string;
    fields?: Record<string, string>;
    retryAt?: Date | null;
  }) {
    super(options.message);
    this.name = 'ApiError';
    this.code = options.code;
    this.status = options.status;
    this.time = options.time ?? new Date().toISOString();
    this.fields = options.fields ?? {};
    this.retryAt = options.retryAt ?? null;
  }
}

export function isApiError(error: unknown, code?: ApiErrorCode): error is ApiError {
  return error instanceof ApiError && (code === undefined || error.code === code);
}

/**
 * The time a `Retry-After` header names: seconds from now, or an HTTP date; null without a
 * usable one.
 */
export function retryAtOf(retryAfter: string | null, now = new Date()): Date | null {
  if (!retryAfter) return null;
  const seconds = Number(retryAfter);
  if (Number.isFinite(seconds) && seconds >= 0) return new Date(now.getTime() + seconds * 1000);
  const date = new Date(retryAfter);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * Builds the ApiError of a non-2xx response from its parsed JSON body (or lack of one) and its
 * Retry-After header.
 */
export function toApiError(status: number, body: unknown, retryAfter?: string | null): ApiError {
  const parsed = errorResponseSchema.safeParse(body);
  if (parsed.success) {
    return new ApiError({ status, ...parsed.data, retryAt: retryAtOf(retryAfter ?? null) });
  }
  return new ApiError({
    code: status === 401 ? 'UNAUTHORIZED' : status === 403 ? 'FORBIDDEN' : 'SERVER_ERROR',
    status,
    message: `HTTP ${status}`,
  });
}
