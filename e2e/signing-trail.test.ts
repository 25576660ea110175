import { execFileSync } from 'node:child_process';
import { constants, createPrivateKey, privateEncrypt } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sign } from '@signet/pades';
import { texts } from './fixtures/app-texts';
import { confirmAddress, newCredentials, register } from './fixtures/auth';
import { launchBrowser, newContext, screenshot } from './fixtures/browser';
import { startServer, type RunningServer } from './fixtures/server';

const en = texts.chainsEn;
const hu = texts.chainsHu;

// A server with the signing trail and user groups on (documents §4, §5).
let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let dir: string;
let signedPdf: Buffer;

/** A PDF signed by a throw-away self-signed RSA key (openssl), as another tool would have. */
async function alreadySigned(): Promise<Buffer> {
  execFileSync(
    'openssl',
    [
      ...['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=Earlier'],
      ...['-keyout', 'key.pem', '-out', 'cert.pem'],
    ],
    { cwd: dir, stdio: 'ignore' },
  );
  execFileSync('openssl', ['x509', '-in', 'cert.pem', '-outform', 'DER', '-out', 'cert.der'], {
    cwd: dir,
  });
  const key = createPrivateKey(readFileSync(join(dir, 'key.pem')));
  const digestInfo = Buffer.from('3031300d060960864801650304020105000420', 'hex');
  const pdf = await PDFDocument.create();
  pdf.addPage([595, 842]);
  return Buffer.from(
    await sign(await pdf.save(), {
      certificateChain: [new Uint8Array(readFileSync(join(dir, 'cert.der')))],
      algorithm: 'RSA_PKCS1',
      signHash: async (hash) =>
        privateEncrypt(
          { key, padding: constants.RSA_PKCS1_PADDING },
          Buffer.concat([digestInfo, hash]),
        ),
    }),
  );
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'signet-e2e-trail-'));
  signedPdf = await alreadySigned();
  server = await startServer({
    env: { SIGNING_TRAIL_ENABLED: 'true', USER_GROUPS_ENABLED: 'true' },
  });
  browser = await launchBrowser();
  context = await newContext(browser, server.baseUrl);
  page = await context.newPage();
  const trail = newCredentials('trail');
  await register(page, trail);
  await confirmAddress(page, server.fullOutput, trail.email);
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

async function openUploadWith(fileName: string) {
  await page.goto('/signatureChains/list');
  await page.getByTestId('upload-document').click();
  await page.getByTestId('upload-dialog').waitFor();
  await page.getByTestId('upload-drop-input').setInputFiles({
    name: fileName,
    mimeType: 'application/pdf',
    buffer: signedPdf,
  });
  await page.getByTestId('upload-file').waitFor();
}

describe('the upload dialog with the signing trail and user groups on', () => {
  it('refuses an attached trail over a PDF that is already signed, naming it; a detached one goes', async () => {
    await openUploadWith('signed-before.pdf');
    await page.getByTestId('upload-signing-trail').check();
    await page.getByTestId('add-me').click();
    await page.getByTestId('upload-submit').click();
    const refusal = page.getByTestId('upload-trail-error');
    await refusal.waitFor();
    expect(await refusal.innerText()).toBe(
      en.uploadDialog.cantSignAttachedSigningTrailWhenPDFAlreadySigned.replace(
        '{{fileName}}',
        'signed-before.pdf',
      ),
    );
    await screenshot(page, 'upload-trail-refused');
    // The dialog stays open; the detached trail leaves the signed bytes alone and is taken.
    await page.getByTestId('upload-trail-detached').check();
    await refusal.waitFor({ state: 'hidden' });
    await page.getByTestId('upload-submit').click();
    await page.getByTestId('toast-success').filter({ hasText: en.toast.created }).waitFor();
    await page.getByTestId('chain-row').filter({ hasText: 'signed-before.pdf' }).first().waitFor();
  });

  it('fixes the role of an invited e-mail while user groups are on; the creator still cycles', async () => {
    await openUploadWith('roles.pdf');
    await page.getByTestId('add-me').click();
    await page.getByTestId('recipient-search').fill('walk-in@example.org');
    await page.getByTestId('invite-recipient').click();
    const toggle = (text: string) =>
      page
        .getByTestId('participant-editor-row')
        .filter({ hasText: text })
        .getByTestId('participant-role');
    expect(await toggle('walk-in@example.org').isDisabled()).toBe(true);
    expect(await toggle('walk-in@example.org').innerText()).toBe(en.roles.SIGNER.toUpperCase());
    const mine = page.getByTestId('participant-editor-row').first().getByTestId('participant-role');
    expect(await mine.isEnabled()).toBe(true);
    await mine.click();
    expect(await mine.innerText()).toBe(en.roles.CLERK.toUpperCase());
    await page.keyboard.press('Escape');
  });

  it('says it in Hungarian', async () => {
    await page.goto('/user/profile');
    await page.getByRole('combobox', { name: texts.profileEn.language.label }).click();
    await page.getByRole('option', { name: texts.profileEn.language.HU }).click();
    await page
      .getByTestId('toast-success')
      .getByText(texts.profileHu.toast.languageChanged)
      .waitFor();
    await openUploadWith('alairt.pdf');
    await page.getByTestId('upload-signing-trail').check();
    await page.getByTestId('add-me').click();
    await page.getByTestId('upload-submit').click();
    const refusal = page.getByTestId('upload-trail-error');
    await refusal.waitFor();
    expect(await refusal.innerText()).toBe(
      hu.uploadDialog.cantSignAttachedSigningTrailWhenPDFAlreadySigned.replace(
        '{{fileName}}',
        'alairt.pdf',
      ),
    );
    await screenshot(page, 'upload-trail-refused-hu');
  });
});
