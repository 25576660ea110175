import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { texts } from './fixtures/app-texts';
import {
  confirmAddress,
  newCredentials,
  register,
  signIn,
  type Credentials,
} from './fixtures/auth';
import { launchBrowser, mobileViewport, newContext, screenshot } from './fixtures/browser';
import { startServer, type RunningServer } from './fixtures/server';

const en = texts.chainsEn;
const hu = texts.chainsHu;

// A server of its own: without SMTP_URL it prints each mail, which the invited person reads here.
let server: RunningServer;
let browser: Browser;
const contexts: BrowserContext[] = [];

interface Person extends Credentials {
  page: Page;
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

/** A new person, registered through the embedded provider, signed in on a page of their own. */
async function newPerson(prefix: string, viewport?: { width: number; height: number }) {
  const context = await newContext(browser, server.baseUrl, viewport);
  contexts.push(context);
  const page = await context.newPage();
  const credentials = newCredentials(prefix);
  await register(page, credentials);
  await confirmAddress(page, server.fullOutput, credentials.email);
  return { ...credentials, page };
}

async function contract(title: string): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([595, 842]);
  page.drawText(title, {
    x: 72,
    y: 760,
    size: 24,
    font: await pdf.embedFont(StandardFonts.Helvetica),
  });
  return Buffer.from(await pdf.save());
}

