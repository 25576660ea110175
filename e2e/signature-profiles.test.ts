import { createCanvas } from '@napi-rs/canvas';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import drawerEn from '../apps/web/src/shared/signature-drawer/i18n/en.json';
import drawerHu from '../apps/web/src/shared/signature-drawer/i18n/hu.json';
import profilesEn from '../apps/web/src/features/signature-profiles/i18n/en.json';
import profilesHu from '../apps/web/src/features/signature-profiles/i18n/hu.json';
import { texts } from './fixtures/app-texts';
import { newCredentials, register, signIn } from './fixtures/auth';
import { launchBrowser, mobileViewport, newContext, screenshot } from './fixtures/browser';
import { startServer, type RunningServer } from './fixtures/server';

const en = profilesEn;
const hu = profilesHu;

let server: RunningServer;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await server?.stop();
});

async function newPage(viewport?: { width: number; height: number }): Promise<Page> {
  const context = await newContext(browser, server.baseUrl, viewport);
  contexts.push(context);
  return context.newPage();
}

/** The signed-in page's access token, as oidc-client-ts keeps it. */
async function accessToken(page: Page): Promise<string> {
  return page.evaluate(() => {
    for (let i = 0; i < window.localStorage.length; i++) {
      const key = window.localStorage.key(i) ?? '';
      if (key.startsWith('oidc.user:')) {
        const stored = JSON.parse(window.localStorage.getItem(key) ?? '{}') as {
          access_token?: string;
        };
        if (stored.access_token) return stored.access_token;
      }
    }
    throw new Error('not signed in');
  });
}

