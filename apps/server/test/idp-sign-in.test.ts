import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app';
import {
  ann,
  authorizeUrl,
  browse,
  CookieJar,
  createPkce,
  exchangeCode,
  followRedirects,
  jwtClaims,
  locationOf,
  registerAccount,
  signIn,
  startSignIn,
  submitSignIn,
} from './sign-in';

describe('embedded identity provider: sign-in', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await registerAccount(t.app, ann);
  });
  afterAll(() => t.close());

  it('serves the discovery document with code flow and S256 PKCE only', async () => {
    const res = await t.app.inject({ url: '/oidc/.well-known/openid-configuration' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.issuer).toBe('http://localhost:8080/oidc');
    expect(doc.response_types_supported).toEqual(['code']);
    expect(doc.code_challenge_methods_supported).toEqual(['S256']);
    expect(doc.grant_types_supported).not.toContain('password');
    expect(doc.grant_types_supported).not.toContain('implicit');
    expect(doc.scopes_supported).toEqual(expect.arrayContaining(['openid', 'email', 'profile']));
    const jwks = await t.app.inject({ url: '/oidc/jwks' });
    expect(jwks.statusCode).toBe(200);
    expect(jwks.json().keys[0]).not.toHaveProperty('d');
  });

  it('issues a JWT access token for urn:signet:api that verifyAccessToken accepts', async () => {
    const { accessToken, idToken } = await signIn(t.app, {
      email: 'ANN@example.com',
      password: ann.password,
    });
    expect(accessToken.split('.')).toHaveLength(3);
    const payload = jwtClaims(accessToken);
    expect(payload).toMatchObject({ aud: 'urn:signet:api', iss: 'http://localhost:8080/oidc' });
    const claims = await t.context.verifyAccessToken(accessToken);
    expect(claims).toEqual({
      issuer: 'http://localhost:8080/oidc',
      subject: payload.sub,
      email: ann.email,
      // registerAccount posted the mailed confirmation link.
      emailVerified: true,
      givenName: 'Ann',
      familyName: 'Lee',
      expiresAt: payload.exp! * 1000,
    });
    const id = jwtClaims(idToken);
    expect(id).toMatchObject({ email: ann.email, given_name: 'Ann', family_name: 'Lee' });
    await expect(t.context.verifyAccessToken(idToken)).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
    });
  });

  it('shows the sign-in page with Email, Password and Sign in, without inline scripts', async () => {
    const { page } = await startSignIn(t.app);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toMatch(/<label for="field-email">Email<\/label>/);
    expect(page.body).toMatch(/<label for="field-password">Password<\/label>/);
    expect(page.body).toMatch(/<button type="submit">Sign in<\/button>/);
    expect(page.body).toContain('/register?lang=en');
    expect(page.body).not.toContain('<script');
    expect(String(page.headers['content-security-policy'])).toContain("script-src 'self'");
  });

  it('speaks Hungarian for ui_locales=hu and for Accept-Language', async () => {
    const { page } = await startSignIn(t.app, { ui_locales: 'hu' });
    expect(page.body).toContain('<html lang="hu">');
    expect(page.body).toContain('Jelszó');
    expect(page.body).toContain('English');
    const res = await t.app.inject({
      url: '/oidc/account/password',
      headers: { 'accept-language': 'hu-HU,hu;q=0.9' },
    });
    expect(res.body).toContain('Jelszó módosítása');
    const en = await t.app.inject({ url: '/oidc/account/password?lang=en' });
    expect(en.body).toContain('Change password');
  });

  it('refuses a wrong password with the sign-in page again, then accepts the right one', async () => {
    const start = await startSignIn(t.app);
    const wrong = await submitSignIn(t.app, start, { email: ann.email, password: 'wrong horse' });
    expect(wrong).not.toBeInstanceOf(URL);
    if (wrong instanceof URL) return;
    expect(wrong.statusCode).toBe(200);
    expect(wrong.body).toContain('The e-mail address or password is incorrect.');
    expect(wrong.body).toContain('value="ann@example.com"');
    expect(wrong.body).not.toContain('wrong horse');
    const unknown = await submitSignIn(t.app, start, {
      email: 'nobody@example.com',
      password: ann.password,
    });
    expect(unknown).not.toBeInstanceOf(URL);
    if (!(unknown instanceof URL)) {
      expect(unknown.body).toContain('The e-mail address or password is incorrect.');
    }
    const right = await submitSignIn(t.app, start, ann);
    expect(right).toBeInstanceOf(URL);
    expect((right as URL).searchParams.get('code')).toBeTruthy();
  });

  it('requires PKCE: no code_challenge or plain method is refused', async () => {
    const pkce = createPkce();
    const jar = new CookieJar();
    const without = await browse(t.app, jar, {
      url: authorizeUrl(pkce, { code_challenge: undefined, code_challenge_method: undefined }),
    });
    const location = new URL(locationOf(without));
    expect(location.pathname).toBe('/login-callback');
    expect(location.searchParams.get('error')).toBe('invalid_request');
    const plain = await browse(t.app, jar, {
      url: authorizeUrl(pkce, { code_challenge_method: 'plain' }),
    });
    expect(new URL(locationOf(plain)).searchParams.get('error')).toBe('invalid_request');
  });

  it('refuses a code without the matching code_verifier', async () => {
    const start = await startSignIn(t.app);
    const callback = await submitSignIn(t.app, start, ann);
    const code = (callback as URL).searchParams.get('code')!;
    const res = await exchangeCode(t.app, code, createPkce().verifier);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('invalid_grant');
  });

  it('refuses the implicit flow and the password grant', async () => {
    const jar = new CookieJar();
    const implicit = await browse(t.app, jar, {
      url: authorizeUrl(createPkce(), { response_type: 'id_token token' }),
    });
    expect(implicit.statusCode).toBeGreaterThanOrEqual(300);
    expect(locationOf(implicit)).toContain('error=unsupported_response_type');
    const password = await t.app.inject({
      method: 'POST',
      url: '/oidc/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        grant_type: 'password',
        username: ann.email,
        password: ann.password,
        client_id: 'signet-web',
      }).toString(),
    });
    expect(password.statusCode).toBe(400);
    expect(password.json().error).toBe('unsupported_grant_type');
  });

  it('renews silently with prompt=none on the session cookie, and asks for login without it', async () => {
    const start = await startSignIn(t.app);
    await submitSignIn(t.app, start, ann);
    const pkce = createPkce();
    const silent = await followRedirects(
      t.app,
      start.jar,
      await browse(t.app, start.jar, {
        url: authorizeUrl(pkce, {
          prompt: 'none',
          redirect_uri: 'http://localhost:8080/silent-callback',
        }),
      }),
    );
    expect(silent).toBeInstanceOf(URL);
    expect((silent as URL).pathname).toBe('/silent-callback');
    expect((silent as URL).searchParams.get('code')).toBeTruthy();

    const fresh = await browse(t.app, new CookieJar(), {
      url: authorizeUrl(pkce, { prompt: 'none' }),
    });
    expect(new URL(locationOf(fresh)).searchParams.get('error')).toBe('login_required');
  });

  it('rejects an unregistered redirect URI', async () => {
    const res = await t.app.inject({
      url: authorizeUrl(createPkce(), { redirect_uri: 'https://evil.example/cb' }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers.location).toBeUndefined();
  });
});

