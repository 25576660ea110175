import { PDFDocument } from 'pdf-lib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs, type Api } from './fixtures/api';
import { texts } from './fixtures/app-texts';
import { confirmAddress, newCredentials, printedLink, register } from './fixtures/auth';
import { launchBrowser, mobileViewport, newContext, screenshot } from './fixtures/browser';
import { startServer, type RunningServer } from './fixtures/server';

const app = texts.appEn;

// A server of its own: without SMTP_URL it prints each mail on its console, which this test reads
// the way the owner of a mailbox reads their mail.
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

interface Person {
  email: string;
  page: Page;
  api: Api;
}

/** Registers a new person in a page of their own (600 px wide); confirms the address unless told not to. */
async function newPerson(prefix: string, confirm = true): Promise<Person> {
  const context = await newContext(browser, server.baseUrl, mobileViewport);
  contexts.push(context);
  const page = await context.newPage();
  const credentials = newCredentials(prefix);
  await register(page, credentials);
  if (confirm) await confirmAddress(page, server.fullOutput, credentials.email);
  return { email: credentials.email, page, api: apiAs(server.baseUrl, page) };
}

async function chainOver(creator: Person, fileName: string, email: string): Promise<string> {
  const pdf = await PDFDocument.create();
  pdf.addPage([595, 842]);
  const document = await creator.api.post<{ id: string }>(
    `/rdss/v1/documents?fileName=${encodeURIComponent(fileName)}`,
    new Uint8Array(await pdf.save()),
  );
  const chain = await creator.api.post<{ id: string }>('/rdss/v1/signatureChains', {
    type: 'UNORDERED',
    signers: [{ email }],
    origDocId: document.id,
  });
  return chain.id;
}

const row = (page: Page, fileName: string) =>
  page.getByTestId('chain-row').filter({ hasText: fileName });

describe('an address counts only once it is confirmed (issue 25 §1)', () => {
  it('shows an unconfirmed registrant nothing of a chain naming the address until the mailed link confirms it', async () => {
    const cora = await newPerson('cora');
    const mallory = await newPerson('mallory', false);

    // The banner asks to confirm; the address is not trusted yet.
    await mallory.page.goto('/signatureChains/list');
    const banner = mallory.page.getByTestId('confirm-address-banner');
    await banner.getByText(app.confirmAddress.title).waitFor();
    expect(await banner.innerText()).toContain(mallory.email);
    await screenshot(mallory.page, 'confirm-address-banner-600');
    // The registration mail was sent a moment ago: asking again waits for the minute.
    await mallory.page.getByTestId('confirm-address-resend').click();
    await mallory.page
      .getByTestId('toast-error')
      .filter({ hasText: app.confirmAddress.wait })
      .waitFor();

    const chainId = await chainOver(cora, 'board-minutes.pdf', mallory.email);
    // The address is invited by mail, as an unregistered one would be.
    await printedLink(
      server.fullOutput,
      mallory.email,
      /http:\/\/\S+\/join\/chain#[A-Za-z0-9_-]{43}/,
    );
    await mallory.page.reload();
    await mallory.page.getByTestId('confirm-address-banner').waitFor();
    expect(await row(mallory.page, 'board-minutes.pdf').count()).toBe(0);
    await expect(mallory.api.get(`/rdss/v1/signatureChains/${chainId}`)).rejects.toThrow(/: 404 /);

    // The owner opens the confirmation link in another tab: the banner goes and the chain
    // arrives in the open list without a reload.
    await confirmAddress(mallory.page, server.fullOutput, mallory.email);
    await mallory.page.getByTestId('confirm-address-banner').waitFor({ state: 'hidden' });
    await row(mallory.page, 'board-minutes.pdf').waitFor();
    await mallory.page.goto('/signatureChains/list/TODO');
    await row(mallory.page, 'board-minutes.pdf').waitFor();
    await screenshot(mallory.page, 'confirmed-chain-arrives-600');
  });

  it('tells another account that opens a forwarded invitation which address it is for, and binds nothing', async () => {
    const cora = await newPerson('cora2');
    const invited = newCredentials('invitee');
    const chainId = await chainOver(cora, 'forwarded.pdf', invited.email);
    const link = await printedLink(
      server.fullOutput,
      invited.email,
      /http:\/\/\S+\/join\/chain#[A-Za-z0-9_-]{43}/,
    );

    const frank = await newPerson('frank');
    await frank.page.goto(link.pathname + link.hash);
    await frank.page.getByTestId('join-accept').click();
    const refusal = frank.page.getByTestId('join-address-refusal');
    await refusal.waitFor();
    expect(await refusal.innerText()).toContain(invited.email);
    await frank.page
      .getByRole('button', { name: app.join.registerAs.replace('{{email}}', invited.email) })
      .waitFor();
    await screenshot(frank.page, 'join-other-address-600');
    const chain = await cora.api.get<{ signatures: { user: { id: string | null } }[] }>(
      `/rdss/v1/signatureChains/${chainId}`,
    );
    expect(chain.signatures[0]?.user.id).toBeNull();
  });
});
