import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Makes the data folder private to the server's user: created 0700, and an existing one that is
 * open to others is tightened (folders 0700, files 0600), since the embedded database's files and
 * WAL hold password hashes and wrapped keys. Returns how many entries were tightened. New files
 * stay private through the process umask set at start.
 */
export function secureDataDir(dataDir: string): number {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  return tighten(dataDir);
}

function tighten(path: string): number {
  const stat = lstatSync(path);
  if (stat.isSymbolicLink()) return 0;
  let count = 0;
  if ((stat.mode & 0o077) !== 0) {
    chmodSync(path, stat.isDirectory() ? 0o700 : 0o600);
    count += 1;
  }
  if (stat.isDirectory()) {
    for (const name of readdirSync(path)) count += tighten(join(path, name));
  }
  return count;
}
