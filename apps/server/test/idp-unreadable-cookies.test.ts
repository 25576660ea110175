import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browse, CookieJar, csrfOf, startSignIn } from './sign-in';
import { createTestApp, type TestApp } from './test-app';

/**
 * A cookie the server cannot read (a malformed %-escape, a stray byte) is as if it were not
 * there (issue 39 §10): the identity provider's pages answer as to a browser without it, never
 * 500, and set a fresh one where they use it.
 */

/** Values that `decodeURIComponent` throws on, and one that is just not ours. */
const unreadable = ['%E0%A4%A', '%', '%zz', '%C0%AF', 'a%ZZb%'];

const pages = [
  '/oidc/account/forgot',
  '/oidc/account/reset',
  '/oidc/register',
  '/oidc/account/password',
  '/oidc/account/delete',
];

describe('embedded identity provider: unreadable cookies (issue 39 §10)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('shows every account page with a fresh CSRF cookie when the one sent cannot be read', async () => {
    for (const path of pages) {
      for (const value of unreadable) {
        const res = await t.app.inject({
          url: path,
          headers: { cookie: `signet_idp_csrf=${value}` },
        });
        expect(res.statusCode, `${path} ${value}`).toBe(200);
        const set = String(res.headers['set-cookie']);
        expect(set, path).toMatch(/^signet_idp_csrf=[A-Za-z0-9_-]{43};/);
        expect(csrfOf(res.body)).toBe(/^signet_idp_csrf=([^;]+)/.exec(set)?.[1]);
      }
    }
  });

  it('answers a post with an unreadable CSRF cookie as an expired form (403), and the next post works', async () => {
    for (const path of ['/oidc/account/forgot', '/oidc/account/reset', '/oidc/register']) {
      const res = await t.app.inject({
        method: 'POST',
        url: path,
        headers: {
          cookie: 'signet_idp_csrf=%E0%A4%A',
          'content-type': 'application/x-www-form-urlencoded',
        },
        payload: new URLSearchParams({ csrf: '%E0%A4%A', email: 'ann@example.com' }).toString(),
      });
      expect(res.statusCode, path).toBe(403);
      expect(res.body, path).toContain('The form has expired');
    }
    // The page a browser then loads replaces the cookie; its form posts.
    const jar = new CookieJar();
    const page = await browse(t.app, jar, {
      url: '/oidc/account/forgot',
      headers: { cookie: 'signet_idp_csrf=%' },
    });
    const posted = await browse(t.app, jar, {
      method: 'POST',
      url: '/oidc/account/forgot',
      form: { csrf: csrfOf(page.body), email: 'nobody@example.com' },
    });
    expect(posted.statusCode).toBe(200);
    expect(posted.body).toContain('If an account uses this address');
  });

  it('shows the sign-in page when the reset sign-in cookie or a provider cookie cannot be read', async () => {
    const { jar, interactionUrl } = await startSignIn(t.app);
    const cookies = `${jar.header(interactionUrl)}; signet_idp_reset_sign_in=%E0%A4%A; stray=%zz`;
    const page = await t.app.inject({ url: interactionUrl, headers: { cookie: cookies } });
    expect(page.statusCode, page.body.slice(0, 300)).toBe(200);
    expect(page.body).toContain('name="password"');
    // The provider's own endpoints, with its session cookies unreadable.
    const auth = await t.app.inject({
      url: '/oidc/auth?client_id=signet-web&response_type=code&scope=openid&redirect_uri=http%3A%2F%2Flocalhost%3A8080%2Flogin-callback&code_challenge=abcdefghijklmnopqrstuvwxyzabcdefghijklmnopq&code_challenge_method=S256',
      headers: { cookie: '_session=%E0%A4%A; _session.legacy=%; _interaction=%zz' },
    });
    expect(auth.statusCode, auth.body.slice(0, 300)).toBeLessThan(500);
  });
});
