import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import refsEn from '../apps/web/src/features/credential-refs/i18n/en.json';
import refsHu from '../apps/web/src/features/credential-refs/i18n/hu.json';
import cscEn from '../apps/web/src/features/csc/i18n/en.json';
import { apiAs } from './fixtures/api';
import { newCredentials, printedLink, register } from './fixtures/auth';
import { launchBrowser, mobileViewport, newContext, screenshot } from './fixtures/browser';
import { checkSignedPdf, multiPagePdf } from './fixtures/pdf-tools';
import { findFreePort, startServer, type RunningServer } from './fixtures/server';

/**
 * Issue 28 §2's acceptance in Chromium: Signet One imports a credential that Signet Two (a second
 * server with its own database, reached over its CSC API) holds, through the import dialog and
 * the login popup at Two, and signs an ordered chain with it; pdfsig finds the signature valid
 * and trusted with Two's CA. Two runs with CSC_SCAL=2, so each signature first binds its hashes
 * in the popup (scope=credential), and One reaches Two through the extproviders proxy (Two's
 * endpoints are named in One's providers file). A profile signs with the imported credential;
 * a second import at another provider entry asks to log out of the first and is silent.
 */
const keyPassword = '246810';
const clientSecret = 'e2e-client-secret-0123456789';
let one: RunningServer;
let two: RunningServer;
let twoUrl = '';
let dir = '';
let browser: Browser;
let context: BrowserContext;
let page: Page;

async function fitsWidth(p: Page): Promise<boolean> {
  return p.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
}

/** Opens the mailed confirmation link (an absolute address: it may be the other server). */
async function confirmAt(output: () => string, email: string) {
  const link = await printedLink(
    output,
    email,
    /http:\/\/\S+\/oidc\/account\/confirm\/[A-Za-z0-9_-]+/,
  );
  const tab = await context.newPage();
  await tab.goto(link.href);
  await tab.getByRole('button', { name: 'Confirm', exact: true }).click();
  await tab.getByText('Your e-mail address is confirmed.').waitFor();
  await tab.close();
}

async function drawSignature(p: Page) {
  await p.getByTestId('draw-signature').click();
  const canvas = p.getByTestId('signature-drawer-canvas');
  await canvas.waitFor();
  const area = await canvas.boundingBox();
  if (!area) throw new Error('The drawer has no canvas');
  await p.mouse.move(area.x + area.width * 0.2, area.y + area.height * 0.6);
  await p.mouse.down();
  for (const [x, y] of [
    [0.4, 0.3],
    [0.6, 0.7],
    [0.8, 0.4],
  ] as const) {
    await p.mouse.move(area.x + area.width * x, area.y + area.height * y, { steps: 6 });
  }
  await p.mouse.up();
  await p.getByTestId('signature-drawer-ok').click();
  await p.getByTestId('signature-drawer').waitFor({ state: 'hidden' });
}

