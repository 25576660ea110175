import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  findFreePort,
  inheritedEnv,
  repoRoot,
  spawnInRepo,
  stopChild,
  waitForPing,
} from './fixtures/server';
import type { SpawnedChild } from './fixtures/server';

const unitPath = join(repoRoot, 'deploy', 'signet.service');
/** Where the unit expects the checkout; the test runs the same command from this one. */
const installDir = '/opt/signet';

/** The unit's [Section] → key → values (a key may repeat, as Environment= does). */
function parseUnit(text: string): Map<string, Map<string, string[]>> {
  const sections = new Map<string, Map<string, string[]>>();
  let current: Map<string, string[]> | null = null;
  for (const [index, raw] of text.split('\n').entries()) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#') || line.startsWith(';')) continue;
    const header = /^\[([A-Za-z]+)\]$/.exec(line);
    if (header?.[1]) {
      current = new Map();
      sections.set(header[1], current);
      continue;
    }
    const entry = /^([A-Za-z][A-Za-z0-9]*)=(.*)$/.exec(line);
    if (!entry?.[1] || entry[2] === undefined || !current) {
      throw new Error(`signet.service line ${index + 1} is not "Key=value" in a section: ${raw}`);
    }
    current.set(entry[1], [...(current.get(entry[1]) ?? []), entry[2]]);
  }
  return sections;
}

function hasSystemdAnalyze(): boolean {
  try {
    execFileSync('systemd-analyze', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

describe('deploy/signet.service', () => {
  const unit = parseUnit(readFileSync(unitPath, 'utf8'));
  const service = unit.get('Service') ?? new Map<string, string[]>();
  let running: SpawnedChild | null = null;
  let dataDir = '';

  afterAll(async () => {
    if (running) await stopChild(running.child);
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('is a unit with the sections and keys systemd needs', () => {
    expect([...unit.keys()]).toEqual(['Unit', 'Service', 'Install']);
    expect(service.get('ExecStart')).toHaveLength(1);
    expect(unit.get('Install')?.get('WantedBy')).toEqual(['multi-user.target']);
  });

  it.runIf(hasSystemdAnalyze())('passes systemd-analyze verify', () => {
    // verify checks that ExecStart's program exists; warnings about this host's setup are fine.
    execFileSync('systemd-analyze', ['verify', unitPath], { stdio: 'pipe' });
  });

  it(
    'starts the compiled server with its ExecStart and Environment',
    { timeout: 60_000 },
    async () => {
      const [program, ...args] = (service.get('ExecStart')?.[0] ?? '').split(/\s+/);
      expect(program).toBe('/usr/bin/node');
      const script = args.at(-1) ?? '';
      expect(script).toBe(`${installDir}/apps/server/dist/server.js`);
      const compiled = join(repoRoot, script.slice(installDir.length + 1));
      expect(existsSync(compiled), 'run `npm run build` first (npm run test:e2e does)').toBe(true);

      const unitEnv = Object.fromEntries(
        (service.get('Environment') ?? []).map((assignment) => {
          const at = assignment.indexOf('=');
          return [assignment.slice(0, at), assignment.slice(at + 1)];
        }),
      );
      expect(Object.keys(unitEnv)).toEqual(
        expect.arrayContaining(['PUBLIC_URL', 'TRUST_PROXY', 'DATA_DIR']),
      );
      // This host's port, address and data folder instead of the production ones.
      const port = await findFreePort();
      dataDir = await mkdtemp(join(tmpdir(), 'signet-unit-'));
      const baseUrl = `http://localhost:${port}`;
      const env = inheritedEnv();
      delete env.DATABASE_URL;
      running = spawnInRepo(process.execPath, [...args.slice(0, -1), compiled], {
        ...env,
        ...unitEnv,
        PORT: String(port),
        PUBLIC_URL: baseUrl,
        DATA_DIR: dataDir,
      });
      await waitForPing(baseUrl, running.child, running.output, 50_000);
      const index = await fetch(`${baseUrl}/dashboard`);
      expect(index.headers.get('cache-control')).toBe('no-cache');
      const entry = /<script[^>]+src="(\/assets\/[^"]+\.js)"/.exec(await index.text())?.[1];
      expect(entry).toBeTruthy();
      const asset = await fetch(`${baseUrl}${entry}`, { headers: { 'accept-encoding': 'br' } });
      expect(asset.headers.get('content-encoding')).toBe('br');
      expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      // No TypeScript at run time: the process is plain node on the compiled file.
      expect(running.output()).not.toMatch(/tsx/);
    },
  );
});