/** An activated EC credential with a certificate from the embedded CA, through the API. */
async function activatedCredential(page: Page, description: string): Promise<string> {
  const headers = { authorization: `Bearer ${await accessToken(page)}` };
  const created = await page.request.post('/rssp/v1/credentials/', {
    headers,
    data: {
      description,
      keyAlg: 'ec',
      ecCurveName: 'prime256v1',
      authMode: 'EXPLICIT',
      certificateEnrollmentMode: 'CMP',
      distinguishedName: { commonName: 'Pia Tester', countryName: 'HU' },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const activated = await page.request.post(`/rssp/v1/credentials/${id}/activate`, {
    headers,
    data: { keyPassword: '246810', keyPuk: '123456789012' },
  });
  expect(activated.status(), await activated.text()).toBe(200);
  return id;
}

async function pngImage(color = '#1040c0'): Promise<Buffer> {
  const canvas = createCanvas(240, 80);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = color;
  ctx.fillRect(10, 10, 220, 60);
  return canvas.encode('png');
}

const fitsWidth = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/** Pixels of a canvas that are not fully transparent. */
const paintedPixels = (canvas: Locator) =>
  canvas.evaluate((element) => {
    const target = element as HTMLCanvasElement;
    const ctx = target.getContext('2d');
    if (!ctx) return 0;
    const { data } = ctx.getImageData(0, 0, target.width, target.height);
    let painted = 0;
    for (let i = 3; i < data.length; i += 4) if ((data[i] ?? 0) > 0) painted++;
    return painted;
  });

/** Draws a zigzag on the drawer's canvas with the mouse. */
async function drawSignature(page: Page) {
  const canvas = page.getByTestId('signature-drawer-canvas');
  await canvas.scrollIntoViewIfNeeded();
  const box = await canvas.boundingBox();
  if (!box) throw new Error('no drawer canvas');
  await page.mouse.move(box.x + 20, box.y + box.height / 2);
  await page.mouse.down();
  for (let i = 1; i <= 12; i++) {
    await page.mouse.move(
      box.x + 20 + i * ((box.width - 40) / 12),
      box.y + (i % 2 ? 30 : box.height - 30),
      {
        steps: 4,
      },
    );
  }
  await page.mouse.up();
}

const row = (page: Page, text: string) => page.getByTestId('profile-row').filter({ hasText: text });

describe('signature profiles', () => {
  let page: Page;

  beforeAll(async () => {
    page = await newPage();
    await register(page, newCredentials('pia'));
    await page.goto('/signatureProfiles');
    await page.getByRole('heading', { name: en.title }).waitFor();
    await activatedCredential(page, 'Pia signing key');
  });

  it('creates a profile with a drawn image and text, and shows it in the list with its preview', async () => {
    await page.getByTestId('create-profile').click();
    const dialog = page.getByTestId('profile-dialog');
    await dialog.getByRole('heading', { name: en.dialog.createTitle }).waitFor();
    const submit = dialog.getByTestId('profile-submit');
    expect(await submit.isDisabled()).toBe(true);

    // A name over 40 characters is kept whole and cut in the list.
    const longName = 'Pia Tester signature for contracts and offers';
    await dialog.getByTestId('profile-name').fill(longName);
    // The only credential is chosen already.
    await dialog.getByText('Pia signing key').waitFor();

    // Neither image nor text yet: the form is not valid.
    expect(await submit.isDisabled()).toBe(true);

    await dialog.getByTestId('profile-image-draw').click();
    const drawer = page.getByTestId('signature-drawer');
    await drawer.getByRole('heading', { name: drawerEn.title }).waitFor();
    expect(await drawer.getByTestId('signature-drawer-ok').isDisabled()).toBe(true);
    await drawSignature(page);
    expect(await paintedPixels(drawer.getByTestId('signature-drawer-canvas'))).toBeGreaterThan(100);
    await drawer.getByTestId('signature-drawer-clear').click();
    expect(await paintedPixels(drawer.getByTestId('signature-drawer-canvas'))).toBe(0);
    expect(await drawer.getByTestId('signature-drawer-ok').isDisabled()).toBe(true);
    await drawSignature(page);
    await drawer.getByTestId('signature-drawer-ok').click();
    await drawer.waitFor({ state: 'hidden' });
    const image = dialog.getByTestId('profile-image-image');
    expect(await image.getAttribute('src')).toMatch(/^data:image\/png;base64,/);

    await dialog.getByTestId('profile-text').fill('Pia Tester');
    const preview = dialog.getByTestId('profile-preview');
    // The preview follows the text a second after typing stops.
    await expect
      .poll(() => preview.getAttribute('data-text'), { timeout: 5_000 })
      .toBe('Pia Tester');
    await expect.poll(() => paintedPixels(preview)).toBeGreaterThan(500);
    expect(
      await preview.evaluate((c) => [
        (c as HTMLCanvasElement).width,
        (c as HTMLCanvasElement).height,
      ]),
    ).toEqual([600, 200]);
    await screenshot(page, 'profile-create-1280');

    await submit.click();
    await page.getByTestId('toast-success').filter({ hasText: en.toast.created }).waitFor();
    await dialog.waitFor({ state: 'hidden' });
    const created = row(page, longName.slice(0, 40));
    await created.waitFor();
    expect(await created.getByTestId('profile-row-name').innerText()).toBe(
      `${longName.slice(0, 40)}…`,
    );

    await created.getByTestId('profile-preview-button').hover();
    const hovered = page.getByTestId('profile-preview-image');
    await hovered.waitFor();
    expect(await hovered.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    await screenshot(page, 'profile-list-preview-1280');
    await page.mouse.move(0, 0);
  });

  it('updates the profile: name, text and font', async () => {
    await row(page, 'Pia Tester signature').getByTestId('profile-update').click();
    const dialog = page.getByTestId('profile-dialog');
    await dialog.getByRole('heading', { name: en.dialog.updateTitle }).waitFor();
    const name = dialog.getByTestId('profile-name');
    await expect.poll(() => name.inputValue()).toContain('Pia Tester signature');
    await name.fill('Pia everyday');
    await dialog.getByTestId('profile-text').fill('P. Tester');
    await dialog.getByRole('combobox', { name: en.dialog.font }).click();
    await page.getByRole('option', { name: 'Caveat', exact: true }).click();
    await dialog.getByTestId('profile-submit').click();
    await page.getByTestId('toast-success').filter({ hasText: en.toast.updated }).waitFor();
    await row(page, 'Pia everyday').waitFor();
    expect(await row(page, 'Pia Tester signature').count()).toBe(0);

    // A second profile may not take the same name.
    await page.getByTestId('create-profile').click();
    const second = page.getByTestId('profile-dialog');
    await second.getByTestId('profile-name').fill('PIA EVERYDAY');
    await second.getByTestId('profile-text').fill('Again');
    await second.getByTestId('profile-submit').click();
    await second
      .getByText(en.validation.alreadyExists.replace('{{name}}', 'PIA EVERYDAY'))
      .waitFor();
    await second.getByTestId('profile-cancel').click();
    await second.waitFor({ state: 'hidden' });
  });

  it('searches the list', async () => {
    await page.getByTestId('profiles-search').fill('nothing like it');
    await page.getByText(en.empty).waitFor();
    await expect.poll(() => page.url()).toContain('q=nothing');
    await page.getByTestId('profiles-search').fill('everyday');
    await row(page, 'Pia everyday').waitFor();
  });

  it('deletes the profile after confirmation', async () => {
    await row(page, 'Pia everyday').getByTestId('profile-delete').click();
    await page.getByTestId('confirm-cancel').click();
    expect(await row(page, 'Pia everyday').count()).toBe(1);
    await row(page, 'Pia everyday').getByTestId('profile-delete').click();
    await page.getByTestId('confirm-agree').click();
    await page.getByTestId('toast-success').filter({ hasText: en.toast.deleted }).waitFor();
    await expect.poll(() => row(page, 'Pia everyday').count()).toBe(0);
  });

  it('takes a PNG dropped on the dashboard into a new profile', async () => {
    await page.goto('/dashboard');
    // No profile left: the onboarding banner asks for one (documents §2).
    await page.getByTestId('onboarding-noSignatureProfile').waitFor();
    await page.getByTestId('dashboard-drop-input').setInputFiles({
      name: 'stamp.png',
      mimeType: 'image/png',
      buffer: await pngImage(),
    });
    await page.waitForURL((url) => url.pathname === '/signatureProfiles/add');
    const dialog = page.getByTestId('profile-dialog');
    await dialog.getByTestId('profile-image-image').waitFor();
    await dialog.getByTestId('profile-name').fill('Stamp');
    await dialog.getByTestId('profile-submit').click();
    await page.getByTestId('toast-success').filter({ hasText: en.toast.created }).waitFor();
    await row(page, 'Stamp').waitFor();
    await page.goto('/dashboard');
    await page.getByTestId('onboarding-ready').waitFor();
  });

  it('warns a user without a signing credential, with a link to the credentials', async () => {
    const other = await newPage();
    await register(other, newCredentials('nokey'));
    await other.goto('/signatureProfiles/add');
    const warning = other.getByTestId('no-credential-dialog');
    await warning.getByText(en.noCredential.title).waitFor();
    await warning.getByTestId('no-credential-link').click();
    await other.waitForURL((url) => url.pathname === '/credentials');
  });

  it('speaks Hungarian and fits 600 px: list, dialog and drawer', async () => {
    await page.goto('/user/profile');
    await page.getByRole('combobox', { name: texts.profileEn.language.label }).click();
    await page.getByRole('option', { name: texts.profileEn.language.HU }).click();
    await page
      .getByTestId('toast-success')
      .getByText(texts.profileHu.toast.languageChanged)
      .waitFor();
    await page.setViewportSize(mobileViewport);
    await page.goto('/signatureProfiles');
    await page.getByRole('heading', { name: hu.title }).waitFor();
    await row(page, 'Stamp').waitFor();
    expect(await fitsWidth(page)).toBe(true);
    await screenshot(page, 'profiles-hu-600');
    await page.getByTestId('create-profile').click();
    const dialog = page.getByTestId('profile-dialog');
    await dialog.getByRole('heading', { name: hu.dialog.createTitle }).waitFor();
    await dialog.getByText(hu.dialog.dropImage).waitFor();
    expect(await fitsWidth(page)).toBe(true);
    const dialogBox = await dialog.boundingBox();
    expect((dialogBox?.x ?? -1) >= 0 && (dialogBox?.x ?? 0) + (dialogBox?.width ?? 0) <= 600).toBe(
      true,
    );
    await screenshot(page, 'profile-dialog-hu-600');
    await dialog.getByTestId('profile-image-draw').click();
    const drawer = page.getByTestId('signature-drawer');
    await drawer.getByRole('heading', { name: drawerHu.title }).waitFor();
    // The largest canvas still fits the dialog.
    const scale = drawer.getByTestId('signature-drawer-scale').getByRole('slider');
    await scale.focus();
    await page.keyboard.press('End');
    const canvasBox = await drawer.getByTestId('signature-drawer-canvas').boundingBox();
    const drawerBox = await drawer.boundingBox();
    expect(
      canvasBox && drawerBox && canvasBox.x + canvasBox.width <= drawerBox.x + drawerBox.width,
    ).toBe(true);
    await drawSignature(page);
    await expect.poll(() => drawer.getByTestId('signature-drawer-ok').isDisabled()).toBe(false);
    expect(await fitsWidth(page)).toBe(true);
    await screenshot(page, 'signature-drawer-hu-600');
    await drawer.getByTestId('signature-drawer-cancel').click();
    await dialog.getByTestId('profile-cancel').click();
  });
});

describe('the admin signature background', () => {
  it('sets an image and a colour, kept after a reload', async () => {
    const admin = await newPage();
    await signIn(admin, { email: server.adminEmail, password: server.adminPassword });
    await admin.goto('/signature-background');
    await admin.getByRole('heading', { name: en.background.title }).waitFor();
    const color = admin.getByTestId('background-color');
    expect(await color.inputValue()).toBe('#ffffff');
    await admin.getByTestId('background-image-drop-input').setInputFiles({
      name: 'logo.png',
      mimeType: 'image/png',
      buffer: await pngImage('#20a020'),
    });
    await admin.getByTestId('background-image-image').waitFor();
    await color.fill('#ffeeaa');
    const preview = admin.getByTestId('background-preview');
    await expect.poll(() => paintedPixels(preview)).toBe(600 * 200);
    await admin.getByTestId('background-save').click();
    await admin.getByTestId('toast-success').filter({ hasText: en.background.saved }).waitFor();
    await screenshot(admin, 'signature-background-1280');
    await admin.reload();
    await admin.getByTestId('background-image-image').waitFor();
    expect(await admin.getByTestId('background-color').inputValue()).toBe('#ffeeaa');
    await admin.setViewportSize(mobileViewport);
    expect(await fitsWidth(admin)).toBe(true);
    await screenshot(admin, 'signature-background-600');
  });
});
