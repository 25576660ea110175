import { readFile } from 'node:fs/promises';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import credentialsEn from '../apps/web/src/features/credentials/i18n/en.json';
import { newCredentials, register, signIn } from './fixtures/auth';
import { launchBrowser, mobileViewport, newContext, screenshot, settled } from './fixtures/browser';

const baseUrl = inject('baseUrl');
const admin = { email: inject('adminEmail'), password: inject('adminPassword') };
const texts = credentialsEn;

const user = newCredentials('keys');
const suffix = user.email.slice(5, 15);
const userCredential = `Signing key ${suffix}`;
const adminCredential = `Admin made ${suffix}`;
const keyPassword = '123456';
const newKeyPassword = '654321';
/** The PUK shown once at activation (digits only), for the PUK dialogs. */
let activationPuk = '';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Fills a key dialog's new key password and its confirmation. */
async function fillNewPassword(dialog: Locator, password: string) {
  await dialog
    .getByLabel(texts.changePassword.newKeyPassword, { exact: false })
    .first()
    .fill(password);
  await dialog
    .getByLabel(texts.changePassword.confirmNewKeyPassword, { exact: false })
    .fill(password);
}

/** Picks an option of an MUI select by the field's label and the option's text. */
async function choose(page: Page, scope: Locator, label: string, option: string) {
  await scope.getByRole('combobox', { name: new RegExp(`^${escapeRegExp(label)}`) }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await page.getByRole('listbox').waitFor({ state: 'hidden' });
}

async function openCreateDialog(page: Page): Promise<Locator> {
  await page.getByTestId('create-credential').click();
  const dialog = page.getByRole('dialog', { name: texts.dialog.createTitle });
  await dialog.waitFor({ state: 'visible' });
  return dialog;
}

function rowOf(page: Page, description: string): Locator {
  return page.getByTestId('credential-row').filter({ hasText: description });
}

describe('a user and their credentials', () => {
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    context = await newContext(browser, baseUrl);
    page = await context.newPage();
    await register(page, user);
  });

  afterAll(async () => {
    await context?.close();
  });

  it('creates an RSA credential with CMP enrollment', async () => {
    await page.goto('/credentials');
    await page.getByRole('heading', { name: texts.title }).waitFor({ state: 'visible' });
    const dialog = await openCreateDialog(page);
    const submit = dialog.getByTestId('credential-submit');
    expect(await submit.isDisabled()).toBe(true);

    // §5: the description needs 4 to 255 characters; a longer one is kept and named, not cut.
    const description = dialog.getByLabel(texts.dialog.description, { exact: false });
    await description.fill('abc');
    await dialog.getByText(texts.validation.descriptionSize).waitFor({ state: 'visible' });
    await description.fill('d'.repeat(256));
    await dialog.getByText(texts.validation.descriptionSize).waitFor({ state: 'visible' });
    expect(await description.inputValue()).toHaveLength(256);
    const longName = dialog.getByTestId('credential-common-name');
    await longName.fill('n'.repeat(65));
    await dialog.getByText(texts.validation.commonNameSize).waitFor({ state: 'visible' });
    expect(await longName.inputValue()).toHaveLength(65);
    await longName.fill('');

    // SLH-DSA signs only: its purposes do not include Decrypt (RSA's do).
    await choose(page, dialog, texts.dialog.keyAlg, texts.keyAlg['sphincs+']);
    const purposes = async () => {
      await dialog
        .getByRole('combobox', { name: new RegExp(`^${texts.dialog.keyPurpose}`) })
        .click();
      const names = await page.getByRole('option').allInnerTexts();
      await page.keyboard.press('Escape');
      await page.getByRole('listbox').waitFor({ state: 'hidden' });
      return names;
    };
    expect(await purposes()).toEqual([
      texts.keyPurpose.ASYMMETRIC_SIGN,
      texts.keyPurpose.AUTHENTICATE,
    ]);
    await choose(page, dialog, texts.dialog.keyAlg, texts.keyAlg.rsa);
    expect(await purposes()).toContain(texts.keyPurpose.ASYMMETRIC_DECRYPT);
    await dialog.getByLabel(texts.dialog.description, { exact: false }).fill(userCredential);
    await choose(page, dialog, texts.dialog.keyAlg, texts.keyAlg.rsa);
    await choose(page, dialog, texts.dialog.rsaKeySize, '2048');
    await choose(page, dialog, texts.dialog.authMode, texts.authMode.EXPLICIT);
    await choose(page, dialog, texts.dialog.enrollmentMode, texts.enrollmentMode.CMP);
    const commonName = dialog.getByTestId('credential-common-name');
    if ((await commonName.inputValue()) === '') await commonName.fill('Erin Tester');
    await choose(page, dialog, texts.dialog.countryName, 'Hungary');

    // Custom OID: add only when both are valid.
    const addOid = dialog.getByTestId('custom-oid-add');
    await dialog.getByTestId('custom-oid').fill('1.2.03');
    await dialog.getByText(texts.validation.invalidOid).waitFor({ state: 'visible' });
    expect(await addOid.isDisabled()).toBe(true);
    await dialog.getByTestId('custom-oid').fill('1.3.6.1.4.1.99999.1');
    await dialog.getByTestId('custom-oid-value').fill('e2e');
    await addOid.click();
    await dialog.getByTestId('custom-oid-list').getByText('1.3.6.1.4.1.99999.1').waitFor();
    await screenshot(page, 'credential-create-1280');

    await submit.click();
    await dialog.waitFor({ state: 'hidden', timeout: 90_000 });
    await page.getByTestId('toast-success').waitFor({ state: 'visible' });
    const row = rowOf(page, userCredential);
    await row.waitFor({ state: 'visible' });
    expect(await row.getByTestId('credential-status').innerText()).toContain(texts.status.inactive);
    await row.getByTestId('credential-expand').click();
    const details = page.getByTestId('credential-details').first();
    await details.getByText(texts.details.bits.replace('{{size}}', '2048')).waitFor();
    await settled(page); // the row's expand animation
    await screenshot(page, 'credentials-list-1280');
  });

  it('activates it with a key password and sees the PUK once', async () => {
    const row = rowOf(page, userCredential);
    await row.getByTestId('credential-activate').click();
    const dialog = page.getByRole('dialog', { name: texts.activation.title });
    await dialog.waitFor({ state: 'visible' });
    // What a key password must be is said before any mistake.
    await dialog
      .getByText(texts.hint.keyPassword.replace('{{min}}', '6'))
      .waitFor({ state: 'visible' });
    await dialog.getByLabel(texts.activation.keyPassword, { exact: false }).first().fill('12ab');
    await dialog.getByLabel(texts.activation.confirmKeyPassword, { exact: false }).click();
    await dialog.getByText(texts.validation.minSixCharacters).waitFor({ state: 'visible' });
    await dialog
      .getByLabel(texts.activation.keyPassword, { exact: false })
      .first()
      .fill(keyPassword);
    await dialog
      .getByLabel(texts.activation.confirmKeyPassword, { exact: false })
      .fill(keyPassword);
    await dialog.getByRole('button', { name: texts.activation.submit, exact: true }).click();

    const puk = page.getByTestId('puk-value');
    await puk.waitFor({ state: 'visible' });
    expect(await puk.innerText()).toMatch(/^\d{4}-\d{4}-\d{4}$/);
    activationPuk = (await puk.innerText()).replace(/-/g, '');
    await screenshot(page, 'credential-puk-1280');
    await page.getByTestId('puk-confirm').click();
    await puk.waitFor({ state: 'detached' });
    await row
      .getByTestId('credential-status')
      .getByText(texts.status.enabled, { exact: true })
      .waitFor();
  });

  it('sees the certificate chain from end user to root', async () => {
    const row = rowOf(page, userCredential);
    await row.getByTestId('credential-certificates').click();
    await page.waitForURL((url) => url.pathname.endsWith('/certificates'));
    const rows = page.getByTestId('certificate-row');
    await rows.first().waitFor({ state: 'visible' });
    const count = await rows.count();
    expect(count).toBeGreaterThanOrEqual(2);
    expect(await rows.first().getByTestId('certificate-rank').innerText()).toBe(
      texts.certificates.endUser,
    );
    expect(await rows.last().getByTestId('certificate-rank').innerText()).toBe(
      texts.certificates.root,
    );
    expect(await rows.first().getByTestId('certificate-issued-to').innerText()).toBe('Erin Tester');

    const download = page.waitForEvent('download');
    await page.getByTestId('download-request').click();
    expect((await download).suggestedFilename()).toBe(`${userCredential}-certReq.pem`);
    await screenshot(page, 'certificates-1280');

    // Edit mode asks before leaving; cancel keeps the page, the editor's cancel leaves edit mode.
    await page.getByTestId('certificates-edit').click();
    await rows
      .first()
      .getByRole('button', { name: texts.certificates.moveDown.replace('{{name}}', 'Erin Tester') })
      .click();
    await expect
      .poll(() => rows.last().getByTestId('certificate-issued-to').innerText())
      .toBe('Erin Tester');
    // An order that is not the one saved says so, and names the order that will be saved.
    const savedOrder = page.getByTestId('certificates-saved-order');
    await savedOrder.waitFor({ state: 'visible' });
    expect(await savedOrder.innerText()).toContain('Erin Tester →');
    await screenshot(page, 'certificates-edit-1280');
    await page.getByTestId('certificates-back').click();
    const leave = page.getByTestId('leave-dialog');
    await leave.waitFor({ state: 'visible' });
    await screenshot(page, 'certificates-leave-1280');
    await leave.getByRole('button', { name: texts.certificates.stay, exact: true }).click();
    await leave.waitFor({ state: 'hidden' });
    await page.getByTestId('certificates-cancel').click();
    await page.getByTestId('certificates-edit').waitFor({ state: 'visible' });
    await expect
      .poll(() => rows.first().getByTestId('certificate-issued-to').innerText())
      .toBe('Erin Tester');

    // Replace the chain: drop the root, refuse a .txt, upload the root again (PEM) and save.
    await page.getByTestId('certificates-edit').click();
    const rootName = await rows.last().getByTestId('certificate-issued-to').innerText();
    await rows
      .last()
      .getByRole('button', { name: texts.certificates.delete.replace('{{name}}', rootName) })
      .click();
    await expect.poll(() => rows.count()).toBe(count - 1);
    const rootPem = await (await fetch(`${baseUrl}/rssp/v1/ca/certificate`)).text();
    const fileInput = page.getByTestId('certificates-file');
    await fileInput.setInputFiles({
      name: 'root.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from(rootPem),
    });
    await page.getByTestId('toast-error').waitFor({ state: 'visible' });
    await fileInput.setInputFiles({
      name: 'root.pem',
      mimeType: 'application/x-pem-file',
      buffer: Buffer.from(rootPem),
    });
    await expect.poll(() => rows.count()).toBe(count);

    // Upload order does not rank: the end user's certificate uploaded after the root is first.
    const endUserDownload = page.waitForEvent('download');
    await rows
      .first()
      .getByRole('button', { name: texts.certificates.download.replace('{{name}}', 'Erin Tester') })
      .click();
    const endUserPem = await readFile((await (await endUserDownload).path())!, 'utf8');
    await rows
      .first()
      .getByRole('button', { name: texts.certificates.delete.replace('{{name}}', 'Erin Tester') })
      .click();
    await expect.poll(() => rows.count()).toBe(count - 1);
    await fileInput.setInputFiles({
      name: 'erin.pem',
      mimeType: 'application/x-pem-file',
      buffer: Buffer.from(endUserPem),
    });
    await expect.poll(() => rows.count()).toBe(count);
    expect(await rows.first().getByTestId('certificate-issued-to').innerText()).toBe('Erin Tester');
    expect(await rows.first().getByTestId('certificate-rank').innerText()).toBe(
      texts.certificates.endUser,
    );
    expect(await savedOrder.count()).toBe(0);
    await page.getByTestId('certificates-save').click();
    await page
      .getByTestId('toast-success')
      .filter({ hasText: texts.toast.chainSaved })
      .waitFor({ state: 'visible' });
    // The success replaced the earlier upload error at once: no stale red toast is left.
    expect(await page.getByTestId('toast-error').count()).toBe(0);
    await page.getByTestId('certificates-edit').waitFor({ state: 'visible' });
    expect(await rows.first().getByTestId('certificate-rank').innerText()).toBe(
      texts.certificates.endUser,
    );
    expect(await rows.last().getByTestId('certificate-rank').innerText()).toBe(
      texts.certificates.root,
    );

    await page.getByTestId('certificates-back').click();
    await page.waitForURL((url) => url.pathname === '/credentials');
  });

  it('changes the key password', async () => {
    const row = rowOf(page, userCredential);
    await row.getByTestId('credential-more').click();
    await page.getByTestId('credential-changePassword').click();
    const dialog = page.getByRole('dialog', { name: texts.changePassword.title });
    await dialog.waitFor({ state: 'visible' });
    await dialog
      .getByLabel(texts.changePassword.oldKeyPassword, { exact: false })
      .fill(keyPassword);
    await fillNewPassword(dialog, newKeyPassword);
    const confirmation = dialog.getByLabel(texts.changePassword.confirmNewKeyPassword, {
      exact: false,
    });
    await confirmation.fill('111111');
    await confirmation.press('Tab');
    await dialog.getByText(texts.validation.confirmationMismatch).waitFor({ state: 'visible' });
    await fillNewPassword(dialog, newKeyPassword);
    await dialog.getByRole('button', { name: texts.changePassword.submit, exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page
      .getByTestId('toast-success')
      .filter({ hasText: texts.toast.passwordChanged })
      .waitFor({ state: 'visible' });
  });

  it('changes the PUK (a wrong one keeps the dialog open), then unlocks with the new PUK', async () => {
    const row = rowOf(page, userCredential);
    await row.getByTestId('credential-more').click();
    await page.getByTestId('credential-changePuk').click();
    const dialog = page.getByRole('dialog', { name: texts.changePuk.title });
    await dialog.waitFor({ state: 'visible' });
    await dialog.getByLabel(texts.changePuk.oldKeyPuk, { exact: false }).fill('000000000000');
    await fillNewPassword(dialog, keyPassword);
    await dialog.getByRole('button', { name: texts.changePuk.submit, exact: true }).click();
    await page.getByTestId('toast-error').first().waitFor({ state: 'visible' });
    expect(await dialog.isVisible()).toBe(true);
    await dialog.getByLabel(texts.changePuk.oldKeyPuk, { exact: false }).fill(activationPuk);
    await dialog.getByRole('button', { name: texts.changePuk.submit, exact: true }).click();
    const puk = page.getByTestId('puk-value');
    await puk.waitFor({ state: 'visible' });
    const newPuk = (await puk.innerText()).replace(/-/g, '');
    expect(newPuk).toMatch(/^\d{12}$/);
    expect(newPuk).not.toBe(activationPuk);
    await page.getByTestId('puk-confirm').click();
    await puk.waitFor({ state: 'detached' });

    await row.getByTestId('credential-more').click();
    await page.getByTestId('credential-unlock').click();
    const unlock = page.getByRole('dialog', { name: texts.unlock.title });
    await unlock.waitFor({ state: 'visible' });
    await unlock.getByLabel(texts.unlock.keyPuk, { exact: false }).fill(newPuk);
    await fillNewPassword(unlock, newKeyPassword);
    await unlock.getByRole('button', { name: texts.unlock.submit, exact: true }).click();
    await unlock.waitFor({ state: 'hidden' });
    await page
      .getByTestId('toast-success')
      .filter({ hasText: texts.toast.unlocked })
      .waitFor({ state: 'visible' });
  });

  it('offers a way back when a credential does not exist', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    await page.goto(`/credentials/${missing}/update`);
    const dialog = page.getByRole('dialog', { name: texts.dialog.updateTitle });
    await dialog.getByText(texts.dialog.loadError).waitFor({ state: 'visible' });
    await dialog.getByTestId('dialog-close').click();
    await page.waitForURL((url) => url.pathname === '/credentials');
    await page.goto(`/credentials/${missing}/certificates`);
    await page.getByText(texts.dialog.loadError).waitFor({ state: 'visible' });
    await page.getByTestId('certificates-back').click();
    await page.waitForURL((url) => url.pathname === '/credentials');
  });

  it('is usable at 600 px', async () => {
    await page.setViewportSize(mobileViewport);
    await page.goto('/credentials');
    const row = rowOf(page, userCredential);
    await row.waitFor({ state: 'visible' });
    await row.getByTestId('credential-expand').click();
    await page.getByTestId('credential-details').first().waitFor({ state: 'visible' });
    await settled(page);
    await screenshot(page, 'credentials-list-600');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(mobileViewport.width);
    const dialog = await openCreateDialog(page);
    await screenshot(page, 'credential-create-600');
    await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    await row.getByTestId('credential-certificates').click();
    await page.getByTestId('certificate-row').first().waitFor({ state: 'visible' });
    await screenshot(page, 'certificates-600');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      mobileViewport.width,
    );
    // Request a certificate for the stored request from the CA (the embedded one here; CMP
    // against an external CA is covered by apps/server/test/rssp-cmp.test.ts).
    await page.getByTestId('certificates-request-ca').click();
    const request = page.getByTestId('request-certificate-dialog');
    await request.getByText(texts.cmp.requestText).waitFor({ state: 'visible' });
    await screenshot(page, 'certificates-request-ca-600');
    await request.getByTestId('request-certificate-submit').click();
    await request.waitFor({ state: 'hidden' });
    await page.getByText(texts.toast.certificateIssued).waitFor({ state: 'visible' });
    expect(await page.getByTestId('certificate-row').count()).toBe(2);
  });
});

