import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Credential, CredentialPage } from '@signet/contracts/credentials';
import type { SignResult } from '@signet/contracts/signatures';
import { issueTestCertificate, makeTestCa, signRequest, startCmpMock } from './cmp-mock';
import { freePort } from './free-port';
import {
  createCredential,
  createRsspTestApp,
  fastKdfEnv,
  keyPassword,
  post,
  puk,
  type Person,
} from './rssp-fixture';
import {
  checkSignedPdf,
  createChain,
  download,
  runTool,
  signBody,
  trustEmbeddedCa,
} from './signing-fixture';
import type { TestApp } from './test-app';

const secret = 'cmp-shared-secret-1';

describe('rSSP: certificates from an external CA over CMP (OpenSSL mock server)', () => {
  let t: TestApp;
  let ann: Person;
  let admin: Person;
  let ca: Awaited<ReturnType<typeof makeTestCa>>;
  let port: number;
  let mock: Awaited<ReturnType<typeof startCmpMock>> | undefined;
  let issued: string;
  let credential: Credential;

  const enroll = (id: string, payload: Record<string, unknown>) =>
    post(t, ann, `/rssp/v1/credentials/${id}/certificateEnrollment`, payload);
  const stored = async (id: string) =>
    (
      await t.app.inject({ url: `/rssp/v1/credentials/${id}`, headers: ann.headers })
    ).json<Credential>();
  const count = async () =>
    (
      await t.app.inject({ url: '/rssp/v1/credentials/self', headers: ann.headers })
    ).json<CredentialPage>().total;

  beforeAll(async () => {
    ca = await makeTestCa();
    port = await freePort();
    ({ t, ann, admin } = await createRsspTestApp({
      ...fastKdfEnv,
      CA_MODE: 'external',
      CMP_SERVER_URL: `http://127.0.0.1:${port}/pkix/`,
      CMP_REFERENCE: 'signet',
      CMP_SECRET: secret,
      CMP_RECIPIENT: '/O=Test/CN=Test CMP CA',
      CMP_CA_CERT_FILE: ca.cert,
      CMP_TIMEOUT_SECS: '4',
    }));
    // The mock answers one fixed certificate: the test CA issues it beforehand for the key of
    // an existing credential, from the request Signet offers.
    credential = await createCredential(t, ann, {
      distinguishedName: { commonName: 'ann', countryName: 'HU' },
    });
    const csr = await t.app.inject({
      url: `/rssp/v1/credentials/${credential.id}/certificateRequest`,
      headers: ann.headers,
    });
    expect(csr.statusCode).toBe(200);
    issued = await signRequest(ca, csr.body, 'ann');
    mock = await startCmpMock({ port, secret, rspCert: issued, caCert: ca.cert });
  }, 120_000);

  afterAll(async () => {
    await mock?.stop();
    await t?.close();
  });

  it('p10cr for an existing credential stores the chain the CA returns; openssl verifies it; pdfsig trusts a signature with it', async () => {
    const res = await enroll(credential.id, { kind: 'csr' });
    expect(res.statusCode, res.body).toBe(200);
    const chain = res.json<Credential>().certChain;
    expect(chain.map((c) => c.issuedTo)).toEqual(['ann', 'Test CMP CA']);
    expect(chain[0]?.pem.trim()).toBe(readFileSync(issued, 'utf8').trim());
    const dir = mkdtempSync(join(tmpdir(), 'signet-cmp-chain-'));
    const leaf = join(dir, 'leaf.pem');
    writeFileSync(leaf, chain[0]!.pem);
    const verified = await runTool('openssl', ['verify', '-CAfile', ca.cert, leaf]);
    expect(verified.output).toContain(': OK');
    // The CA certificate is what /ca/certificate serves.
    const caRes = await t.app.inject({ url: '/rssp/v1/ca/certificate' });
    expect(caRes.statusCode).toBe(200);
    expect(caRes.body).toBe(readFileSync(ca.cert, 'utf8'));

    // Activated, it signs a chain, and pdfsig (trusting the test CA) finds the signature valid.
    const activated = await post(t, ann, `/rssp/v1/credentials/${credential.id}/activate`, {
      keyPassword,
      keyPuk: puk,
    });
    expect(activated.statusCode, activated.body).toBe(200);
    const nss = await trustEmbeddedCa(t);
    const signing = await createChain(t, ann, { type: 'ORDERED', signers: [{ email: ann.email }] });
    const signed = await post(
      t,
      ann,
      '/rdss/v1/signatures/sign',
      signBody(signing, ann, activated.json<Credential>()),
    );
    expect(signed.statusCode, signed.body).toBe(200);
    const bytes = await download(t, ann, signed.json<SignResult>()[0]!.signedDocument.id);
    // The test CA's certificate names no OCSP responder, so pdfsig asks nothing online; offline
    // (-no-ocsp) poppler 22.12 misreports a leaf without a CRL DP (decision 037).
    const checked = await checkSignedPdf(nss, bytes, undefined, { ocsp: true });
    expect(checked.signatures).toEqual([
      expect.objectContaining({ valid: true, trusted: true, signer: 'ann' }),
    ]);
  }, 120_000);

  it('kur renews the certificate of an activated key opened with its key password', async () => {
    // An admin manages the credential but does not sign with its activated key.
    const byAdmin = await post(
      t,
      admin,
      `/rssp/v1/credentials/${credential.id}/certificateEnrollment`,
      { kind: 'renew', keyPassword },
    );
    expect(byAdmin.statusCode, byAdmin.body).toBe(403);
    const without = await enroll(credential.id, { kind: 'renew' });
    expect(without.statusCode).toBe(400);
    const wrong = await enroll(credential.id, { kind: 'renew', keyPassword: '999999' });
    expect(wrong.json<{ code: string }>().code).toBe('INCORRECT_KEYPASSWORD_OR_PUK');
    const res = await enroll(credential.id, { kind: 'renew', keyPassword });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Credential>().certChain).toHaveLength(2);
  }, 60_000);

  it("ir for a new key: the mock's fixed certificate is for another key, so Signet refuses it and stores nothing", async () => {
    const before = await count();
    const res = await post(t, ann, '/rssp/v1/credentials/', {
      description: 'New key over CMP',
      keyAlg: 'ec',
      ecCurveName: 'prime256v1',
      authMode: 'EXPLICIT',
      certificateEnrollmentMode: 'CMP',
      distinguishedName: { commonName: 'ann', countryName: 'HU' },
    });
    expect(res.statusCode, res.body).toBe(502);
    expect(res.json<{ code: string; message: string }>()).toMatchObject({
      code: 'CA_ENROLLMENT_FAILED',
      message: expect.stringContaining('for another key'),
    });
    expect(await count()).toBe(before);
  }, 60_000);

  it("a wrong shared secret: the CA's error comes back as CA_ENROLLMENT_FAILED with its text; nothing stored", async () => {
    const other = await createCredential(t, ann, { description: 'Second' });
    await mock?.stop();
    mock = await startCmpMock({ port, secret: 'not-the-secret', rspCert: issued, caCert: ca.cert });
    const res = await enroll(other.id, { kind: 'csr' });
    expect(res.statusCode, res.body).toBe(502);
    const body = res.json<{ code: string; message: string }>();
    expect(body.code).toBe('CA_ENROLLMENT_FAILED');
    expect(body.message).toMatch(/rejection/);
    expect(body.message).toMatch(/wrong pbm value/);
    expect((await stored(other.id)).certChain).toEqual([]);
  }, 60_000);

  it('the CA down (closed port): SERVICE_UNAVAILABLE, nothing stored', async () => {
    const other = await createCredential(t, ann, { description: 'Third' });
    await mock?.stop();
    mock = undefined;
    const res = await enroll(other.id, { kind: 'csr' });
    expect(res.statusCode, res.body).toBe(503);
    expect(res.json<{ code: string }>().code).toBe('SERVICE_UNAVAILABLE');
    expect((await stored(other.id)).certChain).toEqual([]);
  }, 60_000);

  it('a CA that answers an HTTP error is CA_ENROLLMENT_FAILED with the status; a silent one times out as SERVICE_UNAVAILABLE', async () => {
    const other = await createCredential(t, ann, { description: 'Fourth' });
    let silent = false;
    const server = createServer((request, response) => {
      request.resume();
      if (silent) return; // never answers
      response.writeHead(500, { 'content-type': 'text/plain' }).end('broken');
    });
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    try {
      const failed = await enroll(other.id, { kind: 'csr' });
      expect(failed.statusCode, failed.body).toBe(502);
      expect(failed.json<{ message: string }>().message).toContain('HTTP 500');
      silent = true;
      const started = Date.now();
      const timedOut = await enroll(other.id, { kind: 'csr' });
      expect(timedOut.statusCode, timedOut.body).toBe(503);
      expect(timedOut.json<{ message: string }>().message).toContain('did not answer in 4 s');
      expect(Date.now() - started).toBeLessThan(8_000);
      expect((await stored(other.id)).certChain).toEqual([]);
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  }, 60_000);
});

