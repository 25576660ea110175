import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromPem } from '@signet/der';
import {
  ASIC_E_MIMETYPE,
  buildAsic,
  parseAsicManifest,
  readAsic,
  validateAsic,
} from '@signet/pades';
import type { ChainHistoryEvent } from '@signet/contracts/chain-history';
import type { Chain } from '@signet/contracts/chains';
import type { Credential } from '@signet/contracts/credentials';
import type { BatchView } from '@signet/contracts/documents';
import type { SignResult } from '@signet/contracts/signatures';
import type { ValidationReport } from '@signet/contracts/validations';
import { multipartBody } from './multipart';
import { createRsspTestApp, fastKdfEnv, person, post, type Person } from './rssp-fixture';
import { activatedCredential, makePdf, runTool, signBody } from './signing-fixture';
import type { TestApp } from './test-app';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest();

describe('rDSS bulk chains signed as ASiC-E containers', () => {
  let t: TestApp;
  let ann: Person;
  let bob: Person;
  let carl: Person;
  let eve: Person;
  let caPem: string;
  let dir: string;
  const keys = new Map<string, Credential>();
  const key = (who: Person) => keys.get(who.id) as Credential;

  const call = (who: Person, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({
      method,
      url: `/rdss/v1${url}`,
      headers: who.headers,
      ...(payload ? { payload } : {}),
    });
  const view = async (who: Person, id: string) =>
    (await call(who, 'GET', `/signatureChains/${id}`)).json<Chain>();
  const stored = async (chainId: string) =>
    (
      (await t.context.database.db.execute(
        sql`select seq, manifest, signature from rdss.container_signatures
          where chain_id = ${chainId} order by seq`,
      )) as unknown as { rows: { seq: number; manifest: Uint8Array; signature: Uint8Array }[] }
    ).rows;
  const containerOf = (who: Person, chainId: string) =>
    call(who, 'POST', '/documents/files', { chainIds: [chainId], mode: 'ORIGINAL' });

  /** A bulk chain over a batch of two PDFs, signers in this order. */
  async function bulkChain(signers: Person[], name = 'Board pack') {
    const files = [
      { name: 'minutes.pdf', bytes: await makePdf(1) },
      { name: 'budget 2027.pdf', bytes: await makePdf(2) },
    ];
    const body = await multipartBody(
      { batchName: name },
      files.map((f) => ({ field: 'files', ...f })),
    );
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/rdss/v1/documents/batch',
      headers: { ...ann.headers, 'content-type': body.contentType },
      payload: body.payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const batch = uploaded.json<BatchView>();
    const created = await call(ann, 'POST', '/signatureChains/multi', {
      type: 'ORDERED',
      batchId: batch.id,
      bulk: true,
      signers: signers.map((s) => ({ email: s.email })),
    });
    expect(created.statusCode, created.body).toBe(201);
    const [chain] = created.json<{ chains: Chain[] }>().chains;
    return { chain: chain as Chain, files };
  }

  /** openssl cms -verify of signature n over manifest n, with the embedded CA. */
  async function opensslVerify(tag: string, manifest: Uint8Array, p7s: Uint8Array) {
    const manifestPath = join(dir, `${tag}.xml`);
    const p7sPath = join(dir, `${tag}.p7s`);
    writeFileSync(manifestPath, manifest);
    writeFileSync(p7sPath, p7s);
    return runTool('openssl', [
      'cms',
      '-verify',
      '-binary',
      '-inform',
      'DER',
      '-in',
      p7sPath,
      '-content',
      manifestPath,
      '-CAfile',
      caPem,
      '-purpose',
      'any',
      '-out',
      '/dev/null',
    ]);
  }

  beforeAll(async () => {
    ({ t, ann, bob } = await createRsspTestApp(fastKdfEnv));
    carl = await person(t, 'carl@example.com');
    eve = await person(t, 'eve@example.com');
    dir = mkdtempSync(join(tmpdir(), 'signet-asic-'));
    const ca = await t.app.inject({ url: '/rssp/v1/ca/certificate' });
    caPem = join(dir, 'ca.pem');
    writeFileSync(caPem, ca.body);
    keys.set(bob.id, await activatedCredential(t, bob, { keyAlg: 'rsa', rsaKeySize: 2048 }));
    keys.set(
      carl.id,
      await activatedCredential(t, carl, { keyAlg: 'ec', ecCurveName: 'secp256r1' }),
    );
    keys.set(eve.id, await activatedCredential(t, eve));
  }, 120_000);
  afterAll(() => t.close());

  it('two signers of a bulk chain of two PDFs: each adds a manifest and a p7s that openssl verifies, the first untouched', async () => {
    const { chain, files } = await bulkChain([bob, carl]);
    // Unsigned, the chain downloads as the plain zip of its documents.
    const plain = await containerOf(ann, chain.id);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-type']).toBe('application/zip');

    const first = await post(t, bob, '/rdss/v1/signatures/sign', {
      ...signBody(chain, bob, key(bob)),
      idempotencyKey: 'asic-bob-1',
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<SignResult>()[0]).toMatchObject({
      status: 'DONE',
      chainStatus: 'CREATED',
      signedDocument: { fileName: 'Board pack.asice' },
      // Time-stamped by the embedded TSA, as every signature is (issue 27 §1).
      level: 'B-T',
    });
    // The same key again answers the same and signs nothing more.
    const again = await post(t, bob, '/rdss/v1/signatures/sign', {
      ...signBody(chain, bob, key(bob)),
      idempotencyKey: 'asic-bob-1',
    });
    expect(again.json()).toEqual(first.json());
    const afterFirst = await stored(chain.id);
    expect(afterFirst.map((r) => r.seq)).toEqual([1]);

    // Carl's turn now (ordered); Eve, not a participant, cannot sign it.
    const foreign = await post(t, eve, '/rdss/v1/signatures/sign', {
      credentialOptions: { credentialId: key(eve).id, PIN: 'wrong-is-not-reached' },
      signatures: [{ signatureId: chain.id, currentSignatureId: chain.signatures[1]!.id }],
    });
    expect(foreign.statusCode).toBe(404);
    expect((await containerOf(eve, chain.id)).statusCode).toBe(404);

    const second = await post(
      t,
      carl,
      '/rdss/v1/signatures/sign',
      signBody(chain, carl, key(carl)),
    );
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json<SignResult>()[0]).toMatchObject({ chainStatus: 'DONE' });
    const rows = await stored(chain.id);
    expect(rows.map((r) => r.seq)).toEqual([1, 2]);
    // The first signer's files are byte for byte as they were committed.
    expect(Buffer.from(rows[0]!.manifest)).toEqual(Buffer.from(afterFirst[0]!.manifest));
    expect(Buffer.from(rows[0]!.signature)).toEqual(Buffer.from(afterFirst[0]!.signature));
    expect((await view(ann, chain.id)).status).toBe('DONE');

    const res = await containerOf(ann, chain.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(ASIC_E_MIMETYPE);
    expect(res.headers['content-disposition']).toContain('Board pack.asice');
    const asice = res.rawPayload;
    // First entry: the stored mimetype, its content at byte 38.
    expect(asice.readUInt32LE(0)).toBe(0x04034b50);
    expect(asice.readUInt16LE(8)).toBe(0);
    expect(asice.subarray(30, 38).toString('latin1')).toBe('mimetype');
    expect(asice.subarray(38, 38 + ASIC_E_MIMETYPE.length).toString('latin1')).toBe(
      ASIC_E_MIMETYPE,
    );
    const { names, files: inside } = await readAsic(asice);
    expect(names).toEqual([
      'mimetype',
      'minutes.pdf',
      'budget 2027.pdf',
      'META-INF/ASiCManifest1.xml',
      'META-INF/signature1.p7s',
      'META-INF/ASiCManifest2.xml',
      'META-INF/signature2.p7s',
    ]);
    for (const file of files) expect(inside.get(file.name)).toEqual(Buffer.from(file.bytes));
    for (const n of [1, 2]) {
      const manifest = inside.get(`META-INF/ASiCManifest${n}.xml`) as Uint8Array;
      const p7s = inside.get(`META-INF/signature${n}.p7s`) as Uint8Array;
      const verified = await opensslVerify(`${chain.id}-${n}`, manifest, p7s);
      expect(verified.output).toContain('Verification successful');
      expect(verified.code).toBe(0);
      const parsed = parseAsicManifest(manifest);
      expect(parsed.sigReference).toBe(`META-INF/signature${n}.p7s`);
      expect(
        parsed.references.map((r) => [r.name, Buffer.from(r.digest!).toString('hex')]),
      ).toEqual(files.map((f) => [f.name, sha256(f.bytes).toString('hex')]));
    }
    const report = await validateAsic(asice, {
      trustAnchors: fromPem(readFileSync(caPem, 'latin1'), 'CERTIFICATE'),
    });
    expect(report.problems).toEqual([]);
    expect(report.signatures.map((s) => [s.valid, s.chainTrusted, s.level])).toEqual([
      [true, true, 'B-T'],
      [true, true, 'B-T'],
    ]);
    expect(report.signatures.every((s) => s.timestamp?.valid)).toBe(true);
    // The validation API reads the container; a changed document is caught by name.
    const validate = (bytes: Uint8Array) =>
      t.app.inject({
        method: 'POST',
        url: '/rdss/v1/validations?fileName=Board%20pack.asice',
        headers: { ...ann.headers, 'content-type': ASIC_E_MIMETYPE },
        payload: Buffer.from(bytes),
      });
    const validated = await validate(asice);
    expect(validated.statusCode, validated.body).toBe(200);
    const answer = validated.json<ValidationReport>();
    expect(answer).toMatchObject({ kind: 'ASIC_E', verdict: 'VALID' });
    expect(answer.signatures.map((s) => [s.name, s.verdict, s.coveredDocuments])).toEqual(
      [1, 2].map((n) => [`META-INF/signature${n}.p7s`, 'VALID', files.map((f) => f.name)]),
    );
    const changed = Buffer.from(files[1]!.bytes);
    changed[changed.length - 8] = (changed[changed.length - 8] as number) ^ 1;
    const tampered = await buildAsic({
      documents: [
        { name: files[0]!.name, bytes: files[0]!.bytes },
        { name: files[1]!.name, bytes: changed },
      ],
      signatures: [1, 2].map((n) => ({
        manifest: inside.get(`META-INF/ASiCManifest${n}.xml`) as Uint8Array,
        signature: inside.get(`META-INF/signature${n}.p7s`) as Uint8Array,
      })),
    });
    const caught = (await validate(tampered)).json<ValidationReport>();
    expect(caught.verdict).toBe('INVALID');
    expect(caught.signatures.every((s) => s.reasons.includes('DIGEST_MISMATCH'))).toBe(true);
    expect(caught.signatures[0]?.problems).toContain(`${files[1]!.name} was changed after signing`);
    // The chain's own validation is its container's.
    const own = await call(ann, 'GET', `/signatureChains/${chain.id}/validation`);
    expect(own.json<ValidationReport>()).toMatchObject({
      kind: 'ASIC_E',
      verdict: 'VALID',
      fileName: 'Board pack.asice',
      chainId: chain.id,
    });

    const history = (await call(ann, 'GET', `/signatureChains/${chain.id}/history`)).json<
      ChainHistoryEvent[]
    >();
    expect(history.filter((e) => e.kind === 'SIGNED')).toHaveLength(2);
    expect(history.some((e) => e.kind === 'COMPLETED')).toBe(true);
  });

  it("a container's report reads as a PDF's: the algorithm by name, revocation asked online (a revoked signer shows)", async () => {
    const dan = await person(t, 'dan@example.com');
    const dansKey = await activatedCredential(t, dan, { keyAlg: 'rsa', rsaKeySize: 2048 });
    const { chain } = await bulkChain([dan, carl], 'Revoked pack');
    for (const [who, credential] of [
      [dan, dansKey],
      [carl, key(carl)],
    ] as const) {
      const signed = await post(
        t,
        who,
        '/rdss/v1/signatures/sign',
        signBody(chain, who, credential),
      );
      expect(signed.statusCode, signed.body).toBe(200);
    }
    const asice = (await containerOf(ann, chain.id)).rawPayload;
    const validate = async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/rdss/v1/validations?fileName=Revoked%20pack.asice',
        headers: { ...ann.headers, 'content-type': ASIC_E_MIMETYPE },
        payload: asice,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<ValidationReport>();
    };
    const before = await validate();
    expect(before.verdict).toBe('VALID');
    expect(before.missingRevocationData).toBeUndefined();
    // The names the PDF report uses (RSA_PKCS1, ECDSA), not the OIDs of the CMS.
    expect(
      before.signatures.map((s) => [s.algorithm, s.revocation.status, s.revocation.source]),
    ).toEqual([
      ['RSA_PKCS1', 'GOOD', 'ONLINE'],
      ['ECDSA', 'GOOD', 'ONLINE'],
    ]);

    // Dan's key is deleted, so its certificate revoked, a second after his time-stamp.
    const stamped = Date.parse(before.signatures[0]?.timestamp?.time ?? '');
    while (Math.floor(Date.now() / 1000) <= Math.floor(stamped / 1000)) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/rssp/v1/credentials/${dansKey.id}`,
      headers: dan.headers,
    });
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);
    const after = await validate();
    const [dans, carls] = after.signatures;
    // Time-stamped before the revocation: still valid, and the revocation is shown.
    expect(dans).toMatchObject({
      verdict: 'VALID',
      revocation: { status: 'REVOKED', source: 'ONLINE', validAtSigningTime: true },
    });
    expect(Date.parse(dans?.revocation.revokedAt ?? '')).toBeGreaterThan(stamped);
    expect(carls?.revocation).toMatchObject({ status: 'GOOD', source: 'ONLINE' });
  });

  it('declining a bulk chain fails it; a signer out of turn is refused; nothing is stored', async () => {
    const { chain } = await bulkChain([bob, carl], 'Declined pack');
    const early = await post(t, carl, '/rdss/v1/signatures/sign', signBody(chain, carl, key(carl)));
    expect(early.statusCode).toBe(403);
    const declined = await call(bob, 'POST', `/signatures/${chain.id}/decline`, {
      currentSignatureId: chain.signatures[0]!.id,
      comment: 'Wrong budget',
    });
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json<Chain>().status).toBe('FAILED');
    const late = await post(t, bob, '/rdss/v1/signatures/sign', signBody(chain, bob, key(bob)));
    expect(late.statusCode).toBe(403);
    expect(await stored(chain.id)).toEqual([]);
    // Nothing signed: the download stays the documents' zip.
    expect((await containerOf(ann, chain.id)).headers['content-type']).toBe('application/zip');
  });
});
