import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { idpAccountUrls } from '#idp/accounts/account-urls';
import { bootstrapIdp } from '#idp/accounts/bootstrap';
import { findAccountByEmail } from '#idp/accounts/account-store';
import { loadConfig } from '#infra/config/config';
import { linkIn } from './mailbox';
import { createTestApp, type TestApp } from './test-app';
import {
  browse,
  CookieJar,
  followRedirects,
  postAccountForm,
  registerAccount,
  signIn,
  startSignIn,
  submitSignIn,
} from './sign-in';

const bob = {
  email: 'bob@example.com',
  password: 'first-password',
  givenName: 'Bob',
  familyName: 'Kovács',
};

describe('embedded identity provider: accounts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await registerAccount(t.app, bob, { confirm: false });
  });
  afterAll(() => t.close());

  it('registers an account that can then sign in', async () => {
    const hal = { ...bob, email: 'hal@example.com' };
    await registerAccount(t.app, hal);
    const { accessToken } = await signIn(t.app, hal);
    await expect(t.context.verifyAccessToken(accessToken)).resolves.toMatchObject({
      email: hal.email,
      givenName: 'Bob',
      familyName: 'Kovács',
    });
  });

  it('mails a confirmation link whose post makes the provider vouch for the address', async () => {
    const mail = await t.mailbox.next(bob.email);
    expect(mail.subject).toContain('confirm your e-mail address');
    expect(mail.text).toContain('Annak megerősítéséhez');
    const before = await signIn(t.app, bob);
    expect(await t.context.verifyAccessToken(before.accessToken)).toMatchObject({
      emailVerified: false,
    });
    const path = new URL(linkIn(mail, 'http://localhost:8080/oidc/account/confirm/')).pathname;
    const page = await t.app.inject({ url: path });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Confirm that this e-mail address is yours.');
    // Opening the link (as a mail scanner would) confirms nothing; the button's post does.
    expect(
      (await findAccountByEmail(t.context.database.db, bob.email))?.emailVerifiedAt,
    ).toBeNull();
    const confirmed = await t.app.inject({ method: 'POST', url: path });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.body).toContain('Your e-mail address is confirmed.');
    const after = await signIn(t.app, bob);
    expect(await t.context.verifyAccessToken(after.accessToken)).toMatchObject({
      emailVerified: true,
    });
    const again = await t.app.inject({ method: 'POST', url: path });
    expect(again.statusCode).toBe(404);
    expect(again.body).toContain('This link is not valid or has expired.');
  });

  it('answers a taken e-mail exactly as a new one, and tells only the owner, by mail', async () => {
    const gail = { ...bob, email: 'gail@example.com', password: 'gails-password' };
    await registerAccount(t.app, gail);
    const since = t.mailbox.received.length;
    const form = {
      givenName: 'Other',
      familyName: 'Gail',
      password: 'another-password',
      passwordConfirm: 'another-password',
    };
    const taken = await postAccountForm(t.app, '/oidc/register', {
      ...form,
      email: 'GAIL@example.com',
    });
    const fresh = await postAccountForm(t.app, '/oidc/register', {
      ...form,
      email: 'frank@example.com',
    });
    expect(taken.statusCode).toBe(200);
    expect(taken.body).toBe(fresh.body);
    expect(taken.body).toContain('We sent a mail to this address.');
    const note = await t.mailbox.next(gail.email, since);
    expect(note.subject).toContain('you already have an account');
    expect((await t.mailbox.next('frank@example.com', since)).subject).toContain('confirm');
    // The account is untouched: its own password still signs in.
    await signIn(t.app, gail);
  });

  it('validates the registration form', async () => {
    const res = await postAccountForm(t.app, '/oidc/register', {
      email: 'not-an-email',
      givenName: '',
      familyName: 'X',
      password: 'short',
      passwordConfirm: 'short',
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Enter a valid e-mail address.');
    expect(res.body).toContain('This field is required.');
    expect(res.body).toContain('The password must be at least 10 characters long.');
    expect(res.body).toContain('At least 10 characters, and not one of the most common passwords.');
    const common = await postAccountForm(t.app, '/oidc/register', {
      email: 'carol@example.com',
      givenName: 'Carol',
      familyName: 'X',
      password: 'QwertyUiop',
      passwordConfirm: 'QwertyUiop',
    });
    expect(common.statusCode).toBe(400);
    expect(common.body).toContain('This password is among the most common ones.');
    const mismatch = await postAccountForm(t.app, '/oidc/register', {
      email: 'carol@example.com',
      givenName: 'Carol',
      familyName: 'X',
      password: 'long-enough-1',
      passwordConfirm: 'long-enough-2',
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.body).toContain('The two passwords do not match.');
  });

  it('refuses account form posts without the CSRF token', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/oidc/register',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        email: 'mallory@example.com',
        givenName: 'M',
        familyName: 'M',
        password: 'password-123',
        passwordConfirm: 'password-123',
      }).toString(),
    });
    expect(res.statusCode).toBe(403);
    expect(await findAccountByEmail(t.context.database.db, 'mallory@example.com')).toBeNull();
  });

  it('registers within the sign-in interaction (prompt=create) and finishes signed in', async () => {
    const start = await startSignIn(t.app, { prompt: 'create' });
    expect(start.page.body).toContain('Create an account');
    const res = await browse(t.app, start.jar, {
      method: 'POST',
      url: `${start.interactionUrl.split('?')[0]}/register`,
      form: {
        email: 'dora@example.com',
        givenName: 'Dóra',
        familyName: 'Nagy',
        password: 'dora-password',
        passwordConfirm: 'dora-password',
      },
    });
    expect(res.statusCode).toBe(303);
    const callback = await followRedirects(t.app, start.jar, res);
    expect(callback).toBeInstanceOf(URL);
    expect((callback as URL).searchParams.get('code')).toBeTruthy();
    await signIn(t.app, { email: 'dora@example.com', password: 'dora-password' });
  });

  it('changes the password: the old one fails afterwards, the new one works', async () => {
    const ivy = { ...bob, email: 'ivy@example.com' };
    await registerAccount(t.app, ivy);
    const wrong = await postAccountForm(t.app, '/oidc/account/password', {
      email: ivy.email,
      currentPassword: 'not-the-password',
      newPassword: 'second-password',
      newPasswordConfirm: 'second-password',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain('The e-mail address or password is incorrect.');

    const res = await postAccountForm(t.app, '/oidc/account/password', {
      email: ivy.email,
      currentPassword: ivy.password,
      newPassword: 'second-password',
      newPasswordConfirm: 'second-password',
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Your password has been changed.');
    await expect(signIn(t.app, ivy)).rejects.toThrow(/sign-in failed/);
    await signIn(t.app, { email: ivy.email, password: 'second-password' });
  });

  it('deletes the account after password and confirmation; sign-in then fails', async () => {
    await registerAccount(t.app, { ...bob, email: 'eve@example.com' });
    const unconfirmed = await postAccountForm(t.app, '/oidc/account/delete', {
      email: 'eve@example.com',
      password: bob.password,
    });
    expect(unconfirmed.statusCode).toBe(400);
    expect(unconfirmed.body).toContain('Tick the box to confirm.');
    const res = await postAccountForm(t.app, '/oidc/account/delete', {
      email: 'eve@example.com',
      password: bob.password,
      confirm: 'yes',
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Your account has been deleted.');
    const start = await startSignIn(t.app);
    const after = await submitSignIn(t.app, start, {
      email: 'eve@example.com',
      password: bob.password,
    });
    expect(after).not.toBeInstanceOf(URL);
  });

  it('creates the first admin once, printing a generated password once to the console', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const silent = { info: () => undefined } as unknown as Parameters<typeof bootstrapIdp>[1];
    try {
      await bootstrapIdp(t.context, silent);
      await bootstrapIdp(t.context, silent);
      expect(log).toHaveBeenCalledTimes(1);
      const printed = String(log.mock.calls[0]?.[0]);
      expect(printed).toContain('admin@signet.local');
      const password = /Password: (\S+)/.exec(printed)?.[1] ?? '';
      expect(password).toHaveLength(24);
      await signIn(t.app, { email: 'admin@signet.local', password });
    } finally {
      log.mockRestore();
    }
  });

  it('gives the account page URLs for the remote config, empty with an external issuer', () => {
    expect(idpAccountUrls(t.context.config)).toEqual({
      changePasswordURL: 'http://localhost:8080/oidc/account/password',
      deleteAccountURL: 'http://localhost:8080/oidc/account/delete',
    });
    const external = loadConfig({
      OIDC_ISSUER: 'https://id.example.com/realms/x',
      OIDC_AUDIENCE: 'signet-api',
    });
    expect(idpAccountUrls(external)).toEqual({ changePasswordURL: '', deleteAccountURL: '' });
  });

  it('answers an expired or foreign interaction with an error page, not a crash', async () => {
    const res = await browse(t.app, new CookieJar(), { url: '/oidc/interaction/nope' });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Something went wrong');
  });
});

describe('bootstrapIdp with ADMIN_PASSWORD', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: { ADMIN_EMAIL: 'root@example.com', ADMIN_PASSWORD: 'chosen-admin-password' },
    });
  });
  afterAll(() => t.close());

  it('uses the configured password and prints nothing', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const silent = { info: () => undefined } as unknown as Parameters<typeof bootstrapIdp>[1];
    try {
      await bootstrapIdp(t.context, silent);
      expect(log).not.toHaveBeenCalled();
    } finally {
      log.mockRestore();
    }
    await signIn(t.app, { email: 'root@example.com', password: 'chosen-admin-password' });
  });
});
