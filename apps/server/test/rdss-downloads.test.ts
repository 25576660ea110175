import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Chain, MultiChainResult } from '@signet/contracts/chains';
import type { Credential } from '@signet/contracts/credentials';
import type { BatchView } from '@signet/contracts/documents';
import { maxDownloadChains } from '@signet/contracts/limits';
import { fromPem } from '@signet/der';
import { readAsic, validateAsic } from '@signet/pades';
import { multipartBody } from './multipart';
import { createRsspTestApp, fastKdfEnv, person, post, type Person } from './rssp-fixture';
import {
  activatedCredential,
  checkSignedPdf,
  createChain,
  makePdf,
  runTool,
  signBody,
  trustEmbeddedCa,
  uploadPdf,
} from './signing-fixture';
import type { TestApp } from './test-app';

/** The entries of a zip as `unzip` lists them, and each entry's bytes as `unzip -p` gives them. */
async function unzipped(zip: Buffer): Promise<Map<string, Buffer>> {
  const dir = mkdtempSync(join(tmpdir(), 'signet-zip-'));
  const path = join(dir, 'download.zip');
  writeFileSync(path, zip);
  const test = await runTool('unzip', ['-tq', path]);
  expect(test.code, test.output).toBe(0);
  const listing = await runTool('zipinfo', ['-1', path]);
  expect(listing.code, listing.output).toBe(0);
  const entries = new Map<string, Buffer>();
  for (const name of listing.output.split('\n').filter(Boolean)) {
    const { output } = await runTool('unzip', ['-p', path, name]);
    entries.set(name, Buffer.from(output, 'latin1'));
  }
  return entries;
}