describe('embedded identity provider: throttling and dev mode', () => {
  let t: TestApp;
  const bob = { ...ann, email: 'bob-forged@example.com' };
  beforeAll(async () => {
    t = await createTestApp({ env: { DEV_MODE: 'true' } });
    await registerAccount(t.app, ann);
    await registerAccount(t.app, bob);
  });
  afterAll(() => t.close());

  it('throttles an address and e-mail after 10 wrong passwords, even for the right one', async () => {
    const start = await startSignIn(t.app);
    for (let i = 0; i < 10; i += 1) {
      await submitSignIn(t.app, start, { email: ann.email, password: `wrong-${i}-password` });
    }
    const blocked = await submitSignIn(t.app, start, ann);
    expect(blocked).not.toBeInstanceOf(URL);
    if (!(blocked instanceof URL)) {
      expect(blocked.statusCode).toBe(429);
      expect(blocked.body).toContain('Too many failed attempts.');
    }
  });

  it('counts wrong passwords behind forged X-Forwarded-For addresses as one client', async () => {
    const start = await startSignIn(t.app);
    for (let i = 0; i < 12; i += 1) {
      await submitSignIn(
        t.app,
        start,
        { email: bob.email, password: `wrong-${i}-password` },
        { 'x-forwarded-for': `203.0.113.${i + 1}` },
      );
    }
    const blocked = await submitSignIn(t.app, start, bob, { 'x-forwarded-for': '198.51.100.7' });
    expect(blocked).not.toBeInstanceOf(URL);
    if (!(blocked instanceof URL)) expect(blocked.statusCode).toBe(429);
  });

  it('accepts the Vite dev server redirect URIs and lets forms end there', async () => {
    const jar = new CookieJar();
    const res = await browse(t.app, jar, {
      url: authorizeUrl(createPkce(), { redirect_uri: 'http://localhost:5173/popup-callback' }),
    });
    expect(res.statusCode).toBe(303);
    const page = await browse(t.app, jar, { url: locationOf(res) });
    expect(page.statusCode).toBe(200);
    expect(String(page.headers['content-security-policy'])).toMatch(
      /form-action [^;]*http:\/\/localhost:5173/,
    );
  });
});

