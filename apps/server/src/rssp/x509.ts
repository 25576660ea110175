import { X509Certificate, createHash, randomBytes } from 'node:crypto';
import type { Certificate, DistinguishedName } from '@signet/contracts/credentials';
import * as der from './der';
import type { KeySigner } from './key-algorithms';

/** Attribute OIDs of the distinguished-name fields (X.520, PKCS#9). */
const dnAttributes: { field: keyof Omit<DistinguishedName, 'customFields'>; oid: string }[] = [
  { field: 'countryName', oid: '2.5.4.6' },
  { field: 'stateOrProvinceName', oid: '2.5.4.8' },
  { field: 'localityName', oid: '2.5.4.7' },
  { field: 'organization', oid: '2.5.4.10' },
  { field: 'organizationalUnit', oid: '2.5.4.11' },
  { field: 'title', oid: '2.5.4.12' },
  { field: 'surname', oid: '2.5.4.4' },
  { field: 'givenName', oid: '2.5.4.42' },
  { field: 'serialNumber', oid: '2.5.4.5' },
  { field: 'commonName', oid: '2.5.4.3' },
  { field: 'emailAddress', oid: '1.2.840.113549.1.9.1' },
];

const printable = /^[A-Za-z0-9 '()+,\-./:=?]*$/;

function attributeValue(oid: string, value: string): Buffer {
  if (oid === '2.5.4.6') return der.string(der.tag.printableString, value.toUpperCase());
  if (oid === '1.2.840.113549.1.9.1') return der.string(der.tag.ia5String, value);
  if (oid === '2.5.4.5' && printable.test(value)) return der.string(der.tag.printableString, value);
  return der.string(der.tag.utf8String, value);
}

/** DER Name of a distinguished name: one RDN per field, custom OIDs last. */
export function encodeName(
  dn: DistinguishedName | { commonName: string; organization?: string },
): Buffer {
  const rdns: Buffer[] = [];
  const values = dn as Record<string, unknown>;
  for (const { field, oid } of dnAttributes) {
    const value = values[field];
    if (typeof value === 'string' && value.trim() !== '') {
      rdns.push(der.set(der.sequence(der.oid(oid), attributeValue(oid, value.trim()))));
    }
  }
  const custom = 'customFields' in dn ? dn.customFields : [];
  for (const { oid, value } of custom) {
    rdns.push(der.set(der.sequence(der.oid(oid), attributeValue(oid, value))));
  }
  return der.sequence(...rdns);
}

/** A PKCS#10 certification request for `spki`, signed by its own key. */
export function createCertificateRequest(options: {
  subject: Buffer;
  spki: Buffer;
  signer: KeySigner;
}): Buffer {
  const info = der.sequence(
    der.integer(0),
    options.subject,
    options.spki,
    der.contextConstructed(0), // attributes: none
  );
  const signature = options.signer.sign(info);
  return der.sequence(info, options.signer.signatureAlgorithm, der.bitString(signature));
}

/** The parts of a signed structure (certificate, request): what was signed and the signature. */
export interface SignedParts {
  tbs: Buffer;
  signatureAlgorithm: Buffer;
  signature: Buffer;
}

export function signedParts(bytes: Buffer): SignedParts {
  const [tbs, signatureAlgorithm, signature] = der.children(der.readAll(bytes));
  if (!tbs || !signatureAlgorithm || !signature || signature.tag !== der.tag.bitString) {
    throw new der.DerError('not a signed structure');
  }
  return {
    tbs: tbs.raw,
    signatureAlgorithm: signatureAlgorithm.raw,
    signature: signature.contents.subarray(1),
  };
}

/** Subject and SPKI of a PKCS#10 request. */
export function requestParts(bytes: Buffer): { subject: Buffer; spki: Buffer } {
  const [, subject, spki] = der.children(der.read(signedParts(bytes).tbs));
  if (!subject || !spki) throw new der.DerError('bad certification request');
  return { subject: subject.raw, spki: spki.raw };
}

/** Issuer, subject and SPKI (raw DER) of a certificate. */
export interface CertificateParts extends SignedParts {
  der: Buffer;
  serial: Buffer;
  issuer: Buffer;
  subject: Buffer;
  spki: Buffer;
}

export function certificateParts(bytes: Buffer): CertificateParts {
  const signed = signedParts(bytes);
  let fields = der.children(der.read(signed.tbs));
  if (fields[0]?.tag === 0xa0) fields = fields.slice(1); // [0] version
  const [serial, , issuer, , subject, spki] = fields;
  if (!serial || !issuer || !subject || !spki) throw new der.DerError('bad certificate');
  return {
    ...signed,
    der: bytes,
    serial: serial.contents,
    issuer: issuer.raw,
    subject: subject.raw,
    spki: spki.raw,
  };
}

function extension(oid: string, critical: boolean, value: Buffer): Buffer {
  return der.sequence(
    der.oid(oid),
    ...(critical ? [der.booleanValue(true)] : []),
    der.octetString(value),
  );
}

/** Key identifier of a public key: SHA-1 of the subjectPublicKey bits (RFC 5280 §4.2.1.2). */
export function keyIdentifier(spki: Buffer): Buffer {
  const [, bits] = der.children(der.readAll(spki));
  return createHash('sha1')
    .update(bits?.contents.subarray(1) ?? spki)
    .digest();
}

/** Issues an X.509 v3 certificate, signed by `signer` (the issuer's key). */
export function issueCertificate(options: {
  subject: Buffer;
  spki: Buffer;
  issuer: Buffer;
  issuerSpki: Buffer;
  signer: KeySigner;
  notBefore: Date;
  notAfter: Date;
  isCa: boolean;
  /** The subject's e-mail, as subjectAltName rfc822Name. */
  email?: string;
}): Buffer {
  const serial = randomBytes(16);
  serial[0] = (serial[0] ?? 0) & 0x7f;
  const keyUsage = options.isCa
    ? der.bitString(Buffer.from([0x06]), 1) // keyCertSign, cRLSign
    : der.bitString(Buffer.from([0xc0]), 6); // digitalSignature, nonRepudiation
  const extensions = [
    extension('2.5.29.19', true, der.sequence(...(options.isCa ? [der.booleanValue(true)] : []))),
    extension('2.5.29.15', true, keyUsage),
    extension('2.5.29.14', false, der.octetString(keyIdentifier(options.spki))),
    extension('2.5.29.35', false, der.sequence(der.tlv(0x80, keyIdentifier(options.issuerSpki)))),
    ...(options.email
      ? [extension('2.5.29.17', false, der.sequence(der.tlv(0x81, Buffer.from(options.email))))]
      : []),
  ];
  const tbs = der.sequence(
    der.contextConstructed(0, der.integer(2)),
    der.integer(serial),
    options.signer.signatureAlgorithm,
    options.issuer,
    der.sequence(der.time(options.notBefore), der.time(options.notAfter)),
    options.subject,
    options.spki,
    der.contextConstructed(3, der.sequence(...extensions)),
  );
  const signature = options.signer.sign(tbs);
  return der.sequence(tbs, options.signer.signatureAlgorithm, der.bitString(signature));
}

function commonName(name: string): string {
  const line = name.split('\n').find((l) => l.startsWith('CN='));
  return line ? line.slice(3) : name.replaceAll('\n', ', ');
}

const dayMs = 86_400_000;

/** The certificate as the UI shows it (§3). */
export function describeCertificate(bytes: Buffer, now = new Date()): Certificate {
  const x509 = new X509Certificate(bytes);
  const validTo = new Date(x509.validTo);
  return {
    issuedTo: commonName(x509.subject),
    issuedBy: commonName(x509.issuer),
    subject: x509.subject.split('\n').reverse().join(', '),
    issuer: x509.issuer.split('\n').reverse().join(', '),
    validFrom: new Date(x509.validFrom).toISOString(),
    validTo: validTo.toISOString(),
    serialNum: x509.serialNumber.toUpperCase(),
    pem: der.toPem('CERTIFICATE', bytes),
    daysLeft: Math.floor((validTo.getTime() - now.getTime()) / dayMs),
  };
}

/**
 * Reads certificates sent as PEM text (one or more blocks) or base64 DER. Throws a DerError when
 * something is not a certificate.
 */
export function readCertificates(input: string): Buffer[] {
  if (input.includes('-----BEGIN')) {
    const blocks = der.fromPem(input, 'CERTIFICATE');
    if (blocks.length === 0) throw new der.DerError('no CERTIFICATE block');
    blocks.forEach((b) => certificateParts(b));
    return blocks;
  }
  const compact = input.replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]+=*$/.test(compact)) throw new der.DerError('neither PEM nor base64 DER');
  const bytes = Buffer.from(compact, 'base64');
  certificateParts(bytes);
  return [bytes];
}
