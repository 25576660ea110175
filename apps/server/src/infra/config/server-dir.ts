import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The nearest folder at or above the module at `moduleUrl` that holds a package.json. From source
 * this module is apps/server/src/infra/server-dir.ts; compiled, it is bundled into
 * apps/server/dist/server.js. Both find apps/server.
 */
export function findPackageDir(moduleUrl: string): string {
  let dir = dirname(fileURLToPath(moduleUrl));
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`No package.json above ${moduleUrl}`);
    dir = parent;
  }
  return dir;
}

/** The server package's folder (apps/server), whether it runs from source or compiled. */
export const serverDir = findPackageDir(import.meta.url);
