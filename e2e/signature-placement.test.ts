import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { texts } from './fixtures/app-texts';
import { launchBrowser, screenshot } from './fixtures/browser';
import { newSigner, type Signer } from './fixtures/people';
import {
  checkSignedPdf,
  keepForLooking,
  multiPagePdf,
  signatureWidgets,
} from './fixtures/pdf-tools';
import { startServer, type RunningServer } from './fixtures/server';
import { confirmSigning, drawSignature, openSigning } from './fixtures/signing-ui';

/**
 * Issue 38's acceptance in Chromium at 600 px: two signers who keep the default signature box sign
 * page 1, and the widgets in the signed PDF do not intersect (§2); the creator's own sign screen
 * does not say she asks herself (§12). The upload dialog with several files says what they become
 * and keeps the batch name as typed (§8, §14).
 */

let server: RunningServer;
let browser: Browser;
let caPem = '';
const contexts: BrowserContext[] = [];

interface Box {
  page: number;
  originX: number;
  originY: number;
  width: number;
  height: number;
}

/** The signature box as the screen reports it, in PDF points. */
async function boxOf(page: Page): Promise<Box> {
  return JSON.parse(
    (await page.getByTestId('signature-box').getAttribute('data-box')) ?? '{}',
  ) as Box;
}

/** Two rectangles [x1, y1, x2, y2] share some area (touching edges do not count). */
const intersect = (a: number[], b: number[]) =>
  (a[0] ?? 0) < (b[2] ?? 0) &&
  (b[0] ?? 0) < (a[2] ?? 0) &&
  (a[1] ?? 0) < (b[3] ?? 0) &&
  (b[1] ?? 0) < (a[3] ?? 0);
const rectOf = (box: Box) => [
  box.originX,
  box.originY,
  box.originX + box.width,
  box.originY + box.height,
];

async function person(prefix: string, name: { firstName: string; lastName: string }) {
  const signer = await newSigner(browser, server, prefix, name);
  contexts.push(signer.context);
  return signer;
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

describe('signatures side by side (issue 38 §2, §12)', () => {
  let alice: Signer;
  let bob: Signer;

  beforeAll(async () => {
    alice = await person('place-alice', { firstName: 'Alice', lastName: 'Walker' });
    bob = await person('place-bob', { firstName: 'Bob', lastName: 'Baker' });
  });

  it('two signers keep the default box on page 1: the signed PDF’s widgets do not intersect', async () => {
    const fileName = 'Side by side lease';
    const document = await alice.api.post<{ id: string }>(
      `/rdss/v1/documents?fileName=${encodeURIComponent(fileName)}`,
      new Uint8Array(await multiPagePdf(fileName, 2)),
    );
    const chain = await alice.api.post<{ id: string }>('/rdss/v1/signatureChains', {
      type: 'ORDERED',
      signers: [{ email: alice.email }, { email: bob.email }],
      origDocId: document.id,
    });

    // Alice signs her own chain first: nobody asks her, so the screen does not say so (§12).
    await openSigning(alice, fileName);
    const ownIntro = texts.signingEn.intro_own.replace('{{fileName}}', fileName);
    await alice.page.getByText(ownIntro).waitFor();
    expect(await alice.page.getByText(/Alice Walker asks you/).count()).toBe(0);
    await drawSignature(alice.page);
    await alice.page.getByTestId('signatures-none').waitFor();
    const alicesBox = await boxOf(alice.page);
    expect(alicesBox.page).toBe(1);
    await confirmSigning(alice);

    // Bob's screen names Alice, shows her signature, and starts his box beside it.
    await openSigning(bob, fileName);
    await bob.page.getByText(/Alice Walker asks you to sign/).waitFor();
    await bob.page.getByTestId('signature-item').waitFor();
    await drawSignature(bob.page);
    await expect
      .poll(async () => intersect(rectOf(await boxOf(bob.page)), rectOf(alicesBox)), {
        timeout: 10_000,
      })
      .toBe(false);
    const bobsBox = await boxOf(bob.page);
    expect(bobsBox.page).toBe(1);
    await screenshot(bob.page, 'signature-beside-earlier-600');
    await confirmSigning(bob);

    // The signed PDF: two valid signatures whose widgets on page 1 share no area.
    const signed = await alice.api.bytes(
      `/rdss/v1/documents/${document.id}/file?chainId=${chain.id}`,
    );
    await keepForLooking('side-by-side.pdf', signed);
    const checked = await checkSignedPdf(signed, caPem);
    expect(
      checked.signatures.map((s) => s.valid && s.trusted),
      checked.pdfsigOutput,
    ).toEqual([true, true]);
    const widgets = (await signatureWidgets(signed)).filter((w) => w.page === 1);
    expect(widgets).toHaveLength(2);
    const [first, second] = widgets.map((w) => w.rect);
    expect(intersect(first ?? [], second ?? [])).toBe(false);
    // Each where its screen showed it.
    for (const [rect, box] of [
      [first, alicesBox],
      [second, bobsBox],
    ] as const) {
      rectOf(box).forEach((value, index) => expect(rect?.[index]).toBeCloseTo(value, 0));
    }
  });
});

describe('the upload dialog with several files (issue 38 §8, §14)', () => {
  it('says the result is an ASiC-E container and keeps the batch name as typed', async () => {
    const carol = await person('place-carol', { firstName: 'Carol', lastName: 'Clark' });
    const { page } = carol;
    const chains = texts.chainsEn;
    await page.goto('/signatureChains/upload');
    await page.getByTestId('upload-drop-input').setInputFiles([
      { name: 'invoice-1.pdf', mimeType: 'application/pdf', buffer: await multiPagePdf('one', 1) },
      { name: 'invoice-2.pdf', mimeType: 'application/pdf', buffer: await multiPagePdf('two', 1) },
    ]);
    await expect.poll(() => page.getByTestId('upload-file').count()).toBe(2);
    await page.getByRole('heading', { name: chains.uploadDialog.titleBatch }).waitFor();
    await page.getByTestId('upload-drop').getByText(chains.uploadDialog.dropMore).waitFor();

    // The name starts empty, the first file's name its placeholder; typing gives the whole name.
    const name = page.getByTestId('upload-file-name');
    expect(await name.inputValue()).toBe('');
    expect(await name.getAttribute('placeholder')).toBe('invoice-1.pdf');
    await name.click();
    await page.keyboard.type('Invoices batch');
    expect(await name.inputValue()).toBe('Invoices batch');

    await page.getByTestId('upload-bulk').check();
    const result = page.getByTestId('upload-result');
    expect(await result.innerText()).toMatch(/ASiC-E container \(\.asice\)/);
    await page.getByTestId('add-me').click();
    await screenshot(page, 'upload-batch-container-600');
    await page.getByTestId('upload-submit').click();
    await page.getByTestId('toast-success').filter({ hasText: chains.toast.created }).waitFor();
    await page.goto('/signatureChains/list');
    await page.getByTestId('chain-row').filter({ hasText: 'Invoices batch' }).first().waitFor();
    expect(await page.getByTestId('chain-row').filter({ hasText: 'invoice-1.pdf' }).count()).toBe(
      0,
    );
  });
});
