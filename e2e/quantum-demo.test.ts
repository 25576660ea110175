import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromPem, parseCertificate, X509_OID } from '@signet/der';
import { validate } from '@signet/pades';
import demoEn from '../apps/web/src/features/quantum-demo/i18n/en.json';
import { launchBrowser, screenshot } from './fixtures/browser';
import { keyPassword, newPerson, type Person } from './fixtures/people';
import { multiPagePdf } from './fixtures/pdf-tools';
import { startServer, type RunningServer } from './fixtures/server';

const execFileAsync = promisify(execFile);

let server: RunningServer;
let browser: Browser;
let caPem = '';
let dir = '';
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  caPem = await (await fetch(`${server.baseUrl}/rssp/v1/ca/certificate`)).text();
  dir = await mkdtemp(join(tmpdir(), 'signet-e2e-quantum-'));
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await server?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function person(prefix: string): Promise<Person> {
  const created = await newPerson(browser, server, prefix);
  contexts.push(created.context);
  return created;
}

/** Drops `bytes` as a PDF named `name` on the drop zone, as a file dragged from the desktop. */
async function dropPdf(page: Page, testId: string, name: string, bytes: Buffer) {
  const dataTransfer = await page.evaluateHandle(
    ({ name, data }) => {
      const transfer = new DataTransfer();
      const file = new File([new Uint8Array(data)], name, { type: 'application/pdf' });
      transfer.items.add(file);
      return transfer;
    },
    { name, data: [...bytes] },
  );
  const zone = page.getByTestId(testId);
  await zone.dispatchEvent('dragover', { dataTransfer });
  await zone.dispatchEvent('drop', { dataTransfer });
}

/** The entries of a zip by `unzip -p`, after `unzip -t` found it sound. */
async function unzip(zip: Buffer): Promise<Map<string, Buffer>> {
  const path = join(dir, 'download.zip');
  await writeFile(path, zip);
  await execFileAsync('unzip', ['-tq', path]);
  const { stdout } = await execFileAsync('zipinfo', ['-1', path]);
  const entries = new Map<string, Buffer>();
  for (const name of stdout.split('\n').filter(Boolean)) {
    const { stdout: bytes } = await execFileAsync('unzip', ['-p', path, name], {
      encoding: 'buffer',
      maxBuffer: 64 * 1024 * 1024,
    });
    entries.set(name, bytes);
  }
  return entries;
}

