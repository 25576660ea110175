import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cscRequests } from '#rssp/csc/csc-table';
import {
  clientRedirectUri,
  pkcePair,
  registerCscClient,
  type CscClientCredentials,
} from './csc-fixture';
import { createRsspTestApp, type Person } from './rssp-fixture';
import type { TestApp } from './test-app';

/**
 * What anyone may call on the CSC API without signing in is budgeted per client address
 * (decision 053): oauth2/authorize, so strangers cannot take the waiting places a client's users
 * need, and dynamic registration.
 */
describe('CSC: anonymous calls are budgeted per client address', () => {
  let t: TestApp;
  let admin: Person;
  let ann: Person;
  let client: CscClientCredentials;

  beforeAll(async () => {
    ({ t, admin, ann } = await createRsspTestApp({ CSC_DYNAMIC_REGISTRATION: 'true' }));
    client = await registerCscClient(t, admin, { name: 'Budget client' });
  }, 120_000);
  afterAll(() => t?.close());

  const authorize = (remoteAddress: string) =>
    t.app.inject({
      url: `/csc/v2/oauth2/authorize?${new URLSearchParams({
        response_type: 'code',
        client_id: client.clientId,
        redirect_uri: clientRedirectUri,
        scope: 'service',
        code_challenge: pkcePair().challenge,
        code_challenge_method: 'S256',
        state: 'st',
      }).toString()}`,
      remoteAddress,
    });
  const consentId = (location: unknown) => {
    const url = new URL(String(location));
    expect(url.pathname).toMatch(/^\/csc-consent\/[0-9a-f-]{36}$/);
    return url.pathname.split('/').pop() ?? '';
  };

  it("1,050 anonymous requests from a hundred addresses leave the client's users their place", async () => {
    for (let host = 1; host <= 105; host++) {
      const sent = await Promise.all(Array.from({ length: 10 }, () => authorize(`10.7.${host}.1`)));
      for (const res of sent) expect(res.statusCode).toBe(302);
    }
    const res = await authorize('192.0.2.80');
    expect(res.statusCode).toBe(302);
    const requestId = consentId(res.headers.location);
    const decided = await t.app.inject({
      method: 'POST',
      url: `/rssp/v1/csc/consent/${requestId}`,
      headers: ann.headers,
      payload: { allow: true },
    });
    expect(decided.statusCode, decided.body).toBe(200);
    expect(
      new URL(decided.json<{ redirectTo: string }>().redirectTo).searchParams.get('code'),
    ).toBeTruthy();
  }, 120_000);

  it('one address past its budget is answered 429 with Retry-After; another is not', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 60; i++) {
      const res = await authorize('203.0.113.50');
      statuses.push(res.statusCode);
      if (res.statusCode === 429) {
        expect(res.json()).toMatchObject({ error: 'too_many_requests' });
        expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      }
    }
    expect(statuses.slice(0, 10).every((s) => s === 302)).toBe(true);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(20);
    // The same /64 is the same budget.
    for (let i = 0; i < 60; i++) await authorize(`2001:db8:5:6::${i.toString(16)}`);
    expect((await authorize('2001:db8:5:6:ffff::1')).statusCode).toBe(429);
    expect((await authorize('2001:db8:5:7::1')).statusCode).toBe(302);
    expect((await authorize('192.0.2.81')).statusCode).toBe(302);
  });

  it("an address's waiting requests are bounded: its own next one waits for a place, nobody else's", async () => {
    // As many waiting requests from one address as it may hold (written directly: the call
    // budget would take minutes to get there).
    const expiresAt = new Date(Date.now() + 600_000);
    await t.context.database.db.insert(cscRequests).values(
      Array.from({ length: 100 }, () => ({
        id: randomUUID(),
        clientId: client.clientId,
        redirectUri: clientRedirectUri,
        codeChallenge: pkcePair().challenge,
        scope: 'service',
        clientAddress: '198.51.100.99',
        expiresAt,
      })),
    );
    const full = await authorize('198.51.100.99');
    expect(full.statusCode).toBe(302);
    const refused = new URL(String(full.headers.location));
    expect(refused.origin + refused.pathname).toBe(clientRedirectUri);
    expect(refused.searchParams.get('error')).toBe('temporarily_unavailable');
    consentId((await authorize('198.51.100.100')).headers.location);
  });

  const register = (remoteAddress: string, name = 'Dynamic app') =>
    t.app.inject({
      method: 'POST',
      url: '/csc/v2/oauth2/register',
      payload: { client_name: name, redirect_uris: [clientRedirectUri] },
      remoteAddress,
    });

  it('dynamic registration: ten a minute per address, not ten for everyone', async () => {
    for (let i = 0; i < 10; i++) expect((await register('203.0.113.60')).statusCode).toBe(201);
    const over = await register('203.0.113.60');
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ error: 'temporarily_unavailable' });
    expect((await register('203.0.113.61')).statusCode).toBe(201);
  });

  const consentFor = async (clientId: string) => {
    const res = await t.app.inject({
      url: `/csc/v2/oauth2/authorize?${new URLSearchParams({
        response_type: 'code',
        client_id: clientId,
        redirect_uri: clientRedirectUri,
        code_challenge: pkcePair().challenge,
        code_challenge_method: 'S256',
      }).toString()}`,
      remoteAddress: '192.0.2.90',
    });
    const shown = await t.app.inject({
      url: `/rssp/v1/csc/consent/${consentId(res.headers.location)}`,
      headers: ann.headers,
    });
    expect(shown.statusCode, shown.body).toBe(200);
    return shown.json<{ clientName: string; clientRegistration: string }>();
  };

  it('the consent page is told whose client it is: registered by the administrator, or by anyone', async () => {
    expect(await consentFor(client.clientId)).toMatchObject({
      clientName: 'Budget client',
      clientRegistration: 'administrator',
    });
    const dynamic = await register('203.0.113.62', 'Signet');
    expect(dynamic.statusCode).toBe(201);
    expect(await consentFor(dynamic.json<{ client_id: string }>().client_id)).toMatchObject({
      clientName: 'Signet',
      clientRegistration: 'dynamic',
    });
  });

  it("a dynamic client's name holds no control or format characters", async () => {
    for (const name of ['\u202eteningiS', 'Sig\u200bnet', 'Signet\nAdmin']) {
      const res = await register('203.0.113.63', name);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'invalid_request' });
    }
  });
});
