import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectStreamsEndAfter,
  openStreams,
  requestReset,
  resetTokenFromMail,
  submitReset,
} from './session-fixture';
import { createTestApp, type TestApp } from './test-app';
import {
  ann,
  bearer,
  bob,
  browse,
  CookieJar,
  exchangeCode,
  followRedirects,
  registerAccount,
  signIn,
  startSignIn,
  submitSignIn,
} from './sign-in';

const newPassword = 'a brand new passphrase';

describe('embedded identity provider: forgot password', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp({ env: { HEARTBEAT_SECONDS: '1' } });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    await registerAccount(t.app, ann);
    await registerAccount(t.app, bob);
  });
  afterAll(() => t.close());

  it('links "Forgot password?" from the sign-in page, in English and Hungarian', async () => {
    const en = await startSignIn(t.app, { ui_locales: 'en' });
    expect(en.page.body).toContain('href="/oidc/account/forgot?lang=en">Forgot password?</a>');
    const hu = await startSignIn(t.app, { ui_locales: 'hu' });
    expect(hu.page.body).toContain(
      'href="/oidc/account/forgot?lang=hu">Elfelejtette a jelszavát?</a>',
    );
    const page = await t.app.inject({ url: '/oidc/account/forgot?lang=hu' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Jelszó visszaállítása');
  });

  it('resets by the mailed link: other sessions end, the old password and the used link fail, the browser is signed in', async () => {
    // Another browser of Ann's, signed in, with its event streams open.
    const other = await signIn(t.app, ann);
    expect(
      (await t.app.inject({ url: '/api/v1/users/self', headers: bearer(other.accessToken) }))
        .statusCode,
    ).toBe(200);
    const streams = await openStreams(base, bearer(other.accessToken));

    const jar = new CookieJar();
    const since = t.mailbox.received.length;
    const asked = await requestReset(t.app, jar, 'ANN@example.com');
    expect(asked.statusCode).toBe(200);
    expect(asked.body).toContain('If an account uses this address');
    const token = await resetTokenFromMail(t, ann.email, since);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    // Only the token's SHA-256 is stored, valid 30 minutes.
    const rows = await t.context.database.db.execute<{ token_hash: string; minutes: number }>(
      sql`select token_hash, extract(epoch from expires_at - now()) / 60 as minutes from idp.password_resets`,
    );
    const stored = (rows as unknown as { rows?: typeof rows }).rows ?? rows;
    const list = [...(stored as Iterable<{ token_hash: string; minutes: number }>)];
    expect(list.map((r) => r.token_hash)).toEqual([
      createHash('sha256').update(token).digest('base64url'),
    ]);
    expect(Number(list[0]!.minutes)).toBeGreaterThan(29);
    expect(Number(list[0]!.minutes)).toBeLessThanOrEqual(30);

    // Opening the page (as a mail scanner would) uses nothing up; it sends no Referer.
    const page = await browse(t.app, jar, { url: '/oidc/account/reset' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.body).toContain('<script src="/oidc/assets/idp-reset-token.js"></script>');

    // The password policy applies, and a refused password leaves the link usable.
    const common = await submitReset(t.app, jar, token, 'password123');
    expect(common.statusCode).toBe(400);
    expect(common.body).toContain('among the most common');
    const differ = await submitReset(t.app, jar, token, newPassword, 'something else');
    expect(differ.statusCode).toBe(400);

    const done = await expectStreamsEndAfter(streams, () =>
      submitReset(t.app, jar, token, newPassword),
    );
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe('http://localhost:8080/welcome?signin=reset');
    for (const stream of streams) {
      expect(stream.events.some((e) => e.name === 'LOGOUT')).toBe(true);
    }

    // The other session's token answers 401.
    const refused = await t.app.inject({
      url: '/api/v1/users/self',
      headers: bearer(other.accessToken),
    });
    expect(refused.statusCode).toBe(401);

    // The browser that set the password is signed in by its next sign-in, without a form.
    const start = await startSignIn(t.app, {}, jar);
    const callback = await followRedirects(t.app, jar, start.page);
    expect(callback).toBeInstanceOf(URL);
    const code = (callback as URL).searchParams.get('code')!;
    const tokens = await exchangeCode(t.app, code, start.pkce.verifier);
    expect(tokens.statusCode).toBe(200);
    const signedIn = await t.app.inject({
      url: '/api/v1/users/self',
      headers: bearer(tokens.json<{ access_token: string }>().access_token),
    });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toMatchObject({ email: ann.email });
    // That sign-in is used once: the next interaction asks for the password.
    const again = await startSignIn(t.app, { prompt: 'login' }, jar);
    expect(again.page.statusCode).toBe(200);
    expect(again.page.body).toContain('name="password"');

    // The link is used up.
    const reused = await submitReset(t.app, jar, token, 'yet another passphrase');
    expect(reused.statusCode).toBe(400);
    expect(reused.body).toContain('already used');

    // The old password fails, the new one signs in.
    const old = await submitSignIn(t.app, await startSignIn(t.app), ann);
    expect(old).not.toBeInstanceOf(URL);
    expect((old as { body: string }).body).toContain('The e-mail address or password is incorrect');
    await expect(signIn(t.app, { email: ann.email, password: newPassword })).resolves.toBeTruthy();
  });

  it('answers an unknown address the same as a known one, and mails only the known one', async () => {
    const since = t.mailbox.received.length;
    const unknown = await requestReset(t.app, new CookieJar(), 'nobody@example.com');
    const known = await requestReset(t.app, new CookieJar(), bob.email);
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    await t.mailbox.next(bob.email, since);
    expect(t.mailbox.received.slice(since).map((m) => m.to)).toEqual([bob.email]);
  });

  it('refuses an unknown or expired link and changes nothing', async () => {
    const jar = new CookieJar();
    const since = t.mailbox.received.length;
    await requestReset(t.app, jar, bob.email);
    const token = await resetTokenFromMail(t, bob.email, since);
    await t.context.database.db.execute(
      sql`update idp.password_resets set expires_at = now() - interval '1 second'`,
    );
    const expired = await submitReset(t.app, jar, token, newPassword);
    expect(expired.statusCode).toBe(400);
    const unknown = await submitReset(t.app, jar, 'A'.repeat(43), newPassword);
    expect(unknown.statusCode).toBe(400);
    await expect(signIn(t.app, bob)).resolves.toBeTruthy();
  });

  it('limits reset requests per address asked for and per client address', async () => {
    // A fresh app: its attempt counts start at zero.
    const u = await createTestApp();
    try {
      // Every request comes from 127.0.0.1.
      const ask = (email: string) => requestReset(u.app, new CookieJar(), email);
      for (let i = 0; i < 3; i += 1) expect((await ask('carl@example.com')).statusCode).toBe(200);
      const limited = await ask('carl@example.com');
      expect(limited.statusCode).toBe(429);
      expect(limited.body).toContain('Too many requests');
      // Other addresses from the same client go on, up to its own limit of ten.
      for (let i = 0; i < 7; i += 1) {
        expect((await ask(`user${i}@example.com`)).statusCode).toBe(200);
      }
      expect((await ask('last@example.com')).statusCode).toBe(429);
    } finally {
      await u.close();
    }
  });
});
