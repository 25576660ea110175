import { PDFDocument } from 'pdf-lib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs, type Api } from './fixtures/api';
import { texts } from './fixtures/app-texts';
import { confirmAddress, newCredentials, register, type Credentials } from './fixtures/auth';
import { launchBrowser, mobileViewport, newContext, screenshot } from './fixtures/browser';
import { mailSubjectsTo } from './fixtures/mailbox';
import { startServer, type RunningServer } from './fixtures/server';

const en = texts.chainsEn;
const profileEn = texts.profileEn;
const profileHu = texts.profileHu;

// A server of its own: without SMTP_URL it prints each mail on its console, which this test
// reads the way the owner of a mailbox reads their mail.
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

interface Person extends Credentials {
  page: Page;
  api: Api;
}

/** A new person registered and confirmed through the embedded provider, in a 600 px page. */
async function newPerson(prefix: string): Promise<Person> {
  const context = await newContext(browser, server.baseUrl, mobileViewport);
  contexts.push(context);
  const page = await context.newPage();
  const credentials = newCredentials(prefix);
  await register(page, credentials);
  await confirmAddress(page, server.fullOutput, credentials.email);
  return { ...credentials, page, api: apiAs(server.baseUrl, page) };
}

/** The subjects of the mails printed for `email` so far. */
const subjectsTo = (email: string) => mailSubjectsTo(server, email);

async function pdfBytes(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.addPage([595, 842]);
  return Buffer.from(await pdf.save());
}

const keyPassword = '246810';

/** An activated EXPLICIT credential of the embedded CA for `who`; answers its id. */
async function activatedKey(who: Person): Promise<string> {
  const created = await who.api.post<{ id: string }>('/rssp/v1/credentials', {
    description: 'Notice test key',
    keyAlg: 'ec',
    ecCurveName: 'prime256v1',
    authMode: 'EXPLICIT',
    certificateEnrollmentMode: 'CMP',
    distinguishedName: { commonName: 'Notice Tester', countryName: 'HU' },
  });
  await who.api.post(`/rssp/v1/credentials/${created.id}/activate`, {
    keyPassword,
    keyPuk: '123412341234',
  });
  return created.id;
}

const row = (page: Page, fileName: string) =>
  page.getByTestId('chain-row').filter({ hasText: fileName });

