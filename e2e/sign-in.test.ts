import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { newCredentials, register, signIn } from './fixtures/auth';
import { launchBrowser, mobileViewport, newContext, screenshot } from './fixtures/browser';
import { texts } from './fixtures/app-texts';

const baseUrl = inject('baseUrl');
const admin = { email: inject('adminEmail'), password: inject('adminPassword') };

/** Menu entries by their test ids (`menu-<name>`, set by the app shell). */
const adminOnlyEntries = ['menu-users', 'menu-all-documents', 'menu-license'];
const userOnlyEntries = ['menu-my-documents', 'menu-signature-profiles'];
/** The first admin also creates and signs (bootstrap roles), so has My Documents (issue 26 §6). */
const userOnlyForAdmin = ['menu-signature-profiles'];

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

async function expectVisible(page: Page, testIds: readonly string[]) {
  for (const testId of testIds) {
    await page.getByTestId(testId).first().waitFor({ state: 'visible' });
  }
}

async function expectAbsent(page: Page, testIds: readonly string[]) {
  for (const testId of testIds) {
    expect(await page.getByTestId(testId).count(), `${testId} should not be in the menu`).toBe(0);
  }
}

describe('the admin', () => {
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    context = await newContext(browser, baseUrl);
    page = await context.newPage();
  });

  afterAll(async () => {
    await context?.close();
  });

  it('signs in through the embedded provider and sees the admin menu', async () => {
    await signIn(page, admin);
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await expectVisible(page, ['menu-dashboard', 'menu-my-documents', ...adminOnlyEntries]);
    await expectAbsent(page, userOnlyForAdmin);
    expect(await page.getByText(admin.email).first().isVisible()).toBe(true);
    await screenshot(page, 'admin-dashboard-1280');
  });
});

describe('a user who registers', () => {
  const user = newCredentials('registered');
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    context = await newContext(browser, baseUrl);
    page = await context.newPage();
  });

  afterAll(async () => {
    await context?.close();
  });

  it('registers on the provider, signs in and sees the user menu', async () => {
    await register(page, user);
    // A fresh session after registering: sign out locally and sign in with the new account.
    if (!page.url().includes('/dashboard')) await page.goto('/dashboard');
    await expectVisible(page, ['menu-dashboard', ...userOnlyEntries]);
    await expectAbsent(page, adminOnlyEntries);
    await screenshot(page, 'user-dashboard-1280');

    await context.clearCookies();
    await page.evaluate(() => window.localStorage.clear());
    await signIn(page, user);
    await expectVisible(page, ['menu-dashboard', ...userOnlyEntries]);
    await expectAbsent(page, adminOnlyEntries);
  });

  it('lands on permission denied when opening /users', async () => {
    await page.goto('/users');
    await page.waitForURL((url) => url.pathname === '/permissionDenied');
    const denied = page.getByTestId('error-page-notAllowed');
    await denied.waitFor({ state: 'visible' });
    expect(await denied.getByRole('heading').innerText()).toBe(
      texts.appEn.errorPage.notAllowed.title,
    );
    await screenshot(page, 'user-permission-denied-1280');
  });

  it('changes the names on My profile, the update button enabled only when changed', async () => {
    await page.goto('/user/profile');
    const update = page.getByTestId('profile-update');
    await update.waitFor({ state: 'visible' });
    expect(await update.isDisabled()).toBe(true);

    const firstName = page.getByLabel(texts.profileEn.general.firstName);
    // A cleared name says it is required and cannot be sent; one over 255 says how long it may be.
    await firstName.fill('');
    await page.getByText(texts.profileEn.validation.required).waitFor({ state: 'visible' });
    expect(await update.isDisabled()).toBe(true);
    await firstName.fill('x'.repeat(256));
    await page
      .getByText(texts.profileEn.validation.tooLong.replace('{{max}}', '255'))
      .waitFor({ state: 'visible' });
    expect(await firstName.inputValue()).toHaveLength(256);
    expect(await update.isDisabled()).toBe(true);
    await firstName.fill('Erika');
    expect(await update.isEnabled()).toBe(true);
    await update.click();
    await page.getByTestId('toast-success').waitFor({ state: 'visible' });
    await expect.poll(() => update.isDisabled()).toBe(true);

    await page.reload();
    await update.waitFor({ state: 'visible' });
    expect(await page.getByLabel(texts.profileEn.general.firstName).inputValue()).toBe('Erika');

    // The provider's account pages, as the remote config names them.
    const config = (await (await page.request.get('/api/v1/server/config')).json()) as {
      changePasswordURL: string;
      deleteAccountURL: string;
    };
    for (const [name, href] of [
      [texts.profileEn.account.changePassword, config.changePasswordURL],
      [texts.profileEn.account.deleteAccount, config.deleteAccountURL],
    ] as const) {
      const link = page.getByRole('link', { name });
      expect(await link.count()).toBe(href ? 1 : 0);
      if (href) expect(await link.getAttribute('href')).toBe(href);
    }
    await screenshot(page, 'profile-en-1280');
  });

  it('switches the menu to Hungarian by changing the profile language', async () => {
    await page.goto('/user/profile');
    const dashboardEntry = page.getByTestId('menu-dashboard').first();
    await dashboardEntry.waitFor({ state: 'visible' });
    await page.getByRole('combobox', { name: texts.profileEn.language.label }).waitFor();
    expect(await dashboardEntry.innerText()).toContain(texts.appEn.menu.dashboard);

    await page.getByRole('combobox', { name: texts.profileEn.language.label }).click();
    await page.getByRole('option', { name: texts.profileEn.language.HU }).click();
    // The toast already speaks the language chosen.
    await page
      .getByTestId('toast-success')
      .getByText(texts.profileHu.toast.languageChanged)
      .waitFor({ state: 'visible' });

    await page
      .getByTestId('menu-dashboard')
      .first()
      .getByText(texts.appHu.menu.dashboard)
      .waitFor({ state: 'visible' });
    expect(await page.getByTestId('menu-my-documents').first().innerText()).toContain(
      texts.appHu.menu.myDocuments,
    );
    await screenshot(page, 'profile-hu-1280');

    // The choice is saved: it survives a reload.
    await page.reload();
    await page
      .getByTestId('menu-dashboard')
      .first()
      .getByText(texts.appHu.menu.dashboard)
      .waitFor({ state: 'visible' });

    await page.setViewportSize(mobileViewport);
    await screenshot(page, 'profile-hu-600');
  });
});
