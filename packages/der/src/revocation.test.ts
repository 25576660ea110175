import { execFileSync } from 'node:child_process';
import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  CRL_REASON,
  OcspStatusError,
  buildCrl,
  buildOcspResponse,
  certificateLocations,
  createOcspRequest,
  derOidBytes,
  derSequence,
  encodeName,
  issueCertificate,
  ocspCertId,
  ocspErrorResponse,
  parseCertificate,
  readCrl,
  readOcspRequest,
  readOcspResponse,
  toPem,
  X509_OID,
  type X509Signer,
} from './index';

function ecKey(): { spki: Buffer; signer: X509Signer; key: KeyObject } {
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return {
    key: privateKey,
    spki: publicKey.export({ format: 'der', type: 'spki' }),
    signer: {
      signatureAlgorithm: derSequence(derOidBytes(X509_OID.ecdsaWithSha256)),
      sign: (data) => sign('sha256', data, privateKey),
    },
  };
}

const day = 86_400_000;
const caName = encodeName([{ oid: X509_OID.commonName, value: 'Test CA' }]);
const ca = ecKey();
const caCert = issueCertificate({
  subject: caName,
  spki: ca.spki,
  issuer: caName,
  issuerSpki: ca.spki,
  signer: ca.signer,
  notBefore: new Date(Date.now() - day),
  notAfter: new Date(Date.now() + 10 * day),
  isCa: true,
});
const leafKey = ecKey();
const leaf = issueCertificate({
  subject: encodeName([{ oid: X509_OID.commonName, value: 'Leaf' }]),
  spki: leafKey.spki,
  issuer: caName,
  issuerSpki: ca.spki,
  signer: ca.signer,
  notBefore: new Date(Date.now() - day),
  notAfter: new Date(Date.now() + 5 * day),
  isCa: false,
  revocation: {
    ocsp: 'http://ca.example/ocsp',
    caIssuers: 'http://ca.example/ca.cer',
    crl: 'http://ca.example/ca.crl',
  },
});
const openssl = (args: string[], cwd: string): string =>
  execFileSync('openssl', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

describe('revocation data', () => {
  it('certificates name their OCSP responder, issuer and CRL, read back and shown by openssl', () => {
    expect(certificateLocations(parseCertificate(leaf))).toEqual({
      ocsp: ['http://ca.example/ocsp'],
      caIssuers: ['http://ca.example/ca.cer'],
      crl: ['http://ca.example/ca.crl'],
    });
    expect(certificateLocations(parseCertificate(caCert))).toEqual({
      ocsp: [],
      caIssuers: [],
      crl: [],
    });
    const dir = mkdtempSync(join(tmpdir(), 'der-rev-'));
    writeFileSync(join(dir, 'leaf.pem'), toPem('CERTIFICATE', leaf));
    const text = openssl(['x509', '-in', 'leaf.pem', '-noout', '-text'], dir);
    expect(text).toContain('OCSP - URI:http://ca.example/ocsp');
    expect(text).toContain('CA Issuers - URI:http://ca.example/ca.cer');
    expect(text).toMatch(/CRL Distribution Points:[\s\S]*URI:http:\/\/ca.example\/ca.crl/);
  });

  it('extendedKeyUsage is written critical or not, as asked', () => {
    const purposes = (critical: boolean) =>
      issueCertificate({
        subject: encodeName([{ oid: X509_OID.commonName, value: 'Purpose' }]),
        spki: leafKey.spki,
        issuer: caName,
        issuerSpki: ca.spki,
        signer: ca.signer,
        notBefore: new Date(Date.now() - day),
        notAfter: new Date(Date.now() + day),
        isCa: false,
        extendedKeyUsage: { purposes: [X509_OID.emailProtection], critical },
      });
    for (const critical of [false, true]) {
      const eku = parseCertificate(purposes(critical)).extensions.get(X509_OID.extKeyUsage);
      expect(eku?.critical).toBe(critical);
      expect(Buffer.from(eku!.value)).toEqual(derSequence(derOidBytes(X509_OID.emailProtection)));
    }
    expect(parseCertificate(leaf).extensions.has(X509_OID.extKeyUsage)).toBe(false);
  });

  it('an OCSP request reads back its CertID and nonce; the response echoes them, verifies, and openssl accepts it', () => {
    const certId = ocspCertId(leaf, caCert);
    const request = readOcspRequest(createOcspRequest([certId], Buffer.from('0123456789abcdef')));
    expect(request.certIds).toHaveLength(1);
    expect(request.certIds[0]?.der.equals(certId)).toBe(true);
    expect(request.certIds[0]?.serialNumber).toBe(parseCertificate(leaf).serialNumber);
    expect(request.nonce?.toString()).toBe('0123456789abcdef');
    const now = new Date(Math.floor(Date.now() / 1000) * 1000);
    const revokedAt = new Date(now.getTime() - 3600_000);
    const der = buildOcspResponse({
      responderSpki: ca.spki,
      producedAt: now,
      answers: [
        {
          certId: request.certIds[0]!.der,
          certStatus: { status: 'revoked', revokedAt, reason: CRL_REASON.cessationOfOperation },
          thisUpdate: now,
          nextUpdate: new Date(now.getTime() + day),
        },
      ],
      nonceExtension: request.nonceExtension,
      signer: ca.signer,
    });
    const response = readOcspResponse(der);
    expect(response.producedAt).toEqual(now);
    expect(response.nonce?.toString()).toBe('0123456789abcdef');
    expect(response.verify(caCert)).toEqual({ signer: caCert, delegated: false });
    expect(response.verify(leaf)).toBeUndefined();
    const single = response.responseFor(leaf, caCert);
    expect(single).toMatchObject({ status: 'revoked', revokedAt, reason: 5, thisUpdate: now });
    expect(single?.nextUpdate).toEqual(new Date(now.getTime() + day));
    expect(response.responseFor(caCert, caCert)).toBeUndefined();
    // A flipped byte in what was signed no longer verifies.
    const tampered = Buffer.from(der);
    const at = tampered.indexOf(Buffer.from('0123456789abcdef')) + 1;
    tampered.writeUInt8(tampered.readUInt8(at) ^ 1, at);
    expect(readOcspResponse(tampered).verify(caCert)).toBeUndefined();

    const dir = mkdtempSync(join(tmpdir(), 'der-ocsp-'));
    writeFileSync(join(dir, 'ca.pem'), toPem('CERTIFICATE', caCert));
    writeFileSync(join(dir, 'leaf.pem'), toPem('CERTIFICATE', leaf));
    writeFileSync(join(dir, 'resp.der'), der);
    const out = openssl(
      [
        'ocsp',
        '-respin',
        'resp.der',
        '-issuer',
        'ca.pem',
        '-cert',
        'leaf.pem',
        '-CAfile',
        'ca.pem',
        '-no_nonce',
      ],
      dir,
    );
    expect(out).toContain('leaf.pem: revoked');
    expect(out).toContain('Reason: cessationOfOperation');
  });

  it('a response that is not successful throws with its status', () => {
    expect(() => readOcspResponse(ocspErrorResponse('tryLater'))).toThrow(OcspStatusError);
    expect(() => readOcspResponse(ocspErrorResponse('malformedRequest'))).toThrow(
      /malformedRequest/,
    );
    expect(() => readOcspResponse(Buffer.from('not der'))).toThrow();
  });

  it('a CRL lists its revoked serials with dates and reasons, verifies, and openssl verifies it', () => {
    const thisUpdate = new Date(Math.floor(Date.now() / 1000) * 1000);
    const serial = parseCertificate(leaf).serialNumber;
    const der = buildCrl({
      issuer: caName,
      issuerSpki: ca.spki,
      thisUpdate,
      nextUpdate: new Date(thisUpdate.getTime() + 7 * day),
      crlNumber: 42n,
      revoked: [
        { serialNumber: serial, revokedAt: thisUpdate, reason: CRL_REASON.keyCompromise },
        { serialNumber: 7n, revokedAt: thisUpdate },
      ],
      signer: ca.signer,
    });
    const crl = readCrl(der);
    expect(crl.issuerName).toBe('CN=Test CA');
    expect(crl.thisUpdate).toEqual(thisUpdate);
    expect(crl.nextUpdate).toEqual(new Date(thisUpdate.getTime() + 7 * day));
    expect(crl.crlNumber).toBe(42n);
    expect(crl.entryFor(serial)).toEqual({
      serialNumber: serial,
      revokedAt: thisUpdate,
      reason: 1,
    });
    expect(crl.entryFor(7n)).toEqual({ serialNumber: 7n, revokedAt: thisUpdate });
    expect(crl.entryFor(8n)).toBeUndefined();
    expect(crl.verify(caCert)).toBe(true);
    expect(crl.verify(leaf)).toBe(false);
    const empty = readCrl(
      buildCrl({
        issuer: caName,
        issuerSpki: ca.spki,
        thisUpdate,
        nextUpdate: new Date(thisUpdate.getTime() + day),
        crlNumber: 1n,
        revoked: [],
        signer: ca.signer,
      }),
    );
    expect(empty.revoked).toEqual([]);
    expect(empty.verify(caCert)).toBe(true);

    const dir = mkdtempSync(join(tmpdir(), 'der-crl-'));
    writeFileSync(join(dir, 'ca.pem'), toPem('CERTIFICATE', caCert));
    writeFileSync(join(dir, 'crl.der'), der);
    const out = execFileSync(
      'openssl',
      ['crl', '-in', 'crl.der', '-inform', 'DER', '-CAfile', 'ca.pem', '-noout', '-text'],
      { cwd: dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
    );
    expect(out).toContain(serial.toString(16).toUpperCase());
    expect(out).toContain('Key Compromise');
    expect(out).toMatch(/X509v3 CRL Number:\s*\n\s*42/);
  });

  it('reads a CRL and an OCSP response openssl made', () => {
    const dir = mkdtempSync(join(tmpdir(), 'der-ossl-'));
    const sh = (args: string[]) => openssl(args, dir);
    writeFileSync(
      join(dir, 'ca.cnf'),
      [
        '[ca]',
        'default_ca=d',
        '[d]',
        'database=index.txt',
        'crlnumber=crlnumber',
        'default_md=sha256',
        'default_crl_days=3',
        '[v3]',
        'basicConstraints=critical,CA:TRUE',
        'keyUsage=critical,keyCertSign,cRLSign',
        '[leaf]',
        'basicConstraints=CA:FALSE',
      ].join('\n'),
    );
    writeFileSync(join(dir, 'crlnumber'), '1000\n');
    sh([
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      'ca.key',
      '-subj',
      '/CN=Ossl CA',
      '-days',
      '2',
      '-config',
      'ca.cnf',
      '-extensions',
      'v3',
      '-out',
      'ca.pem',
    ]);
    sh([
      'req',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      'l.key',
      '-subj',
      '/CN=L',
      '-out',
      'l.csr',
    ]);
    sh([
      'x509',
      '-req',
      '-in',
      'l.csr',
      '-CA',
      'ca.pem',
      '-CAkey',
      'ca.key',
      '-set_serial',
      '4660',
      '-days',
      '2',
      '-out',
      'l.pem',
    ]);
    const expiry = sh(['x509', '-in', 'l.pem', '-noout', '-enddate']).trim().split('=')[1] ?? '';
    const ymd = new Date(expiry).toISOString().replace(/[-:T]/g, '').slice(2, 14);
    writeFileSync(
      join(dir, 'index.txt'),
      `R\t${ymd}Z\t250101000000Z,superseded\t1234\tunknown\t/CN=L\n`,
    );
    sh([
      'ca',
      '-gencrl',
      '-config',
      'ca.cnf',
      '-keyfile',
      'ca.key',
      '-cert',
      'ca.pem',
      '-out',
      'crl.pem',
    ]);
    sh(['crl', '-in', 'crl.pem', '-outform', 'DER', '-out', 'crl.der']);
    sh(['x509', '-in', 'ca.pem', '-outform', 'DER', '-out', 'ca.der']);
    sh(['x509', '-in', 'l.pem', '-outform', 'DER', '-out', 'l.der']);
    const caDer = readFileSync(join(dir, 'ca.der'));
    const crl = readCrl(readFileSync(join(dir, 'crl.der')));
    expect(crl.crlNumber).toBe(0x1000n);
    expect(crl.entryFor(0x1234n)).toEqual({
      serialNumber: 0x1234n,
      revokedAt: new Date('2025-01-01T00:00:00Z'),
      reason: CRL_REASON.superseded,
    });
    expect(crl.verify(caDer)).toBe(true);
    sh([
      'ocsp',
      '-index',
      'index.txt',
      '-rsigner',
      'ca.pem',
      '-rkey',
      'ca.key',
      '-CA',
      'ca.pem',
      '-issuer',
      'ca.pem',
      '-cert',
      'l.pem',
      '-reqout',
      'req.der',
      '-respout',
      'resp.der',
      '-ndays',
      '1',
    ]);
    const response = readOcspResponse(readFileSync(join(dir, 'resp.der')));
    const leafDer = readFileSync(join(dir, 'l.der'));
    expect(response.verify(caDer)?.delegated).toBe(false);
    expect(response.responseFor(leafDer, caDer)).toMatchObject({ status: 'revoked', reason: 4 });
    expect(response.nonce).toBeDefined();
    const sent = readOcspRequest(readFileSync(join(dir, 'req.der')));
    expect(sent.nonceExtension).toBeDefined();
    // openssl's nonce: 16 bytes in an OCTET STRING (RFC 8954), read without the wrapping.
    expect(sent.nonce).toHaveLength(16);
  });
});
