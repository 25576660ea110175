import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromPem } from '@signet/der';
import { ASIC_E_MIMETYPE, readAsic, validateAsic } from '@signet/pades';
import { accessTokenOf } from './fixtures/api';
import { launchBrowser, screenshot } from './fixtures/browser';
import { downloadFromRow } from './fixtures/downloads';
import { keyPassword, newSigner, type Signer } from './fixtures/people';
import { multiPagePdf } from './fixtures/pdf-tools';
import { startServer, type RunningServer } from './fixtures/server';

const execFileAsync = promisify(execFile);

let server: RunningServer;
let browser: Browser;
let caPem = '';
const contexts: BrowserContext[] = [];

interface ChainView {
  id: string;
  status: string;
}

async function newPerson(prefix: string): Promise<Signer> {
  const person = await newSigner(browser, server, prefix);
  contexts.push(person.context);
  return person;
}

/** `POST documents/batch` as `who`: the batch of these PDFs under `name`. */
async function uploadBatch(who: Signer, name: string, files: { name: string; bytes: Buffer }[]) {
  const form = new FormData();
  form.append('batchName', name);
  for (const file of files) {
    form.append(
      'files',
      new Blob([new Uint8Array(file.bytes)], { type: 'application/pdf' }),
      file.name,
    );
  }
  const response = await fetch(`${server.baseUrl}/rdss/v1/documents/batch`, {
    method: 'POST',
    headers: { authorization: `Bearer ${await accessTokenOf(who.page)}` },
    body: form,
  });
  if (!response.ok) throw new Error(`batch: ${response.status} ${await response.text()}`);
  return (await response.json()) as { id: string };
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

describe('container signing (issue 27 §4, D§2 AsicSignatureCustomization)', () => {
  it('the signer reads each document of a bulk chain and signs the container with a key password at 600 px; the download is an .asice', async () => {
    const creator = await newPerson('asic-creator');
    const signer = await newPerson('asic-signer');
    const batchName = 'Container bundle';
    const files = [
      { name: 'first part.pdf', bytes: await multiPagePdf('First part', 2) },
      { name: 'second part.pdf', bytes: await multiPagePdf('Second part', 1) },
    ];
    const batch = await uploadBatch(creator, batchName, files);
    const { chains } = await creator.api.post<{ chains: ChainView[] }>(
      '/rdss/v1/signatureChains/multi',
      { type: 'ORDERED', batchId: batch.id, bulk: true, signers: [{ email: signer.email }] },
    );
    const chain = chains[0] as ChainView;

    const page = signer.page;
    await page.goto('/signatureChains/list/TODO');
    await page
      .getByTestId('chain-row')
      .filter({ hasText: batchName })
      .getByTestId('chain-sign')
      .click();
    await page.waitForURL((url) => url.pathname.startsWith('/document/asic/customization'));
    expect(await page.getByTestId('sign-file-name').innerText()).toBe(batchName);
    const listed = page.getByTestId('container-document');
    await listed.first().waitFor();
    expect(await listed.allInnerTexts()).toEqual(files.map((f) => f.name));
    await page.getByTestId('container-visible-note').waitFor();
    // Each document is shown in the viewer: the second one, too.
    await page.getByTestId('container-preview').waitFor();
    await listed.nth(1).click();
    await page.getByTestId('container-preview').waitFor();
    // The page fits 600 px: nothing wider than the viewport.
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(600);
    // The only credential is chosen for the signer.
    const select = page.getByTestId('credential-select').locator('..').getByRole('combobox');
    await expect
      .poll(() => select.innerText(), { timeout: 15_000 })
      .toContain(signer.credentialName);
    await expect.poll(() => page.getByTestId('sign-confirm').isEnabled()).toBe(true);
    await screenshot(page, 'container-sign-600');

    await page.getByTestId('sign-confirm').click();
    await page.getByTestId('key-password').fill(keyPassword);
    await page.getByTestId('key-password-sign').click();
    await page.waitForURL((url) => url.pathname === '/signatureChains/list', { timeout: 120_000 });
    expect((await creator.api.get<ChainView>(`/rdss/v1/signatureChains/${chain.id}`)).status).toBe(
      'DONE',
    );

    // The creator's list downloads the container.
    await creator.page.goto('/signatureChains/list');
    await creator.page.getByTestId('chain-row').filter({ hasText: batchName }).waitFor();
    const downloaded = await downloadFromRow(creator.page, batchName, 'ORIGINAL');
    expect(downloaded.name).toBe(`${batchName}.asice`);
    const asice = downloaded.bytes;
    expect(asice.subarray(30, 38).toString('latin1')).toBe('mimetype');
    expect(asice.subarray(38, 38 + ASIC_E_MIMETYPE.length).toString('latin1')).toBe(
      ASIC_E_MIMETYPE,
    );
    const { names, files: inside } = await readAsic(asice);
    expect(names).toEqual([
      'mimetype',
      ...files.map((f) => f.name),
      'META-INF/ASiCManifest1.xml',
      'META-INF/signature1.p7s',
    ]);
    const dir = await mkdtemp(join(tmpdir(), 'signet-e2e-asic-'));
    try {
      await writeFile(join(dir, 'ca.pem'), caPem);
      await writeFile(join(dir, 'manifest.xml'), inside.get('META-INF/ASiCManifest1.xml')!);
      await writeFile(join(dir, 'signature.p7s'), inside.get('META-INF/signature1.p7s')!);
      const { stderr } = await execFileAsync('openssl', [
        'cms',
        '-verify',
        '-binary',
        '-inform',
        'DER',
        '-in',
        join(dir, 'signature.p7s'),
        '-content',
        join(dir, 'manifest.xml'),
        '-CAfile',
        join(dir, 'ca.pem'),
        '-purpose',
        'any',
        '-out',
        '/dev/null',
      ]);
      expect(stderr).toContain('Verification successful');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
    const report = await validateAsic(asice, { trustAnchors: fromPem(caPem, 'CERTIFICATE') });
    expect(report.problems).toEqual([]);
    expect(report.signatures[0]).toMatchObject({ valid: true, chainTrusted: true });
  }, 240_000);
});
