// Load-time benchmark of the production build (issue 11 §4, decision 008). Not a test: it prints
// a table and exits 0 either way. Run with `npm run bench:load` (builds first).
//
// 1. Server start: `node apps/server/dist/server.js` on the embedded database, from spawn to the
//    first answer of GET /api/v1/server/ping, polled every 10 ms. The first start on an empty data
//    folder (creating the database) is shown apart; the target is for a start on existing data.
// 2. Dashboard: a signed-in user opens /dashboard in a fresh browser context (empty HTTP cache,
//    the session in local storage) on loopback; "ready" is the moment the title names the user (by e-mail)
//    and the four counts show numbers, in ms after navigation start (performance.now()). The
//    JavaScript transferred is the sum of the script responses' transferSize up to then.
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { signIn } from '../e2e/fixtures/auth';
import { launchBrowser, newContext } from '../e2e/fixtures/browser';
import {
  findFreePort,
  inheritedEnv,
  repoRoot,
  spawnInRepo,
  stopChild,
} from '../e2e/fixtures/server';
import type { SpawnedChild } from '../e2e/fixtures/server';

const runs = 5;
const compiledServer = join(repoRoot, 'apps', 'server', 'dist', 'server.js');
const builtApp = join(repoRoot, 'apps', 'web', 'dist', 'index.html');