describe('quantum-safe demo (issue 27 §5)', () => {
  it('at 600 px: drop a PDF, rename it, sign with the SLH-DSA key password, download the zip; the engine validates the SLH-DSA signature', async () => {
    const ann = await person('qd-ann');
    // An SLH-DSA credential set up through the API, as the signing fixtures set up theirs.
    const credentialName = 'qd-ann SLH-DSA key';
    const created = await ann.api.post<{ id: string }>('/rssp/v1/credentials', {
      description: credentialName,
      keyAlg: 'sphincs+',
      ecCurveName: 'sphincs-sha2-128f',
      authMode: 'EXPLICIT',
      certificateEnrollmentMode: 'CMP',
      distinguishedName: { commonName: 'qd-ann Tester', countryName: 'HU' },
    });
    await ann.api.post(`/rssp/v1/credentials/${created.id}/activate`, {
      keyPassword,
      keyPuk: '123412341234',
    });
    // An RSA one too: the demo does not offer it.
    const rsa = await ann.api.post<{ id: string }>('/rssp/v1/credentials', {
      description: 'qd-ann RSA key',
      keyAlg: 'rsa',
      rsaKeySize: 2048,
      authMode: 'EXPLICIT',
      certificateEnrollmentMode: 'CMP',
      distinguishedName: { commonName: 'qd-ann Tester', countryName: 'HU' },
    });
    await ann.api.post(`/rssp/v1/credentials/${rsa.id}/activate`, {
      keyPassword,
      keyPuk: '123412341234',
    });

    const page = ann.page;
    await page.goto('/quantum-safe-demo');
    await page.getByTestId('quantum-demo').waitFor();
    expect(page.viewportSize()?.width).toBe(600);
    // The page says what is post-quantum and what PDF tools make of it (issue 38 #6).
    expect(await page.getByTestId('quantum-demo').innerText()).toContain(demoEn.intro);
    expect(await page.getByTestId('quantum-readers').innerText()).toBe(demoEn.readers);
    expect(demoEn.intro).toMatch(/whole certificate chain is post-quantum/);
    expect(demoEn.readers).toContain("Document isn't signed or corrupted data");
    const pdf = await multiPagePdf('Quantum lease', 2);
    await dropPdf(page, 'quantum-drop', 'lease.pdf', pdf);
    await page.getByTestId('quantum-file').waitFor();
    const name = page.getByTestId('quantum-file-name');
    expect(await name.inputValue()).toBe('lease.pdf');
    await name.fill('Quantum lease.pdf');
    // The one SLH-DSA credential is chosen; the RSA key is not among the offered.
    const select = page.getByTestId('quantum-credential').locator('..').getByRole('combobox');
    await expect.poll(() => select.innerText()).toContain(credentialName);
    await select.click();
    const options = page.getByTestId('quantum-credential-option');
    expect(await options.allInnerTexts()).toEqual([credentialName]);
    await page.keyboard.press('Escape');
    await page.getByRole('listbox').waitFor({ state: 'hidden' });
    // Nothing in the page is wider than the 600 px screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      600,
    );
    await screenshot(page, 'quantum-demo-ready');

    // A wrong key password first: its message, and the dialog stays for another try.
    const upload = page
      .waitForResponse(
        (r) => r.request().method() === 'POST' && r.url().includes('/rdss/v1/documents?'),
      )
      .then(async (r) => ((await r.json()) as { id: string }).id);
    await page.getByTestId('quantum-sign').click();
    await page.getByTestId('key-password').fill('999999');
    await page.getByTestId('key-password-sign').click();
    await page.getByTestId('toast-error').waitFor();
    await page.getByTestId('key-password').fill(keyPassword);
    await page.getByTestId('key-password-sign').click();
    await page.getByTestId('quantum-result').waitFor({ timeout: 120_000 });
    const uploadId = (await upload) as string;
    await screenshot(page, 'quantum-demo-signed');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('quantum-download').click(),
    ]);
    expect(download.suggestedFilename()).toBe('Quantum lease.zip');
    const entries = await unzip(await readFile(await download.path()));
    expect([...entries.keys()]).toEqual([
      'Quantum lease.pdf',
      'certificate-chain.pem',
      'README.txt',
    ]);
    // The key's certificate comes from the post-quantum root, SLH-DSA all the way up.
    const pqPem = await (await fetch(`${server.baseUrl}/rssp/v1/ca/pq/certificate`)).text();
    const report = validate(entries.get('Quantum lease.pdf')!, {
      trustAnchors: [...fromPem(caPem, 'CERTIFICATE'), ...fromPem(pqPem, 'CERTIFICATE')],
    });
    expect(report.signatures).toHaveLength(1);
    expect(report.signatures[0]).toMatchObject({
      valid: true,
      algorithm: 'SLH_DSA_SHA2_128F',
      chainTrusted: true,
      // Its validation data (DSS) and the document time-stamp follow it (decision 038).
      level: 'B-LTA',
      modifiedAfterSigning: false,
    });
    expect(report.signatures[0]!.signer?.subject).toContain('qd-ann Tester');
    const chain = fromPem(entries.get('certificate-chain.pem')!.toString('utf8'), 'CERTIFICATE');
    expect(chain.length).toBeGreaterThanOrEqual(2);
    for (const der of chain)
      expect(parseCertificate(der).signatureAlgorithm.oid).toBe(X509_OID.slhDsaSha2_128f);
    const readme = entries.get('README.txt')!.toString('utf8');
    expect(readme).toContain('The whole chain is post-quantum: yes.');
    expect(readme).toContain(`"Signature Validation: Document isn't signed or corrupted data."`);

    // Clear empties the screen; the demo kept nothing of the signed upload.
    await page.getByTestId('quantum-clear').click();
    await page.getByTestId('quantum-drop').waitFor();
    expect(await name.inputValue()).toBe('');
    await expect(ann.api.get(`/rdss/v1/documents/${uploadId}`)).rejects.toThrow(/404/);
  });

  it('a user without an SLH-DSA signing credential sees the error toast', async () => {
    const bob = await person('qd-bob');
    const page = bob.page;
    await page.goto('/quantum-safe-demo');
    await page.getByTestId('toast-error').filter({ hasText: demoEn.noCredential }).waitFor();
    await page.getByTestId('quantum-no-credential').waitFor();
    await dropPdf(page, 'quantum-drop', 'nothing.pdf', await multiPagePdf('Nothing', 1));
    await page.getByTestId('quantum-file').waitFor();
    expect(await page.getByTestId('quantum-sign').isDisabled()).toBe(true);
    await screenshot(page, 'quantum-demo-no-credential');
  });
});
