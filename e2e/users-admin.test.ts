import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { accessTokenOf } from './fixtures/api';
import { newCredentials, register, signIn } from './fixtures/auth';
import { launchBrowser, mobileViewport, newContext, screenshot } from './fixtures/browser';
import { texts } from './fixtures/app-texts';

const baseUrl = inject('baseUrl');
const admin = { email: inject('adminEmail'), password: inject('adminPassword') };
const users = texts.usersEn;

let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  context = await newContext(browser, baseUrl);
  page = await context.newPage();
  await signIn(page, admin);
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

async function openCreateDialog() {
  await page.getByTestId('create-user').click();
  const dialog = page.getByRole('dialog', { name: users.dialog.createTitle });
  await dialog.waitFor({ state: 'visible' });
  return dialog;
}

describe('the Users screen', () => {
  it('lists the users with the admin among them', async () => {
    await page.goto('/users');
    await page.getByRole('heading', { name: users.title }).waitFor({ state: 'visible' });
    await page.getByTestId('user-row').filter({ hasText: admin.email }).waitFor();
    await screenshot(page, 'users-1280');
  });

  it('lets the admin create a user, who then shows in the table', async () => {
    const { email } = newCredentials('created');
    const dialog = await openCreateDialog();

    // Validation messages of spec §5 before anything is sent.
    await dialog.getByLabel(users.dialog.email).fill('not-an-email');
    await dialog.getByRole('button', { name: 'Create', exact: true }).click();
    await dialog.getByText(users.validation.email).waitFor({ state: 'visible' });
    await dialog.getByLabel(users.dialog.email).fill('');
    await dialog.getByText(users.validation.required).waitFor({ state: 'visible' });
    await screenshot(page, 'user-dialog-create-1280');

    await dialog.getByLabel(users.dialog.email).fill(email);
    await dialog.getByLabel(users.dialog.firstName).fill('Dora');
    await dialog.getByLabel(users.dialog.lastName).fill('Kovács');
    // Enabled unless the admin says otherwise (issue 25 §9).
    expect(await dialog.getByLabel(users.dialog.status).isChecked()).toBe(true);
    // The dialog starts with the default roles; add approver if it is not among them.
    const approver = dialog.getByTestId('role-approver');
    if ((await approver.getAttribute('aria-pressed')) !== 'true') await approver.click();
    expect(await approver.getAttribute('aria-pressed')).toBe('true');
    await dialog.getByRole('button', { name: 'Create', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByTestId('toast-success').waitFor({ state: 'visible' });

    // Search (debounced) narrows the table to the new user: ENABLED, with the names typed.
    await page.getByTestId('users-search').fill(email);
    await page.waitForURL((url) => url.searchParams.get('q') === email);
    const row = page.getByTestId('user-row').filter({ hasText: email });
    await row.waitFor({ state: 'visible' });
    await expect.poll(() => page.getByTestId('user-row').count()).toBe(1);
    expect(await row.getByTestId('user-status').innerText()).toBe(users.status.ENABLED);
    expect(await row.innerText()).toContain(users.roles.approver);
    expect(await row.innerText()).toContain('Dora');
    expect(await row.innerText()).toContain('Kovács');
    await screenshot(page, 'users-search-1280');
  });

  it('answers a duplicate e-mail with a clear error', async () => {
    await page.goto('/users');
    const dialog = await openCreateDialog();
    await dialog.getByLabel(users.dialog.email).fill(admin.email);
    await dialog.getByRole('button', { name: 'Create', exact: true }).click();
    // P§8: "{0} already exists", {0} the first word of the server's message.
    await dialog.getByText('User already exists', { exact: true }).waitFor({ state: 'visible' });
    await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
  });

  it('updates and deletes a user', async () => {
    const { email } = newCredentials('changed');
    await page.goto('/users');
    let dialog = await openCreateDialog();
    await dialog.getByLabel(users.dialog.email).fill(email);
    await dialog.getByRole('button', { name: 'Create', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });

    await page.getByTestId('users-search').fill(email);
    const row = page.getByTestId('user-row').filter({ hasText: email });
    await row.waitFor({ state: 'visible' });
    await row
      .getByRole('button', { name: users.actions.update.replace('{{email}}', email) })
      .click();
    dialog = page.getByRole('dialog', { name: users.dialog.updateTitle });
    await dialog.waitFor({ state: 'visible' });
    await dialog.getByLabel(users.dialog.status).check();
    await screenshot(page, 'user-dialog-update-1280');
    await dialog.getByRole('button', { name: 'Update', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    await row.getByTestId('user-status').getByText(users.status.ENABLED).waitFor();

    await row
      .getByRole('button', { name: users.actions.delete.replace('{{email}}', email) })
      .click();
    await page.getByTestId('confirm-agree').click();
    await row.waitFor({ state: 'detached' });
    await page.getByText(users.empty).waitFor({ state: 'visible' });
  });

  it('ends every session of a signed-in user: their token answers 401 and their app signs out', async () => {
    const person = newCredentials('ended');
    const theirContext = await newContext(browser, baseUrl);
    const theirPage = await theirContext.newPage();
    await register(theirPage, person);
    const token = await accessTokenOf(theirPage);

    await page.goto('/users');
    await page.getByTestId('users-search').fill(person.email);
    const row = page.getByTestId('user-row').filter({ hasText: person.email });
    await row
      .getByRole('button', { name: users.actions.endSessions.replace('{{email}}', person.email) })
      .click();
    await page.getByTestId('confirm-agree').click();
    await page
      .getByText(users.toast.sessionsEnded.replace('{{email}}', person.email))
      .waitFor({ state: 'visible' });

    // Their app hears LOGOUT on its event stream and signs out.
    await theirPage.waitForURL((url) => url.pathname.startsWith('/welcome'), { timeout: 30_000 });
    const answer = await fetch(`${baseUrl}/api/v1/users/self`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(answer.status).toBe(401);
    await theirContext.close();
  });

  it('opens the central key dialog; manage groups shows only with user groups on', async () => {
    await page.goto('/users');
    await page.getByRole('button', { name: users.centralKey }).click();
    const dialog = page.getByRole('dialog', { name: users.centralKeyDialog.title });
    await dialog.getByText(users.centralKeyDialog.text).waitFor({ state: 'visible' });
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });

    const config = (await (await page.request.get('/api/v1/server/config')).json()) as {
      userGroupsEnabled: boolean;
    };
    expect(await page.getByRole('button', { name: users.manageGroups }).count()).toBe(
      config.userGroupsEnabled ? 1 : 0,
    );
  });

  it('is usable at 600 px', async () => {
    await page.setViewportSize(mobileViewport);
    await page.goto('/users');
    await page.getByTestId('user-row').first().waitFor({ state: 'visible' });
    await screenshot(page, 'users-600');
    // Nothing sticks out sideways: the compact table fits the window.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await page.getByTestId('user-row').first().getByRole('button').count()).toBe(3);
    // A long e-mail wraps before the @ or after a dot, never inside a word.
    const id = newCredentials().email.slice(5, 11);
    const longEmail = `alexandra.kovacsne${id}@longcompanydomain.e2e.test`;
    const create = await openCreateDialog();
    await create.getByLabel(users.dialog.email).fill(longEmail);
    await create.getByRole('button', { name: 'Create', exact: true }).click();
    await create.waitFor({ state: 'hidden' });
    await page.getByTestId('users-search').fill(longEmail);
    const cell = page
      .getByTestId('user-row')
      .filter({ hasText: longEmail })
      .getByTestId('user-email');
    await cell.waitFor({ state: 'visible' });
    const breaks = await cell.evaluate((element) => {
      // The characters around every place where a new line starts.
      const text = element.textContent ?? '';
      const range = document.createRange();
      const found: string[] = [];
      let lastTop: number | null = null;
      let offset = 0;
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (let i = 0; i < (node.textContent ?? '').length; i += 1) {
          range.setStart(node, i);
          range.setEnd(node, i + 1);
          const top = range.getBoundingClientRect().top;
          if (lastTop !== null && top > lastTop + 2)
            found.push(text.slice(offset + i - 1, offset + i + 1));
          lastTop = top;
        }
        offset += (node.textContent ?? '').length;
      }
      return found;
    });
    expect(breaks.length).toBeGreaterThan(0);
    for (const pair of breaks) expect(pair[0] === '.' || pair[1] === '@', pair).toBe(true);
    const dialog = await openCreateDialog();
    const box = await dialog.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= mobileViewport.width).toBe(true);
    await screenshot(page, 'user-dialog-600');
    await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
  });
});
