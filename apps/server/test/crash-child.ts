import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { testKeyEncryptionKey } from './test-app';

/** How a child server ended: its exit code or signal, and what it printed. */
export interface ChildEnd {
  code: number | null;
  signal: NodeJS.Signals | null;
  output: string;
}

/**
 * Runs sign-crash-child.ts (one request in a server process of its own) on the embedded database
 * under `dataDir` or on the PostgreSQL `databaseUrl`, with `env` on top; `crashAt` names the
 * point where the server kills itself (SIGNET_TEST_CRASH_AT). `started` gets the child, for a test
 * that kills it from outside.
 */
export function runChild(options: {
  env: Record<string, string>;
  dataDir?: string;
  databaseUrl?: string;
  token: string;
  url?: string;
  body?: unknown;
  upload?: string;
  crashAt?: string;
  started?: (kill: () => void) => void;
}): Promise<ChildEnd> {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', join(import.meta.dirname, 'sign-crash-child.ts')],
      {
        cwd: join(import.meta.dirname, '..'),
        env: {
          ...process.env,
          ...options.env,
          NODE_ENV: 'test',
          PUBLIC_URL: 'http://localhost:8080',
          KEY_ENCRYPTION_KEY: testKeyEncryptionKey,
          SIGNET_CHILD_DATA_DIR: options.dataDir ?? '',
          ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
          SIGNET_CHILD_TOKEN: options.token,
          ...(options.url ? { SIGNET_CHILD_URL: options.url } : {}),
          SIGNET_CHILD_BODY: JSON.stringify(options.body ?? {}),
          ...(options.upload ? { SIGNET_CHILD_UPLOAD: options.upload } : {}),
          SIGNET_TEST_CRASH_AT: options.crashAt ?? '',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code, signal) => resolve({ code, signal, output }));
    options.started?.(() => child.kill('SIGKILL'));
  });
}
