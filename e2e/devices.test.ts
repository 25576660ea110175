import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import credentialsEn from '../apps/web/src/features/credentials/i18n/en.json';
import profileEn from '../apps/web/src/features/profile/i18n/en.json';
import { newCredentials, register, signIn } from './fixtures/auth';
import { launchBrowser, mobileViewport, newContext, screenshot } from './fixtures/browser';

const baseUrl = inject('baseUrl');
const admin = { email: inject('adminEmail'), password: inject('adminPassword') };
const texts = credentialsEn;
const user = newCredentials('devices');
const description = `Phone approved ${user.email.slice(8, 16)}`;
const phoneName = 'E2E phone';
const renamed = 'E2E phone of Erin';
/** The phone of the acceptance: 360 px wide. */
const phoneViewport = { width: 360, height: 740 };

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

async function choose(page: Page, scope: Locator, label: string, option: string) {
  await scope.getByRole('combobox', { name: new RegExp(`^${escapeRegExp(label)}`) }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await page.getByRole('listbox').waitFor({ state: 'hidden' });
}

describe('a user enrolls a phone by QR and activates an implicit credential on it', () => {
  let context: BrowserContext;
  let page: Page;
  let phoneContext: BrowserContext;
  let phone: Page;

  beforeAll(async () => {
    context = await newContext(browser, baseUrl);
    page = await context.newPage();
    await register(page, user);
    // The phone: its own browser context at 360 px with a platform authenticator that verifies
    // the user (a virtual one, over the DevTools protocol).
    phoneContext = await newContext(browser, baseUrl, phoneViewport);
    phone = await phoneContext.newPage();
    const cdp = await phoneContext.newCDPSession(phone);
    await cdp.send('WebAuthn.enable');
    await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });
  });

  afterAll(async () => {
    await phoneContext?.close();
    await context?.close();
  });

  it('opens the QR link on the phone, enrolls with a passkey, and the device appears in the profile without a reload', async () => {
    await page.goto('/user/profile');
    await page.getByTestId('devices-table').waitFor({ state: 'visible' });
    await page.getByTestId('device-add').click();
    const dialog = page.getByTestId('add-device-dialog');
    await dialog.waitFor({ state: 'visible' });
    // No phone apps are configured: no line asks to install one (issue 26 §6).
    const step1 = await dialog.getByTestId('add-device-step1').innerText();
    expect(step1).not.toContain(profileEn.devices.step1);
    expect(step1).toContain(profileEn.devices.step1WebOnly);
    await dialog.getByTestId('add-device-next').click();
    const qr = dialog.getByTestId('enrollment-qr');
    await qr.waitFor({ state: 'visible' });
    expect(await qr.getAttribute('width')).toBe('250');
    const link = await dialog.getByTestId('enrollment-link').inputValue();
    expect(link).toMatch(/\/authenticator#enroll=[A-Za-z0-9_-]{43}&rssp=/);
    await screenshot(page, 'device-add-qr-1280');

    await phone.goto(link);
    await phone.getByTestId('authenticator-name').fill(phoneName);
    await phone.getByTestId('authenticator-enroll').click();
    await phone.getByTestId('authenticator-no-requests').waitFor({ state: 'visible' });
    // The one-time code has left the address; the page fits the phone.
    expect(new URL(phone.url()).hash).toBe('');
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      phoneViewport.width,
    );
    expect(
      await phone.evaluate(
        () => document.querySelector('link[rel="manifest"]')?.getAttribute('href') ?? null,
      ),
    ).toBe('/authenticator.webmanifest');
    await screenshot(phone, 'authenticator-enrolled-360');

    // DEVICE_CREATED refreshes the profile's table under the open dialog: no reload.
    await dialog.getByRole('button', { name: 'Close' }).click();
    await page
      .getByTestId('device-row')
      .filter({ hasText: phoneName })
      .waitFor({ state: 'visible' });
    await screenshot(page, 'profile-devices-1280');

    // The update-device dialog: the friendly name (4–255) and a disabled enabled switch.
    await page
      .getByTestId('device-row')
      .filter({ hasText: phoneName })
      .getByTestId('device-manage')
      .click();
    const update = page.getByTestId('update-device-dialog');
    const name = update.getByTestId('device-name');
    await name.fill('abc');
    expect(await update.getByTestId('device-save').isDisabled()).toBe(true);
    expect(await update.getByRole('switch').isDisabled()).toBe(true);
    await name.fill(renamed);
    await update.getByTestId('device-save').click();
    await update.waitFor({ state: 'hidden' });
    await page.getByTestId('device-row').filter({ hasText: renamed }).waitFor({ state: 'visible' });
    await page.setViewportSize(mobileViewport);
    await screenshot(page, 'profile-devices-600');
  });

  it('activates an IMPLICIT credential: the waiting dialog counts down until the phone approves', async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/credentials');
    await page.getByRole('heading', { name: texts.title }).waitFor({ state: 'visible' });
    await page.getByTestId('create-credential').click();
    const dialog = page.getByRole('dialog', { name: texts.dialog.createTitle });
    await dialog.waitFor({ state: 'visible' });
    await dialog.getByLabel(texts.dialog.description, { exact: false }).fill(description);
    await choose(page, dialog, texts.dialog.keyAlg, texts.keyAlg.ec);
    await choose(page, dialog, texts.dialog.ecCurveName, 'prime256v1');
    await choose(page, dialog, texts.dialog.authMode, texts.authMode.IMPLICIT);
    const commonName = dialog.getByTestId('credential-common-name');
    if ((await commonName.inputValue()) === '') await commonName.fill('Dora Device');
    await dialog.getByTestId('credential-submit').click();
    await dialog.waitFor({ state: 'hidden', timeout: 60_000 });
    const row = page.getByTestId('credential-row').filter({ hasText: description });
    await row.waitFor({ state: 'visible' });

    await row.getByTestId('credential-activate').click();
    const waiting = page.getByTestId('approval-wait-dialog');
    await waiting.waitFor({ state: 'visible' });
    expect(await waiting.getByTestId('approval-countdown').innerText()).toMatch(/\d+:\d\d/);
    await screenshot(page, 'activation-waiting-1280');

    const request = phone.getByTestId('approval-request');
    await request.waitFor({ state: 'visible' });
    expect(await request.innerText()).toContain(description);
    expect(await request.innerText()).toContain(user.email);
    await screenshot(phone, 'authenticator-request-360');
    await request.getByTestId('approval-approve').click();
    await phone.getByTestId('authenticator-no-requests').waitFor({ state: 'visible' });

    await waiting.waitFor({ state: 'hidden' });
    await page.getByTestId('toast-success').waitFor({ state: 'visible' });
    await page.waitForFunction(
      ([text, enabled]) =>
        Array.from(document.querySelectorAll('[data-testid="credential-row"]')).some(
          (r) =>
            r.textContent?.includes(text) &&
            r.querySelector('[data-testid="credential-status"]')?.textContent?.includes(enabled),
        ),
      [description, texts.status.enabled] as const,
    );
    await screenshot(page, 'credential-activated-on-device-1280');
  });

  it("shows the phone in the admin's devices list", async () => {
    const adminContext = await newContext(browser, baseUrl, mobileViewport);
    try {
      const adminPage = await adminContext.newPage();
      await signIn(adminPage, admin);
      await adminPage.goto('/devices-admin');
      await adminPage.getByTestId('devices-search').fill(user.email);
      const row = adminPage.getByTestId('devices-admin-row').filter({ hasText: renamed });
      await row.waitFor({ state: 'visible' });
      expect(await row.innerText()).toContain(user.email);
      // The table fits 600 px: its container does not scroll sideways.
      const table = adminPage.getByTestId('devices-admin-table');
      expect(
        await table.evaluate((el) => {
          const box = el.parentElement ?? el;
          return box.scrollWidth - box.clientWidth;
        }),
      ).toBeLessThanOrEqual(1);
      await screenshot(adminPage, 'devices-admin-600');
    } finally {
      await adminContext.close();
    }
  });
});
