import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { decodeJwt, exportJWK, generateKeyPair, importJWK, SignJWT, type JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endAccountSessions } from '#idp/accounts/account-store';
import { embeddedKeySource } from '#idp/provider/embedded-token-keys';
import { ensureIdpSecrets } from '#idp/store/idp-keys';
import { createAccessTokenVerifier } from '#infra/http/access-token';
import type { AppContext } from '#infra/app-context';
import type { AuthUser, UserDirectory } from '#infra/auth-types';
import { authenticate, requireRole } from '#infra/http/auth';
import { createCallLimiter } from '#infra/call-limiter';
import { registerErrorHandler } from '#infra/http/error-handler';
import { createTestApp, type TestApp } from './test-app';
import { bearer, registerAccount, signIn } from './sign-in';

/** A tiny app with one authenticated route tree and one admin route, over the given verifier. */
async function protectedApp(
  context: Pick<AppContext, 'verifyAccessToken'>,
  users: UserDirectory,
  callLimiter = createCallLimiter({ rate: 1000, burst: 1000 }),
): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  registerErrorHandler(app);
  await app.register(async (api) => {
    api.addHook(
      'onRequest',
      authenticate({ verifyAccessToken: context.verifyAccessToken, users, callLimiter }),
    );
    api.get('/me', async (request) => request.authUser);
    await api.register(async (admin) => {
      admin.addHook('onRequest', requireRole('admin'));
      admin.get('/admin', async () => ({ ok: true }));
    });
  });
  await app.ready();
  return app;
}

function userDirectory(overrides: Partial<AuthUser> = {}): UserDirectory {
  return {
    resolve: async (claims) => ({
      id: claims.subject,
      email: claims.email,
      name: claims.email,
      roles: ['user'],
      status: 'ENABLED',
      locale: 'EN',
      emailConfirmed: true,
      ...overrides,
    }),
    find: async () => null,
    findMany: async () => new Map(),
    findByEmail: async () => null,
    confirmIdentityEmail: async () => undefined,
  };
}

async function signWith(
  jwk: JWK,
  claims: Record<string, unknown>,
  options: { typ?: string; expiresIn?: string | number | null } = {},
): Promise<string> {
  const key = await importJWK(jwk, 'RS256');
  const jwt = new SignJWT(claims)
    .setProtectedHeader({ alg: 'RS256', kid: jwk.kid!, typ: options.typ ?? 'at+jwt' })
    .setIssuedAt();
  if (options.expiresIn !== null) jwt.setExpirationTime(options.expiresIn ?? '10m');
  return jwt.sign(key);
}