/**
 * Issue 26 §1: a download gives the document as it stands (its latest signed revision once
 * anything is signed), the upload stays reachable as its own entry, the signing trail beside it,
 * and several chains in one streamed zip. On PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
describe('rDSS downloads (documents/{id}/file modes, documents/files)', () => {
  let t: TestApp;
  let admin: Person;
  let ann: Person;
  let bob: Person;
  let eve: Person;
  let nss: string;
  let bobKey: Credential;

  beforeAll(async () => {
    ({ t, admin, ann, bob } = await createRsspTestApp({
      ...fastKdfEnv,
      SIGNING_TRAIL_ENABLED: 'true',
    }));
    eve = await person(t, 'eve@example.com');
    nss = await trustEmbeddedCa(t);
    bobKey = await activatedCredential(t, bob);
  }, 120_000);
  afterAll(() => t.close());

  const get = (who: Person, url: string) =>
    t.app.inject({ url: `/rdss/v1${url}`, headers: who.headers });
  const files = (who: Person, body: object) => post(t, who, '/rdss/v1/documents/files', body);
  const signedBy = async (chain: Chain, who: Person, key: Credential): Promise<Chain> => {
    const res = await post(t, who, '/rdss/v1/signatures/sign', signBody(chain, who, key));
    expect(res.statusCode, res.body).toBe(200);
    return (await get(ann, `/signatureChains/${chain.id}`)).json<Chain>();
  };
  const fileName = (res: { headers: Record<string, unknown> }) =>
    /filename\*=UTF-8''(.*)$/.exec(String(res.headers['content-disposition']))?.[1];

  it('after a signature ORIGINAL gives the signed revision, UPLOAD the upload byte for byte, named per D§9', async () => {
    const upload = await makePdf(2);
    const origDocId = await uploadPdf(t, ann, upload, 'Lease 2026');
    const chain = await signedBy(
      await createChain(t, ann, { type: 'ORDERED', signers: [{ email: bob.email }], origDocId }),
      bob,
      bobKey,
    );

    // The creator, the signer and an admin get the document as it stands: Bob's signature in it.
    for (const who of [ann, bob, admin]) {
      const res = await get(who, `/documents/${origDocId}/file?chainId=${chain.id}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(fileName(res)).toBe('Lease%202026.pdf');
      const checked = await checkSignedPdf(nss, res.rawPayload);
      expect(checked.signatures).toHaveLength(1);
      expect(checked.signatures[0]).toMatchObject({ valid: true, trusted: true });
    }
    // ORIGINAL is the default, and the chain is found without naming it.
    const plain = await get(ann, `/documents/${origDocId}/file`);
    expect((await checkSignedPdf(nss, plain.rawPayload)).signatures).toHaveLength(1);
    // The chain's signedDocument (a revision id) gives the same bytes.
    const revision = await get(ann, `/documents/${chain.signedDocument!.id}/file`);
    expect(revision.rawPayload.equals(plain.rawPayload)).toBe(true);

    // The upload as it was, byte for byte.
    const asUploaded = await get(ann, `/documents/${origDocId}/file?mode=UPLOAD`);
    expect(asUploaded.statusCode).toBe(200);
    expect(asUploaded.rawPayload.equals(Buffer.from(upload))).toBe(true);
    // Named apart from the document as it stands (issue 38 §9).
    expect(fileName(asUploaded)).toBe('Lease%202026-upload.pdf');

    // Someone else gets nothing, as for an id that does not exist.
    for (const mode of ['ORIGINAL', 'UPLOAD', 'FULL']) {
      const refused = await get(eve, `/documents/${origDocId}/file?mode=${mode}`);
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
    // A chain that is not over this document is refused.
    const other = await createChain(t, ann, { type: 'ORDERED', signers: [{ email: bob.email }] });
    expect((await get(ann, `/documents/${origDocId}/file?chainId=${other.id}`)).statusCode).toBe(
      404,
    );
  }, 60_000);

  it('a chain without a signing trail answers NOT_FOUND for DETACHED and FULL', async () => {
    const chain = await createChain(t, ann, {
      type: 'ORDERED',
      signers: [{ email: bob.email }],
      signingTrailMode: 'NONE',
    });
    for (const mode of ['DETACHED', 'FULL']) {
      const res = await get(ann, `/documents/${chain.origDocument!.id}/file?mode=${mode}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({
        code: 'NOT_FOUND',
        message: 'This chain has no signing trail',
      });
    }
  });

  it('FULL is a zip of the PDF as it stands and its signing trail; DETACHED the trail named -signingtrail', async () => {
    const chain = await signedBy(
      await createChain(t, ann, {
        type: 'ORDERED',
        signers: [{ email: bob.email }],
        signingTrailMode: 'ATTACHED',
      }),
      bob,
      bobKey,
    );
    const id = chain.origDocument!.id;
    const standing = (await get(ann, `/documents/${id}/file`)).rawPayload;

    const trail = await get(ann, `/documents/${id}/file?mode=DETACHED`);
    expect(trail.statusCode, trail.body).toBe(200);
    expect(fileName(trail)).toBe('contract-signingtrail.pdf');
    expect(trail.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const full = await get(ann, `/documents/${id}/file?mode=FULL`);
    expect(full.statusCode, full.body).toBe(200);
    expect(full.headers['content-type']).toBe('application/zip');
    expect(fileName(full)).toBe('contract.zip');
    const entries = await unzipped(full.rawPayload);
    expect([...entries.keys()]).toEqual(['contract.pdf', 'contract-signingtrail.pdf']);
    expect(entries.get('contract.pdf')!.equals(standing)).toBe(true);
    const inZip = await checkSignedPdf(nss, entries.get('contract.pdf')!);
    expect(inZip.signatures[0]).toMatchObject({ valid: true, trusted: true });
    const text = await pdfText(entries.get('contract-signingtrail.pdf')!);
    expect(text).toContain(bob.email);
  }, 60_000);

  it('a DETACHED chain downloads its own signed trail document; FULL zips both, each signature valid', async () => {
    const chain = await signedBy(
      await createChain(t, ann, {
        type: 'ORDERED',
        signers: [{ email: bob.email }],
        signingTrailMode: 'DETACHED',
      }),
      bob,
      bobKey,
    );
    const id = chain.origDocument!.id;
    const trail = await get(bob, `/documents/${id}/file?mode=DETACHED&chainId=${chain.id}`);
    expect(trail.statusCode, trail.body).toBe(200);
    expect(fileName(trail)).toBe('contract-signingtrail.pdf');
    // The trail document as Bob's signature left it: signed, and naming him.
    const signedTrail = await checkSignedPdf(nss, trail.rawPayload);
    expect(signedTrail.signatures).toHaveLength(1);
    expect(signedTrail.signatures[0]).toMatchObject({ valid: true, trusted: true });
    expect(await pdfText(trail.rawPayload)).toContain(bob.email);

    const entries = await unzipped((await get(bob, `/documents/${id}/file?mode=FULL`)).rawPayload);
    expect([...entries.keys()]).toEqual(['contract.pdf', 'contract-signingtrail.pdf']);
    expect(entries.get('contract-signingtrail.pdf')!.equals(trail.rawPayload)).toBe(true);
    const document = await checkSignedPdf(nss, entries.get('contract.pdf')!);
    expect(document.signatures[0]).toMatchObject({ valid: true, trusted: true });
  }, 60_000);

  it('several chains download as one zip with unique names; a foreign chain refuses the whole zip', async () => {
    const first = await signedBy(
      await createChain(t, ann, { type: 'ORDERED', signers: [{ email: bob.email }] }),
      bob,
      bobKey,
    );
    const second = await createChain(t, ann, { type: 'ORDERED', signers: [{ email: bob.email }] });
    const res = await files(ann, { chainIds: [first.id, second.id] });
    expect(res.statusCode, res.body).toBe(200);
    expect(fileName(res)).toBe('documents.zip');
    const entries = await unzipped(res.rawPayload);
    expect([...entries.keys()]).toEqual(['contract.pdf', 'contract (2).pdf']);
    // Each as it stands: the first signed by Bob, the second its upload.
    expect((await checkSignedPdf(nss, entries.get('contract.pdf')!)).signatures).toHaveLength(1);
    const secondUpload = await get(ann, `/documents/${second.origDocument!.id}/file?mode=UPLOAD`);
    expect(entries.get('contract (2).pdf')!.equals(secondUpload.rawPayload)).toBe(true);

    // Bob takes part in both; Eve in neither: her one foreign id refuses the whole download.
    expect((await files(bob, { chainIds: [first.id, second.id] })).statusCode).toBe(200);
    const evesOwn = await createChain(t, eve, { type: 'ORDERED', signers: [{ email: bob.email }] });
    const refused = await files(ann, { chainIds: [first.id, evesOwn.id] });
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ code: 'NOT_FOUND' });
    expect(refused.headers['content-type']).toContain('application/json');
    // The admin reads any chain.
    expect((await files(admin, { chainIds: [first.id, evesOwn.id] })).statusCode).toBe(200);

    // The budget: at most maxDownloadChains ids, each once.
    const tooMany = Array.from({ length: maxDownloadChains + 1 }, () => crypto.randomUUID());
    expect((await files(ann, { chainIds: tooMany })).json()).toMatchObject({
      code: 'VALIDATION_FAILED',
    });
    expect((await files(ann, { chainIds: [first.id, first.id] })).statusCode).toBe(400);
  }, 60_000);

  it('a batch chain downloads all of its documents in one zip', async () => {
    const body = await multipartBody({ batchName: 'Q3 contracts' }, [
      { field: 'files', name: 'a.pdf', bytes: await makePdf(1) },
      { field: 'files', name: 'b', bytes: await makePdf(2) },
    ]);
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/rdss/v1/documents/batch',
      headers: { ...ann.headers, 'content-type': body.contentType },
      payload: body.payload,
    });
    const batch = uploaded.json<BatchView>();
    const created = await post(t, ann, '/rdss/v1/signatureChains/multi', {
      type: 'UNORDERED',
      signers: [{ email: bob.email }],
      batchId: batch.id,
      bulk: true,
    });
    expect(created.statusCode, created.body).toBe(201);
    const [chain] = created.json<MultiChainResult>().chains;
    const res = await files(bob, { chainIds: [chain!.id] });
    expect(res.statusCode, res.body).toBe(200);
    expect(fileName(res)).toBe('Q3%20contracts.zip');
    const entries = await unzipped(res.rawPayload);
    expect([...entries.keys()]).toEqual(['a.pdf', 'b.pdf']);
    for (const [i, document] of batch.documents.entries()) {
      const one = await get(bob, `/documents/${document.id}/file?chainId=${chain!.id}`);
      expect(entries.get(['a.pdf', 'b.pdf'][i]!)!.equals(one.rawPayload)).toBe(true);
    }
  }, 60_000);

  it('a signed batch chain is its .asice in every zip: FULL holds the container and its trail, not the unsigned PDFs (issue 38 §4)', async () => {
    const body = await multipartBody({ batchName: 'Board pack' }, [
      { field: 'files', name: 'minutes.pdf', bytes: await makePdf(1) },
      { field: 'files', name: 'budget.pdf', bytes: await makePdf(2) },
    ]);
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/rdss/v1/documents/batch',
      headers: { ...ann.headers, 'content-type': body.contentType },
      payload: body.payload,
    });
    const batch = uploaded.json<BatchView>();
    const created = await post(t, ann, '/rdss/v1/signatureChains/multi', {
      type: 'UNORDERED',
      signers: [{ email: bob.email }],
      batchId: batch.id,
      bulk: true,
    });
    expect(created.statusCode, created.body).toBe(201);
    const [chain] = created.json<MultiChainResult>().chains;
    await signedBy(chain!, bob, bobKey);
    const caDer = fromPem(
      (await t.app.inject({ url: '/rssp/v1/ca/certificate' })).body,
      'CERTIFICATE',
    );
    const expectSignedContainer = async (asice: Buffer | undefined) => {
      expect(asice).toBeDefined();
      const { names } = await readAsic(asice!);
      expect(names).toEqual([
        'mimetype',
        'minutes.pdf',
        'budget.pdf',
        'META-INF/ASiCManifest1.xml',
        'META-INF/signature1.p7s',
      ]);
      const report = await validateAsic(asice!, { trustAnchors: caDer });
      expect(report.problems).toEqual([]);
      expect(report.signatures.map((s) => [s.valid, s.chainTrusted])).toEqual([[true, true]]);
    };

    // Download (ORIGINAL) is the container itself.
    const original = await files(ann, { chainIds: [chain!.id], mode: 'ORIGINAL' });
    expect(original.statusCode, original.body).toBe(200);
    expect(fileName(original)).toBe('Board%20pack.asice');
    await expectSignedContainer(original.rawPayload);

    // FULL: the signed container and the signing trail beside it.
    const full = await files(ann, { chainIds: [chain!.id], mode: 'FULL' });
    expect(full.statusCode, full.body).toBe(200);
    expect(fileName(full)).toBe('Board%20pack.zip');
    const entries = await unzipped(full.rawPayload);
    expect([...entries.keys()]).toEqual(['Board pack.asice', 'Board pack-signingtrail.pdf']);
    await expectSignedContainer(entries.get('Board pack.asice'));
    expect(await pdfText(entries.get('Board pack-signingtrail.pdf')!)).toContain(bob.email);

    // With other chains: the container again, never its documents unsigned.
    const other = await createChain(t, ann, { type: 'ORDERED', signers: [{ email: bob.email }] });
    const several = await files(ann, { chainIds: [chain!.id, other.id], mode: 'ORIGINAL' });
    expect(several.statusCode, several.body).toBe(200);
    const both = await unzipped(several.rawPayload);
    expect([...both.keys()]).toEqual(['Board pack.asice', 'contract.pdf']);
    await expectSignedContainer(both.get('Board pack.asice'));
  }, 90_000);
});

async function pdfText(bytes: Buffer): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'signet-trail-'));
  const path = join(dir, 'trail.pdf');
  writeFileSync(path, bytes);
  return (await runTool('pdftotext', [path, '-'])).output;
}
