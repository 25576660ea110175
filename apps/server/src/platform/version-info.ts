import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { ServerVersion } from '@signet/contracts/server';
import { serverDir } from '#infra/config';

/** The short git commit of the running tree, or null outside a git checkout. */
function readGitSha(): string | null {
  try {
    const sha = execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
      cwd: serverDir,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      timeout: 2_000,
    }).trim();
    return /^[0-9a-f]{4,40}$/.test(sha) ? sha : null;
  } catch {
    return null;
  }
}

/**
 * `versionStringShort` of the server: the package version, plus the short git commit when the
 * server runs from a checkout (`0.1.0+1a2b3c4`). Read once at start.
 */
export function readVersionStringShort(): string {
  const pkg = JSON.parse(readFileSync(`${serverDir}/package.json`, 'utf8')) as { version: string };
  const sha = readGitSha();
  return sha ? `${pkg.version}+${sha}` : pkg.version;
}

/** The three services ship in one server, so they report the same version. */
export function buildServerVersion(versionStringShort: string): ServerVersion {
  const info = { versionStringShort };
  return { platform: info, rssp: info, rdss: info };
}
