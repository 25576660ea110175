import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, mobileViewport, newContext, screenshot } from './fixtures/browser';
import { texts } from './fixtures/app-texts';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe('app shell', () => {
  it('shows NotFound for a path that does not exist', async () => {
    const context = await newContext(browser, baseUrl);
    const page = await context.newPage();
    await page.goto('/this/path/does-not-exist');
    const notFound = page.getByTestId('error-page-notFound');
    await notFound.waitFor({ state: 'visible' });
    expect(await notFound.getByRole('heading').innerText()).toBe(
      texts.appEn.errorPage.notFound.title,
    );
    await screenshot(page, 'not-found-1280');
    await context.close();
  });

  it('shows the mobile warning at 600 px and keeps it dismissed after a reload', async () => {
    const context = await newContext(browser, baseUrl, mobileViewport);
    const page = await context.newPage();
    await page.goto('/welcome');
    const warning = page.getByTestId('mobile-warning');
    await warning.waitFor({ state: 'visible' });
    expect(await warning.innerText()).toContain(texts.appEn.mobileWarning.text);
    await screenshot(page, 'welcome-mobile-warning-600');
    await page.getByTestId('mobile-warning-dismiss').click();
    await warning.waitFor({ state: 'hidden' });

    await page.reload();
    await page
      .getByRole('button', { name: texts.appEn.welcome.signIn, exact: true })
      .waitFor({ state: 'visible' });
    // The warning reads its cookie and the width while rendering the layout the button is in,
    // so once the button shows, a warning that is not there will not come.
    expect(await warning.isVisible()).toBe(false);
    await context.close();
  });
});
