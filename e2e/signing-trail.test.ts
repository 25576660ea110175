import { execFileSync } from 'node:child_process';
import { constants, createPrivateKey, privateEncrypt } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sign } from '@signet/pades';
import { texts } from './fixtures/app-texts';
import { confirmAddress, newCredentials, register } from './fixtures/auth';
import { launchBrowser, newContext, screenshot } from './fixtures/browser';
import { certificateSerial, newSigner, type Signer } from './fixtures/people';
import {
  checkSignedPdf,
  keepForLooking,
  multiPagePdf,
  signatureWidgets,
} from './fixtures/pdf-tools';
import { confirmSigning, drawSignature, openSigning, signFromList } from './fixtures/signing-ui';
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

/** A signer of this file's server, closed with the others. */
async function newPerson(prefix: string): Promise<Signer> {
  const person = await newSigner(browser, server, prefix);
  others.push(person.context);
  return person;
}

describe('an attached signing trail, signed in order', () => {
  it('a creator uploads with the default attached trail; two signers sign; the PDF carries the trail attached, its pages untouched', async () => {
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
      content: {
        id: string;
        signingTrailMode: string;
        origDocument: { fileName: string } | null;
      }[];
    }>('/rdss/v1/signatureChains/self');
    const chain = chains.content.find((c) => c.origDocument?.fileName === 'trail-walk.pdf');
    expect(chain?.signingTrailMode).toBe('ATTACHED');

    await signFromList(first, 'trail-walk.pdf');

    // The second signer sees the document's own three pages: the first signer's trail is the
    // file attached to the PDF, not pages after them (decision 056).
    const signing = second.page;
    await openSigning(second, 'trail-walk.pdf');
    await drawSignature(signing);
    await signing.getByTestId('signature-item').first().waitFor({ timeout: 120_000 });
    const pageNumber = signing.getByTestId('signing-preview-page-number');
    // The box starts on the first page (no saved position).
    await expect.poll(() => pageNumber.innerText()).toMatch(/^Page 1 of 3/);
    await signing.getByTestId('signing-preview-next').click();
    await signing.getByTestId('signing-preview-next').click();
    await expect.poll(() => pageNumber.innerText()).toMatch(/^Page 3 of 3/);
    await signing.getByTestId('signature-box').waitFor();
    expect(await signing.getByTestId('signing-preview-trail-note').count()).toBe(0);
    await screenshot(signing, 'signing-trail-page-600');
    await confirmSigning(second);

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
    // Three pages, as uploaded; the trail with both signers is the one file attached.
    const path = join(dir, 'trail-walk.pdf');
    writeFileSync(path, pdf);
    expect(execFileSync('pdfinfo', [path], { encoding: 'utf8' })).toMatch(/^Pages:\s+3$/m);
    expect(execFileSync('pdfdetach', ['-list', path], { encoding: 'utf8' })).toMatch(
      /^1: trail-walk-signingtrail\.pdf$/m,
    );
    const attached = join(dir, 'trail-walk-signingtrail.pdf');
    execFileSync('pdfdetach', ['-save', '1', '-o', attached, path]);
    const trail = execFileSync('pdftotext', [attached, '-'], { encoding: 'utf8' });
    for (const signer of [first, second]) {
      expect(trail).toContain(signer.email);
      expect(trail).toContain(await certificateSerial(signer));
    }
    // The trail downloaded beside it is that file, byte for byte (the one the last signature covered).
    const beside = await creator.api.bytes(
      `/rdss/v1/documents/${done.signedDocument?.id}/file?mode=DETACHED`,
    );
    expect(Buffer.compare(Buffer.from(beside), readFileSync(attached))).toBe(0);
    // The second signature stands on page 3, the document's last own page.
    const widgets = await signatureWidgets(pdf);
    expect(widgets.map((w) => w.page)).toEqual([expect.any(Number), 3]);
  });
});
