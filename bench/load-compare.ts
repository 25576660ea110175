// Compares the dashboard's load time of several builds of the web app on one machine, loads
// alternating between them, so that the load of the machine weighs on each alike (decision 016).
// Not a test. `npx tsx bench/load-compare.ts <dist dir> [<dist dir> …]` (each a copy of
// apps/web/dist; the compiled server must be built). LOADS (default 10) loads per build;
// TRACE=1 also writes one Chromium trace per build (trace-<n>.json in the temp dir) and prints the
// main thread's longest tasks and the time per script.
import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser } from 'playwright-core';
import { signIn } from '../e2e/fixtures/auth';
import { launchBrowser, newContext } from '../e2e/fixtures/browser';
import {
  findFreePort,
  inheritedEnv,
  repoRoot,
  spawnInRepo,
  stopChild,
  waitForPing,
} from '../e2e/fixtures/server';
import type { SpawnedChild } from '../e2e/fixtures/server';

const loadsPerBuild = Number(process.env.LOADS ?? 10);
const compiledServer = join(repoRoot, 'apps', 'server', 'dist', 'server.js');

/** The same "ready" as bench/load-time.ts: the title names the user, the four counts show numbers. */
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
    observer.disconnect();
  });
  observer.observe(document, { childList: true, subtree: true, characterData: true });
})();`;

interface Target {
  dist: string;
  label: string;
  browser?: Browser;
  baseUrl: string;
  storageState: string;
  server: SpawnedChild;
  readyMs: number[];
  /** Renderer CPU per load (CDP Performance metrics at ready): less noisy than wall time. */
  cpu: Record<string, number[]>;
}

async function startTarget(dist: string, workDir: string, index: number): Promise<Target> {
  const port = await findFreePort();
  const baseUrl = `http://localhost:${port}`;
  const password = `Bench-${randomBytes(12).toString('base64url')}`;
  const env = {
    ...inheritedEnv(),
    PORT: String(port),
    DATA_DIR: join(workDir, `data-${index}`),
    WEB_DIST_DIR: resolve(dist),
    PUBLIC_URL: baseUrl,
    ADMIN_EMAIL: 'bench@signet.test',
    ADMIN_PASSWORD: password,
    LOG_LEVEL: 'warn',
  };
  const server = spawnInRepo(process.execPath, [compiledServer], env);
  await waitForPing(baseUrl, server.child, server.output);
  return { dist, label: dist, baseUrl, storageState: password, server, readyMs: [], cpu: {} };
}

async function signInTarget(browser: Browser, target: Target, workDir: string, index: number) {
  const password = target.storageState;
  if (password.endsWith('.json')) return;
  target.storageState = join(workDir, `session-${index}.json`);
  const context = await newContext(browser, target.baseUrl);
  const page = await context.newPage();
  await signIn(page, { email: 'bench@signet.test', password });
  await context.storageState({ path: target.storageState });
  await context.close();
}

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  tid: number;
  pid: number;
  args?: { data?: { url?: string; frame?: string }; url?: string; fileName?: string };
}

/** Main-thread summary of a trace: the long tasks, and compile / evaluate time per script. */
function summariseTrace(events: TraceEvent[], readyMs: number): string {
  const mainThread = events.find(
    (event) =>
      event.name === 'thread_name' && JSON.stringify(event.args).includes('CrRendererMain'),
  );
  const navigation = events.find((event) => event.name === 'navigationStart');
  if (!mainThread || !navigation) return 'no main thread or navigation in the trace';
  const onMain = events.filter(
    (event) => event.pid === navigation.pid && event.tid === navigation.tid && event.ph === 'X',
  );
  const t0 = navigation.ts;
  const lines: string[] = [];
  const byName = new Map<string, number>();
  for (const event of onMain) {
    const start = (event.ts - t0) / 1000;
    if (start < 0 || start > readyMs) continue;
    const key = event.name;
    byName.set(key, (byName.get(key) ?? 0) + (event.dur ?? 0) / 1000);
    if (event.name === 'RunTask' && (event.dur ?? 0) > 4000) {
      const inner = onMain
        .filter(
          (e) =>
            e.ts >= event.ts &&
            e.ts < event.ts + (event.dur ?? 0) &&
            e !== event &&
            (e.dur ?? 0) > 2000,
        )
        .map((e) => {
          const url = e.args?.data?.url ?? e.args?.url ?? e.args?.fileName ?? '';
          return `${e.name}${url ? ` ${url.split('/').pop()}` : ''} ${((e.dur ?? 0) / 1000).toFixed(1)}`;
        })
        .slice(0, 8)
        .join(', ');
      lines.push(`  ${start.toFixed(0)} ms +${((event.dur ?? 0) / 1000).toFixed(1)} ms: ${inner}`);
    }
  }
  const totals = [...byName.entries()]
    .filter(([, ms]) => ms > 3)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 25)
    .map(([name, ms]) => `  ${name}: ${ms.toFixed(1)} ms`);
  return [
    'long tasks before ready:',
    ...lines,
    'time by event (nested events count twice):',
    ...totals,
  ].join('\n');
}