interface Row {
  metric: string;
  target: string;
  value: string;
  pass: boolean | null;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

interface StartedServer extends SpawnedChild {
  startMs: number;
}

async function startServer(env: NodeJS.ProcessEnv, baseUrl: string): Promise<StartedServer> {
  const started = performance.now();
  const spawned = spawnInRepo(process.execPath, [compiledServer], env);
  for (;;) {
    if (spawned.child.exitCode !== null) {
      throw new Error(`The server exited with ${spawned.child.exitCode}:\n${spawned.output()}`);
    }
    try {
      const response = await fetch(`${baseUrl}/api/v1/server/ping`);
      if (response.ok) return { ...spawned, startMs: performance.now() - started };
    } catch {
      // not listening yet
    }
    if (performance.now() - started > 60_000) throw new Error('No ping within 60 s');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * Installed before the app's scripts: notes when the dashboard first shows the user and counts.
 * A string, not a function: tsx would wrap named functions in a helper the page does not have.
 */
const watchDashboardReady = `(() => {
  const isReady = () => {
    const titles = [...document.querySelectorAll('h1')].map((h) => h.textContent).join(' ');
    const tiles = ['pending', 'todo', 'failed', 'signed'].map(
      (key) => document.querySelector('[data-testid="stat-' + key + '"] p')?.textContent ?? '',
    );
    return titles.includes('bench@signet.test') && tiles.every((text) => /^\\d+$/.test(text.trim()));
  };
  const observer = new MutationObserver(() => {
    if (window.dashboardReadyAt !== undefined || !isReady()) return;
    window.dashboardReadyAt = performance.now();
    window.dashboardJsBytes = performance
      .getEntriesByType('resource')
      .filter((entry) => new URL(entry.name).pathname.endsWith('.js'))
      .reduce((sum, entry) => sum + entry.transferSize, 0);
    observer.disconnect();
  });
  observer.observe(document, { childList: true, subtree: true, characterData: true });
})();`;

async function loadDashboard(browser: Browser, baseUrl: string, storageState: string) {
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: { width: 1280, height: 800 },
    locale: 'en-US',
    storageState,
  });
  try {
    const page = await context.newPage();
    await page.addInitScript(watchDashboardReady);
    await page.goto('/dashboard');
    await page
      .waitForFunction(() => 'dashboardReadyAt' in window, null, { timeout: 30_000 })
      .catch(async (error: unknown) => {
        const text = await page.evaluate(() => document.body.innerText).catch(() => '');
        throw new Error(`The dashboard did not get ready at ${page.url()}:\n${text}`, {
          cause: error,
        });
      });
    return await page.evaluate(() => {
      const state = window as unknown as { dashboardReadyAt: number; dashboardJsBytes: number };
      return { readyMs: state.dashboardReadyAt, jsBytes: state.dashboardJsBytes };
    });
  } finally {
    await context.close();
  }
}

async function main(): Promise<void> {
  if (!existsSync(compiledServer) || !existsSync(builtApp)) {
    throw new Error('Build first: npm run build (npm run bench:load does)');
  }
  const workDir = await mkdtemp(join(tmpdir(), 'signet-bench-'));
  const port = await findFreePort();
  const baseUrl = `http://localhost:${port}`;
  const password = `Bench-${randomBytes(12).toString('base64url')}`;
  const env = {
    ...inheritedEnv(),
    PORT: String(port),
    DATA_DIR: join(workDir, 'data'),
    PUBLIC_URL: baseUrl,
    ADMIN_EMAIL: 'bench@signet.test',
    ADMIN_PASSWORD: password,
    LOG_LEVEL: 'warn',
    GLIBC_TUNABLES: 'glibc.malloc.hugetlb=1',
  };
  let server: StartedServer | null = null;
  let browser: Browser | null = null;
  try {
    server = await startServer(env, baseUrl);
    const firstStartMs = server.startMs;
    const startMs: number[] = [];
    for (let run = 0; run < runs; run += 1) {
      await stopChild(server.child);
      server = await startServer(env, baseUrl);
      startMs.push(server.startMs);
    }

    browser = await launchBrowser();
    const storageState = join(workDir, 'session.json');
    const signInContext = await newContext(browser, baseUrl);
    const signInPage = await signInContext.newPage();
    await signIn(signInPage, { email: 'bench@signet.test', password });
    await signInContext.storageState({ path: storageState });
    await signInContext.close();

    const loads = [];
    // One warm-up load (the server's first answers, Chromium's first start), then the runs.
    await loadDashboard(browser, baseUrl, storageState);
    for (let run = 0; run < runs; run += 1) {
      loads.push(await loadDashboard(browser, baseUrl, storageState));
    }
    const jsKb = median(loads.map((load) => load.jsBytes)) / 1024;
    const readyMs = median(loads.map((load) => load.readyMs));
    const startMedian = median(startMs);

    const rows: Row[] = [
      {
        metric: 'JavaScript transferred before the dashboard is usable',
        target: '≤ 250 KB',
        value: `${jsKb.toFixed(1)} KB`,
        pass: jsKb <= 250,
      },
      {
        metric: 'Dashboard ready after navigation',
        target: '≤ 400 ms',
        value: `${readyMs.toFixed(0)} ms`,
        pass: readyMs <= 400,
      },
      {
        metric: 'Server start to first ping (embedded database)',
        target: '≤ 2 s',
        value: `${(startMedian / 1000).toFixed(2)} s`,
        pass: startMedian <= 2000,
      },
      {
        metric: 'First start on an empty data folder (creates the database; no target)',
        target: '—',
        value: `${(firstStartMs / 1000).toFixed(2)} s (1 run)`,
        pass: null,
      },
    ];
    console.log(`\nSignet load time, median of ${runs} cold loads on loopback (${baseUrl})\n`);
    console.log('| metric | target | median | result |');
    console.log('|---|---|---|---|');
    for (const row of rows) {
      const result = row.pass === null ? '—' : row.pass ? 'pass' : 'FAIL';
      console.log(`| ${row.metric} | ${row.target} | ${row.value} | ${result} |`);
    }
    console.log(
      `\nruns: ready ${loads.map((l) => l.readyMs.toFixed(0)).join(', ')} ms; ` +
        `JS ${loads.map((l) => (l.jsBytes / 1024).toFixed(1)).join(', ')} KB; ` +
        `server start ${startMs.map((ms) => ms.toFixed(0)).join(', ')} ms`,
    );
  } finally {
    await browser?.close();
    if (server) await stopChild(server.child);
    await rm(workDir, { recursive: true, force: true });
  }
}

await main();