describe('access tokens of the embedded provider', () => {
  let t: TestApp;
  let api: FastifyInstance;
  let accessToken: string;
  beforeAll(async () => {
    t = await createTestApp();
    api = await protectedApp(t.context, userDirectory());
    await registerAccount(t.app, {
      email: 'gus@example.com',
      password: 'gus-password',
      givenName: 'Gus',
      familyName: 'Fox',
    });
    ({ accessToken } = await signIn(t.app, { email: 'gus@example.com', password: 'gus-password' }));
  });
  afterAll(async () => {
    await api.close();
    await t.close();
  });

  it('authenticate sets request.authUser from a valid bearer token', async () => {
    const res = await api.inject({ url: '/me', headers: bearer(accessToken) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: 'gus@example.com', roles: ['user'] });
  });

  it('answers a missing, malformed or tampered token with 401 UNAUTHORIZED', async () => {
    const none = await api.inject({ url: '/me' });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({ code: 'UNAUTHORIZED' });
    const basic = await api.inject({ url: '/me', headers: { authorization: 'Basic abc' } });
    expect(basic.statusCode).toBe(401);
    const [header, payload, signature] = accessToken.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, email: 'admin@signet.local' })).toString(
      'base64url',
    );
    const tampered = await api.inject({
      url: '/me',
      headers: bearer(`${header}.${forged}.${signature}`),
    });
    expect(tampered.statusCode).toBe(401);
    expect(tampered.json()).toMatchObject({
      code: 'UNAUTHORIZED',
      message: 'The access token is not valid',
    });
  });

  it('refuses an expired token, a wrong audience and a token of another key', async () => {
    const { signingKeys } = await ensureIdpSecrets(t.context.database.db, t.context.keyRing);
    const key = signingKeys[0]!;
    const { sub, ver } = decodeJwt(accessToken);
    const base = {
      iss: 'http://localhost:8080/oidc',
      aud: 'urn:signet:api',
      sub,
      ver,
      email: 'gus@example.com',
    };
    await expect(t.context.verifyAccessToken(await signWith(key, base))).resolves.toMatchObject({
      email: 'gus@example.com',
      givenName: null,
    });
    const expired = await signWith(key, base, { expiresIn: Math.floor(Date.now() / 1000) - 60 });
    const expiredRes = await api.inject({ url: '/me', headers: bearer(expired) });
    expect(expiredRes.statusCode).toBe(401);
    expect(expiredRes.json().code).toBe('UNAUTHORIZED');
    const neverExpires = await signWith(key, base, { expiresIn: null });
    const neverExpiresRes = await api.inject({ url: '/me', headers: bearer(neverExpires) });
    expect(neverExpiresRes.statusCode).toBe(401);
    expect(neverExpiresRes.json().code).toBe('UNAUTHORIZED');
    await expect(
      t.context.verifyAccessToken(await signWith(key, { ...base, aud: 'other' })),
    ).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await expect(
      t.context.verifyAccessToken(await signWith(key, { ...base, iss: 'https://evil.example' })),
    ).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    const { privateKey } = await generateKeyPair('RS256', { extractable: true });
    const stranger = { ...(await exportJWK(privateKey)), kid: key.kid! };
    await expect(t.context.verifyAccessToken(await signWith(stranger, base))).rejects.toMatchObject(
      { code: 'UNAUTHORIZED' },
    );
    await expect(
      t.context.verifyAccessToken(await signWith(key, { ...base, email: undefined })),
    ).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('refuses a well-signed token whose account is gone or whose sessions were ended', async () => {
    const { signingKeys } = await ensureIdpSecrets(t.context.database.db, t.context.keyRing);
    const key = signingKeys[0]!;
    const { sub, ver } = decodeJwt(accessToken);
    const base = {
      iss: 'http://localhost:8080/oidc',
      aud: 'urn:signet:api',
      email: 'gus@example.com',
    };
    const verify = (claims: Record<string, unknown>) =>
      signWith(key, { ...base, ...claims }).then((token) => t.context.verifyAccessToken(token));
    await expect(verify({ sub, ver })).resolves.toMatchObject({ subject: sub });
    await expect(verify({ sub, ver: Number(ver) + 1 })).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
    });
    await expect(verify({ sub })).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await expect(verify({ sub: randomUUID(), ver })).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
    });
  });

  it('never takes a checked token past its expiry, and checks its account on every call', async () => {
    const { signingKeys } = await ensureIdpSecrets(t.context.database.db, t.context.keyRing);
    await registerAccount(t.app, {
      email: 'hal@example.com',
      password: 'hal-password',
      givenName: 'Hal',
      familyName: 'Hart',
    });
    const hal = await signIn(t.app, { email: 'hal@example.com', password: 'hal-password' });
    const { sub, ver } = decodeJwt(hal.accessToken);
    let clock = Date.now();
    const verify = createAccessTokenVerifier(
      embeddedKeySource(t.context.config, t.context.database, t.context.keyRing),
      () => clock,
    );
    // It expires within the minute a checked token is kept.
    const expiresAt = Math.floor(clock / 1000) + 30;
    const shortLived = await signWith(
      signingKeys[0]!,
      {
        iss: 'http://localhost:8080/oidc',
        aud: 'urn:signet:api',
        sub,
        ver,
        email: 'hal@example.com',
      },
      { expiresIn: expiresAt },
    );
    await expect(verify(shortLived)).resolves.toMatchObject({ subject: sub });
    clock += 20_000;
    await expect(verify(shortLived)).resolves.toMatchObject({ subject: sub });
    clock = expiresAt * 1000 + 1_000;
    await expect(verify(shortLived)).rejects.toMatchObject({ code: 'UNAUTHORIZED' });

    clock = Date.now();
    await expect(verify(hal.accessToken)).resolves.toMatchObject({ email: 'hal@example.com' });
    await endAccountSessions(t.context.database.db, sub!);
    await expect(verify(hal.accessToken)).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('answers a user over the call limit with 429 TOO_MANY_REQUESTS and Retry-After', async () => {
    let now = 0;
    const limiter = createCallLimiter({ rate: 2, burst: 3, now: () => now });
    const limited = await protectedApp(t.context, userDirectory(), limiter);
    const call = () => limited.inject({ url: '/me', headers: bearer(accessToken) });
    for (let i = 0; i < 3; i += 1) expect((await call()).statusCode).toBe(200);
    const refused = await call();
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('1');
    expect(refused.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    now += 500; // half a second refills one call at two a second
    expect((await call()).statusCode).toBe(200);
    expect((await call()).statusCode).toBe(429);
    await limited.close();
  });

  it('answers a SUSPENDED user with USER_SUSPENDED and a missing role with FORBIDDEN', async () => {
    const suspended = await protectedApp(t.context, userDirectory({ status: 'SUSPENDED' }));
    const res = await suspended.inject({ url: '/me', headers: bearer(accessToken) });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('USER_SUSPENDED');
    await suspended.close();
    const forbidden = await api.inject({ url: '/admin', headers: bearer(accessToken) });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().code).toBe('FORBIDDEN');
    const admin = await protectedApp(t.context, userDirectory({ roles: ['user', 'admin'] }));
    const ok = await admin.inject({ url: '/admin', headers: bearer(accessToken) });
    expect(ok.statusCode).toBe(200);
    await admin.close();
  });
});

