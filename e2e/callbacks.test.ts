import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import callbacksEn from '../apps/web/src/features/callbacks/i18n/en.json';
import callbacksHu from '../apps/web/src/features/callbacks/i18n/hu.json';
import { signIn } from './fixtures/auth';
import { launchBrowser, mobileViewport, newContext, screenshot } from './fixtures/browser';
import { multiPagePdf } from './fixtures/pdf-tools';
import { newPerson, type Person } from './fixtures/people';
import { startServer, type RunningServer } from './fixtures/server';
import { texts } from './fixtures/app-texts';

/**
 * Issue 27 §6: the admin's callbacks screen at 600 px. A chain's callback receiver answers 500,
 * so its first event waits for a retry; the admin finds it with its attempt and retries it now.
 */

let server: RunningServer;
let browser: Browser;
let receiver: Server;
let adminContext: BrowserContext;
let admin: Page;
let creator: Person;
let posts = 0;

async function fitsWidth(p: Page): Promise<boolean> {
  return p.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
}

beforeAll(async () => {
  receiver = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      posts += 1;
      response.writeHead(500).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  server = await startServer({
    env: {
      CALLBACK_SECRET: 'e2e-callback-secret-0123456789',
      CALLBACK_ALLOW_PRIVATE: 'true',
      // Long enough that the event stays pending while the screen is looked at.
      CALLBACK_RETRY_BASE_MS: '600000',
    },
  });
  browser = await launchBrowser();
  adminContext = await newContext(browser, server.baseUrl, mobileViewport);
  admin = await adminContext.newPage();
  await signIn(admin, { email: server.adminEmail, password: server.adminPassword });
  creator = await newPerson(browser, server, 'callback-creator');
}, 180_000);

afterAll(async () => {
  await creator?.context.close();
  await adminContext?.close();
  await browser?.close();
  await server?.stop();
  await new Promise<void>((resolve) => receiver?.close(() => resolve()));
});

describe('the callbacks screen', () => {
  it('lists a pending delivery with its failed attempt at 600 px, and retries it now', async () => {
    const fileName = 'callback-contract.pdf';
    const upload = await creator.api.post<{ id: string }>(
      `/rdss/v1/documents?fileName=${encodeURIComponent(fileName)}`,
      new Uint8Array(await multiPagePdf(fileName)),
    );
    const port = (receiver.address() as AddressInfo).port;
    const chain = await creator.api.post<{ id: string }>('/rdss/v1/signatureChains', {
      type: 'ORDERED',
      origDocId: upload.id,
      signers: [{ email: creator.email }],
      externalCallbackUrl: `http://127.0.0.1:${port}/hook?token=hidden`,
    });
    await expect.poll(() => posts, { timeout: 20_000 }).toBeGreaterThanOrEqual(1);

    await admin.goto('/callbacks');
    await admin.getByRole('heading', { name: callbacksEn.title }).waitFor();
    await admin.getByRole('button', { name: callbacksEn.pending }).click();
    const card = admin.getByTestId('callback-delivery').filter({ hasText: chain.id });
    await card.waitFor();
    await card.getByText('500 · HTTP 500').first().waitFor();
    expect(await card.innerText()).not.toContain('hidden');
    expect(await fitsWidth(admin)).toBe(true);
    await screenshot(admin, 'callbacks-600');

    const before = posts;
    await card.getByRole('button', { name: callbacksEn.retry }).click();
    await admin.getByTestId('toast-success').getByText(callbacksEn.retried).waitFor();
    await expect.poll(() => posts, { timeout: 20_000 }).toBeGreaterThan(before);
  });

  it('speaks Hungarian', async () => {
    const choose = async (label: string, option: string, done: string) => {
      await admin.goto('/user/profile');
      await admin.getByRole('combobox', { name: label }).click();
      await admin.getByRole('option', { name: option }).click();
      await admin.getByTestId('toast-success').getByText(done).waitFor();
    };
    const { profileEn, profileHu } = texts;
    await choose(profileEn.language.label, profileEn.language.HU, profileHu.toast.languageChanged);
    await admin.goto('/callbacks');
    await admin.getByRole('heading', { name: callbacksHu.title }).waitFor();
    await admin.getByRole('button', { name: callbacksHu.pending }).click();
    await admin.getByTestId('callback-delivery').first().getByText(callbacksHu.retry).waitFor();
    expect(await fitsWidth(admin)).toBe(true);
    await screenshot(admin, 'callbacks-hu-600');
  });
});
