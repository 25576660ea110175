import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailbox, linkIn, type Mailbox } from '../apps/server/test/mailbox';
import { accessTokenOf } from './fixtures/api';
import { newCredentials, register } from './fixtures/auth';
import { launchBrowser, mobileViewport, newContext, screenshot } from './fixtures/browser';
import { startServer, type RunningServer } from './fixtures/server';

// A server of its own whose mail goes to a real SMTP server this test reads.
let mailbox: Mailbox;
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  mailbox = await startMailbox();
  server = await startServer({ env: { SMTP_URL: mailbox.smtpUrl } });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await mailbox?.close();
});

/** Opens the provider's sign-in page from Welcome's button (a popup, or this tab by redirect). */
async function openProviderSignIn(page: Page): Promise<Page> {
  await page.goto('/welcome');
  const popup = page.waitForEvent('popup', { timeout: 20_000 }).catch(() => null);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  const opened = await Promise.race([
    popup,
    page
      .waitForURL((url) => url.pathname.startsWith('/oidc'), { timeout: 20_000 })
      .then(() => page),
  ]);
  const provider = opened ?? page;
  await provider.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
  return provider;
}

/** Fills and posts the reset page's two password fields. */
async function setNewPassword(page: Page, password: string): Promise<void> {
  await page.getByLabel('New password', { exact: true }).fill(password);
  await page.getByLabel('Confirm new password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Set password and sign in' }).click();
}

describe('forgot password', () => {
  it('mails a one-use link that sets a new password, signs the browser in and ends every other session', async () => {
    const person = newCredentials('forgetful');
    // A session on another device: registered and signed in, its event streams open.
    const otherContext = await newContext(browser, server.baseUrl);
    const other = await otherContext.newPage();
    await register(other, person);
    const otherToken = await accessTokenOf(other);
    const before = await fetch(`${server.baseUrl}/api/v1/users/self`, {
      headers: { authorization: `Bearer ${otherToken}` },
    });
    expect(before.status).toBe(200);

    // On this device: Sign in → Forgot password? → the address → the mail.
    const context = await newContext(browser, server.baseUrl, mobileViewport);
    const page = await context.newPage();
    const provider = await openProviderSignIn(page);
    await provider.getByRole('link', { name: 'Forgot password?' }).click();
    await provider.getByLabel('Email', { exact: true }).fill(person.email);
    const since = mailbox.received.length;
    await provider.getByRole('button', { name: 'Send link' }).click();
    await provider.getByText('If an account uses this address').waitFor();
    const mail = await mailbox.next(person.email, since);
    expect(mail.subject).toContain('reset your password');
    const link = linkIn(mail, `${server.baseUrl}/oidc/account/reset#`);

    // The link's page takes the token out of the address bar; the new password signs in.
    const resetPage = await context.newPage();
    await resetPage.goto(link);
    await resetPage.getByLabel('New password', { exact: true }).waitFor();
    expect(new URL(resetPage.url()).hash).toBe('');
    await screenshot(resetPage, 'password-reset-form');
    const newPassword = newCredentials().password;
    await setNewPassword(resetPage, newPassword);
    // Welcome starts the sign-in by itself, and the provider signs this browser in at once.
    await resetPage.waitForURL((url) => url.pathname === '/dashboard', { timeout: 30_000 });
    const mine = await fetch(`${server.baseUrl}/api/v1/users/self`, {
      headers: { authorization: `Bearer ${await accessTokenOf(resetPage)}` },
    });
    expect(mine.status).toBe(200);
    expect(await mine.json()).toMatchObject({ email: person.email });

    // The other session's token answers 401, and its app was signed out by LOGOUT.
    const after = await fetch(`${server.baseUrl}/api/v1/users/self`, {
      headers: { authorization: `Bearer ${otherToken}` },
    });
    expect(after.status).toBe(401);
    await other.waitForURL((url) => url.pathname.startsWith('/welcome'), { timeout: 30_000 });

    // The old password is refused; the link works once.
    const thirdContext = await newContext(browser, server.baseUrl);
    const third = await thirdContext.newPage();
    const signInPage = await openProviderSignIn(third);
    await signInPage.getByLabel('Email', { exact: true }).fill(person.email);
    await signInPage.getByLabel('Password', { exact: true }).fill(person.password);
    await signInPage.getByRole('button', { name: 'Sign in', exact: true }).click();
    await signInPage.getByText('The e-mail address or password is incorrect.').waitFor();
    await third.goto(link);
    await setNewPassword(third, newCredentials().password);
    await third.getByText('already used').waitFor();

    await thirdContext.close();
    await context.close();
    await otherContext.close();
  }, 180_000);

  it('offers "Forgot password?" in Hungarian too', async () => {
    const context = await newContext(browser, server.baseUrl);
    const page = await context.newPage();
    await page.goto('/oidc/account/forgot?lang=hu');
    await page.getByRole('heading', { name: 'Jelszó visszaállítása' }).waitFor();
    await page.getByRole('button', { name: 'Hivatkozás küldése' }).waitFor();
    await context.close();
  });
});
