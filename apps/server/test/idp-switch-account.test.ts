import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app';
import {
  ann,
  authorizeUrl,
  bob,
  browse,
  CookieJar,
  createPkce,
  exchangeCode,
  followRedirects,
  jwtClaims,
  registerAccount,
  startSignIn,
  submitAutoForm,
  submitSignIn,
} from './sign-in';

const postLogoutRedirectUri = 'http://localhost:8080/welcome';

describe('embedded identity provider: signing out and switching accounts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await registerAccount(t.app, ann);
    await registerAccount(t.app, bob);
  });
  afterAll(() => t.close());

  /** Signs in through the sign-in page in the browser `jar`; returns the tokens. */
  async function signInWith(
    jar: CookieJar,
    credentials: { email: string; password: string },
    extra: Record<string, string> = {},
  ) {
    const start = await startSignIn(t.app, extra, jar);
    expect(start.page.statusCode).toBe(200);
    let callback = await submitSignIn(t.app, start, credentials);
    // Another account's session is ended on the way (oidc-provider's self-submitting form).
    if (!(callback instanceof URL) && callback.statusCode === 200) {
      expect(callback.body).toContain('/session/end/confirm');
      // Its inline script runs in the browser only with its hash in the CSP.
      expect(String(callback.headers['content-security-policy'])).toMatch(
        /script-src [^;]*'sha256-[^']+'/,
      );
      callback = await submitAutoForm(t.app, jar, callback);
    }
    if (!(callback instanceof URL)) {
      throw new Error(`sign-in ended with ${callback.statusCode}: ${callback.body.slice(0, 300)}`);
    }
    const code = callback.searchParams.get('code');
    expect(code, callback.search).toBeTruthy();
    const token = await exchangeCode(t.app, code!, start.pkce.verifier);
    expect(token.statusCode, token.body).toBe(200);
    const body = token.json<{ access_token: string; id_token: string }>();
    return { accessToken: body.access_token, idToken: body.id_token };
  }

  const endSessionUrl = (params: Record<string, string>) =>
    `/oidc/session/end?${new URLSearchParams(params).toString()}`;

  it('signs out with id_token_hint without a confirmation, then signs in as another account', async () => {
    const jar = new CookieJar();
    const first = await signInWith(jar, ann);
    expect(jwtClaims(first.accessToken).email).toBe(ann.email);

    const logout = await browse(t.app, jar, {
      url: endSessionUrl({
        id_token_hint: first.idToken,
        post_logout_redirect_uri: postLogoutRedirectUri,
        state: 'after-logout',
      }),
    });
    expect(logout.statusCode).toBe(200);
    // No question, no button to press: the page submits itself with a same-origin script file.
    expect(logout.body).not.toContain('Do you want to sign out');
    expect(logout.body).not.toMatch(/<script>/);
    expect(logout.body).toMatch(/<script src="\/oidc\/assets\/[\w.-]+\.js"/);
    expect(String(logout.headers['content-security-policy'])).toContain("script-src 'self'");
    const landed = await submitAutoForm(t.app, jar, logout);
    expect(landed).toBeInstanceOf(URL);
    expect((landed as URL).href).toBe(`${postLogoutRedirectUri}?state=after-logout`);

    const script = await t.app.inject({ url: /<script src="([^"]+)"/.exec(logout.body)![1]! });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toContain('javascript');

    // The provider session is gone: the next sign-in asks for credentials and finishes for Bob.
    const second = await signInWith(jar, bob);
    expect(jwtClaims(second.accessToken).email).toBe(bob.email);
    expect(jwtClaims(second.idToken).email).toBe(bob.email);
    expect(jwtClaims(second.idToken).sub).not.toBe(jwtClaims(first.idToken).sub);
  });

  it('still asks before signing out without an id_token_hint', async () => {
    const jar = new CookieJar();
    await signInWith(jar, ann);
    const logout = await browse(t.app, jar, { url: endSessionUrl({ client_id: 'signet-web' }) });
    expect(logout.statusCode).toBe(200);
    expect(logout.body).toContain('Do you want to sign out');
    expect(logout.body).not.toContain('<script');
  });

  it('with prompt=login on a live session of another account, finishes for the new account', async () => {
    const jar = new CookieJar();
    const first = await signInWith(jar, ann);
    const second = await signInWith(jar, bob, { prompt: 'login' });
    const claims = jwtClaims(second.accessToken);
    expect(claims.email).toBe(bob.email);
    expect(claims.sub).not.toBe(jwtClaims(first.accessToken).sub);
    await expect(t.context.verifyAccessToken(second.accessToken)).resolves.toMatchObject({
      email: bob.email,
    });

    // The session is Bob's now: a silent renewal gets Bob's tokens, not Ann's.
    const silent = await signInWithSession(jar);
    expect(jwtClaims(silent.idToken).email).toBe(bob.email);

    // Ann's ID token does not sign Bob out unasked.
    const logout = await browse(t.app, jar, {
      url: endSessionUrl({
        id_token_hint: first.idToken,
        post_logout_redirect_uri: postLogoutRedirectUri,
      }),
    });
    expect(logout.statusCode).toBe(200);
    expect(logout.body).toContain('Do you want to sign out');
  });

  it('with prompt=login on a live session of the same account, keeps the session', async () => {
    const jar = new CookieJar();
    await signInWith(jar, ann);
    const again = await signInWith(jar, ann, { prompt: 'login' });
    expect(jwtClaims(again.accessToken).email).toBe(ann.email);
  });

  /** prompt=none against the jar's session. */
  async function signInWithSession(jar: CookieJar) {
    const pkce = createPkce();
    const res = await followRedirects(
      t.app,
      jar,
      await browse(t.app, jar, { url: authorizeUrl(pkce, { prompt: 'none' }) }),
    );
    expect(res).toBeInstanceOf(URL);
    const code = (res as URL).searchParams.get('code');
    expect(code, (res as URL).search).toBeTruthy();
    const token = await exchangeCode(t.app, code!, pkce.verifier);
    return { idToken: token.json<{ id_token: string }>().id_token };
  }
});
