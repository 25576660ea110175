import { afterEach, describe, expect, it, vi } from 'vitest';
import { startEarlyRequests } from './early-requests';

const config = { oidcIssuer: 'https://idp.test', oidcClientId: 'web', networkTimeoutMillis: 5000 };
const sessionKey = 'oidc.user:https://idp.test:web';

function json(body: unknown): Response {
  return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
}

function stubBrowser(stored: Record<string, string>) {
  const fetch = vi.fn<typeof globalThis.fetch>(async (url) =>
    String(url) === '/api/v1/server/config' ? json(config) : json({ url }),
  );
  vi.stubGlobal('fetch', fetch);
  vi.stubGlobal('window', { localStorage: { getItem: (key: string) => stored[key] ?? null } });
  return fetch;
}

const session = (expiresAt: number) =>
  JSON.stringify({ access_token: 'tok', expires_at: expiresAt, profile: {} });
const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('startEarlyRequests', () => {
  it("asks for the dashboard's calls with the stored token and hands each out once", async () => {
    const fetch = stubBrowser({ [sessionKey]: session(inAnHour()) });
    const early = startEarlyRequests({ pathname: '/dashboard' });
    const config = await early.take('/api/v1/server/config', undefined);
    expect(await config?.json()).toMatchObject({ oidcClientId: 'web' });
    expect(await early.take('/api/v1/users/self/stats', 'other token')).toBeUndefined();
    const self = await early.take('/api/v1/users/self', 'tok');
    expect(await self?.json()).toEqual({ url: '/api/v1/users/self' });
    expect(early.take('/api/v1/users/self', 'tok')).toBeUndefined();
    const sent = fetch.mock.calls.map(([url, init]) => [
      url,
      (init?.headers as Record<string, string>).Authorization,
    ]);
    expect(sent).toEqual([
      ['/api/v1/server/config', undefined],
      ['/api/v1/users/self', 'Bearer tok'],
      ['/api/v1/users/self/stats', 'Bearer tok'],
    ]);
  });

  it('asks only for the config without a valid session or on another page', async () => {
    const expired = stubBrowser({ [sessionKey]: session(1) });
    const early = startEarlyRequests({ pathname: '/dashboard' });
    expect(await early.take('/api/v1/users/self', 'tok')).toBeUndefined();
    expect(expired).toHaveBeenCalledTimes(1);

    const elsewhere = stubBrowser({ [sessionKey]: session(inAnHour()) });
    const other = startEarlyRequests({ pathname: '/users' });
    expect(other.take('/api/v1/users/self', 'tok')).toBeUndefined();
    await other.take('/api/v1/server/config', undefined);
    expect(elsewhere).toHaveBeenCalledTimes(1);
  });
});