beforeAll(async () => {
  const [portOne, portTwo] = [await findFreePort(), await findFreePort()];
  const oneUrl = `http://localhost:${portOne}`;
  // Two on another host name than One: the browser keeps their cookies apart.
  twoUrl = `http://127.0.0.1:${portTwo}`;
  dir = await mkdtemp(join(tmpdir(), 'signet-e2e-csc-import-'));
  const clients = join(dir, 'clients.json');
  await writeFile(
    clients,
    JSON.stringify([
      {
        clientId: 'signet-one',
        name: 'Signet One',
        redirectUris: [`${oneUrl}/csc-callback`],
        clientSecret,
      },
    ]),
  );
  const providers = join(dir, 'providers.json');
  await writeFile(
    providers,
    JSON.stringify([
      {
        id: 'signet-two',
        name: 'Signet Two',
        apiBaseUrl: `${twoUrl}/csc/v2`,
        authorizationEndpoint: `${twoUrl}/csc/v2/oauth2/authorize`,
        tokenEndpoint: `${twoUrl}/csc/v2/oauth2/token`,
        revocationEndpoint: `${twoUrl}/csc/v2/oauth2/revoke`,
        clientId: 'signet-one',
        clientSecret,
      },
      // The same provider again (its CSC API's own oauth2 calls): the second import's entry.
      {
        id: 'signet-two-b',
        name: 'Signet Two B',
        apiBaseUrl: `${twoUrl}/csc/v2`,
        clientId: 'signet-one',
        clientSecret,
      },
    ]),
  );
  [two, one] = await Promise.all([
    startServer({
      port: portTwo,
      env: { PUBLIC_URL: twoUrl, CSC_CLIENTS_FILE: clients, CSC_SCAL: '2' },
    }),
    startServer({ port: portOne, env: { EXTERNAL_PROVIDERS_FILE: providers } }),
  ]);
  browser = await launchBrowser();
  context = await newContext(browser, one.baseUrl, mobileViewport);
  page = await context.newPage();
}, 240_000);

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await one?.stop();
  await two?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('a credential imported from another Signet over CSC', () => {
  const person = newCredentials('erin');
  let chainId = '';

  it('imports the credential through the dialog and the login popup at the provider (600 px)', async () => {
    // Erin at Signet Two, with an activated RSA key there.
    const atTwo = await context.newPage();
    await register(atTwo, person, `${twoUrl}/welcome`);
    await confirmAt(two.fullOutput, person.email);
    const twoApi = apiAs(twoUrl, atTwo);
    const created = await twoApi.post<{ id: string }>('/rssp/v1/credentials', {
      description: 'Erin at Two',
      keyAlg: 'rsa',
      rsaKeySize: 2048,
      authMode: 'EXPLICIT',
      certificateEnrollmentMode: 'CMP',
      distinguishedName: { commonName: 'Erin Two', countryName: 'HU' },
    });
    await twoApi.post(`/rssp/v1/credentials/${created.id}/activate`, {
      keyPassword,
      keyPuk: '123412341234',
    });

    // Erin at Signet One, the same address.
    await register(page, person);
    await confirmAt(one.fullOutput, person.email);
    await page.goto('/credentials');
    await page.getByTestId('import-credential').click();
    await page.getByRole('heading', { name: refsEn.dialog.title }).waitFor();
    expect(await fitsWidth(page)).toBe(true);
    await screenshot(page, 'csc-import-dialog-600');
    const popupOpened = page.waitForEvent('popup');
    await page.getByTestId('provider-login').click();
    const popup = await popupOpened;
    // Signed in at Two but never granted One: the silent try (prompt=none) comes back
    // consent_required and the popup goes on to Two's consent page, which names Signet One.
    await popup.getByRole('button', { name: cscEn.consent.allow }).click();
    await page.getByTestId('provider-credential').filter({ hasText: 'Erin at Two' }).click();
    await screenshot(page, 'csc-import-credentials-600');
    await page.getByTestId('import-credentials').click();
    await page.getByTestId('credential-ref-row').filter({ hasText: 'Erin at Two' }).waitFor();
    expect(await fitsWidth(page)).toBe(true);
    await screenshot(page, 'csc-imported-list-600');
  });

  it('signs an ordered chain with it; pdfsig: valid and trusted with the provider CA', async () => {
    const api = apiAs(one.baseUrl, page);
    const document = await api.post<{ id: string }>(
      '/rdss/v1/documents?fileName=imported-key.pdf',
      new Uint8Array(await multiPagePdf('Signed with an imported key')),
    );
    const chain = await api.post<{ id: string }>('/rdss/v1/signatureChains', {
      type: 'ORDERED',
      signers: [{ email: person.email }],
      origDocId: document.id,
    });
    chainId = chain.id;
    await page.goto('/signatureChains/list/TODO');
    await page
      .getByTestId('chain-row')
      .filter({ hasText: 'imported-key.pdf' })
      .getByTestId('chain-sign')
      .click();
    await page.waitForURL((url) => url.pathname.includes('/customization/signature/'));
    await page.getByTestId('credential-select').locator('..').getByRole('combobox').click();
    await page.getByRole('option', { name: /Erin at Two · Signet Two/ }).click();
    await page.getByRole('listbox').waitFor({ state: 'hidden' });
    await drawSignature(page);
    await page.getByTestId('sign-confirm').click();
    await page.getByTestId('key-password').fill(keyPassword);
    const round = page.waitForEvent('popup');
    await page.getByTestId('key-password-sign').click();
    // SCAL2: Two binds exactly this signature's hash; its consent names the key and one signature.
    const consent = await round;
    await consent.getByText(/Erin at Two/).waitFor();
    await consent.getByRole('button', { name: cscEn.consent.allow }).click();
    await page.getByTestId('toast-success').filter({ hasText: 'imported-key.pdf' }).waitFor();

    const signed = await api.get<{ status: string; signedDocument: { id: string } | null }>(
      `/rdss/v1/signatureChains/${chainId}`,
    );
    expect(signed.status).toBe('DONE');
    const bytes = await api.bytes(`/rdss/v1/documents/${signed.signedDocument?.id}/file`);
    const caTwo = await (await fetch(`${twoUrl}/rssp/v1/ca/certificate`)).text();
    const checked = await checkSignedPdf(bytes, caTwo);
    expect(checked.signatures).toHaveLength(1);
    expect(checked.signatures[0]).toMatchObject({ valid: true, trusted: true, signer: 'Erin Two' });
    expect(checked.qpdf.code).toBe(0);
  });

  it('a signature profile signs with the imported credential; pdfsig valid and trusted', async () => {
    await page.goto('/signatureProfiles');
    await page.getByTestId('create-profile').click();
    const dialog = page.getByTestId('profile-dialog');
    await dialog.getByTestId('profile-name').fill('Erin via Two');
    // The imported credential is offered beside the own ones (the only one: chosen already).
    await dialog.getByText(/Erin at Two · Signet Two/).waitFor();
    await dialog.getByTestId('profile-text').fill('Erin Two');
    await dialog.getByTestId('profile-submit').click();
    await page.getByTestId('profile-row').filter({ hasText: 'Erin via Two' }).waitFor();

    const api = apiAs(one.baseUrl, page);
    const document = await api.post<{ id: string }>(
      '/rdss/v1/documents?fileName=profile-imported.pdf',
      new Uint8Array(await multiPagePdf('Signed with a profile of an imported key')),
    );
    const chain = await api.post<{ id: string }>('/rdss/v1/signatureChains', {
      type: 'ORDERED',
      signers: [{ email: person.email }],
      origDocId: document.id,
    });
    await page.goto('/signatureChains/list/TODO');
    await page
      .getByTestId('chain-row')
      .filter({ hasText: 'profile-imported.pdf' })
      .getByTestId('chain-sign')
      .click();
    await page.waitForURL((url) => url.pathname.includes('/customization/signature/'));
    // The only profile is chosen, and with it its imported credential.
    await expect.poll(() => page.getByTestId('profile-select').inputValue()).not.toBe('');
    await page.getByTestId('sign-confirm').click();
    await page.getByTestId('key-password').fill(keyPassword);
    const round = page.waitForEvent('popup');
    await page.getByTestId('key-password-sign').click();
    await (await round).getByRole('button', { name: cscEn.consent.allow }).click();
    await page.getByTestId('toast-success').filter({ hasText: 'profile-imported.pdf' }).waitFor();
    const signed = await api.get<{ status: string; signedDocument: { id: string } | null }>(
      `/rdss/v1/signatureChains/${chain.id}`,
    );
    expect(signed.status).toBe('DONE');
    const bytes = await api.bytes(`/rdss/v1/documents/${signed.signedDocument?.id}/file`);
    const caTwo = await (await fetch(`${twoUrl}/rssp/v1/ca/certificate`)).text();
    const checked = await checkSignedPdf(bytes, caTwo);
    expect(checked.signatures).toHaveLength(1);
    expect(checked.signatures[0]).toMatchObject({ valid: true, trusted: true, signer: 'Erin Two' });
  });

  it('a second import at another provider entry confirms the logout from the first; its popup is silent', async () => {
    await page.goto('/credentials/importCredential');
    await page.getByRole('heading', { name: refsEn.dialog.title }).waitFor();
    await page.getByTestId('provider-select').locator('..').getByRole('combobox').click();
    await page.getByRole('option', { name: 'Signet Two B' }).click();
    await page.getByRole('listbox').waitFor({ state: 'hidden' });
    await page.getByTestId('provider-login').click();
    const confirm = page.getByTestId('confirm-popover');
    await confirm.getByText(/Signet Two\. Log out there and log in at Signet Two B/).waitFor();
    const popupOpened = page.waitForEvent('popup');
    await confirm.getByTestId('confirm-agree').click();
    const popup = await popupOpened;
    // Erin granted One at Two already: prompt=none answers the code, no page, the popup closes.
    if (!popup.isClosed()) await popup.waitForEvent('close', { timeout: 30_000 });
    await page.getByTestId('provider-credential').filter({ hasText: 'Erin at Two' }).click();
    await page.getByTestId('import-credentials').click();
    await expect
      .poll(() => page.getByTestId('credential-ref-row').filter({ hasText: 'Erin at Two' }).count())
      .toBe(2);
    const providers = await apiAs(one.baseUrl, page).get<{
      providers: { id: string; signedIn: boolean }[];
    }>('/api/v1/credentialRefs/providers/web');
    expect(providers.providers).toEqual([
      expect.objectContaining({ id: 'signet-two', signedIn: false }),
      expect.objectContaining({ id: 'signet-two-b', signedIn: true }),
    ]);
  });

  it('the imported list speaks Hungarian', async () => {
    await page.goto('/user/profile');
    await page.getByRole('combobox', { name: 'Language' }).click();
    await page.getByRole('option', { name: /Magyar/ }).click();
    await page.getByTestId('toast-success').waitFor();
    await page.goto('/credentials/importCredential');
    await page.getByRole('heading', { name: refsHu.dialog.title }).waitFor();
    await page.getByRole('heading', { name: refsHu.list.title }).waitFor();
    expect(await fitsWidth(page)).toBe(true);
    await screenshot(page, 'csc-import-hu-600');
  });
});
