import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { signIn } from './fixtures/auth';
import { launchBrowser, newContext } from './fixtures/browser';
import { findFreePort, inheritedEnv, spawnInRepo, stopChild, waitForPing } from './fixtures/server';

/** The README's quick start: `npm start` on an empty data folder, nothing configured. */
describe('quick start', () => {
  const children: ChildProcess[] = [];
  let dataDir = '';

  afterAll(async () => {
    for (const child of children) await stopChild(child);
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  async function start(args: string[], port: number) {
    const env = inheritedEnv();
    for (const name of [
      'ADMIN_EMAIL',
      'ADMIN_PASSWORD',
      'DATABASE_URL',
      'PUBLIC_URL',
      'OIDC_ISSUER',
    ]) {
      delete env[name];
    }
    const { child, output } = spawnInRepo('npm', args, {
      ...env,
      PORT: String(port),
      DATA_DIR: dataDir,
    });
    children.push(child);
    // `npm start` builds the web app first.
    await waitForPing(`http://localhost:${port}`, child, output, 240_000);
    return { child, output };
  }

  it(
    'serves the app, answers ping and discovery, and creates the first admin once',
    { timeout: 600_000 },
    async () => {
      dataDir = await mkdtemp(join(tmpdir(), 'signet-quick-start-'));
      const port = await findFreePort();
      const baseUrl = `http://localhost:${port}`;
      const first = await start(['start'], port);

      const password = /Password:\s+(\S+)/.exec(first.output())?.[1];
      expect(password, first.output()).toBeTruthy();
      expect(first.output()).toContain('admin@signet.local');

      const ping = await fetch(`${baseUrl}/api/v1/server/ping`);
      expect(await ping.json()).toEqual({ status: 'ok' });
      const discovery = await fetch(`${baseUrl}/oidc/.well-known/openid-configuration`);
      expect(discovery.status).toBe(200);
      expect((await discovery.json()).issuer).toBe(`${baseUrl}/oidc`);
      const page = await fetch(`${baseUrl}/dashboard`);
      expect(page.headers.get('content-type')).toContain('text/html');
      expect(await page.text()).toMatch(/<script[^>]+src="\/assets\//);

      const browser = await launchBrowser();
      try {
        const context = await newContext(browser, baseUrl);
        const tab = await context.newPage();
        await signIn(tab, { email: 'admin@signet.local', password: password ?? '' });
        await tab.getByTestId('menu-users').first().waitFor({ state: 'visible' });
      } finally {
        await browser.close();
      }

      // A second start on the same data keeps that admin and prints no new password.
      await stopChild(first.child);
      const second = await start(['run', 'start', '-w', 'apps/server'], port);
      expect(second.output()).not.toMatch(/Password:/);
    },
  );
});