describe('access tokens of an external issuer', () => {
  let server: Server;
  let issuer: string;
  let signingKey: JWK;
  let t: TestApp;

  beforeAll(async () => {
    const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
    signingKey = { ...(await exportJWK(privateKey)), kid: 'external-1', alg: 'RS256' };
    const publicJwk = {
      ...(await exportJWK(publicKey)),
      kid: 'external-1',
      alg: 'RS256',
      use: 'sig',
    };
    server = createServer((req, res) => {
      res.setHeader('content-type', 'application/json');
      if (req.url === '/.well-known/openid-configuration') {
        res.end(JSON.stringify({ issuer, jwks_uri: `${issuer}/jwks` }));
      } else if (req.url === '/jwks') {
        res.end(JSON.stringify({ keys: [publicJwk] }));
      } else {
        res.statusCode = 404;
        res.end('{}');
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    t = await createTestApp({ env: { OIDC_ISSUER: issuer, OIDC_AUDIENCE: 'signet-api' } });
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => server.close(resolve));
  });

  it('turns the embedded provider off', async () => {
    expect(t.context.config.embeddedIdp).toBe(false);
    const res = await t.app.inject({ url: '/oidc/.well-known/openid-configuration' });
    expect(res.statusCode).toBe(404);
  });

  it('verifies a token signed by a key from the issuer JWKS (via discovery)', async () => {
    const token = await signWith(
      signingKey,
      {
        iss: issuer,
        aud: 'signet-api',
        sub: 'ext-42',
        email: 'ext@example.com',
        given_name: 'Ext',
        family_name: 'Ernal',
      },
      { typ: 'JWT' },
    );
    await expect(t.context.verifyAccessToken(token)).resolves.toEqual({
      issuer,
      subject: 'ext-42',
      emailVerified: false,
      email: 'ext@example.com',
      givenName: 'Ext',
      familyName: 'Ernal',
      expiresAt: expect.any(Number),
    });
  });

  it('refuses a wrong audience, a wrong issuer and an unknown key', async () => {
    const claims = { iss: issuer, aud: 'signet-api', sub: 'ext-42', email: 'ext@example.com' };
    await expect(
      t.context.verifyAccessToken(await signWith(signingKey, { ...claims, aud: 'x' })),
    ).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await expect(
      t.context.verifyAccessToken(
        await signWith(signingKey, { ...claims, iss: 'http://127.0.0.1:1' }),
      ),
    ).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    const { privateKey } = await generateKeyPair('RS256', { extractable: true });
    const other = { ...(await exportJWK(privateKey)), kid: 'unknown-kid' };
    await expect(t.context.verifyAccessToken(await signWith(other, claims))).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
    });
  });
});
