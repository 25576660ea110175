import { spawn } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import type { EnrolledDevice, Enrollment } from '@signet/contracts/devices';
import { credentials } from '#rssp/records/credential-table';
import type { Person } from './rssp-fixture';
import type { TestApp } from './test-app';

export const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));

/** Runs `npm run authenticator -- …args` from the repository root, as a user would. */
export function runAuthenticator(
  args: string[],
  cwd = repoRoot,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', '--silent', 'authenticator', '--', ...args], {
      cwd,
      env: { ...process.env, INIT_CWD: cwd },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** `POST devices/enrollments` for `who`: the link of the add-device QR. */
export async function enrollmentLink(t: Pick<TestApp, 'app'>, who: Person): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/rssp/v1/devices/enrollments',
    headers: who.headers,
  });
  if (res.statusCode !== 201) throw new Error(`enrollments: ${res.statusCode} ${res.body}`);
  return res.json<Enrollment>().link;
}

/** Enrolls an Ed25519 device for `who` in process; its answer and private key. */
export async function enrollKeyDevice(
  t: Pick<TestApp, 'app'>,
  who: Person,
  friendlyName = 'Test phone',
) {
  const link = await enrollmentLink(t, who);
  const code = new URLSearchParams(new URL(link).hash.slice(1)).get('enroll');
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const res = await t.app.inject({
    method: 'POST',
    url: '/rssp/v1/devices',
    payload: {
      kind: 'KEY',
      code,
      friendlyName,
      publicKey: publicKey.export({ format: 'der', type: 'spki' }).toString('base64'),
    },
  });
  if (res.statusCode !== 201) throw new Error(`enroll: ${res.statusCode} ${res.body}`);
  return { ...res.json<EnrolledDevice>(), privateKey };
}

/** The rSSP's own record of a key's use. */
export async function keyUse(t: Pick<TestApp, 'context'>, credentialId: string) {
  const [row] = await t.context.database.db
    .select({
      keyUnwrapCount: credentials.keyUnwrapCount,
      signatureCount: credentials.signatureCount,
      wrappedKey: credentials.wrappedKey,
      status: credentials.status,
    })
    .from(credentials)
    .where(eq(credentials.id, credentialId));
  if (!row) throw new Error('no such credential');
  return row;
}
