import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { texts } from './fixtures/app-texts';
import { launchBrowser, screenshot } from './fixtures/browser';
import { attachedTrail, downloadFromRow, zipEntries } from './fixtures/downloads';
import { keyPassword, newSigner, type Signer } from './fixtures/people';
import { checkSignedPdf, multiPagePdf } from './fixtures/pdf-tools';
import { startServer, type RunningServer } from './fixtures/server';

const modes = texts.commonEn.download.modes;

let server: RunningServer;
let browser: Browser;
let caPem = '';
const contexts: BrowserContext[] = [];

interface ChainView {
  id: string;
  status: string;
  signatures: { id: string; user: { email: string } }[];
}

/** A registered person at 600 px, with an activated EXPLICIT credential of the embedded CA. */
async function newPerson(prefix: string): Promise<Signer> {
  const person = await newSigner(browser, server, prefix);
  contexts.push(person.context);
  return person;
}

beforeAll(async () => {
  server = await startServer({ env: { SIGNING_TRAIL_ENABLED: 'true' } });
  browser = await launchBrowser();
  caPem = await (await fetch(`${server.baseUrl}/rssp/v1/ca/certificate`)).text();
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await server?.stop();
});

describe('downloads from the lists (issue 26 §1)', () => {
  it("the creator's list row downloads the signed PDF as it stands, and full gives a zip of the PDF and its trail, at 600 px", async () => {
    const creator = await newPerson('dl-creator');
    const signer = await newPerson('dl-signer');
    const fileName = 'Download lease';
    const document = await creator.api.post<{ id: string }>(
      `/rdss/v1/documents?fileName=${encodeURIComponent(fileName)}`,
      new Uint8Array(await multiPagePdf(fileName)),
    );
    const chain = await creator.api.post<ChainView>('/rdss/v1/signatureChains', {
      type: 'ORDERED',
      signers: [{ email: signer.email }],
      origDocId: document.id,
      signingTrailMode: 'ATTACHED',
    });
    // The signer signs through the API (the signing screens have their own tests).
    await signer.api.post('/rdss/v1/signatures/sign', {
      credentialOptions: { credentialId: signer.credentialId, PIN: keyPassword },
      signatures: [{ signatureId: chain.id, currentSignatureId: chain.signatures[0]!.id }],
    });

    const page = creator.page;
    await page.goto('/signatureChains/list');
    await page.getByTestId('chain-row').filter({ hasText: fileName }).waitFor();

    // Download → the document as it stands: the signer's signature valid and trusted.
    const original = await downloadFromRow(page, fileName, 'ORIGINAL');
    expect(original.name).toBe(`${fileName}.pdf`);
    const checked = await checkSignedPdf(original.bytes, caPem);
    expect(checked.signatures).toHaveLength(1);
    expect(checked.signatures[0]).toMatchObject({ valid: true, trusted: true });
    // The signing trail naming the signer is attached to it as a file (decision 056).
    expect((await attachedTrail(original.bytes)).text).toContain(signer.email);

    // The menu names every mode of a chain with a trail; open in a new tab never offers full.
    const row = page.getByTestId('chain-row').filter({ hasText: fileName });
    await row.getByTestId('chain-more').click();
    await page.getByTestId('chain-menu-download').click();
    for (const mode of ['ORIGINAL', 'UPLOAD', 'DETACHED', 'FULL'] as const) {
      expect(await page.getByTestId(`download-mode-${mode}`).innerText()).toBe(modes[mode]);
    }
    await screenshot(page, 'download-mode-menu-600');
    await page.keyboard.press('Escape');
    await row.getByTestId('chain-more').click();
    await page.getByTestId('chain-menu-open').click();
    await page.getByTestId('download-mode-ORIGINAL').waitFor();
    expect(await page.getByTestId('download-mode-FULL').count()).toBe(0);
    await page.keyboard.press('Escape');

    // Download → full: a zip of the PDF as it stands and its signing trail.
    const full = await downloadFromRow(page, fileName, 'FULL');
    expect(full.name).toBe(`${fileName}.zip`);
    expect(await zipEntries(full.bytes)).toEqual([
      `${fileName}.pdf`,
      `${fileName}-signingtrail.pdf`,
    ]);

    // The upload as it was stays its own entry.
    const upload = await downloadFromRow(page, fileName, 'UPLOAD');
    expect((await checkSignedPdf(upload.bytes, caPem)).signatures).toHaveLength(0);
  }, 240_000);
});
