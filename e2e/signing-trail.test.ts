import { execFileSync } from 'node:child_process';
import { constants, createPrivateKey, privateEncrypt } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sign } from '@signet/pades';
import { apiAs, type Api } from './fixtures/api';
import { texts } from './fixtures/app-texts';
import { confirmAddress, newCredentials, register, type Credentials } from './fixtures/auth';
import { launchBrowser, mobileViewport, newContext, screenshot } from './fixtures/browser';
import { checkSignedPdf, keepForLooking, multiPagePdf } from './fixtures/pdf-tools';
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
const others: BrowserContext[] = [];

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
  for (const other of others) await other.close();
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

const keyPassword = '246810';

interface Person extends Credentials {
  page: Page;
  api: Api;
  credentialId: string;
  credentialName: string;
}

/** A registered person (confirmed address) with one activated EXPLICIT EC credential. */
async function newPerson(prefix: string): Promise<Person> {
  const other = await newContext(browser, server.baseUrl, mobileViewport);
  others.push(other);
  const personPage = await other.newPage();
  const credentials = newCredentials(prefix);
  await register(personPage, credentials);
  await confirmAddress(personPage, server.fullOutput, credentials.email);
  const api = apiAs(server.baseUrl, personPage);
  const credentialName = `${prefix} key`;
  const created = await api.post<{ id: string }>('/rssp/v1/credentials', {
    description: credentialName,
    keyAlg: 'ec',
    ecCurveName: 'prime256v1',
    authMode: 'EXPLICIT',
    certificateEnrollmentMode: 'CMP',
    distinguishedName: { commonName: `${prefix} Tester`, countryName: 'HU' },
  });
  await api.post(`/rssp/v1/credentials/${created.id}/activate`, {
    keyPassword,
    keyPuk: '123412341234',
  });
  return { ...credentials, page: personPage, api, credentialId: created.id, credentialName };
}

/** Draws a signature in the shared drawer and confirms it. */
async function drawSignature(on: Page) {
  await on.getByTestId('draw-signature').click();
  const canvas = on.getByTestId('signature-drawer-canvas');
  await canvas.waitFor();
  const area = await canvas.boundingBox();
  if (!area) throw new Error('The drawer has no canvas');
  await on.mouse.move(area.x + area.width * 0.15, area.y + area.height * 0.6);
  await on.mouse.down();
  for (const [x, y] of [
    [0.3, 0.3],
    [0.5, 0.7],
    [0.8, 0.4],
  ] as const) {
    await on.mouse.move(area.x + area.width * x, area.y + area.height * y, { steps: 6 });
  }
  await on.mouse.up();
  await on.getByTestId('signature-drawer-ok').click();
  await on.getByTestId('signature-drawer').waitFor({ state: 'hidden' });
}

/** The signer opens the chain from their TODO list and signs it with a drawn signature. */
async function signFromList(signer: Person, fileName: string) {
  const on = signer.page;
  await on.goto('/signatureChains/list/TODO');
  await on.getByTestId('chain-row').filter({ hasText: fileName }).getByTestId('chain-sign').click();
  await on.waitForURL((url) => url.pathname.includes('/customization/signature/'));
  const select = on.getByTestId('credential-select').locator('..').getByRole('combobox');
  if (!(await select.innerText()).includes(signer.credentialName)) {
    await select.click();
    await on.getByRole('option', { name: new RegExp(signer.credentialName) }).click();
    await on.getByRole('listbox').waitFor({ state: 'hidden' });
  }
  await drawSignature(on);
  await on.getByTestId('sign-confirm').click();
  await on.getByTestId('key-password').fill(keyPassword);
  await on.getByTestId('key-password-sign').click();
  await on.waitForURL((url) => url.pathname === '/signatureChains/list');
}

describe('an attached signing trail, signed in order', () => {
  it('a creator uploads with the default attached trail; two signers sign; the PDF ends with the trail', async () => {
    const [creator, first, second] = await Promise.all([
      newPerson('trailcreator'),
      newPerson('trailfirst'),
      newPerson('trailsecond'),
    ]);
    const on = creator.page;
    await on.goto('/signatureChains/upload');
    await on.getByTestId('upload-drop-input').setInputFiles({
      name: 'trail-walk.pdf',
      mimeType: 'application/pdf',
      buffer: await multiPagePdf('Trail walk'),
    });
    await on.getByTestId('upload-file').waitFor();
    // The switch starts on, with the trail attached (documents §9).
    expect(await on.getByTestId('upload-signing-trail').isChecked()).toBe(true);
    expect(await on.getByTestId('upload-trail-attached').isChecked()).toBe(true);
    for (const person of [first, second]) {
      await on.getByTestId('recipient-search').fill(person.email);
      await on.getByTestId('recipient-option').filter({ hasText: person.email }).click();
    }
    await on.getByTestId('upload-ordered').check();
    await on.getByTestId('upload-submit').click();
    await on.getByTestId('chain-row').filter({ hasText: 'trail-walk.pdf' }).first().waitFor();
    const chains = await creator.api.get<{
      items: { id: string; signingTrailMode: string; origDocument: { fileName: string } | null }[];
    }>('/rdss/v1/signatureChains?filter=ALL');
    const chain = chains.items.find((c) => c.origDocument?.fileName === 'trail-walk.pdf');
    expect(chain?.signingTrailMode).toBe('ATTACHED');

    await signFromList(first, 'trail-walk.pdf');
    await signFromList(second, 'trail-walk.pdf');

    const done = await creator.api.get<{ status: string; signedDocument: { id: string } | null }>(
      `/rdss/v1/signatureChains/${chain?.id}`,
    );
    expect(done.status).toBe('DONE');
    const pdf = await creator.api.bytes(`/rdss/v1/documents/${done.signedDocument?.id}/file`);
    await keepForLooking('trail-walk-signed.pdf', pdf);
    const caPem = await (await fetch(`${server.baseUrl}/rssp/v1/ca/certificate`)).text();
    const checked = await checkSignedPdf(pdf, caPem);
    expect(checked.signatures, checked.pdfsigOutput).toHaveLength(2);
    for (const signature of checked.signatures) {
      expect(signature.valid, checked.pdfsigOutput).toBe(true);
      expect(signature.trusted, checked.pdfsigOutput).toBe(true);
    }
    expect(checked.qpdf.code, checked.qpdf.output).toBe(0);
    // The pages after the document's three hold the trail with both signers.
    const path = join(dir, 'trail-walk.pdf');
    writeFileSync(path, pdf);
    const trail = execFileSync('pdftotext', ['-f', '4', path, '-'], { encoding: 'utf8' });
    for (const signer of [first, second]) {
      expect(trail).toContain(signer.email);
      const credential = await signer.api.get<{ certChain: { serialNum: string }[] }>(
        `/rssp/v1/credentials/${signer.credentialId}`,
      );
      expect(trail).toContain(credential.certChain[0]?.serialNum);
    }
  });
});