/** The mailed link for `email` as printed without SMTP_URL. */
async function printedChainLink(email: string): Promise<URL> {
  let link: string | undefined;
  await expect
    .poll(
      () => {
        const printed = server.output().split(`Mail (no SMTP_URL set) to ${email}:`)[1];
        link = printed?.match(/http:\/\/\S+\/join\/chain#[A-Za-z0-9_-]{43}/)?.[0];
        return link;
      },
      { timeout: 20_000 },
    )
    .toBeDefined();
  return new URL(link!);
}

const row = (page: Page, fileName: string) =>
  page.getByTestId('chain-row').filter({ hasText: fileName });

/** Adds a registered person through the recipient search of the upload dialog. */
async function addRecipient(page: Page, email: string) {
  await page.getByTestId('recipient-search').fill(email);
  await page.getByTestId('recipient-option').filter({ hasText: email }).click();
}

/** Creates a chain through the upload dialog, from My Documents. */
async function createChain(
  creator: Person,
  fileName: string,
  participants: { add?: string[]; invite?: string[]; ordered?: boolean; approvers?: string[] },
) {
  const { page } = creator;
  await page.goto('/signatureChains/list');
  await page.getByTestId('upload-document').click();
  const dialog = page.getByTestId('upload-dialog');
  await dialog.waitFor();
  await page.getByTestId('upload-drop-input').setInputFiles({
    name: fileName,
    mimeType: 'application/pdf',
    buffer: await contract(fileName),
  });
  await page.getByTestId('upload-file').waitFor();
  for (const email of participants.add ?? []) await addRecipient(page, email);
  for (const email of participants.invite ?? []) {
    await page.getByTestId('recipient-search').fill(email);
    await page.getByTestId('invite-recipient').click();
  }
  for (const email of participants.approvers ?? []) {
    await addRecipient(page, email);
    // The role toggle cycles signer, clerk, viewer, approver (documents §4).
    const toggle = page
      .getByTestId('participant-editor-row')
      .filter({ hasText: email })
      .getByTestId('participant-role');
    for (let i = 0; i < 4 && (await toggle.innerText()) !== en.roles.APPROVER.toUpperCase(); i++) {
      await toggle.click();
    }
    expect(await toggle.innerText()).toBe(en.roles.APPROVER.toUpperCase());
  }
  if (participants.ordered) await page.getByTestId('upload-ordered').check();
  await page.getByTestId('upload-submit').click();
  await page.getByTestId('toast-success').filter({ hasText: en.toast.created }).waitFor();
  await dialog.waitFor({ state: 'hidden' });
  await row(page, fileName).waitFor();
}

/** The page's content is no wider than the window (nothing needs a sideways scroll). */
async function fitsWidth(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
}

describe('documents and signature chains in the browser', () => {
  let cora: Person;
  let sam: Person;
  let tina: Person;

  beforeAll(async () => {
    [cora, sam, tina] = await Promise.all([
      newPerson('cora'),
      newPerson('sam'),
      newPerson('tina', mobileViewport),
    ]);
  });

  it('an ordered chain reaches the first signer under TODO and the second under PENDING live, and an invited person finds it after registering', async () => {
    await sam.page.goto('/signatureChains/list/TODO');
    await sam.page.getByTestId('chains-table').waitFor();
    await tina.page.goto('/signatureChains/list/PENDING');
    await tina.page.getByTestId('chains-table').waitFor();

    const newcomer = newCredentials('newcomer');
    await createChain(cora, 'lease-2026.pdf', {
      add: [sam.email, tina.email],
      invite: [newcomer.email],
      ordered: true,
    });
    const created = Date.now();
    // No reload: the event stream brings the chain into the lists.
    await row(sam.page, 'lease-2026.pdf').waitFor({ timeout: 5_000 });
    const samSawItAfter = Date.now() - created;
    await row(tina.page, 'lease-2026.pdf').waitFor({ timeout: 5_000 });
    expect(samSawItAfter).toBeLessThan(5_000);
    await row(sam.page, 'lease-2026.pdf').getByTestId('chain-sign').waitFor();
    expect(
      await row(tina.page, 'lease-2026.pdf').getByTestId('chain-chip').getAttribute('data-chip'),
    ).toBe('pending');
    expect(await fitsWidth(tina.page)).toBe(true);
    await screenshot(tina.page, 'chains-pending-600');

    // The participants dialog names everyone in order; the second waits for the first.
    await row(cora.page, 'lease-2026.pdf').getByTestId('chain-more').click();
    await cora.page.getByTestId('chain-menu-participants').click();
    const signers = cora.page.getByTestId('participant-row');
    await expect.poll(() => signers.count()).toBe(3);
    expect(await signers.nth(0).getByTestId('participant-status').innerText()).toBe(
      en.entryStatus.CREATED,
    );
    expect(await signers.nth(1).getByTestId('participant-status').innerText()).toBe(
      en.entryStatus.WAITING,
    );
    await cora.page.keyboard.press('Escape');

    const link = await printedChainLink(newcomer.email);
    const context = await newContext(browser, server.baseUrl);
    contexts.push(context);
    const page = await context.newPage();
    await page.goto(link.pathname + link.hash);
    await register(page, newcomer, link.pathname + link.hash);
    await page.waitForURL((url) => url.pathname === '/join/chain');
    await confirmAddress(page, server.fullOutput, newcomer.email);
    await page.getByTestId('join-accept').click();
    await page.goto('/signatureChains/list');
    await row(page, 'lease-2026.pdf').waitFor();
  });

  it('a resend reaches the invited person once an hour; the second says when to try again', async () => {
    const invited = newCredentials('resent');
    await createChain(cora, 'resend-2026.pdf', { invite: [invited.email] });
    await row(cora.page, 'resend-2026.pdf').getByTestId('chain-more').click();
    await cora.page.getByTestId('chain-menu-participants').click();
    const resend = cora.page.getByRole('button', { name: en.participants.resend });
    await resend.click();
    await cora.page
      .getByTestId('toast-success')
      .filter({ hasText: en.toast.invitationsResent })
      .waitFor();
    await resend.click();
    // "Too many requests. Try again at 2026.11.27 00:35:00." in the user's local time.
    const [before] = texts.commonEn.errors.TOO_MANY_REQUESTS_AT.split('{{time}}');
    const limited = cora.page.getByTestId('toast-error').filter({ hasText: before! });
    await limited.waitFor();
    const [, day, clock] = /(\d{4}\.\d{2}\.\d{2}) (\d{2}:\d{2}:\d{2})/.exec(
      await limited.innerText(),
    )!;
    const retryAt = new Date(`${day!.replaceAll('.', '-')}T${clock}`);
    const inAnHour = Date.now() + 60 * 60 * 1000;
    expect(Math.abs(retryAt.getTime() - inAnHour)).toBeLessThan(2 * 60 * 1000);
    await screenshot(cora.page, 'chains-resend-limited-1280');
    await cora.page.keyboard.press('Escape');
  });

  it('a signer declines with a reason and the creator sees the chain fail live', async () => {
    await createChain(cora, 'offer.pdf', { add: [sam.email] });
    await cora.page.getByTestId('filter-ALL').click();
    await sam.page.goto('/signatureChains/list/TODO');
    const samsRow = row(sam.page, 'offer.pdf');
    await samsRow.getByTestId('chain-decline').click();
    await sam.page.getByTestId('decline-reason').fill('The price is wrong');
    await sam.page.getByTestId('decline-confirm').click();
    await sam.page.getByTestId('toast-success').filter({ hasText: en.toast.declined }).waitFor();

    const corasChip = row(cora.page, 'offer.pdf').getByTestId('chain-chip');
    await expect
      .poll(() => corasChip.getAttribute('data-chip'), { timeout: 5_000 })
      .toBe('declined');
    // Sam keeps the chain he declined, under Failed, shown as Declined (issue 26 §4).
    await sam.page.getByTestId('filter-FAILED').click();
    const samsFailed = row(sam.page, 'offer.pdf').getByTestId('chain-chip');
    await expect.poll(() => samsFailed.getAttribute('data-chip')).toBe('declined');
    expect(await samsFailed.innerText()).toBe(en.chip.declined);
    await sam.page.getByTestId('filter-TODO').click();
    await row(cora.page, 'offer.pdf').getByTestId('chain-more').click();
    await cora.page.getByTestId('chain-menu-participants').click();
    await cora.page.getByText('“The price is wrong”').waitFor();
    await cora.page.keyboard.press('Escape');
  });

  it('the creator withdraws a chain; a completed chain goes to the recycle bin, where the admin finds it', async () => {
    await createChain(cora, 'withdrawn.pdf', { add: [sam.email] });
    await row(cora.page, 'withdrawn.pdf').getByTestId('chain-withdraw').click();
    await cora.page.getByTestId('withdraw-confirm').click();
    await cora.page.getByTestId('toast-success').filter({ hasText: en.toast.withdrawn }).waitFor();
    await expect
      .poll(() =>
        row(cora.page, 'withdrawn.pdf').getByTestId('chain-chip').getAttribute('data-chip'),
      )
      .toBe('withdrawn');
    await expect.poll(() => row(sam.page, 'withdrawn.pdf').count(), { timeout: 5_000 }).toBe(0);

    // The declined offer is completed (failed): it can go to the recycle bin.
    await row(cora.page, 'offer.pdf').getByTestId('chain-more').click();
    await cora.page.getByTestId('chain-menu-delete').click();
    await cora.page.getByTestId('confirm-agree').click();
    await cora.page.getByTestId('toast-success').filter({ hasText: en.toast.deleted }).waitFor();
    await expect.poll(() => row(cora.page, 'offer.pdf').count()).toBe(0);

    const adminContext = await newContext(browser, server.baseUrl);
    contexts.push(adminContext);
    const admin = await adminContext.newPage();
    await signIn(admin, { email: server.adminEmail, password: server.adminPassword });
    await admin.goto('/signatureChains/administrator/recycleBin');
    await admin.getByTestId('recycle-bin-table').getByText('offer.pdf').waitFor();
    await admin.setViewportSize(mobileViewport);
    expect(await fitsWidth(admin)).toBe(true);
    await screenshot(admin, 'recycle-bin-600');
    await admin.setViewportSize({ width: 1280, height: 800 });
    await admin.goto('/signatureChains/administrator/list');
    await admin.getByTestId('all-documents-table').getByText('lease-2026.pdf').waitFor();
    expect(await admin.getByTestId('all-documents-table').getByText('offer.pdf').count()).toBe(0);
  });

  it('an approver approves on the approve screen with a comment, and the chain completes for its creator live', async () => {
    const alex = await newPerson('alex', mobileViewport);
    // The admin gives Alex the approver role.
    const adminContext = await newContext(browser, server.baseUrl);
    contexts.push(adminContext);
    const admin = await adminContext.newPage();
    await signIn(admin, { email: server.adminEmail, password: server.adminPassword });
    await admin.goto('/users');
    await admin.getByTestId('users-search').fill(alex.email);
    const userRow = admin.getByTestId('user-row').filter({ hasText: alex.email });
    await userRow
      .getByRole('button', { name: texts.usersEn.actions.update.replace('{{email}}', alex.email) })
      .click();
    const update = admin.getByRole('dialog', { name: texts.usersEn.dialog.updateTitle });
    await update.getByTestId('role-approver').click();
    await update.getByRole('button', { name: 'Update', exact: true }).click();
    await update.waitFor({ state: 'hidden' });

    await createChain(cora, 'budget.pdf', { approvers: [alex.email] });
    await cora.page.getByTestId('filter-ALL').click();
    await alex.page.goto('/signatureChains/list/TODO');
    await row(alex.page, 'budget.pdf').getByTestId('chain-approve').click();
    await alex.page.waitForURL((url) => url.pathname.includes('/approve-customization/'));
    // The whole document, one page: its only page is the last, so Approve is enabled once shown.
    await alex.page.locator('[data-testid="approve-document-page"][data-state="shown"]').waitFor();
    expect(await fitsWidth(alex.page)).toBe(true);
    await screenshot(alex.page, 'approve-600');
    await alex.page.getByTestId('approve-comment').fill('Within budget');
    await alex.page.getByTestId('approve-confirm').click();
    await alex.page.getByTestId('toast-success').filter({ hasText: en.toast.approved }).waitFor();
    await alex.page.waitForURL((url) => url.pathname === '/signatureChains/list');

    const corasChip = row(cora.page, 'budget.pdf').getByTestId('chain-chip');
    await expect
      .poll(() => corasChip.getAttribute('data-chip'), { timeout: 5_000 })
      .toBe('completed');
  });

  it('several files become one chain over the batch with the bulk switch, named by the batch', async () => {
    const { page } = cora;
    await page.goto('/signatureChains/upload');
    await page.getByTestId('upload-drop-input').setInputFiles([
      { name: 'annex-1.pdf', mimeType: 'application/pdf', buffer: await contract('annex 1') },
      { name: 'annex-2.pdf', mimeType: 'application/pdf', buffer: await contract('annex 2') },
    ]);
    await expect.poll(() => page.getByTestId('upload-file').count()).toBe(2);
    await page.getByTestId('upload-file-name').fill('Annexes 2026');
    await page.getByTestId('upload-bulk').check();
    await addRecipient(page, sam.email);
    await page.getByTestId('upload-submit').click();
    await page.getByTestId('toast-success').filter({ hasText: en.toast.created }).waitFor();
    await row(page, 'Annexes 2026').waitFor();
    await sam.page.goto('/signatureChains/list/TODO');
    await row(sam.page, 'Annexes 2026').waitFor();
    expect(await row(sam.page, 'annex-1.pdf').count()).toBe(0);
  });

  it('the dashboard counts and rows follow new chains live; a PDF put on its drop zone opens the upload dialog', async () => {
    await sam.page.goto('/dashboard');
    const todo = sam.page.getByTestId('stat-todo').locator('p').first();
    await expect.poll(() => todo.innerText()).toMatch(/^\d+$/);
    const before = Number(await todo.innerText());
    await createChain(cora, 'dashboard-live.pdf', { add: [sam.email] });
    await expect.poll(() => todo.innerText(), { timeout: 5_000 }).toBe(String(before + 1));
    await sam.page
      .getByTestId('dashboard-row-TODO')
      .getByTestId('chain-thumbnail')
      // The card's title is cut at 16 characters; the full name is its tooltip.
      .filter({ has: sam.page.locator('[title="dashboard-live.pdf"]') })
      .waitFor({ timeout: 5_000 });
    // Its first page, rendered by the server.
    await sam.page
      .getByTestId('dashboard-row-TODO')
      .getByTestId('chain-thumbnail-image')
      .first()
      .waitFor();
    await screenshot(sam.page, 'dashboard-1280');

    await cora.page.goto('/dashboard');
    await cora.page.getByTestId('dashboard-drop-input').setInputFiles({
      name: 'dropped.pdf',
      mimeType: 'application/pdf',
      buffer: await contract('dropped'),
    });
    await cora.page.getByTestId('upload-dialog').waitFor();
    // The name field starts empty, the file's name its placeholder (issue 38 §8).
    const name = cora.page.getByTestId('upload-file-name');
    expect(await name.inputValue()).toBe('');
    expect(await name.getAttribute('placeholder')).toBe('dropped.pdf');
    await cora.page.keyboard.press('Escape');
  });

  it('previews page 1 of the chosen PDF, asking for the password of a protected one', async () => {
    const { page } = cora;
    await page.goto('/signatureChains/upload');
    await page.getByTestId('upload-drop-input').setInputFiles({
      name: 'plain.pdf',
      mimeType: 'application/pdf',
      buffer: await contract('plain'),
    });
    const canvas = page.getByTestId('pdf-preview-canvas');
    const preview = page.getByTestId('pdf-preview');
    const heightWhileLoading = (await preview.boundingBox())?.height;
    // pdf.js renders in a worker: on a loaded machine that takes more than a second.
    await expect.poll(() => canvas.getAttribute('data-state'), { timeout: 15_000 }).toBe('shown');
    // The preview holds an A4 page's box (220 px wide) from the start, so the fields below it do
    // not move under the pointer when the page appears; the page fits inside it.
    const held = await preview.boundingBox();
    const page1 = await canvas.boundingBox();
    expect(held?.height).toBe(Math.round((220 * 297) / 210));
    expect(heightWhileLoading).toBe(held?.height);
    expect(page1!.width).toBeGreaterThan(150);
    expect(page1!.height).toBeLessThanOrEqual(held!.height);
    await screenshot(page, 'upload-preview-1280');
    await page.keyboard.press('Escape');

    // qpdf encrypts a copy with a user password (AES-256).
    const dir = mkdtempSync(join(tmpdir(), 'signet-e2e-pdf-'));
    writeFileSync(join(dir, 'in.pdf'), await contract('secret'));
    execFileSync('qpdf', [
      '--encrypt',
      'open-sesame',
      'owner-pw',
      '256',
      '--',
      join(dir, 'in.pdf'),
      join(dir, 'out.pdf'),
    ]);
    const locked = readFileSync(join(dir, 'out.pdf'));
    rmSync(dir, { recursive: true, force: true });
    await page.goto('/signatureChains/upload');
    await page.getByTestId('upload-drop-input').setInputFiles({
      name: 'secret.pdf',
      mimeType: 'application/pdf',
      buffer: locked,
    });
    await page.getByTestId('pdf-password').fill('wrong guess');
    await page.getByTestId('pdf-password').press('Enter');
    await page.getByTestId('pdf-password-incorrect').waitFor();
    await page.getByTestId('pdf-password').fill('open-sesame');
    await page.getByTestId('pdf-password').press('Enter');
    await expect
      .poll(() => page.getByTestId('pdf-preview-canvas').getAttribute('data-state'), {
        timeout: 15_000,
      })
      .toBe('shown');
    await page.keyboard.press('Escape');
  });

  it('speaks Hungarian and fits 600 px on My Documents and in the upload dialog', async () => {
    const { page } = tina;
    await page.goto('/user/profile');
    await page.getByRole('combobox', { name: texts.profileEn.language.label }).click();
    await page.getByRole('option', { name: texts.profileEn.language.HU }).click();
    await page
      .getByTestId('toast-success')
      .getByText(texts.profileHu.toast.languageChanged)
      .waitFor();
    await page.goto('/signatureChains/list');
    await page.getByRole('heading', { name: hu.title }).waitFor();
    await page.getByTestId('filter-SIGNED').getByText(hu.filters.SIGNED).waitFor();
    expect(await fitsWidth(page)).toBe(true);
    await page.getByTestId('view-thumbnails').click();
    await page.getByTestId('chain-thumbnail').first().waitFor();
    expect(await fitsWidth(page)).toBe(true);
    await screenshot(page, 'chains-thumbnails-hu-600');
    await page.getByTestId('upload-document').click();
    await page.getByRole('heading', { name: hu.uploadDialog.title }).waitFor();
    await page.getByTestId('add-me').click();
    await page.getByTestId('participant-role').getByText(hu.roles.CREATOR_AND_SIGNER).waitFor();
    expect(await fitsWidth(page)).toBe(true);
    await screenshot(page, 'upload-dialog-hu-600');
    await page.goto('/dashboard');
    await page.getByTestId('dashboard-row-TODO').waitFor();
    await page.getByText(hu.dashboard.workflows.sign).waitFor();
    expect(await fitsWidth(page)).toBe(true);
    await screenshot(page, 'dashboard-hu-600');
  });
});