describe('embedded identity provider behind a trusted proxy (TRUST_PROXY)', () => {
  const carl = { ...ann, email: 'carl@example.com' };
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: '127.0.0.1' } });
    await registerAccount(t.app, ann);
    await registerAccount(t.app, carl);
  });
  afterAll(() => t.close());

  it('honours X-Forwarded-For from the named proxy: a spraying address is blocked, another is not', async () => {
    const start = await startSignIn(t.app);
    for (let i = 0; i < 30; i += 1) {
      await submitSignIn(
        t.app,
        start,
        { email: `guess${i}@example.com`, password: `wrong-${i}-password` },
        { 'x-forwarded-for': '203.0.113.1' },
      );
    }
    const sameClient = await submitSignIn(t.app, start, ann, { 'x-forwarded-for': '203.0.113.1' });
    expect(sameClient).not.toBeInstanceOf(URL);
    if (!(sameClient instanceof URL)) expect(sameClient.statusCode).toBe(429);
    const otherClient = await submitSignIn(t.app, await startSignIn(t.app), ann, {
      'x-forwarded-for': '198.51.100.7',
    });
    expect(otherClient).toBeInstanceOf(URL);
  });

  it('slows guesses at one account spread over many addresses', async () => {
    const start = await startSignIn(t.app);
    for (let i = 0; i < 5; i += 1) {
      const res = await submitSignIn(
        t.app,
        start,
        { email: carl.email, password: `wrong-${i}-password` },
        { 'x-forwarded-for': `192.0.2.${i + 1}` },
      );
      if (!(res instanceof URL)) expect(res.statusCode).toBe(200);
    }
    const fresh = await submitSignIn(t.app, start, carl, { 'x-forwarded-for': '192.0.2.99' });
    expect(fresh).not.toBeInstanceOf(URL);
    if (!(fresh instanceof URL)) {
      expect(fresh.statusCode).toBe(429);
      expect(fresh.body).toContain('Too many failed attempts.');
    }
  });
});