describe('an admin', () => {
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    context = await newContext(browser, baseUrl);
    page = await context.newPage();
    await signIn(page, admin);
  });

  afterAll(async () => {
    await context?.close();
  });

  it('creates a credential for the user, which shows in the admin list with the e-mail', async () => {
    await page.goto('/credentialsAdmin');
    await page.getByRole('heading', { name: texts.adminTitle }).waitFor({ state: 'visible' });
    const dialog = await openCreateDialog(page);
    const picker = dialog.getByRole('combobox', { name: new RegExp(`^${texts.dialog.user}`) });
    await picker.fill(user.email);
    await page.getByRole('option', { name: new RegExp(escapeRegExp(user.email)) }).click();
    await dialog.getByLabel(texts.dialog.description, { exact: false }).fill(adminCredential);
    await choose(page, dialog, texts.dialog.keyAlg, texts.keyAlg.ec);
    await choose(page, dialog, texts.dialog.ecCurveName, 'prime256v1');
    // A key used on a phone (the form starts with a key password: issue 38 §5).
    await choose(page, dialog, texts.dialog.authMode, texts.authMode.IMPLICIT);
    await screenshot(page, 'credential-create-admin-1280');
    await dialog.getByTestId('credential-submit').click();
    await dialog.waitFor({ state: 'hidden', timeout: 60_000 });

    await page.getByTestId('credentials-search').fill(adminCredential);
    await page.waitForURL((url) => url.searchParams.get('q') === adminCredential);
    const row = rowOf(page, adminCredential);
    await row.waitFor({ state: 'visible' });
    expect(await row.innerText()).toContain(user.email);
    // P§2: the admin list has every column of the user's list, plus user and e-mail.
    for (const column of ['keyPurpose', 'authMode', 'user', 'email'] as const) {
      await page.getByRole('columnheader', { name: texts.columns[column] }).waitFor();
    }
    // An admin does not activate someone else's credential.
    expect(await row.getByTestId('credential-activate').count()).toBe(0);
    await screenshot(page, 'credentials-admin-1280');

    // Update: the link carries the owner's id; only the description can change.
    await row.getByTestId('credential-update').click();
    await page.waitForURL(
      (url) => url.pathname.endsWith('/update') && url.pathname.split('/').length === 5,
    );
    const update = page.getByRole('dialog', { name: texts.dialog.updateTitle });
    await update.waitFor({ state: 'visible' });
    expect(
      await update
        .getByRole('textbox', { name: new RegExp(`^${texts.dialog.keyAlg}`) })
        .isDisabled(),
    ).toBe(true);
    await update.getByTestId('credential-description').fill(`${adminCredential} v2`);
    await update.getByTestId('credential-submit').click();
    await update.waitFor({ state: 'hidden' });
    await page.waitForURL((url) => url.pathname === '/credentialsAdmin');
    await rowOf(page, `${adminCredential} v2`).waitFor({ state: 'visible' });
    await page.setViewportSize(mobileViewport);
    await screenshot(page, 'credentials-admin-600');
  });
});

