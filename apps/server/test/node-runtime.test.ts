import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = join(import.meta.dirname, '..', '..', '..');
const server = join(root, 'apps', 'server');

describe('the Node.js the README names', () => {
  it('is the floor package.json declares', async () => {
    const readme = await readFile(join(root, 'README.md'), 'utf8');
    const named = /Node\.js (\d+\.\d+) or newer/.exec(readme)?.[1];
    const { engines } = JSON.parse(await readFile(join(root, 'package.json'), 'utf8')) as {
      engines: { node: string };
    };
    expect(engines.node).toBe(`>=${named}`);
    // The tests run on it: the same major line as the README's floor.
    expect(process.versions.node.split('.')[0]).toBe(named?.split('.')[0]);
  });

  it('starts the identity provider without an "Unsupported runtime" warning', async () => {
    // oidc-provider warns on import when it does not support the running Node (issue 38 #15).
    const { stdout, stderr } = await run(
      process.execPath,
      ['--input-type=module', '-e', "await import('oidc-provider'); console.log('loaded')"],
      { cwd: server },
    );
    expect(stdout.trim()).toBe('loaded');
    expect(stderr).not.toMatch(/Unsupported runtime|Use Node\.js/);
  });
});
