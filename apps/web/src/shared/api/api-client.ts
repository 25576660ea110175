import type { RemoteConfig } from '@signet/contracts/server';
import type { ZodType } from 'zod';
import { ApiError, toApiError } from './api-error';
import { resolveApiUrl, withQuery } from './api-url';
import type { QueryValue } from './api-url';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

export interface RequestOptions<T> {
  /** Query parameters; undefined, null and '' are left out. */
  query?: Record<string, QueryValue>;
  /** JSON body (sent as application/json). */
  body?: unknown;
  /** Validates and types the response body. Without it the body is returned as is. */
  schema?: ZodType<T>;
  signal?: AbortSignal;
  /** Overrides networkTimeoutMillis for this call (long-running calls). */
  timeoutMs?: number;
  /** `blob`: the answer's bytes (a file, a thumbnail) instead of JSON. */
  responseType?: 'json' | 'blob';
}

/** Where the client gets the access token from (the signed-in oidc-client-ts user). */
export interface TokenSource {
  getAccessToken(): string | undefined;
  /** Silent renew; resolves to the new token, or undefined when the session is gone. */
  renewAccessToken(): Promise<string | undefined>;
}

/**
 * The one HTTP client of the app. Paths are full service paths: `/api/v1/users/self`,
 * `/rssp/v1/credentials/self`, `/rdss/v1/...`. Errors are thrown as `ApiError`.
 */
export interface ApiClient {
  request<T = unknown>(method: HttpMethod, path: string, options?: RequestOptions<T>): Promise<T>;
  get<T = unknown>(path: string, options?: RequestOptions<T>): Promise<T>;
  post<T = unknown>(path: string, body?: unknown, options?: RequestOptions<T>): Promise<T>;
  put<T = unknown>(path: string, body?: unknown, options?: RequestOptions<T>): Promise<T>;
  delete<T = unknown>(path: string, options?: RequestOptions<T>): Promise<T>;
}

/** Answers of GET calls sent before the app's code ran (`app/early-requests.ts`). */
export interface EarlyResponses {
  /**
   * The answer of GET `url` if it was sent with `token`, handed out once. Undefined, or a promise
   * of undefined, when there is none (or it failed): the client then sends the call itself.
   */
  take(url: string, token: string | undefined): Promise<Response | undefined> | undefined;
}

export interface ApiClientOptions {
  config: Pick<RemoteConfig, 'rsspApiUrl' | 'rdssApiUrl' | 'networkTimeoutMillis'>;
  tokens: TokenSource;
  fetch?: typeof fetch;
  early?: EarlyResponses;
}

/** Answers about the user or their address, which no fresh token changes. */
const userAnswers: ReadonlySet<string> = new Set([
  'USER_SUSPENDED',
  'EMAIL_NOT_CONFIRMED',
  'ADDRESS_NOT_CONFIRMED',
  'INVITATION_FOR_ANOTHER_ADDRESS',
]);

/** 401/403 mean "try a fresh token once", except answers about the user, which no token changes. */
function shouldRenew(error: ApiError): boolean {
  return (error.status === 401 || error.status === 403) && !userAnswers.has(error.code);
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('json')) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export function createApiClient({
  config,
  tokens,
  fetch: fetchFn,
  early,
}: ApiClientOptions): ApiClient {
  const doFetch = fetchFn ?? ((input, init) => globalThis.fetch(input, init));
  // One silent renew at a time, shared by every request that hit 401/403 meanwhile.
  let renewing: Promise<string | undefined> | null = null;
  const renewOnce = (): Promise<string | undefined> => {
    renewing ??= tokens.renewAccessToken().finally(() => {
      renewing = null;
    });
    return renewing;
  };

  async function send(
    method: HttpMethod,
    path: string,
    options: RequestOptions<unknown>,
    token: string | undefined,
  ): Promise<unknown> {
    const timeoutMs = options.timeoutMs ?? config.networkTimeoutMillis;
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (token) headers.Authorization = `Bearer ${token}`;
    let body: BodyInit | undefined;
    if (options.body !== undefined) {
      if (options.body instanceof FormData || options.body instanceof Blob) {
        body = options.body;
      } else {
        headers['Content-Type'] = 'application/json';
        body = JSON.stringify(options.body);
      }
    }
    const url = withQuery(resolveApiUrl(path, config), options.query);
    let response = method === 'GET' ? await early?.take(url, token) : undefined;
    try {
      response ??= await doFetch(url, {
        method,
        headers,
        body,
        signal,
      });
    } catch (error) {
      if (options.signal?.aborted) throw error;
      if (timeout.aborted) {
        throw new ApiError({
          code: 'TIMEOUT',
          status: 0,
          message: `Timeout of ${timeoutMs} ms exceeded`,
        });
      }
      throw new ApiError({
        code: 'NETWORK_ERROR',
        status: 0,
        message: error instanceof Error ? error.message : 'Network error',
      });
    }
    if (response.ok && options.responseType === 'blob') return response.blob();
    const data = await readBody(response);
    if (!response.ok) {
      throw toApiError(response.status, data, response.headers.get('retry-after'));
    }
    return data;
  }

  async function request<T>(
    method: HttpMethod,
    path: string,
    options: RequestOptions<T> = {},
  ): Promise<T> {
    let data: unknown;
    try {
      data = await send(method, path, options, tokens.getAccessToken());
    } catch (error) {
      if (!(error instanceof ApiError) || !shouldRenew(error)) throw error;
      const fresh = await renewOnce().catch(() => undefined);
      if (!fresh) throw error;
      data = await send(method, path, options, fresh);
    }
    return options.schema ? options.schema.parse(data) : (data as T);
  }

  return {
    request,
    get: (path, options) => request('GET', path, options),
    post: (path, body, options) => request('POST', path, { ...options, body }),
    put: (path, body, options) => request('PUT', path, { ...options, body }),
    delete: (path, options) => request('DELETE', path, options),
  };
}
