import { readFile } from 'node:fs/promises';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from './fixtures/browser';
import { pdfText } from './fixtures/downloads';
import { keyPassword, newSigner, type Signer } from './fixtures/people';
import { multiPagePdf } from './fixtures/pdf-tools';
import { startServer, type RunningServer } from './fixtures/server';

let server: RunningServer;
let browser: Browser;
const contexts: BrowserContext[] = [];

interface ChainView {
  id: string;
  signatures: { id: string }[];
}

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await server?.stop();
});

describe('the validation page (issue 27 §3)', () => {
  it('validates a signed PDF at 600 px: the signer with a valid badge, the PDF and JSON reports; a chain menu opens it too', async () => {
    const person: Signer = await newSigner(browser, server, 'validator');
    contexts.push(person.context);
    const fileName = 'Validated lease';
    const uploaded = await person.api.post<{ id: string }>(
      `/rdss/v1/documents?fileName=${encodeURIComponent(fileName)}`,
      new Uint8Array(await multiPagePdf(fileName)),
    );
    const chain = await person.api.post<ChainView>('/rdss/v1/signatureChains', {
      type: 'ORDERED',
      signers: [{ email: person.email }],
      origDocId: uploaded.id,
    });
    await person.api.post('/rdss/v1/signatures/sign', {
      credentialOptions: { credentialId: person.credentialId, PIN: keyPassword },
      signatures: [{ signatureId: chain.id, currentSignatureId: chain.signatures[0]!.id }],
    });
    const done = await person.api.get<{ signedDocument: { id: string } }>(
      `/rdss/v1/signatureChains/${chain.id}`,
    );
    const signed = await person.api.bytes(
      `/rdss/v1/documents/${done.signedDocument.id}/file?mode=ORIGINAL`,
    );

    const page = person.page;
    // The navigation leads there.
    await page.goto('/dashboard');
    await page.getByTestId('drawer-toggle').waitFor();
    // At 600 px the drawer may be folded away: opened with its toggle.
    const entry = page.getByTestId('menu-validate').first();
    if (!(await entry.isVisible())) await page.getByTestId('drawer-toggle').click();
    await entry.click();
    await page.waitForURL(/\/validate$/);

    await page.getByTestId('validation-drop-input').setInputFiles({
      name: 'lease.pdf',
      mimeType: 'application/pdf',
      buffer: signed,
    });
    await page.getByTestId('validation-report').waitFor();
    expect(await page.getByTestId('validation-verdict').getAttribute('data-verdict')).toBe('VALID');
    expect(await page.getByTestId('validation-signer').innerText()).toBe('validator Tester');
    expect(
      await page.getByTestId('validation-signature-verdict').getAttribute('data-verdict'),
    ).toBe('VALID');
    expect(await page.getByTestId('validation-signature-verdict').innerText()).toBe('Valid');
    // Nothing runs past the 600 px page.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    // The details expand.
    await page.getByTestId('validation-signature').click();
    await page.getByText('RSA_PKCS1').or(page.getByText('ECDSA')).first().waitFor();
    await screenshot(page, 'validation-600');

    const [pdfDownload] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('validation-download-pdf').click(),
    ]);
    expect(pdfDownload.suggestedFilename()).toBe('lease-validation.pdf');
    const pdf = await readFile(await pdfDownload.path());
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = await pdfText(pdf);
    expect(text).toContain('Signature validation report');
    expect(text).toContain('validator Tester');

    const [jsonDownload] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('validation-download-json').click(),
    ]);
    expect(jsonDownload.suggestedFilename()).toBe('lease-validation.json');
    const json = JSON.parse(await readFile(await jsonDownload.path(), 'utf8')) as {
      verdict: string;
      signatures: { signer: { subject: string } }[];
    };
    expect(json.verdict).toBe('VALID');
    expect(json.signatures[0]?.signer.subject).toContain('CN=validator Tester');

    // From the chain's menu in My Documents: the page opens on that chain's report.
    await page.goto('/signatureChains/list');
    const row = page.getByTestId('chain-row').filter({ hasText: fileName });
    await row.waitFor();
    await row.getByTestId('chain-more').click();
    await page.getByTestId('chain-menu-validate').click();
    await page.waitForURL(new RegExp(`/validate\\?chain=${chain.id}$`));
    await page.getByTestId('validation-report').waitFor();
    expect(await page.getByTestId('validation-verdict').getAttribute('data-verdict')).toBe('VALID');
    expect(await page.getByTestId('validation-report').innerText()).toContain(fileName);
  }, 240_000);

  it('says it takes ASiC-E containers too; a tampered PDF: a time-stamp that does not verify is not called trusted (issue 38 #11)', async () => {
    const person: Signer = await newSigner(browser, server, 'tamper');
    contexts.push(person.context);
    const uploaded = await person.api.post<{ id: string }>(
      `/rdss/v1/documents?fileName=${encodeURIComponent('Tampered lease')}`,
      new Uint8Array(await multiPagePdf('Tampered lease')),
    );
    const chain = await person.api.post<ChainView>('/rdss/v1/signatureChains', {
      type: 'ORDERED',
      signers: [{ email: person.email }],
      origDocId: uploaded.id,
    });
    await person.api.post('/rdss/v1/signatures/sign', {
      credentialOptions: { credentialId: person.credentialId, PIN: keyPassword },
      signatures: [{ signatureId: chain.id, currentSignatureId: chain.signatures[0]!.id }],
    });
    const done = await person.api.get<{ signedDocument: { id: string } }>(
      `/rdss/v1/signatureChains/${chain.id}`,
    );
    const tampered = Buffer.from(
      await person.api.bytes(`/rdss/v1/documents/${done.signedDocument.id}/file?mode=ORIGINAL`),
    );
    // One byte of the first revision changed: the signature and the document time-stamp break.
    const at = tampered.indexOf('/MediaBox', 0, 'latin1') + 12;
    tampered[at] = (tampered[at] as number) ^ 0x01;

    const page = person.page;
    await page.goto('/validate');
    const zone = page.getByTestId('validation-drop');
    await zone.waitFor();
    expect(await zone.innerText()).toContain('Drop a signed PDF or ASiC-E container (.asice) here');
    await page.getByTestId('validation-drop-input').setInputFiles({
      name: 'tampered.pdf',
      mimeType: 'application/pdf',
      buffer: tampered,
    });
    await page.getByTestId('validation-report').waitFor();
    expect(await page.getByTestId('validation-verdict').getAttribute('data-verdict')).toBe(
      'INVALID',
    );
    const text = await page.getByTestId('validation-report').innerText();
    expect(text).toContain('Document time-stamps');
    expect(text).toMatch(/Time-Stamping Authority · does not verify(?! ·)/);
    expect(text).not.toMatch(/does not verify · (trusted|not trusted)/);
  }, 240_000);
});
