import { chmod, mkdir, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { findFreePort, inheritedEnv, spawnInRepo, stopChild, waitForPing } from './fixtures/server';

const workDir = await mkdtemp(join(tmpdir(), 'signet-data-dir-'));
afterAll(() => rm(workDir, { recursive: true, force: true }));

/** Every entry under `dir` with its permission bits. */
async function modes(dir: string): Promise<{ path: string; mode: number; isDir: boolean }[]> {
  const entries = await readdir(dir, { recursive: true });
  const all = await Promise.all(
    ['', ...entries].map(async (entry) => {
      const path = join(dir, entry);
      const s = await stat(path);
      return { path, mode: s.mode & 0o777, isDir: s.isDirectory() };
    }),
  );
  return all;
}

it('keeps the data directory 0700 with files 0600, tightening an open one with a log line', async () => {
  const dataDir = join(workDir, 'data');
  await mkdir(dataDir, { mode: 0o755 });
  await chmod(dataDir, 0o755);
  await writeFile(join(dataDir, 'left-by-an-old-version.txt'), 'x', { mode: 0o644 });
  await chmod(join(dataDir, 'left-by-an-old-version.txt'), 0o644);

  const port = await findFreePort();
  const baseUrl = `http://localhost:${port}`;
  const spawned = spawnInRepo('npx', ['tsx', 'apps/server/src/server.ts'], {
    ...inheritedEnv(),
    PORT: String(port),
    DATA_DIR: dataDir,
    PUBLIC_URL: baseUrl,
    ADMIN_PASSWORD: 'data-dir-admin-password',
  });
  try {
    await waitForPing(baseUrl, spawned.child, spawned.output);
  } finally {
    await stopChild(spawned.child);
  }

  expect(spawned.output()).toContain('the data directory was open to other users');
  const found = await modes(dataDir);
  expect(found.some((e) => e.path.includes('pglite') && !e.isDir)).toBe(true);
  const open = found.filter((e) => e.mode !== (e.isDir ? 0o700 : 0o600));
  expect(open.map((e) => `${e.path} ${e.mode.toString(8)}`)).toEqual([]);
});