describe('the user with an implicit credential and no device', () => {
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    context = await newContext(browser, baseUrl);
    page = await context.newPage();
    await signIn(page, user);
  });

  afterAll(async () => {
    await context?.close();
  });

  it('leaves no tooltip that catches clicks after a dialog closed with Esc', async () => {
    await page.goto('/credentials');
    const row = rowOf(page, `${adminCredential} v2`);
    await row.waitFor({ state: 'visible' });
    await row.getByTestId('credential-activate').click();
    const dialog = page.getByTestId('no-device-dialog');
    await dialog.waitFor({ state: 'visible' });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    // Focus is back on the button, whose tooltip may show; it must let the pointer through.
    for (const tooltip of await page.getByRole('tooltip').all()) {
      const passes = await tooltip.evaluate((element) => {
        const popper = element.closest('.MuiTooltip-popper') ?? element;
        return getComputedStyle(popper).pointerEvents === 'none';
      });
      expect(passes).toBe(true);
    }
    await row.getByTestId('credential-expand').click();
    await page.getByTestId('credential-details').first().waitFor({ state: 'visible' });
  });

  it('is offered to add a device when activating', async () => {
    await page.goto('/credentials');
    const row = rowOf(page, `${adminCredential} v2`);
    await row.waitFor({ state: 'visible' });
    await row.getByTestId('credential-activate').click();
    const dialog = page.getByTestId('no-device-dialog');
    await dialog.waitFor({ state: 'visible' });
    await dialog.getByRole('heading', { name: texts.activation.noDeviceTitle }).waitFor();
    await screenshot(page, 'credential-no-device-1280');
    await dialog.getByRole('link', { name: texts.activation.addDevice }).click();
    await page.waitForURL((url) => url.pathname === '/user/profile/devices/add');
  });
});