async function loadOnce(
  browser: Browser,
  target: Target,
  trace: string | null,
  cpuProfile: string | null = null,
) {
  const context = await browser.newContext({
    baseURL: target.baseUrl,
    viewport: { width: 1280, height: 800 },
    locale: 'en-US',
    storageState: target.storageState,
  });
  try {
    const page = await context.newPage();
    await page.addInitScript(watchDashboardReady);
    if (trace) {
      await browser.startTracing(page, {
        categories: [
          'devtools.timeline',
          'v8.execute',
          'v8',
          'blink.user_timing',
          'loading',
          'disabled-by-default-devtools.timeline',
          ...(process.env.RCS ? ['disabled-by-default-v8.runtime_stats'] : []),
        ],
      });
    }
    const metrics = await context.newCDPSession(page);
    await metrics.send('Performance.enable', { timeDomain: 'threadTicks' });
    const cdp = cpuProfile ? await context.newCDPSession(page) : null;
    if (cdp) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
      await cdp.send('Profiler.start');
    }
    await page.goto('/dashboard');
    await page.waitForFunction(() => 'dashboardReadyAt' in window, null, { timeout: 30_000 });
    const readyMs = await page.evaluate(
      () => (window as unknown as { dashboardReadyAt: number }).dashboardReadyAt,
    );
    const { metrics: values } = await metrics.send('Performance.getMetrics');
    for (const { name, value } of values) {
      if (!cpuMetrics.includes(name)) continue;
      (target.cpu[name] ??= []).push(value * 1000);
    }
    const resources = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((entry) => {
          const timing = entry as PerformanceResourceTiming;
          return `${new URL(timing.name).pathname} ${timing.startTime.toFixed(0)}→${timing.responseEnd.toFixed(0)}`;
        })
        .join('\n  '),
    );
    if (process.env.DOMSTATS) {
      const stats = await page.evaluate(() => ({
        elements: document.querySelectorAll('*').length,
        cssRules: Array.from(document.styleSheets).reduce(
          (n, sheet) => n + sheet.cssRules.length,
          0,
        ),
        styleElements: document.querySelectorAll('style').length,
      }));
      console.log(`${target.label}: ${JSON.stringify(stats)}`);
    }
    if (cdp && cpuProfile) {
      const { profile } = await cdp.send('Profiler.stop');
      await writeFile(cpuProfile, JSON.stringify(profile));
      console.log(`${target.label}: ready ${readyMs.toFixed(0)} ms; CPU profile ${cpuProfile}`);
    }
    if (trace) {
      const buffer = await browser.stopTracing();
      await writeFile(trace, buffer);
      const parsed = JSON.parse(buffer.toString()) as { traceEvents: TraceEvent[] };
      console.log(`\n${target.label}: ready ${readyMs.toFixed(0)} ms; trace ${trace}`);
      console.log(`resources:\n  ${resources}`);
      console.log(summariseTrace(parsed.traceEvents, readyMs));
    }
    return readyMs;
  } finally {
    await context.close();
  }
}

const cpuMetrics = [
  'ThreadTime',
  'ProcessTime',
  'ScriptDuration',
  'V8CompileDuration',
  'LayoutDuration',
  'RecalcStyleDuration',
  'TaskDuration',
];

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

async function main(): Promise<void> {
  const dists = process.argv.slice(2);
  if (dists.length === 0) throw new Error('usage: tsx bench/load-compare.ts <dist> [<dist> …]');
  const workDir = await mkdtemp(join(tmpdir(), 'signet-compare-'));
  const targets: Target[] = [];
  const browsers: Browser[] = [];
  try {
    for (const [index, dist] of dists.entries()) {
      targets.push(await startTarget(dist, workDir, index));
    }
    // BROWSER_UI=on keeps Chromium's address bar pages (as before decision 016); both: each
    // build is loaded in a browser with and one without them.
    const ui = process.env.BROWSER_UI ?? 'off';
    const plain = ui === 'on' ? null : await launchBrowser();
    const withUi = ui === 'off' ? null : await launchBrowser({ browserUi: true });
    for (const b of [plain, withUi]) if (b) browsers.push(b);
    if (plain && withUi) {
      for (const target of [...targets]) {
        targets.push({
          ...target,
          label: `${target.dist} (browser UI)`,
          browser: withUi,
          readyMs: [],
        });
        target.browser = plain;
      }
    } else {
      for (const target of targets) target.browser = plain ?? withUi ?? undefined;
    }
    for (const [index, target] of targets.entries()) {
      const browser = target.browser as Browser;
      await signInTarget(browser, target, workDir, index % dists.length);
      await loadOnce(browser, target, null); // warm-up
    }
    if (process.env.TRACE) {
      for (const [index, target] of targets.entries()) {
        await loadOnce(target.browser as Browser, target, join(tmpdir(), `trace-${index}.json`));
      }
    }
    if (process.env.PROFILE) {
      for (const [index, target] of targets.entries()) {
        const file = join(tmpdir(), `profile-${index}.cpuprofile`);
        await loadOnce(target.browser as Browser, target, null, file);
      }
    }
    for (let round = 0; round < loadsPerBuild; round += 1) {
      const order = round % 2 === 0 ? targets : [...targets].reverse();
      for (const target of order) {
        target.readyMs.push(await loadOnce(target.browser as Browser, target, null));
      }
    }
    for (const target of targets) {
      const sorted = [...target.readyMs].sort((a, b) => a - b);
      console.log(
        `${target.label}: median ${median(target.readyMs).toFixed(0)} ms, min ${sorted[0]?.toFixed(0)}; ` +
          `runs ${target.readyMs.map((ms) => ms.toFixed(0)).join(', ')}`,
      );
      console.log(
        '  CPU medians (ms): ' +
          Object.entries(target.cpu)
            .map(([name, values]) => `${name} ${median(values).toFixed(0)}`)
            .join(', '),
      );
    }
  } finally {
    for (const browser of browsers) await browser.close();
    for (const target of targets) await stopChild(target.server.child);
    await rm(workDir, { recursive: true, force: true });
  }
}

await main();
