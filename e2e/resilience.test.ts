import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { texts } from './fixtures/app-texts';
import { signIn } from './fixtures/auth';
import { launchBrowser, newContext, screenshot } from './fixtures/browser';
import { startServer, type RunningServer } from './fixtures/server';

const app = texts.appEn;
const users = texts.usersEn;

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe('going offline', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it(
    'keeps the shell when a screen cannot load, and shows it by itself once the server is back',
    { timeout: 120_000 },
    async () => {
      const context = await newContext(browser, server.baseUrl);
      const page = await context.newPage();
      await signIn(page, { email: server.adminEmail, password: server.adminPassword });
      await page.waitForURL((url) => url.pathname === '/dashboard');
      // A marker that a reload would wipe.
      await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
      // The shell is up (users/self answered) before the server goes: on a busy machine the URL
      // can change before the app has asked for the user, and without the user there is no shell.
      await page.getByTestId('menu-users').first().waitFor({ state: 'visible' });

      await server.kill();
      await page.getByTestId('menu-users').first().click();
      await page.getByTestId('page-load-error').waitFor({ state: 'visible' });
      // The banner follows the heartbeat: it shows once 31 s pass without one (P§9).
      await page
        .getByTestId('connection-lost-banner')
        .waitFor({ state: 'visible', timeout: 45_000 });
      // The shell is still there: the menu and its entries.
      await page.getByTestId('menu-dashboard').first().waitFor({ state: 'visible' });
      await screenshot(page, 'offline-page-1280');

      await server.restart();
      await page
        .getByRole('heading', { name: users.title })
        .waitFor({ state: 'visible', timeout: 30_000 });
      expect(await page.getByTestId('page-load-error').count()).toBe(0);
      expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(
        true,
      );
      await context.close();
    },
  );
});

describe('idle logout', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({
      env: { LOGOUT_TIME_SECONDS: '30', LOGOUT_REMINDER_SECONDS: '0' },
    });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it(
    'tells on Welcome that the user was signed out for inactivity',
    { timeout: 120_000 },
    async () => {
      const context = await newContext(browser, server.baseUrl);
      const page = await context.newPage();
      await signIn(page, { email: server.adminEmail, password: server.adminPassword });
      await page.waitForURL((url) => url.pathname === '/dashboard');
      // Nobody touches the page: after LOGOUT_TIME_SECONDS (30, the least allowed) it signs out.
      await page.waitForURL((url) => url.pathname === '/welcome', { timeout: 60_000 });
      const notice = page.getByTestId('welcome-idle');
      await notice.waitFor({ state: 'visible' });
      expect(await notice.innerText()).toBe(app.welcome.idleSignedOut);
      // Said once: a later visit to Welcome does not repeat it.
      await page.reload();
      await page.getByRole('button', { name: app.welcome.signIn, exact: true }).waitFor();
      expect(await notice.count()).toBe(0);
      await context.close();
    },
  );
});
