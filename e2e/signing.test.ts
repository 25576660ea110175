import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import commonEn from '../apps/web/src/shared/i18n/en.json';
import commonHu from '../apps/web/src/shared/i18n/hu.json';
import chainsEn from '../apps/web/src/features/chains/i18n/en.json';
import signingEn from '../apps/web/src/features/signing/i18n/en.json';
import signingHu from '../apps/web/src/features/signing/i18n/hu.json';
import { apiAs, type Api } from './fixtures/api';
import { confirmAddress, newCredentials, register, type Credentials } from './fixtures/auth';
import { launchBrowser, mobileViewport, newContext, screenshot } from './fixtures/browser';
import {
  checkSignedPdf,
  encryptPdf,
  keepForLooking,
  multiPagePdf,
  signatureWidgets,
} from './fixtures/pdf-tools';
import { startServer, type RunningServer } from './fixtures/server';

/**
 * Issue 14's acceptance in Chromium: three people with RSA, EC and RSA-4096 credentials sign one
 * ordered chain in turn, each visibly on another page (drawn; from a profile; from a profile with
 * a saved position), and the PDF holds three valid, trusted signatures as incremental revisions;
 * a clerk signs for a walk-in client; batch signing signs three chains with one key password; a
 * wrong key password is named in English and Hungarian.
 */

const keyPassword = '246810';
let server: RunningServer;
let browser: Browser;
let caPem = '';
const contexts: BrowserContext[] = [];

interface Person extends Credentials {
  page: Page;
  api: Api;
  credentialId: string;
  credentialName: string;
}

interface ChainView {
  id: string;
  status: string;
  currentSignatureId: string | null;
  origDocument: { id: string } | null;
  signedDocument: { id: string } | null;
  signatures: { id: string; status: string; signedDocument: { id: string } | null }[];
}

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  caPem = await (await fetch(`${server.baseUrl}/rssp/v1/ca/certificate`)).text();
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await server?.stop();
});

type KeySpec = { keyAlg: 'rsa'; rsaKeySize: 2048 | 4096 } | { keyAlg: 'ec'; ecCurveName: string };

/** A registered person with one activated EXPLICIT signing credential of `key`. */
async function newSigner(prefix: string, key: KeySpec, viewport = mobileViewport) {
  const context = await newContext(browser, server.baseUrl, viewport);
  contexts.push(context);
  const page = await context.newPage();
  const credentials = newCredentials(prefix);
  await register(page, credentials);
  await confirmAddress(page, server.fullOutput, credentials.email);
  const api = apiAs(server.baseUrl, page);
  const credentialName = `${prefix} ${key.keyAlg} key`;
  const created = await api.post<{ id: string }>('/rssp/v1/credentials', {
    description: credentialName,
    ...key,
    authMode: 'EXPLICIT',
    certificateEnrollmentMode: 'CMP',
    distinguishedName: { commonName: `${prefix} Tester`, countryName: 'HU' },
  });
  await api.post(`/rssp/v1/credentials/${created.id}/activate`, {
    keyPassword,
    keyPuk: '123412341234',
  });
  return { ...credentials, page, api, credentialId: created.id, credentialName };
}

/** Uploads a PDF and makes a chain of it through the API (what the chains tests cover in the UI). */
async function chainOver(
  creator: Person,
  fileName: string,
  signers: { email: string; clerkMode?: boolean; subsignerName?: string }[],
  type: 'ORDERED' | 'UNORDERED' = 'UNORDERED',
  bytes?: Buffer,
): Promise<ChainView> {
  const document = await creator.api.post<{ id: string }>(
    `/rdss/v1/documents?fileName=${encodeURIComponent(fileName)}`,
    new Uint8Array(bytes ?? (await multiPagePdf(fileName))),
  );
  return creator.api.post<ChainView>('/rdss/v1/signatureChains', {
    type,
    signers,
    origDocId: document.id,
  });
}

const chainOf = (person: Person, id: string) =>
  person.api.get<ChainView>(`/rdss/v1/signatureChains/${id}`);

const row = (page: Page, fileName: string) =>
  page.getByTestId('chain-row').filter({ hasText: fileName });

