import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import documentViewEn from '../apps/web/src/shared/document-view/i18n/en.json';
import documentViewHu from '../apps/web/src/shared/document-view/i18n/hu.json';
import { texts } from './fixtures/app-texts';
import { apiAs } from './fixtures/api';
import { signIn } from './fixtures/auth';
import { launchBrowser, newContext, screenshot } from './fixtures/browser';
import { multiPagePdf } from './fixtures/pdf-tools';
import { newPerson as newPersonIn, type Person } from './fixtures/people';
import { startServer, type RunningServer } from './fixtures/server';

/**
 * Issue 26 §5 in Chromium at 600 px: the approver reads the whole document as it stands, page by
 * page, and Approve waits for the last page; the signatures so far are listed beside it, checked
 * by Signet's validator, on the approve screen and on the next signer's screen (in Hungarian).
 */

const keyPassword = '246810';
let server: RunningServer;
let browser: Browser;
const contexts: BrowserContext[] = [];

interface ChainView {
  id: string;
  origDocument: { id: string } | null;
  signedDocument: { id: string } | null;
  signatures: { id: string; status: string; user: { email: string } }[];
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

async function newPerson(prefix: string): Promise<Person> {
  const person = await newPersonIn(browser, server, prefix);
  contexts.push(person.context);
  return person;
}

/** An activated EXPLICIT credential of the embedded CA. */
async function activatedKey(person: Person, commonName: string): Promise<string> {
  const created = await person.api.post<{ id: string }>('/rssp/v1/credentials', {
    description: `${commonName} key`,
    keyAlg: 'ec',
    ecCurveName: 'prime256v1',
    authMode: 'EXPLICIT',
    certificateEnrollmentMode: 'CMP',
    distinguishedName: { commonName, countryName: 'HU' },
  });
  await person.api.post(`/rssp/v1/credentials/${created.id}/activate`, {
    keyPassword,
    keyPuk: '123412341234',
  });
  return created.id;
}

/** A PNG scribble drawn by the browser, as a data URL (what the signature drawer sends). */
function scribble(page: Page): Promise<string> {
  return page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 300;
    canvas.height = 100;
    const context = canvas.getContext('2d');
    if (context) {
      context.lineWidth = 4;
      context.beginPath();
      context.moveTo(20, 70);
      context.bezierCurveTo(80, 0, 120, 100, 180, 30);
      context.stroke();
    }
    return canvas.toDataURL('image/png');
  });
}

