import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { texts } from './fixtures/app-texts';
import { launchBrowser, screenshot } from './fixtures/browser';
import { multiPagePdf } from './fixtures/pdf-tools';
import { newPerson as newPersonIn, type Person } from './fixtures/people';
import { startServer, type RunningServer } from './fixtures/server';

/**
 * Issue 26 §2: the chain's history in the participants dialog. A signer opens and signs a chain;
 * its creator opens the dialog at 600 px and reads what happened, in English and in Hungarian.
 */

const en = texts.chainsEn;
const hu = texts.chainsHu;
const keyPassword = '246810';
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

async function newPerson(prefix: string): Promise<Person> {
  const person = await newPersonIn(browser, server, prefix);
  contexts.push(person.context);
  return person;
}

async function openHistory(page: Page, fileName: string) {
  await page.goto('/signatureChains/list');
  const row = page.getByTestId('chain-row').filter({ hasText: fileName });
  await row.getByTestId('chain-more').click();
  await page.getByTestId('chain-menu-participants').click();
  const events = page.getByTestId('history-event');
  await expect.poll(() => events.count()).toBe(5);
  return events;
}

describe('the chain history in the participants dialog', () => {
  it('shows created, invited, first opened, signed (certificate serial, page) and completed', async () => {
    const cora = await newPerson('hist-creator');
    const sid = await newPerson('hist-signer');
    const credential = await sid.api.post<{ id: string }>('/rssp/v1/credentials', {
      description: 'History key',
      keyAlg: 'ec',
      ecCurveName: 'prime256v1',
      authMode: 'EXPLICIT',
      certificateEnrollmentMode: 'CMP',
      distinguishedName: { commonName: 'Sid Tester', countryName: 'HU' },
    });
    const activated = await sid.api.post<{ certChain: { serialNum: string }[] }>(
      `/rssp/v1/credentials/${credential.id}/activate`,
      { keyPassword, keyPuk: '123412341234' },
    );
    const serial = activated.certChain[0]?.serialNum ?? '';
    expect(serial).not.toBe('');

    const fileName = 'history-lease.pdf';
    const upload = await cora.api.post<{ id: string }>(
      `/rdss/v1/documents?fileName=${encodeURIComponent(fileName)}`,
      new Uint8Array(await multiPagePdf(fileName)),
    );
    const chain = await cora.api.post<{ id: string; signatures: { id: string }[] }>(
      '/rdss/v1/signatureChains',
      { type: 'ORDERED', signers: [{ email: sid.email }], origDocId: upload.id },
    );
    // The signer reads the chain (first opened), then signs on page 2.
    await sid.api.get(`/rdss/v1/signatureChains/${chain.id}`);
    await sid.api.post('/rdss/v1/signatures/sign', {
      credentialOptions: { credentialId: credential.id, PIN: keyPassword },
      signatures: [
        {
          signatureId: chain.id,
          currentSignatureId: chain.signatures[0]?.id,
          signatureFieldParameters: { page: 2, originX: 300, originY: 80, width: 180, height: 50 },
        },
      ],
    });

    const events = await openHistory(cora.page, fileName);
    expect(
      await events.evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-kind'))),
    ).toEqual(['CREATED', 'INVITED', 'OPENED', 'SIGNED', 'COMPLETED']);
    const signed = events.nth(3);
    expect(await signed.innerText()).toContain(en.history.kind.SIGNED);
    for (const shown of [
      sid.email,
      'CN=Sid Tester',
      `${en.history.detail.certificateSerial}: ${serial}`,
      `${en.history.detail.page}: 2`,
      en.history.detail.clientAddress,
    ]) {
      expect(await signed.innerText()).toContain(shown);
    }
    expect(await events.nth(0).innerText()).toContain(cora.email);
    expect(
      await cora.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true);
    await screenshot(cora.page, 'chain-history-600');

    // In Hungarian.
    await cora.api.put('/api/v1/users/self', { locale: 'HU' });
    await cora.page.goto('/signatureChains/list');
    await cora.page.reload();
    const huEvents = await openHistory(cora.page, fileName);
    await cora.page.getByText(hu.history.title, { exact: true }).waitFor();
    expect(await huEvents.nth(3).innerText()).toContain(hu.history.kind.SIGNED);
    expect(await huEvents.nth(3).innerText()).toContain(
      `${hu.history.detail.certificateSerial}: ${serial}`,
    );
    await screenshot(cora.page, 'chain-history-600-hu');
  });
});