/** Draws a signature in the shared drawer and confirms it. */
async function drawSignature(page: Page) {
  await page.getByTestId('draw-signature').click();
  const canvas = page.getByTestId('signature-drawer-canvas');
  await canvas.waitFor();
  const area = await canvas.boundingBox();
  if (!area) throw new Error('The drawer has no canvas');
  await page.mouse.move(area.x + area.width * 0.15, area.y + area.height * 0.6);
  await page.mouse.down();
  for (const [x, y] of [
    [0.3, 0.3],
    [0.45, 0.7],
    [0.6, 0.3],
    [0.75, 0.65],
    [0.85, 0.4],
  ] as const) {
    await page.mouse.move(area.x + area.width * x, area.y + area.height * y, { steps: 6 });
  }
  await page.mouse.up();
  await page.getByTestId('signature-drawer-ok').click();
  await page.getByTestId('signature-drawer').waitFor({ state: 'hidden' });
}

/** Picks an option of a select by its test id and the option's text. */
async function choose(page: Page, selectTestId: string, option: string) {
  await page.getByTestId(selectTestId).locator('..').getByRole('combobox').click();
  await page.getByRole('option', { name: option }).click();
  await page.getByRole('listbox').waitFor({ state: 'hidden' });
}

/** Waits for the signer's only profile to be chosen for them, then signs without it. */
async function withoutProfile(page: Page, noProfile = signingEn.options.noProfile) {
  await expect.poll(() => page.getByTestId('profile-select').inputValue()).not.toBe('');
  await choose(page, 'profile-select', noProfile);
}

/** The signature box as the screen reports it, in PDF points. */
async function boxOf(page: Page): Promise<{
  page: number;
  originX: number;
  originY: number;
  width: number;
  height: number;
}> {
  return JSON.parse((await page.getByTestId('signature-box').getAttribute('data-box')) ?? '{}');
}

/** Drags a locator by `dx`, `dy` CSS pixels with the mouse. */
async function drag(page: Page, target: Locator, dx: number, dy: number) {
  await target.scrollIntoViewIfNeeded();
  const area = await target.boundingBox();
  if (!area) throw new Error('Nothing to drag');
  const x = area.x + area.width / 2;
  const y = area.y + area.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + dx, y + dy, { steps: 8 });
  await page.mouse.up();
}

async function turnToPage(page: Page, number: number) {
  for (let turns = 0; turns < 10 && (await boxOf(page)).page < number; turns += 1) {
    const was = (await boxOf(page)).page;
    await page.getByTestId('signing-preview-next').click();
    await expect.poll(async () => (await boxOf(page)).page, { timeout: 10_000 }).toBe(was + 1);
  }
  expect((await boxOf(page)).page).toBe(number);
  await previewShown(page);
}

/** Waits until the preview has drawn its page (the box lies over a drawn page). */
async function previewShown(page: Page, scope: Page | Locator = page) {
  await scope.locator('[data-testid$="preview-page"][data-state="shown"]').first().waitFor();
}

/** Presses Sign and types the key password; waits for the list and the toast. */
async function signWithPassword(page: Page, password = keyPassword) {
  await page.getByTestId('sign-confirm').click();
  await page.getByTestId('key-password').fill(password);
  await page.getByTestId('key-password-sign').click();
}

async function fitsWidth(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
}

/** A PNG of a scribble drawn by the browser, as a data URL, for a profile's image. */
async function profileImage(page: Page): Promise<string> {
  return page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 300;
    canvas.height = 100;
    const context = canvas.getContext('2d');
    if (context) {
      context.lineWidth = 4;
      context.beginPath();
      context.moveTo(20, 70);
      context.bezierCurveTo(80, 0, 120, 100, 180, 30);
      context.lineTo(280, 60);
      context.stroke();
    }
    return canvas.toDataURL('image/png');
  });
}

