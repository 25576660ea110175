import { createHash, randomBytes } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import cscEn from '../apps/web/src/features/csc/i18n/en.json';
import cscHu from '../apps/web/src/features/csc/i18n/hu.json';
import { signIn } from './fixtures/auth';
import { launchBrowser, mobileViewport, newContext, screenshot } from './fixtures/browser';
import { texts } from './fixtures/app-texts';

const baseUrl = inject('baseUrl');
const admin = { email: inject('adminEmail'), password: inject('adminPassword') };

let browser: Browser;
let context: BrowserContext;
let page: Page;

async function fitsWidth(p: Page): Promise<boolean> {
  return p.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
}

async function chooseLanguage(p: Page, label: string, option: string, done: string) {
  await p.goto('/user/profile');
  await p.getByRole('combobox', { name: label }).click();
  await p.getByRole('option', { name: option }).click();
  await p.getByTestId('toast-success').getByText(done).waitFor();
}

beforeAll(async () => {
  browser = await launchBrowser();
  context = await newContext(browser, baseUrl, mobileViewport);
  page = await context.newPage();
  await signIn(page, admin);
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

describe('the CSC clients screen and the consent page', () => {
  const callback = `${baseUrl}/csc-e2e-callback`;
  let clientId = '';
  let clientSecret = '';

  it('registers a confidential client at 600 px; the secret shows once', async () => {
    await page.goto('/csc-clients');
    await page.getByRole('heading', { name: cscEn.clients.title }).waitFor();
    await page.getByTestId('csc-client-name').fill('E2E client');
    await page.getByTestId('csc-client-uris').fill(callback);
    await page.getByRole('button', { name: cscEn.clients.submit }).click();
    await page.getByTestId('csc-client-created').waitFor();
    clientId = await page.getByTestId('csc-client-id').innerText();
    clientSecret = await page.getByTestId('csc-client-secret').innerText();
    expect(clientId).toMatch(/^csc-/);
    expect(clientSecret.length).toBeGreaterThan(30);
    await page.getByTestId('csc-client-row').filter({ hasText: clientId }).waitFor();
    expect(await fitsWidth(page)).toBe(true);
    await screenshot(page, 'csc-clients-600');
    // A reload shows the client without its secret.
    await page.reload();
    await page.getByTestId('csc-client-row').filter({ hasText: clientId }).waitFor();
    expect(await page.content()).not.toContain(clientSecret);
  });

  it('sends the code to the registered redirect URI after the user allows, and the code buys a token', async () => {
    const verifier = randomBytes(32).toString('base64url');
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const query = new URLSearchParams({
      response_type: 'code',
      client_id: clientId,
      redirect_uri: callback,
      scope: 'service',
      code_challenge: challenge,
      code_challenge_method: 'S256',
      state: 'e2e',
    });
    await page.goto(`/csc/v2/oauth2/authorize?${query.toString()}`);
    await page.getByTestId('csc-consent').getByText('E2E client', { exact: false }).waitFor();
    expect(await fitsWidth(page)).toBe(true);
    await screenshot(page, 'csc-consent-600');
    await page.getByRole('button', { name: cscEn.consent.allow }).click();
    await page.waitForURL((url) => url.pathname === '/csc-e2e-callback');
    const url = new URL(page.url());
    expect(url.searchParams.get('state')).toBe('e2e');
    const code = url.searchParams.get('code') ?? '';
    const token = await fetch(`${baseUrl}/csc/v2/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        code_verifier: verifier,
        redirect_uri: callback,
        client_id: clientId,
        client_secret: clientSecret,
      }),
    });
    expect(token.status).toBe(200);
    const { access_token } = (await token.json()) as { access_token: string };
    const list = await fetch(`${baseUrl}/csc/v2/credentials/list`, {
      method: 'POST',
      headers: { authorization: `Bearer ${access_token}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(list.status).toBe(200);
    expect(await list.json()).toHaveProperty('credentialIDs');
  });

  it('speaks Hungarian and fits 600 px', async () => {
    await chooseLanguage(
      page,
      texts.profileEn.language.label,
      texts.profileEn.language.HU,
      texts.profileHu.toast.languageChanged,
    );
    try {
      await page.goto('/csc-clients');
      await page.getByRole('heading', { name: cscHu.clients.title }).waitFor();
      await page.getByText(cscHu.clients.register).waitFor();
      expect(await fitsWidth(page)).toBe(true);
      await screenshot(page, 'csc-clients-hu-600');
    } finally {
      await chooseLanguage(
        page,
        texts.profileHu.language.label,
        texts.profileHu.language.EN,
        texts.profileEn.toast.languageChanged,
      );
    }
  });
});