describe('rSSP: CMP with signature protection (client certificate and key)', () => {
  let t: TestApp;
  let ann: Person;
  let mock: Awaited<ReturnType<typeof startCmpMock>> | undefined;

  afterAll(async () => {
    await mock?.stop();
    await t?.close();
  });

  it('p10cr signed with the client key; answers signed under CMP_CA_CERT_FILE are trusted, a stranger server is refused and nothing stored', async () => {
    const ca = await makeTestCa();
    const client = await issueTestCertificate(ca, 'Signet RA');
    const server = await issueTestCertificate(ca, 'CMP server');
    const port = await freePort();
    ({ t, ann } = await createRsspTestApp({
      ...fastKdfEnv,
      CA_MODE: 'external',
      CMP_SERVER_URL: `http://127.0.0.1:${port}/pkix/`,
      CMP_CLIENT_CERT_FILE: client.cert,
      CMP_CLIENT_KEY_FILE: client.key,
      CMP_RECIPIENT: '/O=Test/CN=CMP server',
      CMP_CA_CERT_FILE: ca.cert,
    }));
    const credential = await createCredential(t, ann);
    const csr = await t.app.inject({
      url: `/rssp/v1/credentials/${credential.id}/certificateRequest`,
      headers: ann.headers,
    });
    const issued = await signRequest(ca, csr.body, 'ann-signed');
    mock = await startCmpMock({
      port,
      signing: { srvCert: server.cert, srvKey: server.key, trusted: ca.cert },
      rspCert: issued,
      caCert: ca.cert,
    });
    const res = await post(t, ann, `/rssp/v1/credentials/${credential.id}/certificateEnrollment`, {
      kind: 'csr',
    });
    expect(res.statusCode, `${res.body}\n${mock.output()}`).toBe(200);
    expect(res.json<Credential>().certChain.map((c) => c.issuedTo)).toEqual([
      'Ann Test',
      'Test CMP CA',
    ]);

    // A server whose certificate the configured CA did not issue is not believed: nothing stored.
    const stranger = await issueTestCertificate(await makeTestCa(), 'Stranger');
    await mock.stop();
    mock = await startCmpMock({
      port,
      signing: { srvCert: stranger.cert, srvKey: stranger.key, trusted: ca.cert },
      rspCert: issued,
      caCert: ca.cert,
    });
    const other = await createCredential(t, ann, { description: 'Other' });
    const refused = await post(t, ann, `/rssp/v1/credentials/${other.id}/certificateEnrollment`, {
      kind: 'csr',
    });
    expect(refused.statusCode, refused.body).toBe(502);
    expect(refused.json<{ code: string; message: string }>()).toMatchObject({
      code: 'CA_ENROLLMENT_FAILED',
      message: expect.stringContaining('protection did not verify'),
    });
    const after = await t.app.inject({
      url: `/rssp/v1/credentials/${other.id}`,
      headers: ann.headers,
    });
    expect(after.json<Credential>().certChain).toEqual([]);
  }, 120_000);
});