describe('signing a chain in the browser', () => {
  let ann: Person;
  let ben: Person;
  let cid: Person;

  beforeAll(async () => {
    [ann, ben, cid] = await Promise.all([
      newSigner('ann', { keyAlg: 'rsa', rsaKeySize: 2048 }, { width: 1280, height: 900 }),
      newSigner('ben', { keyAlg: 'ec', ecCurveName: 'prime256v1' }),
      newSigner('cid', { keyAlg: 'rsa', rsaKeySize: 4096 }, { width: 1280, height: 900 }),
    ]);
  });

  it('three signers sign one ordered chain in turn, visibly on three pages; the PDF validates', async () => {
    // Ben signs from a profile (no saved position), Cid from a profile with a saved position.
    const bensProfile = await ben.api.post<{ id: string }>(
      '/rdss/v1/users/self/signatureProfiles',
      {
        name: 'Ben at work',
        credentialId: ben.credentialId,
        sourceImageDataUrl: await profileImage(ben.page),
        textParams: { text: 'Ben Tester' },
      },
    );
    expect(bensProfile.id).toBeTruthy();
    const cidsSaved = { page: 3, originX: 300, originY: 120, width: 180, height: 60 };
    await cid.api.post('/rdss/v1/users/self/signatureProfiles', {
      name: 'Cid saved',
      credentialId: cid.credentialId,
      sourceImageDataUrl: await profileImage(cid.page),
      textParams: { text: 'Cid Tester' },
      savedSignatureFieldParameters: cidsSaved,
    });

    // A second credential of Ann's, never activated: the blue note names it on her screen.
    await ann.api.post('/rssp/v1/credentials', {
      description: 'ann spare key',
      keyAlg: 'ec',
      ecCurveName: 'prime256v1',
      authMode: 'EXPLICIT',
      certificateEnrollmentMode: 'CMP',
      distinguishedName: { commonName: 'ann Tester' },
    });

    // Ann creates the chain in the upload dialog and, first in order, signs right away.
    const { page } = ann;
    await page.goto('/signatureChains/upload');
    await page.getByTestId('upload-drop-input').setInputFiles({
      name: 'three-party.pdf',
      mimeType: 'application/pdf',
      buffer: await multiPagePdf('Three-party agreement'),
    });
    await page.getByTestId('upload-file').waitFor();
    await page.getByTestId('add-me').click();
    for (const person of [ben, cid]) {
      await page.getByTestId('recipient-search').fill(person.email);
      await page.getByTestId('recipient-option').filter({ hasText: person.email }).click();
    }
    await page.getByTestId('upload-ordered').check();
    await page.getByTestId('upload-and-sign').click();
    await page.waitForURL((url) => url.pathname.includes('/customization/signature/'));
    const chainId = page.url().split('/').at(-2) ?? '';

    await page.getByTestId('credential-note').waitFor();
    await screenshot(page, 'sign-arrival-1280');
    // Her only activated credential is chosen for her (issue 26 §6).
    await expect
      .poll(() => page.getByTestId('credential-select').inputValue())
      .toBe(ann.credentialId);
    // Drawn, on page 1: it starts at the lower right, inside the page; moved up and left, scaled.
    expect(await page.getByTestId('sign-confirm').isDisabled()).toBe(true);
    await drawSignature(page);
    await previewShown(page);
    await expect.poll(async () => (await boxOf(page)).originX).toBeGreaterThan(300);
    const before = await boxOf(page);
    expect(before).toMatchObject({ page: 1, width: 150, height: 50 });
    expect(before.originY).toBeGreaterThan(0);
    expect(before.originY).toBeLessThan(100);
    await drag(page, page.getByTestId('signature-box'), -120, -200);
    await drag(page, page.getByTestId('signature-box-resize'), 40, 0);
    const placed = await boxOf(page);
    expect(placed.page).toBe(1);
    expect(placed.originX).toBeLessThan(before.originX);
    expect(placed.originY).toBeGreaterThan(before.originY);
    expect(placed.width).toBeGreaterThan(before.width);
    await screenshot(page, 'sign-drawn-1280');
    await signWithPassword(page);
    await page.getByTestId('toast-success').filter({ hasText: 'three-party.pdf' }).waitFor();
    await page.waitForURL((url) => url.pathname === '/signatureChains/list');

    // Ben, at 600 px, from his profile, on page 2.
    await ben.page.goto('/signatureChains/list/TODO');
    await row(ben.page, 'three-party.pdf').getByTestId('chain-sign').click();
    await ben.page.waitForURL((url) => url.pathname.includes('/customization/signature/'));
    await previewShown(ben.page);
    await screenshot(ben.page, 'sign-arrival-600');
    // His only profile is chosen for him, and his box starts at the lower right.
    await expect
      .poll(() => ben.page.getByTestId('profile-select').inputValue())
      .toBe(bensProfile.id);
    await choose(ben.page, 'profile-select', 'Ben at work');
    await previewShown(ben.page);
    await turnToPage(ben.page, 2);
    await drag(ben.page, ben.page.getByTestId('signature-box'), 60, -150);
    const bensBox = await boxOf(ben.page);
    expect(bensBox.page).toBe(2);
    // The box moved off the profile's (absent) saved position: it may be saved.
    expect(await ben.page.getByTestId('save-position').isDisabled()).toBe(false);
    await ben.page.getByTestId('save-position').click();
    await ben.page.getByTestId('toast-success').getByText(signingEn.toast.positionSaved).waitFor();
    await expect
      .poll(() => ben.page.getByTestId('save-position').isDisabled(), { timeout: 10_000 })
      .toBe(true);
    const saved = await ben.api.get<{ savedSignatureFieldParameters: unknown }>(
      `/rdss/v1/users/self/signatureProfiles/${bensProfile.id}`,
    );
    expect(saved.savedSignatureFieldParameters).toEqual(bensBox);
    expect(await fitsWidth(ben.page)).toBe(true);
    await screenshot(ben.page, 'sign-profile-600');
    await signWithPassword(ben.page);
    await ben.page.getByTestId('toast-success').waitFor();
    await ben.page.waitForURL((url) => url.pathname === '/signatureChains/list');

    // Cid, from his profile with its saved position on page 3, as it is.
    await cid.page.goto('/signatureChains/list/TODO');
    await row(cid.page, 'three-party.pdf').getByTestId('chain-sign').click();
    await choose(cid.page, 'profile-select', 'Cid saved');
    await expect.poll(() => boxOf(cid.page), { timeout: 10_000 }).toEqual(cidsSaved);
    expect(await cid.page.getByTestId('save-position').isDisabled()).toBe(true);
    await previewShown(cid.page);
    await screenshot(cid.page, 'sign-saved-position-1280');
    await signWithPassword(cid.page);
    await cid.page.getByTestId('toast-success').filter({ hasText: 'three-party.pdf' }).waitFor();

    // The chain is done; its revisions grow by increments and the last validates.
    const chain = await chainOf(ann, chainId);
    expect(chain.status).toBe('DONE');
    const revisions = await Promise.all(
      chain.signatures.map((entry) =>
        ann.api.bytes(`/rdss/v1/documents/${entry.signedDocument?.id}/file`),
      ),
    );
    const last = await ann.api.bytes(`/rdss/v1/documents/${chain.signedDocument?.id}/file`);
    expect(revisions[2]?.equals(last)).toBe(true);
    for (const earlier of revisions.slice(0, 2)) {
      expect(earlier && last.subarray(0, earlier.length).equals(earlier)).toBe(true);
      expect(earlier?.length).toBeLessThan(last.length);
    }
    await keepForLooking('three-party-signed.pdf', last);
    const checked = await checkSignedPdf(last, caPem);
    expect(checked.signatures, checked.pdfsigOutput).toHaveLength(3);
    for (const signature of checked.signatures) {
      expect(signature.valid, checked.pdfsigOutput).toBe(true);
      expect(signature.trusted, checked.pdfsigOutput).toBe(true);
    }
    expect(checked.qpdf.code, checked.qpdf.output).toBe(0);
    expect(checked.qpdf.output).toContain('No syntax or stream encoding errors found');

    // Each visible signature stands where its signer put it, on its own page.
    const rectOf = (box: { originX: number; originY: number; width: number; height: number }) => [
      box.originX,
      box.originY,
      box.originX + box.width,
      box.originY + box.height,
    ];
    const widgets = await signatureWidgets(last);
    expect(widgets.map((w) => w.page).sort()).toEqual([1, 2, 3]);
    for (const [page, box] of [
      [1, placed],
      [2, bensBox],
      [3, cidsSaved],
    ] as const) {
      const rect = widgets.find((w) => w.page === page)?.rect ?? [];
      rectOf(box).forEach((value, index) => expect(rect[index]).toBeCloseTo(value, 0));
    }
  });

  it('a clerk signs for a walk-in client, who draws their signature, and declines another after confirming', async () => {
    const chain = await chainOver(ann, 'walk-in.pdf', [
      { email: ben.email, clerkMode: true, subsignerName: 'Walk-in Client' },
    ]);
    const { page } = ben;
    await page.goto('/signatureChains/list/TODO');
    await row(page, 'walk-in.pdf').getByTestId('chain-sign').click();
    await page.waitForURL((url) => url.pathname.includes('/clerk/'));
    expect(await page.getByTestId('clerk-subsigner').inputValue()).toBe('Walk-in Client');
    await page.getByTestId('clerk-subsigner').fill('');
    await page.getByTestId('draw-signature').waitFor();
    expect(await page.getByTestId('sign-confirm').isDisabled()).toBe(true);
    await page.getByTestId('clerk-subsigner').fill('Dora Walk-in');
    expect(await page.getByTestId('sign-confirm').isDisabled()).toBe(true);
    await drawSignature(page);
    await page.getByTestId('clerk-reset').click();
    expect(await page.getByTestId('sign-confirm').isDisabled()).toBe(true);
    await drawSignature(page);
    await previewShown(page);
    expect(await fitsWidth(page)).toBe(true);
    await screenshot(page, 'clerk-600');
    await signWithPassword(page);
    await page.getByTestId('toast-success').filter({ hasText: 'walk-in.pdf' }).waitFor();
    await page.waitForURL((url) => url.pathname === '/signatureChains/list');

    const done = await chainOf(ann, chain.id);
    expect(done.status).toBe('DONE');
    const signed = await ann.api.bytes(`/rdss/v1/documents/${done.signedDocument?.id}/file`);
    const checked = await checkSignedPdf(signed, caPem);
    expect(checked.signatures, checked.pdfsigOutput).toHaveLength(1);
    expect(checked.signatures[0]?.valid, checked.pdfsigOutput).toBe(true);
    expect(checked.signatures[0]?.trusted, checked.pdfsigOutput).toBe(true);
    // The client's signature in the default box: 150 × 50 points at the lower right of page 1
    // (A4), half an inch inside its edges, never the corner 0,0 (issue 26 §6).
    expect(await signatureWidgets(signed)).toEqual([{ page: 1, rect: [409, 36, 559, 86] }]);

    // Declining as a clerk asks first, then takes the reason.
    const declined = await chainOver(ann, 'walk-out.pdf', [
      { email: ben.email, clerkMode: true, subsignerName: 'Walk-out Client' },
    ]);
    await page.goto('/signatureChains/list/TODO');
    await row(page, 'walk-out.pdf').getByTestId('chain-sign').click();
    await page.getByTestId('sign-decline').click();
    await page.getByTestId('confirm-agree').click();
    await page.getByTestId('decline-reason').fill('The client left');
    await page.getByTestId('decline-confirm').click();
    await page.getByTestId('toast-success').filter({ hasText: 'walk-out.pdf' }).waitFor();
    await page.waitForURL((url) => url.pathname === '/signatureChains/list');
    expect((await chainOf(ann, declined.id)).status).toBe('FAILED');
  });

  it('batch signing signs three chains with one key password', async () => {
    const names = ['batch-a.pdf', 'batch-b.pdf', 'batch-c.pdf'];
    const chains = [];
    for (const name of names) chains.push(await chainOver(ann, name, [{ email: cid.email }]));
    const { page } = cid;
    await page.goto('/signatureChains/list/TODO');
    await page.getByTestId('multi-select').click();
    for (const name of names) {
      await page.getByRole('checkbox', { name: new RegExp(name.replace('.', '\\.')) }).check();
    }
    await page.getByTestId('multi-sign').click();
    await page.waitForURL((url) => url.pathname.startsWith('/document/multi/customization'));
    await expect.poll(() => page.getByTestId('multi-chain').count(), { timeout: 15_000 }).toBe(3);
    await withoutProfile(page);
    await choose(page, 'credential-select', `${cid.credentialName} (RSA 4096)`);
    await drawSignature(page);
    // The second chain gets a position of its own; the others keep the default.
    const second = page.getByTestId('multi-chain').nth(1);
    await second.getByTestId('multi-own-position').click();
    expect(await second.getByTestId('multi-badge').getAttribute('data-badge')).toBe('unique');
    expect(
      await page
        .getByTestId('multi-chain')
        .nth(0)
        .getByTestId('multi-badge')
        .getAttribute('data-badge'),
    ).toBe('default');
    await previewShown(page, second);
    await drag(page, second.getByTestId('signature-box'), 40, -60);
    await screenshot(page, 'multi-sign-1280');
    await page.setViewportSize(mobileViewport);
    expect(await fitsWidth(page)).toBe(true);
    await screenshot(page, 'multi-sign-600');
    await page.setViewportSize({ width: 1280, height: 900 });

    await page.getByTestId('sign-confirm').click();
    await page.getByTestId('key-password').fill(keyPassword);
    await page.getByTestId('key-password-sign').click();
    await page
      .getByTestId('toast-success')
      .filter({ hasText: signingEn.toast.signedMany_other.split('{{')[0] ?? 'Signed' })
      .waitFor();
    await page.waitForURL((url) => url.pathname === '/signatureChains/list');
    for (const chain of chains) {
      const done = await chainOf(ann, chain.id);
      expect(done.status).toBe('DONE');
      const signed = await ann.api.bytes(`/rdss/v1/documents/${done.signedDocument?.id}/file`);
      const checked = await checkSignedPdf(signed, caPem);
      expect(checked.signatures.map((s) => s.valid && s.trusted)).toEqual([true]);
    }
  });

  it('an encrypted PDF asks for its password: cancel returns to the list, the password signs', async () => {
    const locked = await encryptPdf(await multiPagePdf('Locked offer'), 'open-sesame');
    const chain = await chainOver(ann, 'locked.pdf', [{ email: ben.email }], 'UNORDERED', locked);
    const { page } = ben;
    await page.goto('/signatureChains/list/TODO');
    await row(page, 'locked.pdf').getByTestId('chain-sign').click();
    await page.getByTestId('pdf-password-dialog').waitFor();
    await page.getByTestId('pdf-password-cancel').click();
    await page.getByTestId('toast-error').getByText(signingEn.pdfPassword.cancelled).waitFor();
    await page.waitForURL((url) => url.pathname === '/signatureChains/list');

    await row(page, 'locked.pdf').getByTestId('chain-sign').click();
    await page.getByTestId('pdf-password').fill('wrong guess');
    await page.getByTestId('pdf-password').press('Enter');
    await page.getByTestId('pdf-password-incorrect').waitFor();
    await page.getByTestId('pdf-password').fill('open-sesame');
    await page.getByTestId('pdf-password').press('Enter');
    await previewShown(page);
    await withoutProfile(page);
    await choose(page, 'credential-select', `${ben.credentialName} (EC prime256v1)`);
    await drawSignature(page);
    await signWithPassword(page);
    await page.getByTestId('toast-success').filter({ hasText: 'locked.pdf' }).waitFor();
    expect((await chainOf(ann, chain.id)).status).toBe('DONE');
  });

  it('a signer without an activated credential is warned and sent to Credentials', async () => {
    const context = await newContext(browser, server.baseUrl, mobileViewport);
    contexts.push(context);
    const page = await context.newPage();
    const dee = newCredentials('dee');
    await register(page, dee);
    await confirmAddress(page, server.fullOutput, dee.email);
    await chainOver(ann, 'no-key.pdf', [{ email: dee.email }]);
    await page.goto('/signatureChains/list/TODO');
    await row(page, 'no-key.pdf').getByTestId('chain-sign').click();
    const warning = page.getByTestId('warning-noActivatedCredential');
    await warning.getByText(signingEn.warnings.noActivatedCredential.text).waitFor();
    expect(await page.getByTestId('sign-confirm').isDisabled()).toBe(true);
    await screenshot(page, 'sign-warning-600');
    await warning
      .getByRole('button', { name: signingEn.warnings.noActivatedCredential.action })
      .click();
    await page.waitForURL((url) => url.pathname === '/credentials');
  });

  it('a wrong key password is named in English and in Hungarian, nothing is signed, and the signer declines', async () => {
    const chain = await chainOver(ann, 'wrong-password.pdf', [{ email: ben.email }]);
    const { page } = ben;
    await page.goto('/signatureChains/list/TODO');
    await row(page, 'wrong-password.pdf').getByTestId('chain-sign').click();
    await withoutProfile(page);
    await choose(page, 'credential-select', `${ben.credentialName} (EC prime256v1)`);
    await page.getByTestId('visible-switch').uncheck();
    await signWithPassword(page, '999999');
    await page
      .getByTestId('toast-error')
      .getByText(commonEn.errors.INCORRECT_KEYPASSWORD_OR_PUK)
      .waitFor();
    // The dialog stays for another try.
    await page.getByTestId('key-password').waitFor();
    await page.keyboard.press('Escape');

    await ben.api.put('/api/v1/users/self', { locale: 'HU' });
    await page.reload();
    await page.getByRole('heading', { name: new RegExp(signingHu.title) }).waitFor();
    await withoutProfile(page, signingHu.options.noProfile);
    await choose(page, 'credential-select', `${ben.credentialName} (EC prime256v1)`);
    await page.getByTestId('visible-switch').uncheck();
    await signWithPassword(page, '999999');
    await page
      .getByTestId('toast-error')
      .getByText(commonHu.errors.INCORRECT_KEYPASSWORD_OR_PUK)
      .waitFor();
    expect(await fitsWidth(page)).toBe(true);
    await screenshot(page, 'sign-wrong-password-hu-600');
    expect((await chainOf(ann, chain.id)).status).toBe('CREATED');

    // Declining from the signing screen, with a reason, returns to the list.
    await page.keyboard.press('Escape');
    await page.getByTestId('sign-decline').click();
    await page.getByTestId('decline-reason').fill('Rossz kulcs');
    await page.getByTestId('decline-confirm').click();
    await page
      .getByTestId('toast-success')
      .getByText(signingHu.toast.declined.replace('{{fileName}}', 'wrong-password.pdf'))
      .waitFor();
    await page.waitForURL((url) => url.pathname === '/signatureChains/list');
    expect((await chainOf(ann, chain.id)).status).toBe('FAILED');
    await ben.api.put('/api/v1/users/self', { locale: 'EN' });
  });

  it('the creator withdraws a chain after one signature, with a reason; everyone sees it as Withdrawn', async () => {
    const chain = await chainOver(
      ann,
      'withdrawn-after-one.pdf',
      [{ email: ben.email }, { email: cid.email }],
      'ORDERED',
    );
    // Ben signs (through the API: the signing screens are covered above).
    await ben.api.post('/rdss/v1/signatures/sign', {
      credentialOptions: { credentialId: ben.credentialId, PIN: keyPassword },
      signatures: [{ signatureId: chain.id, currentSignatureId: chain.signatures[0]!.id }],
    });
    expect((await chainOf(ann, chain.id)).status).toBe('CREATED');

    const { page } = ann;
    await page.goto('/signatureChains/list/PENDING');
    await row(page, 'withdrawn-after-one.pdf').getByTestId('chain-withdraw').click();
    await page.getByTestId('withdraw-reason').fill('The terms changed');
    await page.getByTestId('withdraw-confirm').click();
    await page.getByTestId('toast-success').filter({ hasText: chainsEn.toast.withdrawn }).waitFor();
    await page.getByTestId('filter-FAILED').click();
    const chip = row(page, 'withdrawn-after-one.pdf').getByTestId('chain-chip');
    await expect.poll(() => chip.getAttribute('data-chip')).toBe('withdrawn');
    expect(await chip.innerText()).toBe(chainsEn.chip.withdrawn);
    // What Ben signed stays: the chain keeps its signed revision.
    const after = await chainOf(ann, chain.id);
    expect(after.signedDocument?.id).toBe(after.signatures[0]?.signedDocument?.id);
    expect(after.signatures.map((s) => s.status)).toEqual(['DONE', 'WITHDRAWN']);

    // Cid, whose turn never came, finds it under Failed as Withdrawn, with the reason.
    await cid.page.goto('/signatureChains/list/FAILED');
    const cidsRow = row(cid.page, 'withdrawn-after-one.pdf');
    await expect
      .poll(() => cidsRow.getByTestId('chain-chip').getAttribute('data-chip'))
      .toBe('withdrawn');
    await cidsRow.getByTestId('chain-more').click();
    await cid.page.getByTestId('chain-menu-participants').click();
    expect(await cid.page.getByTestId('participants-withdraw-reason').innerText()).toContain(
      'The terms changed',
    );
    await cid.page.keyboard.press('Escape');
  });
});
