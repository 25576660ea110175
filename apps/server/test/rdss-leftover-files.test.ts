import { createHash, randomUUID } from 'node:crypto';
import {
  copyFileSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Chain } from '@signet/contracts/chains';
import type { Credential } from '@signet/contracts/credentials';
import { buildApp } from '../src/app';
import { loadConfig } from '#infra/config/config';
import { closeContext, createContext } from '#infra/create-context';
import { removeLeftoverFiles } from '#rdss/documents/leftover-files';
import { runChild } from './crash-child';
import { bootstrap, fastKdfEnv, person, post, rsspTestEnv, type Person } from './rssp-fixture';
import {
  activatedCredential,
  bigPdf,
  createChain,
  download,
  signBody,
  uploadPdf,
} from './signing-fixture';
import { createTestApp, testKeyEncryptionKey, type TestApp } from './test-app';

const env = { ...rsspTestEnv, ...fastKdfEnv };

/** Resolves once `check` holds, looking again whenever the folder changes or 20 ms pass. */
async function until(check: () => boolean, what: string, ms = 60_000): Promise<void> {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > ms) throw new Error(`Waited ${ms} ms for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const sha256 = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');

/**
 * Servers killed (SIGKILL) during uploads and a signature leave `.part` files and files no row
 * names in `DATA_DIR/documents`; the next start (each killed child is one too) removes exactly
 * those, says so in one log line, and keeps every file a row names byte for byte (decision 024). Documents are files only on the
 * embedded database; on PostgreSQL they are rows, which a killed transaction never leaves.
 */
describe('leftover document files after kills', () => {
  let dataDir: string;
  let documentsDir: string;
  let bigPath: string;
  let ann: Person;
  let bob: Person;
  let bobsKey: Credential;
  let annsKey: Credential;
  let chain: Chain;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'signet-leftovers-'));
    documentsDir = join(dataDir, 'documents');
    bigPath = join(dataDir, 'big.pdf');
    writeFileSync(bigPath, bigPdf(8 * 1024 * 1024));
    const t = await createTestApp({ env, dataDir });
    try {
      await bootstrap(t);
      ann = await person(t, 'ann@example.com');
      bob = await person(t, 'bob@example.com');
      bobsKey = await activatedCredential(t, bob);
      annsKey = await activatedCredential(t, ann);
      await uploadPdf(t, ann, readFileSync(bigPath), 'big.pdf');
      chain = await createChain(t, ann, {
        type: 'UNORDERED',
        signers: [{ email: bob.email }, { email: ann.email }],
      });
      // One signature committed: its increment is a named file too.
      const signed = await post(t, bob, '/rdss/v1/signatures/sign', signBody(chain, bob, bobsKey));
      expect(signed.statusCode, signed.body).toBe(200);
      chain = (
        await t.app.inject({ url: `/rdss/v1/signatureChains/${chain.id}`, headers: ann.headers })
      ).json<Chain>();
    } finally {
      await t.close();
    }
  }, 300_000);
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('a restart removes the .part and unnamed files of killed uploads and a killed signature, logs them once, and keeps every named file byte for byte', async () => {
    const named = new Map(
      readdirSync(documentsDir).map((name) => [name, sha256(join(documentsDir, name))]),
    );
    expect([...named.keys()].filter((n) => n.endsWith('.pdf')).length).toBeGreaterThanOrEqual(2);
    expect([...named.keys()].filter((n) => n.endsWith('.increment'))).toHaveLength(1);
    const token = (who: Person) => who.headers.authorization.replace('Bearer ', '');
    const parts = () => readdirSync(documentsDir).filter((n) => n.endsWith('.part'));

    const leftovers = () => readdirSync(documentsDir).filter((n) => !named.has(n));
    const killUpload = () =>
      runChild({
        env,
        dataDir,
        token: token(ann),
        upload: bigPath,
        started: (kill) => {
          until(
            () => parts().some((n) => statSync(join(documentsDir, n)).size > 0),
            'the upload to be written',
          ).then(kill, kill);
        },
      });

    // An upload killed half way leaves its .part file.
    const first = await killUpload();
    expect(first.signal, first.output).toBe('SIGKILL');
    const firstPart = leftovers();
    expect(firstPart).toEqual([expect.stringMatching(/\.pdf\.part$/)]);
    // A signature killed after its increment was stored, before its commit, leaves a file no row
    // names; the start of that server (a restart) removed the .part before.
    const signing = await runChild({
      env,
      dataDir,
      token: token(ann),
      body: signBody(chain, ann, annsKey),
      crashAt: 'stored',
    });
    expect(signing.signal, signing.output).toBe('SIGKILL');
    expect(leftovers()).toEqual([expect.stringMatching(/\.increment$/)]);
    // Another killed upload; that restart removed the unnamed increment.
    const second = await killUpload();
    expect(second.signal, second.output).toBe('SIGKILL');
    const secondPart = leftovers();
    expect(secondPart).toEqual([expect.stringMatching(/\.pdf\.part$/)]);
    expect(secondPart).not.toEqual(firstPart);
    // And a whole document no row names (a kill between its file's rename and its commit).
    const strayPdf = `${randomUUID()}.pdf`;
    const firstPdf = [...named.keys()].find((n) => n.endsWith('.pdf'))!;
    copyFileSync(join(documentsDir, firstPdf), join(documentsDir, strayPdf));
    const removedAtRestart = leftovers();
    expect(removedAtRestart.sort()).toEqual([...secondPart, strayPdf].sort());

    const lines: string[] = [];
    const config = loadConfig({
      ...env,
      PUBLIC_URL: 'http://localhost:8080',
      LOG_LEVEL: 'info',
      KEY_ENCRYPTION_KEY: testKeyEncryptionKey,
    });
    const context = await createContext(config, dataDir);
    const app = await buildApp({
      context,
      serveWebApp: false,
      logStream: new Writable({
        write(chunk: Buffer, _encoding, done) {
          lines.push(chunk.toString());
          done();
        },
      }),
    });
    try {
      await app.ready();
      // Exactly the named files are left, each as it was.
      const left = readdirSync(documentsDir).sort();
      expect(left).toEqual([...named.keys()].sort());
      for (const [name, hash] of named) expect(sha256(join(documentsDir, name)), name).toBe(hash);
      const logged = lines
        .map((line) => JSON.parse(line) as Record<string, unknown>)
        .filter((line) => line.msg === 'Removed leftover document files');
      expect(logged).toHaveLength(1);
      expect(logged[0]).toMatchObject({ partFiles: 1, unnamedFiles: 1 });
      expect((logged[0]!.files as string[]).sort()).toEqual(removedAtRestart.sort());
      // Every document still downloads whole.
      const bytes = await download({ app }, ann, chain.signedDocument!.id);
      expect(bytes.length).toBeGreaterThan(0);
    } finally {
      await app.close();
      await closeContext(context);
    }
  }, 600_000);

  it('while the server runs, a sweep removes only leftovers older than an upload may take: never a named file or one being written', async () => {
    const t: TestApp = await createTestApp({ env, dataDir });
    try {
      const names = readdirSync(documentsDir);
      const hour = Date.now() / 1000 - 3600;
      // Everything here is an hour old: the named files as much as two leftovers.
      for (const name of names) utimesSync(join(documentsDir, name), hour, hour);
      const oldPart = `${randomUUID()}.pdf.part`;
      const oldUnnamed = `${randomUUID()}.increment`;
      const inFlight = `${randomUUID()}.pdf.part`;
      const justWritten = `${randomUUID()}.pdf`;
      for (const name of [oldPart, oldUnnamed, inFlight, justWritten]) {
        writeFileSync(join(documentsDir, name), 'leftover');
      }
      for (const name of [oldPart, oldUnnamed]) utimesSync(join(documentsDir, name), hour, hour);
      const removed = await removeLeftoverFiles(
        t.context.database.db,
        documentsDir,
        new Date(Date.now() - t.context.config.HTTP_REQUEST_TIMEOUT_SECONDS * 1000),
      );
      expect(removed).toEqual({ parts: [oldPart], unnamed: [oldUnnamed], bytes: 16 });
      expect(readdirSync(documentsDir).sort()).toEqual([...names, inFlight, justWritten].sort());
    } finally {
      await t.close();
    }
  }, 120_000);
});