/** `YYYY-MM-DDTHH:mm` of a time in the browser's zone (the page runs in the test's zone). */
function localInput(at: Date): string {
  return new Date(at.getTime() - at.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

describe('people are told (issue 26 §3)', () => {
  let cora: Person;
  let sam: Person;

  beforeAll(async () => {
    [cora, sam] = await Promise.all([newPerson('cora'), newPerson('sam')]);
  });

  it('a creator sets a due date, the signer is told it is their turn, and the creator reminds them once a day', async () => {
    const { page } = cora;
    await page.goto('/signatureChains/list');
    await page.getByTestId('upload-document').click();
    const dialog = page.getByTestId('upload-dialog');
    await dialog.waitFor();
    await page.getByTestId('upload-drop-input').setInputFiles({
      name: 'due-contract.pdf',
      mimeType: 'application/pdf',
      buffer: await pdfBytes(),
    });
    await page.getByTestId('upload-file').waitFor();
    await page.getByTestId('recipient-search').fill(sam.email);
    await page.getByTestId('recipient-option').filter({ hasText: sam.email }).click();
    // A past date is refused in the form.
    const due = page.getByTestId('upload-due-at');
    await due.fill(localInput(new Date(Date.now() - 3_600_000)));
    await dialog.getByText(en.uploadDialog.duePast).waitFor();
    expect(await page.getByTestId('upload-submit').isDisabled()).toBe(true);
    const dueAt = new Date(Date.now() + 2 * 86_400_000);
    await due.fill(localInput(dueAt));
    await screenshot(page, 'upload-due-date-600');
    await page.getByTestId('upload-submit').click();
    await page.getByTestId('toast-success').filter({ hasText: en.toast.created }).waitFor();
    await row(page, 'due-contract.pdf').waitFor();

    // Sam is registered: a "your turn" mail, not an invitation.
    await expect
      .poll(() => subjectsTo(sam.email), { timeout: 20_000 })
      .toContain('Signet: it is your turn to sign a document');

    // The due date is in the chain's details.
    await row(page, 'due-contract.pdf').getByTestId('chain-more').click();
    await page.getByTestId('chain-menu-info').click();
    const info = page.getByTestId('chain-info');
    await info.getByText(en.info.dueAt).waitFor();
    await screenshot(page, 'chain-info-due-date-600');
    await page.keyboard.press('Escape');
    await info.waitFor({ state: 'hidden' });

    // Remind from the participants dialog: once, then "less than a day ago".
    await row(page, 'due-contract.pdf').getByTestId('chain-more').click();
    await page.getByTestId('chain-menu-participants').click();
    await page.getByTestId('remind-participants').click();
    await page
      .getByTestId('toast-success')
      .filter({ hasText: en.toast.reminded.replace('{{emails}}', sam.email) })
      .waitFor();
    await screenshot(page, 'participants-remind-600');
    await expect
      .poll(() => subjectsTo(sam.email), { timeout: 20_000 })
      .toContain('Signet: reminder, a document waits for your signature');
    await page.getByTestId('remind-participants').click();
    await page.getByTestId('toast-error').waitFor();
    expect(subjectsTo(sam.email).filter((s) => s.startsWith('Signet: reminder'))).toHaveLength(1);
  });

  it('in an ordered chain the second signer is told only after the first signed, and the creator when it is completed', async () => {
    const [tess, uma] = await Promise.all([newPerson('tess'), newPerson('uma')]);
    const keys = await Promise.all([tess, uma].map((who) => activatedKey(who)));
    const document = await cora.api.post<{ id: string }>(
      '/rdss/v1/documents?fileName=ordered-notice.pdf',
      new Uint8Array(await pdfBytes()),
    );
    const chain = await cora.api.post<{ id: string; signatures: { id: string }[] }>(
      '/rdss/v1/signatureChains',
      {
        type: 'ORDERED',
        signers: [{ email: tess.email }, { email: uma.email }],
        origDocId: document.id,
      },
    );
    const yourTurn = 'Signet: it is your turn to sign a document';
    await expect.poll(() => subjectsTo(tess.email), { timeout: 20_000 }).toContain(yourTurn);
    expect(subjectsTo(uma.email)).not.toContain(yourTurn);

    const sign = (who: Person, credentialId: string, entryId: string) =>
      who.api.post('/rdss/v1/signatures/sign', {
        credentialOptions: { credentialId, PIN: keyPassword },
        signatures: [{ signatureId: chain.id, currentSignatureId: entryId }],
      });
    await sign(tess, keys[0]!, chain.signatures[0]!.id);
    await expect.poll(() => subjectsTo(uma.email), { timeout: 20_000 }).toContain(yourTurn);
    expect(subjectsTo(tess.email).filter((s) => s === yourTurn)).toHaveLength(1);
    expect(subjectsTo(cora.email)).not.toContain('Signet: a signature chain is completed');

    await sign(uma, keys[1]!, chain.signatures[1]!.id);
    await expect
      .poll(() => subjectsTo(cora.email), { timeout: 20_000 })
      .toContain('Signet: a signature chain is completed');
    await cora.page.goto('/signatureChains/list/SIGNED');
    await row(cora.page, 'ordered-notice.pdf').waitFor();
  });

  it('a chain whose due date passed shows as Expired in the lists', async () => {
    const document = await cora.api.post<{ id: string }>(
      '/rdss/v1/documents?fileName=expiring.pdf',
      new Uint8Array(await pdfBytes()),
    );
    await cora.api.post('/rdss/v1/signatureChains', {
      type: 'UNORDERED',
      signers: [{ email: sam.email }],
      origDocId: document.id,
      dueAt: new Date(Date.now() + 4_000).toISOString(),
    });
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    await sam.page.goto('/signatureChains/list');
    const chip = row(sam.page, 'expiring.pdf').getByTestId('chain-chip');
    await chip.waitFor();
    expect(await chip.getAttribute('data-chip')).toBe('expired');
    expect(await chip.innerText()).toBe(en.chip.expired);
    await screenshot(sam.page, 'chain-expired-600');
  });

  it('the mail preference is saved on My profile, in English and Hungarian', async () => {
    const { page } = sam;
    await page.goto('/user/profile');
    await page.getByText(profileEn.mail.title, { exact: true }).waitFor();
    await page.getByLabel(profileEn.mail.YOUR_TURN).check();
    await page
      .getByTestId('toast-success')
      .filter({ hasText: profileEn.toast.mailChanged })
      .waitFor();
    await page.reload();
    await expect.poll(() => page.getByLabel(profileEn.mail.YOUR_TURN).isChecked()).toBe(true);
    await screenshot(page, 'profile-mail-600');

    await sam.api.put('/api/v1/users/self', { locale: 'HU' });
    await page.reload();
    await page.getByText(profileHu.mail.title, { exact: true }).waitFor();
    await page.getByLabel(profileHu.mail.NONE).check();
    await page
      .getByTestId('toast-success')
      .filter({ hasText: profileHu.toast.mailChanged })
      .waitFor();
    const self = await sam.api.get<{ mailPreference: string }>('/api/v1/users/self');
    expect(self.mailPreference).toBe('NONE');
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true);
    await screenshot(page, 'profile-mail-hu-600');
  });
});
