import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Credential } from '@signet/contracts/credentials';
import { fromPem, parseCertificate, X509_OID } from '@signet/der';
import { validate } from '@signet/pades';
import { toolMessages } from '../src/rdss/signing/quantum-demo-readme';
import { approveNext, enroll, pendingRequests } from '../src/authenticator/authenticator-client';
import { enrollmentLink } from './device-fixture';
import { freePort } from './free-port';
import {
  createCredential,
  createRsspTestApp,
  fastKdfEnv,
  keyPassword,
  person,
  post,
  type Person,
} from './rssp-fixture';
import { activatedCredential, createChain, makePdf, runTool, uploadPdf } from './signing-fixture';
import type { TestApp } from './test-app';

const slhDsaOid = X509_OID.slhDsaSha2_128f;

/** The entries of a zip as `unzip` lists them, and each entry's bytes as `unzip -p` gives them. */
async function unzipped(dir: string, zip: Buffer): Promise<Map<string, Buffer>> {
  const path = join(dir, `${Math.random().toString(36).slice(2)}.zip`);
  await writeFile(path, zip);
  const test = await runTool('unzip', ['-tq', path]);
  expect(test.code, test.output).toBe(0);
  const listing = await runTool('zipinfo', ['-1', path]);
  const entries = new Map<string, Buffer>();
  // runTool reads output as latin1; the names are UTF-8.
  const names = Buffer.from(listing.output, 'latin1').toString('utf8');
  for (const name of names.split('\n').filter(Boolean)) {
    const { output } = await runTool('unzip', ['-p', path, name]);
    entries.set(name, Buffer.from(output, 'latin1'));
  }
  return entries;
}

