import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Credential } from '@signet/contracts/credentials';
import type { SignResult } from '@signet/contracts/signatures';
import {
  adminAccount,
  bootstrap,
  fastKdfEnv,
  person,
  post,
  rsspTestEnv,
  type Person,
} from './rssp-fixture';
import {
  activatedCredential,
  bigPdf,
  checkSignedPdf,
  createChain,
  download,
  signBody,
  trustEmbeddedCa,
} from './signing-fixture';
import { createTestApp, type TestApp } from './test-app';

/**
 * Revisions are stored as the increments the engine appends (issue 14 §1): three signatures on a
 * 50 MB contract store the contract once and three small increments, on the embedded default
 * (files beside the database, decision 011).
 */
describe('signed revisions are stored as increments', () => {
  let t: TestApp;
  let dataDir: string;
  let signers: Person[];
  const keys: Credential[] = [];
  let nss: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'signet-revisions-'));
    t = await createTestApp({
      env: { ...rsspTestEnv, ...fastKdfEnv, MAX_UPLOAD_DOCUMENT_BYTES: String(60 * 1024 * 1024) },
      dataDir,
    });
    await bootstrap(t);
    signers = [];
    for (const name of ['ann', 'bob', 'carl']) signers.push(await person(t, `${name}@example.com`));
    for (const who of signers) keys.push(await activatedCredential(t, who));
    nss = await trustEmbeddedCa(t);
  }, 120_000);
  afterAll(async () => {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('stores under 100 KB per signature on a 50 MB file; every revision joins back whole', async () => {
    const original = bigPdf(50 * 1024 * 1024);
    expect(original.length).toBeGreaterThan(50 * 1024 * 1024 - 1024);
    const [ann] = signers as [Person];
    const chain = await createChain(
      t,
      ann,
      { type: 'UNORDERED', signers: signers.map((s) => ({ email: s.email })) },
      original,
    );
    const documentsDir = join(dataDir, 'documents');
    const stored = () =>
      readdirSync(documentsDir).map((name) => ({
        name,
        size: statSync(join(documentsDir, name)).size,
      }));
    const before = stored().reduce((sum, f) => sum + f.size, 0);
    let previous = original.length;
    for (const [i, who] of signers.entries()) {
      const res = await post(
        t,
        who,
        '/rdss/v1/signatures/sign',
        signBody(chain, who, keys[i]!, {
          item: {
            signatureFieldParameters: {
              page: 1,
              originX: 50 + i * 160,
              originY: 50,
              width: 150,
              height: 50,
            },
          },
        }),
      );
      expect(res.statusCode, res.body).toBe(200);
      const revision = await download(t, who, res.json<SignResult>()[0]!.signedDocument.id);
      expect(revision.length).toBeGreaterThan(previous);
      expect(revision.subarray(0, original.length).equals(original)).toBe(true);
      previous = revision.length;
      if (i === signers.length - 1) {
        const checked = await checkSignedPdf(nss, revision);
        expect(checked.signatures).toHaveLength(3);
        expect(checked.signatures.every((s) => s.valid && s.trusted)).toBe(true);
        expect(checked.qpdf, checked.qpdfOutput).toBe(0);
      }
    }
    const increments = stored().filter((f) => f.name.endsWith('.increment'));
    expect(increments).toHaveLength(3);
    for (const increment of increments) expect(increment.size).toBeLessThan(100 * 1024);
    const added = stored().reduce((sum, f) => sum + f.size, 0) - before;
    expect(added / 3).toBeLessThan(100 * 1024);
    // The three revisions together hold the contract once, not three or four times.
    expect(stored().reduce((sum, f) => sum + f.size, 0)).toBeLessThan(original.length + 300 * 1024);

    // Deleted for good (recycle bin, then the admin), its increments go with it.
    const soft = await t.app.inject({
      method: 'DELETE',
      url: `/rdss/v1/signatureChains/soft/${chain.id}`,
      headers: ann.headers,
    });
    expect(soft.statusCode, soft.body).toBeLessThan(300);
    const admin = await person(t, adminAccount.email, adminAccount.password, false);
    const gone = await t.app.inject({
      method: 'DELETE',
      url: `/rdss/v1/signatureChains/${chain.id}`,
      headers: admin.headers,
    });
    expect(gone.statusCode, gone.body).toBeLessThan(300);
    expect(stored().filter((f) => f.name.endsWith('.increment'))).toEqual([]);
  }, 300_000);
});
