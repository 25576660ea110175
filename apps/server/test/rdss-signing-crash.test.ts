import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Chain } from '@signet/contracts/chains';
import type { Credential } from '@signet/contracts/credentials';
import type { SignResult } from '@signet/contracts/signatures';
import { bootstrap, fastKdfEnv, person, post, rsspTestEnv, type Person } from './rssp-fixture';
import {
  activatedCredential,
  checkSignedPdf,
  createChain,
  download,
  signBody,
  trustEmbeddedCa,
} from './signing-fixture';
import { createTestApp, testKeyEncryptionKey, type TestApp } from './test-app';

const points = ['prepared', 'signed', 'stored', 'committed'] as const;

/**
 * A server killed (SIGKILL) while it signs leaves every chain at its previous or its next valid
 * revision, and nothing IN_PROGRESS: a signing server runs in a child process on the embedded
 * database and the rDSS kills it at each point of the signing (SIGNET_TEST_CRASH_AT); the test
 * then opens the same data folder again and looks.
 */
describe('a server killed during signing', () => {
  let dataDir: string;
  let bob: Person;
  let bobsKey: Credential;
  let nss: string;
  const chains = new Map<string, Chain>();
  const env = { ...rsspTestEnv, ...fastKdfEnv };

  const open = () => createTestApp({ env, dataDir });

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'signet-crash-'));
    const t = await open();
    try {
      await bootstrap(t);
      const ann = await person(t, 'ann@example.com');
      bob = await person(t, 'bob@example.com');
      bobsKey = await activatedCredential(t, bob);
      nss = await trustEmbeddedCa(t);
      for (const point of points) {
        chains.set(
          point,
          await createChain(t, ann, {
            type: 'UNORDERED',
            signers: [{ email: bob.email }, { email: ann.email }],
          }),
        );
      }
    } finally {
      await t.close();
    }
  }, 300_000);
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  function signInChild(point: string, chain: Chain) {
    return new Promise<{ code: number | null; signal: NodeJS.Signals | null; output: string }>(
      (resolve) => {
        const child = spawn(
          process.execPath,
          ['--import', 'tsx', join(import.meta.dirname, 'sign-crash-child.ts')],
          {
            cwd: join(import.meta.dirname, '..'),
            env: {
              ...process.env,
              ...env,
              NODE_ENV: 'test',
              PUBLIC_URL: 'http://localhost:8080',
              KEY_ENCRYPTION_KEY: testKeyEncryptionKey,
              SIGNET_CHILD_DATA_DIR: dataDir,
              SIGNET_CHILD_TOKEN: bob.headers.authorization.replace('Bearer ', ''),
              SIGNET_CHILD_BODY: JSON.stringify(signBody(chain, bob, bobsKey)),
              SIGNET_TEST_CRASH_AT: point,
            },
            stdio: ['ignore', 'pipe', 'pipe'],
          },
        );
        let output = '';
        child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
        child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
        child.on('exit', (code, signal) => resolve({ code, signal, output }));
      },
    );
  }

  for (const point of points) {
    it(`killed at "${point}": the chain is at its previous or next valid revision, nothing IN_PROGRESS, and signing goes on`, async () => {
      const chain = chains.get(point)!;
      const killed = await signInChild(point, chain);
      expect(killed.signal, killed.output).toBe('SIGKILL');

      const t: TestApp = await open();
      try {
        const rows = async <T>(query: ReturnType<typeof sql>) =>
          ((await t.context.database.db.execute(query)) as unknown as { rows: T[] }).rows;
        const inProgress = await rows<{ n: number }>(
          sql`select (select count(*) from rdss.chains where status = 'IN_PROGRESS')::int
            + (select count(*) from rdss.chain_entries where status = 'IN_PROGRESS')::int as n`,
        );
        expect(inProgress[0]?.n).toBe(0);
        const revisions = await rows<{ id: string; entry_id: string }>(
          sql`select id, entry_id from rdss.document_revisions where chain_id = ${chain.id}`,
        );
        const res = await t.app.inject({
          url: `/rdss/v1/signatureChains/${chain.id}`,
          headers: bob.headers,
        });
        const after = res.json<Chain>();
        const bobsEntry = after.signatures.find((s) => s.user.id === bob.id)!;
        if (point === 'committed') {
          // The next revision: committed before the kill, whole and valid.
          expect(revisions).toHaveLength(1);
          expect(bobsEntry.status).toBe('DONE');
          const bytes = await download(t, bob, after.signedDocument!.id);
          const checked = await checkSignedPdf(nss, bytes);
          expect(checked.signatures).toEqual([
            expect.objectContaining({ valid: true, trusted: true }),
          ]);
        } else {
          // The previous revision: nothing of the interrupted signature is visible.
          expect(revisions).toHaveLength(0);
          expect(after).toMatchObject({ status: 'CREATED', signedDocument: null });
          expect(bobsEntry.status).toBe('CREATED');
          const signed = await post(
            t,
            bob,
            '/rdss/v1/signatures/sign',
            signBody(chain, bob, bobsKey),
          );
          expect(signed.statusCode, signed.body).toBe(200);
          const bytes = await download(t, bob, signed.json<SignResult>()[0]!.signedDocument.id);
          expect((await checkSignedPdf(nss, bytes)).signatures).toEqual([
            expect.objectContaining({ valid: true, trusted: true }),
          ]);
        }
        // Every increment file belongs to a committed revision: the restart removed any file a
        // killed signature stored but never committed (rdss/leftover-files.ts).
        const files = readdirSync(join(dataDir, 'documents')).filter((f) =>
          f.endsWith('.increment'),
        );
        const all = await rows<{ id: string }>(sql`select id from rdss.document_revisions`);
        expect(files.sort()).toEqual(all.map((r) => `${r.id}.increment`).sort());
      } finally {
        await t.close();
      }
    }, 300_000);
  }
});