const fitsWidth = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe('reading before approving', () => {
  it('an approver pages to the last page before Approve is enabled; the signatures so far are shown valid, also on the next signer’s screen', async () => {
    const [cora, alex, bea] = await Promise.all([
      newPerson('cora'),
      newPerson('alex'),
      newPerson('bea'),
    ]);
    // The admin gives Alex the approver role.
    const adminContext = await newContext(browser, server.baseUrl);
    contexts.push(adminContext);
    const adminPage = await adminContext.newPage();
    await signIn(adminPage, { email: server.adminEmail, password: server.adminPassword });
    const admin = apiAs(server.baseUrl, adminPage);
    const alexSelf = await alex.api.get<{ id: string; roles: string[] }>('/api/v1/users/self');
    const assignable = ['creator', 'signer', 'admin', 'approver'];
    await admin.put(`/api/v1/users/${alexSelf.id}`, {
      roles: [...alexSelf.roles.filter((r) => assignable.includes(r)), 'approver'],
    });

    // Cora signs first, visibly on page 2 (through the API: signing has its own tests), then
    // Alex approves, then Bea signs.
    const coraKey = await activatedKey(cora, 'Cora Signer');
    const document = await cora.api.post<{ id: string }>(
      '/rdss/v1/documents?fileName=handbook.pdf',
      new Uint8Array(await multiPagePdf('Handbook', 4)),
    );
    const chain = await cora.api.post<ChainView>('/rdss/v1/signatureChains', {
      type: 'ORDERED',
      origDocId: document.id,
      signers: [{ email: cora.email }, { email: alex.email, approver: true }, { email: bea.email }],
      // The handbook's own four pages: the attached trail's pages have their own tests.
      signingTrailMode: 'NONE',
    });
    const entryOf = (email: string) => chain.signatures.find((s) => s.user.email === email)!.id;
    await cora.api.post('/rdss/v1/signatures/sign', {
      credentialOptions: { credentialId: coraKey, PIN: keyPassword },
      userImageDataUrl: await scribble(cora.page),
      signatures: [
        {
          signatureId: chain.id,
          currentSignatureId: entryOf(cora.email),
          signatureFieldParameters: { page: 2, originX: 60, originY: 80, width: 180, height: 60 },
        },
      ],
    });

    // Alex opens the approve screen from the list.
    const { page } = alex;
    await page.goto('/signatureChains/list/TODO');
    await page
      .getByTestId('chain-row')
      .filter({ hasText: 'handbook.pdf' })
      .getByTestId('chain-approve')
      .click();
    await page.waitForURL((url) => url.pathname.includes('/approve-customization/'));
    const shownPage = page.locator('[data-testid="approve-document-page"][data-state="shown"]');
    // The first page and the first check wait for the PDF threads: a busy machine gets time.
    await shownPage.waitFor({ timeout: 60_000 });
    const pageNumber = page.getByTestId('approve-document-page-number');
    expect(await pageNumber.innerText()).toBe(
      documentViewEn.page.replace('{{page}}', '1').replace('{{count}}', '4'),
    );
    const approve = page.getByTestId('approve-confirm');
    expect(await approve.isDisabled()).toBe(true);
    expect(await page.getByTestId('approve-hint').innerText()).toBe(
      texts.chainsEn.approve.readToTheEnd,
    );

    // The signature so far: Cora's, valid, from Signet's CA, on page 2.
    const item = page.getByTestId('signatures-panel').getByTestId('signature-item');
    await item.first().waitFor({ timeout: 60_000 });
    expect(await item.count()).toBe(1);
    expect(await item.getAttribute('data-valid')).toBe('true');
    expect(await item.getAttribute('data-trusted')).toBe('true');
    expect(await item.getAttribute('data-page')).toBe('2');
    expect(await item.innerText()).toContain(documentViewEn.signatures.valid);
    expect(await fitsWidth(page)).toBe(true);
    await item.scrollIntoViewIfNeeded();
    await screenshot(page, 'approve-viewer-600');

    // Page 2 with the pager: Cora's signature is drawn there; still not the end.
    await page.getByTestId('approve-document-next').click();
    await page
      .locator('[data-testid="approve-document-page"][data-page="2"][data-state="shown"]')
      .waitFor();
    expect(await approve.isDisabled()).toBe(true);
    // Page 3 from the keyboard (the focused pager takes Page Down), still not the end.
    await page.keyboard.press('PageDown');
    await page
      .locator('[data-testid="approve-document-page"][data-page="3"][data-state="shown"]')
      .waitFor();
    expect(await approve.isDisabled()).toBe(true);
    // Back to the first page and then to the last, whose showing enables Approve.
    await page.getByTestId('approve-document-first').click();
    await page
      .locator('[data-testid="approve-document-page"][data-page="1"][data-state="shown"]')
      .waitFor();
    expect(await approve.isDisabled()).toBe(true);
    await page.getByTestId('approve-document-last').click();
    await page
      .locator('[data-testid="approve-document-page"][data-page="4"][data-state="shown"]')
      .waitFor();
    await expect.poll(() => approve.isEnabled(), { timeout: 5_000 }).toBe(true);
    expect(await page.getByTestId('approve-hint').count()).toBe(0);
    await page.getByTestId('approve-comment').fill('Read it all');
    await approve.click();
    await page
      .getByTestId('toast-success')
      .filter({ hasText: texts.chainsEn.toast.approved })
      .waitFor();
    const approved = await cora.api.get<ChainView>(`/rdss/v1/signatureChains/${chain.id}`);
    const statusOf = (email: string) =>
      approved.signatures.find((s) => s.user.email === email)?.status;
    expect([statusOf(cora.email), statusOf(alex.email)]).toEqual(['DONE', 'DONE']);
    expect(statusOf(bea.email)).not.toBe('DONE');

    // Bea, in Hungarian, sees Cora's earlier signature as valid beside the document she signs.
    await bea.api.put('/api/v1/users/self', { locale: 'HU' });
    await bea.page.goto(
      `/document/${document.id}/customization/signature/${chain.id}/${entryOf(bea.email)}`,
    );
    // Bea has no key yet: the screen's warning says so. A modal hides the page from role
    // queries, so it is closed first (it may open before or after the panel renders).
    const warning = bea.page.locator('[data-testid^="warning-"]');
    await warning.waitFor();
    await bea.page.keyboard.press('Escape');
    await warning.waitFor({ state: 'hidden' });
    const panel = bea.page.getByTestId('signatures-panel');
    await panel.getByRole('heading', { name: documentViewHu.signatures.title }).waitFor();
    const beasItem = panel.getByTestId('signature-item');
    await beasItem.first().waitFor({ timeout: 60_000 });
    expect(await beasItem.count()).toBe(1);
    expect(await beasItem.getAttribute('data-valid')).toBe('true');
    expect(await beasItem.innerText()).toContain(documentViewHu.signatures.valid);
    expect(await beasItem.innerText()).toContain(
      documentViewHu.signatures.onPage.replace('{{page}}', '2'),
    );
    await bea.page.locator('[data-testid="signing-preview-page"][data-state="shown"]').waitFor();
    expect(await bea.page.getByTestId('signing-preview-last').count()).toBe(1);
    expect(await fitsWidth(bea.page)).toBe(true);
    await beasItem.scrollIntoViewIfNeeded();
    await screenshot(bea.page, 'sign-signatures-hu-600');
  });
});
