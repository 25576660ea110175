import type { Browser, Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { texts } from './fixtures/app-texts';
import { newCredentials, register, signIn } from './fixtures/auth';
import { launchBrowser, mobileViewport, newContext, screenshot } from './fixtures/browser';
import { startServer, type RunningServer } from './fixtures/server';

const users = texts.usersEn;
const app = texts.appEn;

// A server of its own: without SMTP_URL it prints each mail on its console, which this test reads
// the way an operator of the embedded default would.
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The invitation link printed for `email`, once the mail has gone out. */
async function printedInvitationLink(email: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(() => {
      const printed = server.output().split(`Mail (no SMTP_URL set) to ${email}:`)[1];
      link = printed?.match(/http:\/\/\S+\/join#[A-Za-z0-9_-]{43}/)?.[0];
      return link;
    })
    .toBeDefined();
  return link!;
}

/**
 * The admin prepares a user for `email` in the Users screen's create dialog; `fill` sets the
 * dialog's other fields before Create.
 */
async function prepareUser(email: string, fill: (dialog: Locator) => Promise<void>): Promise<void> {
  const adminContext = await newContext(browser, server.baseUrl);
  const adminPage = await adminContext.newPage();
  await signIn(adminPage, { email: server.adminEmail, password: server.adminPassword });
  await adminPage.goto('/users');
  await adminPage.getByTestId('create-user').click();
  const dialog = adminPage.getByRole('dialog', { name: users.dialog.createTitle });
  await dialog.getByLabel(users.dialog.email).fill(email);
  await fill(dialog);
  await dialog.getByRole('button', { name: 'Create', exact: true }).click();
  await dialog.waitFor({ state: 'hidden' });
  await adminContext.close();
}

describe('an invitation mailed to a prepared user', () => {
  it('is taken up by whoever registers through its link, who then holds the prepared roles', async () => {
    const invited = newCredentials('invited');
    await prepareUser(invited.email, async (dialog) => {
      const adminRole = dialog.getByTestId('role-admin');
      if ((await adminRole.getAttribute('aria-pressed')) !== 'true') await adminRole.click();
      // Enabled from the start (issue 25 §9): the person arrives to a working account.
      expect(await dialog.getByLabel(users.dialog.status).isChecked()).toBe(true);
    });

    const link = new URL(await printedInvitationLink(invited.email));
    const context = await newContext(browser, server.baseUrl, mobileViewport);
    const page = await context.newPage();
    await page.goto(link.pathname + link.hash);
    await page.getByRole('heading', { name: app.join.title }).waitFor();
    await screenshot(page, 'join-600');
    await register(page, invited, link.pathname + link.hash);
    await page.waitForURL((url) => url.pathname === '/join');
    await page.getByText(app.join.signedInAs.replace('{{email}}', invited.email)).waitFor();
    await page.getByTestId('join-accept').click();
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await page.getByTestId('toast-success').filter({ hasText: app.join.accepted }).waitFor();

    // The prepared admin role is theirs: the admin-only Users screen opens.
    await page.goto('/users');
    await page.getByRole('heading', { name: users.title }).waitFor();
    await context.close();
  });

  it('takes a user the admin left suspended to the suspended page, without a welcome', async () => {
    const held = newCredentials('held');
    // New users start enabled; this admin says otherwise.
    await prepareUser(held.email, (dialog) => dialog.getByLabel(users.dialog.status).uncheck());

    const link = new URL(await printedInvitationLink(held.email));
    const context = await newContext(browser, server.baseUrl);
    const page = await context.newPage();
    await page.goto(link.pathname + link.hash);
    await register(page, held, link.pathname + link.hash);
    await page.waitForURL((url) => url.pathname === '/join');
    await page.getByTestId('join-accept').click();
    await page.getByTestId('error-page-suspended').waitFor();
    await page.getByText(app.errorPage.suspended.title).waitFor();
    expect(await page.getByText(app.join.accepted).count()).toBe(0);
    expect(await page.getByTestId('toast-success').count()).toBe(0);
    await context.close();
  });

  it('tells a registrant of a prepared address without the link to open the mail', async () => {
    const adminContext = await newContext(browser, server.baseUrl);
    const adminPage = await adminContext.newPage();
    await signIn(adminPage, { email: server.adminEmail, password: server.adminPassword });
    await adminPage.goto('/users');
    await adminPage.getByTestId('create-user').click();
    const dialog = adminPage.getByRole('dialog', { name: users.dialog.createTitle });
    const prepared = newCredentials('prepared');
    await dialog.getByLabel(users.dialog.email).fill(prepared.email);
    await dialog.getByRole('button', { name: 'Create', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    await adminContext.close();

    const context = await newContext(browser, server.baseUrl);
    const page = await context.newPage();
    await register(page, prepared);
    await page.getByTestId('error-page-unconfirmed').waitFor();
    await page.getByText(app.errorPage.unconfirmed.text).waitFor();
    await page.goto('/users');
    await page.getByTestId('error-page-unconfirmed').waitFor();
    await context.close();
  });
});