/**
 * Issue 27 §5, D§7 `POST signatures/pmSign`: the quantum-safe demo signs the caller's own upload
 * with an SLH-DSA credential and answers a zip of the signed PDF, the chain and a README. On
 * PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
describe('quantum-safe demo (POST signatures/pmSign)', () => {
  let t: TestApp;
  let ann: Person;
  let bob: Person;
  let dir: string;
  let slh: Credential;
  let rsa: Credential;
  let caRoots: Buffer[];
  let pqRoot: Buffer | undefined;

  const pmSign = (who: Person, payload: object) =>
    post(t, who, '/rdss/v1/signatures/pmSign', payload);
  const documentExists = async (who: Person, id: string) =>
    (await t.app.inject({ url: `/rdss/v1/documents/${id}`, headers: who.headers })).statusCode ===
    200;
  const attempts = async (credentialId: string) =>
    Number(
      (
        (await t.context.database.db.execute(
          sql`select failed_password_attempts as n from rssp.credentials where id = ${credentialId}`,
        )) as unknown as { rows: { n: number }[] }
      ).rows[0]?.n,
    );
  const refused = (res: Awaited<ReturnType<typeof pmSign>>) => ({
    status: res.statusCode,
    code: res.json<{ code: string }>().code,
  });

  beforeAll(async () => {
    // The device approves over HTTP, as the CLI authenticator does.
    const port = await freePort();
    ({ t, ann, bob } = await createRsspTestApp({
      ...fastKdfEnv,
      RSSP_API_URL: `http://127.0.0.1:${port}/rssp`,
    }));
    await t.app.listen({ port, host: '127.0.0.1' });
    dir = await mkdtemp(join(tmpdir(), 'signet-quantum-'));
    slh = await activatedCredential(t, ann, {
      description: 'Ann SLH-DSA',
      keyAlg: 'sphincs+',
      ecCurveName: 'sphincs-sha2-128f',
    });
    rsa = await activatedCredential(t, ann, { keyAlg: 'rsa', rsaKeySize: 2048 });
    const ca = await t.app.inject({ url: '/rssp/v1/ca/certificate' });
    // The post-quantum root exists once it certified an SLH-DSA key (decision 057).
    const pq = await t.app.inject({ url: '/rssp/v1/ca/pq/certificate' });
    caRoots = fromPem(ca.body, 'CERTIFICATE');
    pqRoot = pq.statusCode === 200 ? fromPem(pq.body, 'CERTIFICATE')[0] : undefined;
    if (pqRoot) caRoots.push(pqRoot);
  }, 180_000);
  afterAll(async () => {
    await t.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('signs with the key password: a zip of the PDF (valid, SLH-DSA, trusted), the chain PEM and the README; the upload is consumed', async () => {
    const original = await makePdf(2);
    const docId = await uploadPdf(t, ann, original, 'Quantum contract.pdf');
    const res = await pmSign(ann, {
      origDocId: docId,
      credentialOptions: { credentialId: slh.id, PIN: keyPassword },
    });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toContain('Quantum contract.zip');
    const entries = await unzipped(dir, res.rawPayload);
    expect([...entries.keys()]).toEqual([
      'Quantum contract.pdf',
      'certificate-chain.pem',
      'README.txt',
    ]);

    const signed = entries.get('Quantum contract.pdf')!;
    // An incremental update: the upload, byte for byte, then the signature.
    expect(Buffer.compare(signed.subarray(0, original.length), Buffer.from(original))).toBe(0);
    const report = validate(signed, { trustAnchors: caRoots });
    expect(report.signatures).toHaveLength(1);
    expect(report.signatures[0]).toMatchObject({
      valid: true,
      digestMatches: true,
      signatureValid: true,
      algorithm: 'SLH_DSA_SHA2_128F',
      chainTrusted: true,
      // Its validation data (DSS) and the document time-stamp follow it (B-LTA, decision 038).
      level: 'B-LTA',
      modifiedAfterSigning: false,
    });
    const qpdf = await runTool('qpdf', ['--check', await saved('signed.pdf', signed)]);
    expect(qpdf.code, qpdf.output).toBe(0);

    // The chain: the signer's certificate first (its key SLH-DSA-SHA2-128f), the CA's last, and
    // each signed with SLH-DSA: the post-quantum CA's root certifies the key (decision 057).
    const chain = fromPem(entries.get('certificate-chain.pem')!.toString('utf8'), 'CERTIFICATE');
    expect(chain.length).toBe(slh.certChain.length);
    const [leaf, ...issuers] = chain.map((der) => parseCertificate(der));
    expect(leaf!.subjectName).toContain('CN=ann');
    expect(leaf!.issuerName).toBe(issuers[0]!.subjectName);
    expect(issuers.at(-1)!.subjectName).toContain('Signet Post-Quantum CA');
    expect(pqRoot && Buffer.compare(chain.at(-1)!, pqRoot)).toBe(0);
    for (const certificate of [leaf!, ...issuers]) {
      expect(certificate.keyAlgorithm).toBe(slhDsaOid);
      expect(certificate.signatureAlgorithm.oid).toBe(slhDsaOid);
    }
    for (const der of chain) {
      const x509 = await runTool('openssl', [
        'x509',
        '-inform',
        'DER',
        '-noout',
        '-subject',
        '-in',
        await saved('cert.der', der),
      ]);
      expect(x509.code, x509.output).toBe(0);
    }
    const readme = entries.get('README.txt')!.toString('utf8');
    expect(readme).toContain('SLH-DSA-SHA2-128f');
    expect(readme).toContain('certificate-chain.pem');
    expect(readme).toContain('found the signature valid: yes');
    expect(readme).toContain('The whole chain is post-quantum: yes.');
    expect(readme).toMatch(/Not post-quantum: the time-stamps .*Signet Time-Stamping Authority/);

    // What the README quotes is what the tools here say of this file: pdfsig cannot read the
    // signature, OpenSSL 3.0 cannot load an SLH-DSA key nor verify the CMS.
    const pdfPath = await saved('signed.pdf', signed);
    const pdfsig = await runTool('pdfsig', [pdfPath]);
    expect(pdfsig.output).toContain(toolMessages.pdfsig);
    expect(readme).toContain(`pdfsig (poppler 22.12): "${toolMessages.pdfsig}"`);
    const chainPath = await saved('chain.pem', entries.get('certificate-chain.pem')!);
    const x509Text = await runTool('openssl', ['x509', '-in', chainPath, '-noout', '-text']);
    expect(x509Text.output).toContain(toolMessages.opensslX509);
    const cms = await opensslCmsVerify(signed, chainPath);
    expect(cms.code).not.toBe(0);
    expect(cms.output).toContain(toolMessages.opensslCms);
    for (const message of [toolMessages.opensslX509, toolMessages.opensslCms])
      expect(readme).toContain(`"${message}"`);
    // The README no longer tells of an "unknown algorithm" that no tool here reports.
    expect(readme).not.toMatch(/unknown algorithm/);

    // The demo stores nothing: its upload was used once and is gone.
    expect(await documentExists(ann, docId)).toBe(false);
  }, 120_000);

  /** `openssl cms -verify` of the PDF's signature (its /Contents) over its byte ranges. */
  async function opensslCmsVerify(pdf: Buffer, chainPath: string) {
    const text = pdf.toString('latin1');
    const range = /\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/.exec(text);
    const [a, b, c, d] = (range ?? []).slice(1).map(Number) as [number, number, number, number];
    const contents = text.slice(a + b + 1, c - 1);
    const cms = Buffer.from(contents, 'hex');
    // The CMS is padded with zeros to its reserved size: its DER length says where it ends.
    const length =
      cms[1]! & 0x80 ? cms.readUIntBE(2, cms[1]! & 0x7f) + 2 + (cms[1]! & 0x7f) : cms[1]! + 2;
    const signature = await saved('signature.p7s', cms.subarray(0, length));
    const content = await saved(
      'signed-bytes.bin',
      Buffer.concat([pdf.subarray(a, a + b), pdf.subarray(c, c + d)]),
    );
    return runTool('openssl', [
      'cms',
      '-verify',
      '-binary',
      '-inform',
      'DER',
      '-in',
      signature,
      '-content',
      content,
      '-CAfile',
      chainPath,
      '-purpose',
      'any',
      '-out',
      '/dev/null',
    ]);
  }

  async function saved(name: string, bytes: Uint8Array): Promise<string> {
    const path = join(dir, `${Math.random().toString(36).slice(2)}-${name}`);
    await writeFile(path, bytes);
    return path;
  }

  it('a wrong key password is counted as on every sign call and the upload stays for another try', async () => {
    const docId = await uploadPdf(t, ann, await makePdf(1), 'retry.pdf');
    const wrong = await pmSign(ann, {
      origDocId: docId,
      credentialOptions: { credentialId: slh.id, PIN: '999999' },
    });
    expect(refused(wrong)).toEqual({ status: 400, code: 'INCORRECT_KEYPASSWORD_OR_PUK' });
    expect(await attempts(slh.id)).toBe(1);
    expect(await documentExists(ann, docId)).toBe(true);
    // An EXPLICIT key without its password: refused, nothing counted.
    const missing = await pmSign(ann, {
      origDocId: docId,
      credentialOptions: { credentialId: slh.id },
    });
    expect(refused(missing)).toEqual({ status: 400, code: 'VALIDATION_FAILED' });
    expect(await attempts(slh.id)).toBe(1);

    const right = await pmSign(ann, {
      origDocId: docId,
      credentialOptions: { credentialId: slh.id, PIN: keyPassword },
    });
    expect(right.statusCode, right.body.slice(0, 300)).toBe(200);
    expect(await attempts(slh.id)).toBe(0);
    expect(await documentExists(ann, docId)).toBe(false);
  }, 120_000);

  it('wrong key passwords in a row block the key (KEY_BLOCKED), as elsewhere', async () => {
    const blockable = await activatedCredential(t, ann, {
      keyAlg: 'sphincs+',
      ecCurveName: 'sphincs-sha2-128f',
    });
    const docId = await uploadPdf(t, ann, await makePdf(1));
    const body = { origDocId: docId, credentialOptions: { credentialId: blockable.id, PIN: '1x' } };
    for (let i = 0; i < 4; i++) {
      expect(refused(await pmSign(ann, body)).code).toBe('INCORRECT_KEYPASSWORD_OR_PUK');
    }
    expect(refused(await pmSign(ann, body))).toEqual({ status: 423, code: 'KEY_BLOCKED' });
    const right = { ...body, credentialOptions: { credentialId: blockable.id, PIN: keyPassword } };
    expect(refused(await pmSign(ann, right))).toEqual({ status: 423, code: 'KEY_BLOCKED' });
    expect(await documentExists(ann, docId)).toBe(true);
  }, 120_000);

  it('refuses an RSA credential (even with a wrong key password, nothing is counted)', async () => {
    const docId = await uploadPdf(t, ann, await makePdf(1));
    for (const PIN of [keyPassword, '999999']) {
      const res = await pmSign(ann, {
        origDocId: docId,
        credentialOptions: { credentialId: rsa.id, PIN },
      });
      expect(refused(res)).toEqual({ status: 400, code: 'SIGNING_CERTIFICATE_IS_NOT_APPROPRIATE' });
    }
    expect(await attempts(rsa.id)).toBe(0);
    expect(await documentExists(ann, docId)).toBe(true);
  }, 60_000);

  it("another's document is not found, another's credential neither; nothing changes", async () => {
    const annsDoc = await uploadPdf(t, ann, await makePdf(1));
    const bobsKey = await activatedCredential(t, bob, {
      keyAlg: 'sphincs+',
      ecCurveName: 'sphincs-sha2-128f',
    });
    const foreignDoc = await pmSign(bob, {
      origDocId: annsDoc,
      credentialOptions: { credentialId: bobsKey.id, PIN: keyPassword },
    });
    expect(refused(foreignDoc)).toEqual({ status: 404, code: 'NOT_FOUND' });
    const bobsDoc = await uploadPdf(t, bob, await makePdf(1));
    const foreignKey = await pmSign(bob, {
      origDocId: bobsDoc,
      credentialOptions: { credentialId: slh.id, PIN: keyPassword },
    });
    expect(refused(foreignKey)).toEqual({ status: 404, code: 'NOT_FOUND' });
    expect(await documentExists(ann, annsDoc)).toBe(true);
    expect(await documentExists(bob, bobsDoc)).toBe(true);
    expect(await attempts(slh.id)).toBe(0);
    const unknown = await pmSign(bob, {
      origDocId: '00000000-0000-4000-8000-000000000000',
      credentialOptions: { credentialId: bobsKey.id, PIN: keyPassword },
    });
    expect(refused(unknown)).toEqual({ status: 404, code: 'NOT_FOUND' });
  }, 120_000);

  it("a chain's document may be signed in the demo and stays the chain's", async () => {
    const chain = await createChain(t, ann, { type: 'ORDERED', signers: [{ email: bob.email }] });
    const docId = chain.origDocument!.id;
    const res = await pmSign(ann, {
      origDocId: docId,
      credentialOptions: { credentialId: slh.id, PIN: keyPassword },
    });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(await documentExists(ann, docId)).toBe(true);
  }, 120_000);

  it("signs with device approval (IMPLICIT), the request identifier shown; the README in the user's language", async () => {
    const carl = await person(t, 'carl@example.com');
    const locale = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/users/self',
      headers: carl.headers,
      payload: { firstName: 'Carl', lastName: 'Test', locale: 'HU' },
    });
    expect(locale.statusCode, locale.body).toBe(200);
    const statePath = join(dir, 'carl.json');
    const state = await enroll({
      link: await enrollmentLink(t, carl),
      statePath,
      friendlyName: 'Carl phone',
    });
    const implicit = await createCredential(t, carl, {
      description: 'Carl SLH-DSA',
      keyAlg: 'sphincs+',
      ecCurveName: 'sphincs-sha2-128f',
      authMode: 'IMPLICIT',
      certificateEnrollmentMode: 'CMP',
      distinguishedName: { commonName: 'Carl Test', countryName: 'HU' },
    });
    const [activated] = await Promise.all([
      post(t, carl, `/rssp/v1/credentials/${implicit.id}/activate`),
      approveNext({ statePath, timeoutMs: 20_000 }),
    ]);
    expect(activated.statusCode, activated.body).toBe(200);
    const docId = await uploadPdf(t, carl, await makePdf(1), 'szerződés.pdf');
    const signing = pmSign(carl, {
      origDocId: docId,
      credentialOptions: { credentialId: implicit.id, description: 'demo-42' },
    });
    const [request] = await pendingRequests(state, 10);
    expect(request).toMatchObject({ purpose: 'SIGN', documents: ['szerződés.pdf · demo-42'] });
    expect((await approveNext({ statePath, timeoutMs: 20_000 }))?.status).toBe('APPROVED');
    const res = await signing;
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    const entries = await unzipped(dir, res.rawPayload);
    expect([...entries.keys()]).toEqual(['szerződés.pdf', 'certificate-chain.pem', 'OLVASSEL.txt']);
    const report = validate(entries.get('szerződés.pdf')!, { trustAnchors: caRoots });
    expect(report.signatures[0]).toMatchObject({ valid: true, algorithm: 'SLH_DSA_SHA2_128F' });
    expect(entries.get('OLVASSEL.txt')!.toString('utf8')).toContain('érvényes: igen');
  }, 120_000);
});
