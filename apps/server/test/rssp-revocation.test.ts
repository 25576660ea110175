import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Credential } from '@signet/contracts/credentials';
import {
  certificateLocations,
  certificateParts,
  createOcspRequest,
  fromPem,
  ocspCertId,
  ocspNonce,
  parseCertificate,
  readCrl,
  readOcspResponse,
  X509_OID,
} from '@signet/der';
import {
  createCredential,
  createRsspTestApp,
  fastKdfEnv,
  person,
  type Person,
} from './rssp-fixture';
import { freePort } from './free-port';
import { createTestApp, type TestApp } from './test-app';

const run = promisify(execFile);
/** openssl runs beside the server in this process: never synchronously, or nobody answers it. */
const openssl = async (args: string[], cwd: string): Promise<string> => {
  const { stdout, stderr } = await run('openssl', args, { cwd, encoding: 'utf8' });
  return `${stdout}${stderr}`;
};

describe('the embedded CA answers OCSP and publishes a CRL (decision 037)', () => {
  let t: TestApp;
  let admin: Person;
  let ann: Person;
  let bob: Person;
  let dir: string;
  let base: string;
  let annsKey: Credential;
  let bobsKey: Credential;

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    ({ t, admin, ann, bob } = await createRsspTestApp({
      ...fastKdfEnv,
      RSSP_API_URL: `${base}/rssp`,
    }));
    await t.app.listen({ port, host: '127.0.0.1' });
    annsKey = await createCredential(t, ann, { certificateEnrollmentMode: 'CMP' });
    bobsKey = await createCredential(t, bob, {
      certificateEnrollmentMode: 'CMP',
      distinguishedName: { commonName: 'Bob Test', countryName: 'HU' },
    });
    dir = await mkdtemp(join(tmpdir(), 'signet-revocation-'));
    const ca = await t.app.inject({ url: '/rssp/v1/ca/certificate' });
    await writeFile(join(dir, 'ca.pem'), ca.body);
    await writeFile(join(dir, 'ann.pem'), annsKey.certChain[0]?.pem ?? '');
    await writeFile(join(dir, 'bob.pem'), bobsKey.certChain[0]?.pem ?? '');
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const ocsp = (cert: string) =>
    openssl(
      [
        'ocsp',
        '-issuer',
        'ca.pem',
        '-cert',
        cert,
        '-url',
        `${base}/rssp/v1/ca/ocsp`,
        '-CAfile',
        'ca.pem',
      ],
      dir,
    );
  const crl = async () => {
    const res = await t.app.inject({ url: '/rssp/v1/ca/crl' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pkix-crl');
    await writeFile(join(dir, 'crl.der'), res.rawPayload);
    return res.rawPayload;
  };

  it('issued certificates name the OCSP responder, the CA certificate and the CRL', async () => {
    const text = await openssl(['x509', '-in', 'ann.pem', '-noout', '-text'], dir);
    expect(text).toContain(`OCSP - URI:${base}/rssp/v1/ca/ocsp`);
    expect(text).toContain(`CA Issuers - URI:${base}/rssp/v1/ca/certificate.cer`);
    expect(text).toContain(`URI:${base}/rssp/v1/ca/crl`);
    // Non-critical emailProtection: without an EKU beside the CRL DP, poppler's offline check
    // (pdfsig -no-ocsp) calls the chain "Unknown issue" (embedded-ca.ts, signingPurposes).
    expect(text).toMatch(/X509v3 Extended Key Usage: *\n\s*E-mail Protection\n/);
    const cer = await fetch(`${base}/rssp/v1/ca/certificate.cer`);
    expect(cer.headers.get('content-type')).toBe('application/pkix-cert');
    const [rootDer] = fromPem(
      (await t.app.inject({ url: '/rssp/v1/ca/certificate' })).body,
      'CERTIFICATE',
    );
    expect(Buffer.from(await cer.arrayBuffer()).equals(rootDer!)).toBe(true);
  });

  it('openssl ocsp: good, verified against the CA; revoked once the credential is deleted; the CRL lists it', async () => {
    const good = await ocsp('ann.pem');
    expect(good).toContain('Response verify OK');
    expect(good).toMatch(/ann\.pem: good/);
    expect(good).toMatch(/This Update: .*\n\s*Next Update: /);

    const before = readCrl(await crl());
    expect(
      await openssl(
        ['crl', '-in', 'crl.der', '-inform', 'DER', '-CAfile', 'ca.pem', '-noout'],
        dir,
      ),
    ).toContain('verify OK');
    const serial = parseCertificate(
      fromPem(annsKey.certChain[0]!.pem, 'CERTIFICATE')[0]!,
    ).serialNumber;
    expect(before.entryFor(serial)).toBeUndefined();

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/rssp/v1/credentials/${annsKey.id}`,
      headers: ann.headers,
    });
    expect(deleted.statusCode).toBe(204);
    const revoked = await ocsp('ann.pem');
    expect(revoked).toContain('Response verify OK');
    expect(revoked).toMatch(/ann\.pem: revoked/);
    expect(revoked).toContain('Reason: cessationOfOperation');
    expect(await ocsp('bob.pem')).toMatch(/bob\.pem: good/);

    const after = readCrl(await crl());
    const listed = await openssl(
      ['crl', '-in', 'crl.der', '-inform', 'DER', '-CAfile', 'ca.pem', '-noout', '-text'],
      dir,
    );
    expect(listed).toContain('verify OK');
    const serialHex = certificateParts(
      fromPem(annsKey.certChain[0]!.pem, 'CERTIFICATE')[0]!,
    ).serial;
    expect(listed).toContain(`Serial Number: ${serialHex.toString('hex').toUpperCase()}`);
    expect(after.entryFor(serial)?.reason).toBe(5);
    expect(after.crlNumber).toBeGreaterThan(before.crlNumber ?? 0n);
    // Unchanged until the next revocation: the same CRL.
    expect(Buffer.from(await crl()).equals(Buffer.from(after.der))).toBe(true);
  });

  it("a deleted user's certificates are revoked with the account", async () => {
    const gone = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/users/${bob.id}`,
      headers: admin.headers,
    });
    expect(gone.statusCode, gone.body).toBe(204);
    expect(await ocsp('bob.pem')).toMatch(/bob\.pem: revoked/);
  });

  it('an SLH-DSA key is certified by the post-quantum CA: SLH-DSA up to its root, no OCSP responder, its SLH-DSA-signed CRL lists it once revoked', async () => {
    // No post-quantum CA before its first SLH-DSA key.
    expect((await t.app.inject({ url: '/rssp/v1/ca/pq/certificate' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/rssp/v1/ca/pq/crl' })).statusCode).toBe(404);
    const carl = await person(t, 'carl@example.com');
    const pqKey = await createCredential(t, carl, {
      keyAlg: 'sphincs+',
      ecCurveName: 'sphincs-sha2-128f',
      certificateEnrollmentMode: 'CMP',
    });
    const [leafDer, rootDer] = pqKey.certChain.map((c) => fromPem(c.pem, 'CERTIFICATE')[0]!);
    const root = (await t.app.inject({ url: '/rssp/v1/ca/pq/certificate' })).body;
    expect(fromPem(root, 'CERTIFICATE')[0]).toEqual(rootDer);
    const cer = await fetch(`${base}/rssp/v1/ca/pq/certificate.cer`);
    expect(Buffer.from(await cer.arrayBuffer()).equals(rootDer!)).toBe(true);
    const leaf = parseCertificate(leafDer!);
    const rootCertificate = parseCertificate(rootDer!);
    expect(rootCertificate.subjectName).toContain('Signet Post-Quantum CA');
    for (const certificate of [leaf, rootCertificate])
      expect(certificate.signatureAlgorithm.oid).toBe(X509_OID.slhDsaSha2_128f);
    // Its CRL and certificate, and no OCSP responder: every answer would be an SLH-DSA signature.
    expect(certificateLocations(leaf)).toEqual({
      ocsp: [],
      caIssuers: [`${base}/rssp/v1/ca/pq/certificate.cer`],
      crl: [`${base}/rssp/v1/ca/pq/crl`],
    });
    // The classical CA's OCSP responder does not speak for it.
    const asked = await t.app.inject({
      method: 'POST',
      url: '/rssp/v1/ca/ocsp',
      headers: { 'content-type': 'application/ocsp-request' },
      payload: createOcspRequest([ocspCertId(leafDer!, rootDer!)]),
    });
    expect(readOcspResponse(asked.rawPayload).responses[0]?.status).toBe('unknown');

    const pqCrl = async () => {
      const res = await fetch(`${base}/rssp/v1/ca/pq/crl`);
      expect(res.headers.get('content-type')).toBe('application/pkix-crl');
      const crl = readCrl(Buffer.from(await res.arrayBuffer()));
      expect(crl.verify(rootDer!)).toBe(true);
      return crl;
    };
    const before = await pqCrl();
    expect(before.entryFor(leaf.serialNumber)).toBeUndefined();
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/rssp/v1/credentials/${pqKey.id}`,
      headers: carl.headers,
    });
    expect(deleted.statusCode).toBe(204);
    const after = await pqCrl();
    expect(after.entryFor(leaf.serialNumber)?.reason).toBe(5);
    expect(after.crlNumber).toBeGreaterThan(before.crlNumber ?? 0n);
  });

  it('the GET form answers with the nonce echoed; unknown serials and malformed requests are answered as such', async () => {
    const [annDer] = fromPem(annsKey.certChain[0]!.pem, 'CERTIFICATE');
    const [rootDer] = fromPem(annsKey.certChain[1]!.pem, 'CERTIFICATE');
    const nonce = Buffer.from('signet-nonce-123');
    const request = createOcspRequest([ocspCertId(annDer!, rootDer!)], nonce);
    const res = await t.app.inject({
      url: `/rssp/v1/ca/ocsp/${encodeURIComponent(request.toString('base64'))}`,
    });
    expect(res.headers['content-type']).toBe('application/ocsp-response');
    const response = readOcspResponse(res.rawPayload);
    expect(response.verify(rootDer!)).toEqual({ signer: rootDer, delegated: false });
    expect(response.nonce?.equals(nonce)).toBe(true);
    expect(response.responseFor(annDer!, rootDer!)?.status).toBe('revoked');
    expect(response.producedAt.getTime()).toBeLessThanOrEqual(Date.now());
    expect(response.responses[0]?.nextUpdate?.getTime()).toBeGreaterThan(Date.now());

    // A serial this CA never issued: unknown.
    const foreign = Buffer.from(ocspCertId(annDer!, rootDer!));
    foreign.writeUInt8(foreign.readUInt8(foreign.length - 1) ^ 0xff, foreign.length - 1);
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/rssp/v1/ca/ocsp',
      headers: { 'content-type': 'application/ocsp-request' },
      payload: createOcspRequest([foreign]),
    });
    expect(readOcspResponse(unknown.rawPayload).responses[0]?.status).toBe('unknown');

    const malformed = await t.app.inject({
      method: 'POST',
      url: '/rssp/v1/ca/ocsp',
      headers: { 'content-type': 'application/ocsp-request' },
      payload: Buffer.from('not an OCSP request'),
    });
    expect(() => readOcspResponse(malformed.rawPayload)).toThrow(/malformedRequest/);
    const huge = await t.app.inject({
      method: 'POST',
      url: '/rssp/v1/ca/ocsp',
      headers: { 'content-type': 'application/ocsp-request' },
      payload: Buffer.alloc(9000),
    });
    expect(huge.statusCode).toBe(413);
  });

  const postOcsp = (request: Buffer, remoteAddress = '198.51.100.20') =>
    t.app.inject({
      method: 'POST',
      url: '/rssp/v1/ca/ocsp',
      headers: { 'content-type': 'application/ocsp-request' },
      payload: request,
      remoteAddress,
    });

  it('a nonce of 1 to 32 bytes is echoed; an empty or longer one is a malformedRequest (RFC 8954)', async () => {
    const [bobDer] = fromPem(bobsKey.certChain[0]!.pem, 'CERTIFICATE');
    const [rootDer] = fromPem(bobsKey.certChain[1]!.pem, 'CERTIFICATE');
    const certId = ocspCertId(bobDer!, rootDer!);
    for (const size of [1, 32]) {
      const nonce = Buffer.alloc(size, 7);
      const res = await postOcsp(createOcspRequest([certId], nonce));
      expect(res.statusCode).toBe(200);
      expect(readOcspResponse(res.rawPayload).nonce?.equals(nonce)).toBe(true);
    }
    for (const size of [0, 33, 4000]) {
      const request = createOcspRequest([certId], Buffer.alloc(size, 7));
      for (const res of [
        await postOcsp(request),
        await t.app.inject({
          url: `/rssp/v1/ca/ocsp/${encodeURIComponent(request.toString('base64'))}`,
          remoteAddress: '198.51.100.20',
        }),
      ]) {
        expect(res.headers['content-type']).toBe('application/ocsp-response');
        expect(() => readOcspResponse(res.rawPayload)).toThrow(/malformedRequest/);
      }
    }
  });

  it('answers without a nonce from an answer signed a moment ago, and a revocation at once', async () => {
    const carl = await createCredential(t, admin, {
      certificateEnrollmentMode: 'CMP',
      distinguishedName: { commonName: 'Carl Test', countryName: 'HU' },
    });
    const [carlDer] = fromPem(carl.certChain[0]!.pem, 'CERTIFICATE');
    const [rootDer] = fromPem(carl.certChain[1]!.pem, 'CERTIFICATE');
    const request = createOcspRequest([ocspCertId(carlDer!, rootDer!)]);
    const first = await postOcsp(request);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const second = await postOcsp(request);
    // The same signed answer (producedAt whole seconds would differ had it been made again).
    expect(Buffer.from(second.rawPayload).equals(Buffer.from(first.rawPayload))).toBe(true);
    expect(readOcspResponse(second.rawPayload).responseFor(carlDer!, rootDer!)?.status).toBe(
      'good',
    );
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/rssp/v1/credentials/${carl.id}`,
      headers: admin.headers,
    });
    expect(deleted.statusCode).toBe(204);
    const after = readOcspResponse((await postOcsp(request)).rawPayload);
    expect(after.verify(rootDer!)).toEqual({ signer: rootDer, delegated: false });
    expect(after.responseFor(carlDer!, rootDer!)?.status).toBe('revoked');
  });
});

describe('the OCSP responder budgets each client address (API_CALLS_PER_SECOND)', () => {
  let t: TestApp;
  let request: Buffer;
  beforeAll(async () => {
    // One call a second in bursts of four: the budget, not the machine's speed, decides.
    t = await createTestApp({ env: { API_CALLS_PER_SECOND: '1' } });
    const root = await t.app.inject({ url: '/rssp/v1/ca/certificate.cer' });
    expect(root.statusCode).toBe(200);
    request = createOcspRequest([ocspCertId(root.rawPayload, root.rawPayload)], ocspNonce());
  });
  afterAll(() => t?.close());

  it('answers tryLater with 429 and Retry-After past the budget, to that address only', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) {
      const res =
        i % 2 === 0
          ? await t.app.inject({
              method: 'POST',
              url: '/rssp/v1/ca/ocsp',
              headers: { 'content-type': 'application/ocsp-request' },
              payload: request,
              remoteAddress: '203.0.113.9',
            })
          : await t.app.inject({
              url: `/rssp/v1/ca/ocsp/${encodeURIComponent(request.toString('base64'))}`,
              remoteAddress: '203.0.113.9',
            });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) {
        expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
        expect(res.headers['content-type']).toBe('application/ocsp-response');
        expect(() => readOcspResponse(res.rawPayload)).toThrow(/tryLater/);
      }
    }
    expect(statuses.slice(0, 4)).toEqual([200, 200, 200, 200]);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(20);
    const other = await t.app.inject({
      method: 'POST',
      url: '/rssp/v1/ca/ocsp',
      headers: { 'content-type': 'application/ocsp-request' },
      payload: request,
      remoteAddress: '192.0.2.44',
    });
    expect(other.statusCode).toBe(200);
    expect(readOcspResponse(other.rawPayload).nonce).toHaveLength(16);
  });
});
