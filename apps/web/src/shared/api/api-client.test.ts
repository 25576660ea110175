import { z } from 'zod';
import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from './api-client';
import type { TokenSource } from './api-client';
import { ApiError } from './api-error';

const config = { rsspApiUrl: '', rdssApiUrl: '', networkTimeoutMillis: 1000 };

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

function tokens(initial: string, renewed?: string): TokenSource & { renewCount: () => number } {
  let token = initial;
  let count = 0;
  return {
    getAccessToken: () => token,
    renewAccessToken: async () => {
      count++;
      if (renewed) token = renewed;
      return renewed;
    },
    renewCount: () => count,
  };
}

const authOf = (init: RequestInit | undefined) =>
  (init?.headers as Record<string, string> | undefined)?.Authorization;

describe('createApiClient', () => {
  it('sends the bearer token, query and JSON body, and validates with the schema', async () => {
    const fetch = vi.fn<typeof globalThis.fetch>(async () => json(200, { id: 'x', n: 1 }));
    const api = createApiClient({ config, tokens: tokens('t1'), fetch });
    const result = await api.put(
      '/api/v1/things',
      { a: 1 },
      { query: { q: 'a b', empty: '', none: undefined }, schema: z.object({ id: z.string() }) },
    );
    expect(result).toEqual({ id: 'x' });
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe('/api/v1/things?q=a+b');
    expect(init?.method).toBe('PUT');
    expect(authOf(init)).toBe('Bearer t1');
    expect(init?.body).toBe('{"a":1}');
  });

  it('answers the bytes of a file as a Blob, and a file error still as the catalogue error', async () => {
    const pdf = new Uint8Array([0x25, 0x50, 0x44, 0x46]);
    const fetch = vi.fn<typeof globalThis.fetch>(
      async () =>
        new Response(pdf, { status: 200, headers: { 'content-type': 'application/pdf' } }),
    );
    const api = createApiClient({ config, tokens: tokens('t'), fetch });
    const blob = await api.get<Blob>('/rdss/v1/documents/x/file', { responseType: 'blob' });
    expect(blob).toBeInstanceOf(Blob);
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(pdf);

    fetch.mockImplementation(async () =>
      json(404, { code: 'NOT_FOUND', message: 'No', time: 't' }),
    );
    const error = await api
      .get('/rdss/v1/documents/x/file', { responseType: 'blob' })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'NOT_FOUND', status: 404 });
  });

  it('parses the catalogue error into an ApiError', async () => {
    const body = { code: 'ALREADY_EXISTS', message: 'User already exists', time: 't' };
    const fetch = vi.fn<typeof globalThis.fetch>(async () => json(409, body));
    const api = createApiClient({ config, tokens: tokens('t'), fetch });
    const error = await api.post('/api/v1/users', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'ALREADY_EXISTS', status: 409, time: 't' });
  });

  it('renews the token once on 401 and retries with the new one', async () => {
    const fetch = vi
      .fn<typeof globalThis.fetch>()
      .mockResolvedValueOnce(json(401, { code: 'UNAUTHORIZED', message: 'x', time: 't' }))
      .mockResolvedValueOnce(json(200, { ok: true }));
    const source = tokens('old', 'new');
    const api = createApiClient({ config, tokens: source, fetch });
    await expect(api.get('/api/v1/users/self')).resolves.toEqual({ ok: true });
    expect(source.renewCount()).toBe(1);
    expect(authOf(fetch.mock.calls[1]?.[1])).toBe('Bearer new');
  });

  it('gives up after one retry, and does not renew for a suspended user', async () => {
    const forbidden = () => json(403, { code: 'FORBIDDEN', message: 'no', time: 't' });
    const fetch = vi.fn<typeof globalThis.fetch>(async () => forbidden());
    const source = tokens('old', 'new');
    const api = createApiClient({ config, tokens: source, fetch });
    await expect(api.get('/api/v1/users')).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect(fetch).toHaveBeenCalledTimes(2);

    const suspended = vi.fn<typeof globalThis.fetch>(async () =>
      json(403, { code: 'USER_SUSPENDED', message: 'x', time: 't' }),
    );
    const other = tokens('old', 'new');
    const api2 = createApiClient({ config, tokens: other, fetch: suspended });
    await expect(api2.get('/api/v1/users/self')).rejects.toMatchObject({ code: 'USER_SUSPENDED' });
    expect(other.renewCount()).toBe(0);
  });

  it('shares one renewal between concurrent 401s', async () => {
    let calls = 0;
    const fetch = vi.fn<typeof globalThis.fetch>(async (_url, init) =>
      authOf(init) === 'Bearer new'
        ? json(200, { call: ++calls })
        : json(401, { code: 'UNAUTHORIZED', message: 'x', time: 't' }),
    );
    const source = tokens('old', 'new');
    const api = createApiClient({ config, tokens: source, fetch });
    await Promise.all([api.get('/api/v1/a'), api.get('/api/v1/b'), api.get('/api/v1/c')]);
    expect(source.renewCount()).toBe(1);
  });

  it('reports a timeout and a network failure without a status', async () => {
    const hanging = vi.fn<typeof globalThis.fetch>(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new Error('aborted')));
        }),
    );
    const api = createApiClient({
      config: { ...config, networkTimeoutMillis: 20 },
      tokens: tokens('t'),
      fetch: hanging,
    });
    await expect(api.get('/api/v1/slow')).rejects.toMatchObject({ code: 'TIMEOUT', status: 0 });

    const failing = vi.fn<typeof globalThis.fetch>(async () => {
      throw new TypeError('Failed to fetch');
    });
    const api2 = createApiClient({ config, tokens: tokens('t'), fetch: failing });
    await expect(api2.get('/api/v1/x')).rejects.toMatchObject({ code: 'NETWORK_ERROR', status: 0 });
  });

  it('turns a non-catalogue error body into a server error with the status', async () => {
    const fetch = vi.fn<typeof globalThis.fetch>(
      async () => new Response('<html>bad gateway</html>', { status: 502 }),
    );
    const api = createApiClient({ config, tokens: tokens('t'), fetch });
    await expect(api.get('/api/v1/x')).rejects.toMatchObject({ code: 'SERVER_ERROR', status: 502 });
  });

  it('takes an early answer of the same GET with the same token once, else asks itself', async () => {
    const fetch = vi.fn<typeof globalThis.fetch>(async () => json(200, { from: 'fetch' }));
    const early = new Map([['/api/v1/users/self', json(200, { from: 'early' })]]);
    const take = vi.fn((url: string, token: string | undefined) => {
      const response = token === 't1' ? early.get(url) : undefined;
      early.delete(url);
      return Promise.resolve(response);
    });
    const api = createApiClient({ config, tokens: tokens('t1'), fetch, early: { take } });
    expect(await api.get('/api/v1/users/self')).toEqual({ from: 'early' });
    expect(await api.get('/api/v1/users/self')).toEqual({ from: 'fetch' });
    await api.post('/api/v1/users/self', {});
    expect(take).toHaveBeenCalledTimes(2);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('renews and retries when the early answer is a 401, like its own call', async () => {
    const fetch = vi.fn<typeof globalThis.fetch>(async () => json(200, { ok: true }));
    const source = tokens('old', 'new');
    const api = createApiClient({
      config,
      tokens: source,
      fetch,
      early: {
        take: async (_url, token) =>
          token === 'old' ? json(401, { code: 'UNAUTHORIZED', message: 'x', time: 1 }) : undefined,
      },
    });
    expect(await api.get('/api/v1/users/self')).toEqual({ ok: true });
    expect(source.renewCount()).toBe(1);
    expect(authOf(fetch.mock.calls[0]?.[1])).toBe('Bearer new');
  });
});
