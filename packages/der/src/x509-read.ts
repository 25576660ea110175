/**
 * Reading X.509 certificates and PKCS#10 requests. `parseCertificate` decodes every field the
 * PAdES engine needs; `certificateParts` only splits the structure (what the rSSP stores and
 * compares), so it accepts whatever Node's X509Certificate can describe.
 */
import { DerError } from './der-error';
import {
  derBytes,
  derChild,
  derChildren,
  derContent,
  derInteger,
  derOid,
  derTime,
  readDer,
  readDerAll,
  type DerNode,
} from './der-read';
import { derTag } from './der-write';
import { X509_OID } from './oids';
import { fromPem } from './pem';

export interface AlgorithmIdentifier {
  oid: string;
  /** DER of the parameters, when present. */
  params?: Uint8Array;
}

export interface Certificate {
  der: Uint8Array;
  tbs: Uint8Array;
  /** DER of the serial number INTEGER (tag included). */
  serialDer: Uint8Array;
  serialNumber: bigint;
  issuer: Uint8Array;
  subject: Uint8Array;
  subjectName: string;
  issuerName: string;
  notBefore: Date;
  notAfter: Date;
  spki: Uint8Array;
  keyAlgorithm: string;
  signatureAlgorithm: AlgorithmIdentifier;
  signature: Uint8Array;
  extensions: Map<string, { critical: boolean; value: Uint8Array }>;
}

const NAME_LABELS: Record<string, string> = {
  '2.5.4.3': 'CN',
  '2.5.4.6': 'C',
  '2.5.4.7': 'L',
  '2.5.4.8': 'ST',
  '2.5.4.10': 'O',
  '2.5.4.11': 'OU',
  '2.5.4.5': 'serialNumber',
  '1.2.840.113549.1.9.1': 'emailAddress',
};

/** A Name as `CN=…, O=…` in encoded order; unknown attributes by OID. */
export function nameToString(name: DerNode): string {
  const parts: string[] = [];
  for (const rdn of derChildren(name)) {
    for (const attribute of derChildren(rdn)) {
      const [type, value] = derChildren(attribute);
      if (!type || !value) continue;
      const oid = derOid(type);
      const raw = derContent(value);
      const text =
        value.tag === derTag.bmpString
          ? Buffer.from(raw).swap16().toString('utf16le')
          : raw.toString('utf8');
      parts.push(`${NAME_LABELS[oid] ?? oid}=${text}`);
    }
  }
  return parts.join(', ');
}

export function readAlgorithm(node: DerNode): AlgorithmIdentifier {
  const [oidNode, params] = derChildren(node);
  if (!oidNode) throw new Error('X.509: empty AlgorithmIdentifier');
  const result: AlgorithmIdentifier = { oid: derOid(oidNode) };
  if (params && params.tag !== derTag.null) result.params = derBytes(params);
  return result;
}

export function parseCertificate(der: Uint8Array): Certificate {
  const root = readDer(der);
  if (root.end !== der.length) throw new Error('X.509: trailing bytes after the certificate');
  const [tbsNode, algNode, sigNode] = derChildren(root);
  if (!tbsNode || !algNode || !sigNode) throw new Error('X.509: incomplete certificate');
  const tbsFields = derChildren(tbsNode);
  let i = 0;
  if (tbsFields[0]?.tag === 0xa0) i = 1;
  const serial = tbsFields[i];
  const issuer = tbsFields[i + 2];
  const validity = tbsFields[i + 3];
  const subject = tbsFields[i + 4];
  const spki = tbsFields[i + 5];
  if (!serial || !issuer || !validity || !subject || !spki)
    throw new Error('X.509: incomplete TBSCertificate');
  const extensions = new Map<string, { critical: boolean; value: Uint8Array }>();
  const extWrapper = tbsFields.slice(i + 6).find((node) => node.tag === 0xa3);
  if (extWrapper) {
    for (const ext of derChildren(derChild(extWrapper, 0))) {
      const fields = derChildren(ext);
      const oid = derOid(fields[0] as DerNode);
      const critical = fields.length === 3 && derContent(fields[1] as DerNode)[0] === 0xff;
      extensions.set(oid, { critical, value: derContent(fields[fields.length - 1] as DerNode) });
    }
  }
  return {
    der,
    tbs: derBytes(tbsNode),
    serialDer: derBytes(serial),
    serialNumber: derInteger(serial),
    issuer: derBytes(issuer),
    subject: derBytes(subject),
    subjectName: nameToString(subject),
    issuerName: nameToString(issuer),
    notBefore: derTime(derChild(validity, 0)),
    notAfter: derTime(derChild(validity, 1)),
    spki: derBytes(spki),
    keyAlgorithm: readAlgorithm(derChild(spki, 0)).oid,
    signatureAlgorithm: readAlgorithm(algNode),
    signature: derContent(sigNode).subarray(1),
    extensions,
  };
}

/** Raw public key bits of a SubjectPublicKeyInfo (the SLH-DSA public key, an EC point). */
export function spkiKeyBits(spki: Uint8Array): Buffer {
  return derContent(derChild(readDer(spki), 1)).subarray(1);
}

/** Length in bytes of an RSA modulus, or undefined for other keys. */
export function rsaModulusLength(certificate: Certificate): number | undefined {
  if (
    certificate.keyAlgorithm !== X509_OID.rsaEncryption &&
    certificate.keyAlgorithm !== X509_OID.rsaPss
  )
    return undefined;
  const key = readDer(spkiKeyBits(certificate.spki));
  const modulus = derContent(derChild(key, 0));
  let start = 0;
  while (modulus[start] === 0) start++;
  return modulus.length - start;
}

export function isSelfIssued(certificate: Certificate): boolean {
  return Buffer.compare(certificate.issuer, certificate.subject) === 0;
}

/** The parts of a signed structure (certificate, request): what was signed and the signature. */
export interface SignedParts {
  tbs: Buffer;
  /** DER AlgorithmIdentifier. */
  signatureAlgorithm: Buffer;
  signature: Buffer;
}

export function signedParts(bytes: Uint8Array): SignedParts {
  const [tbs, signatureAlgorithm, signature] = derChildren(readDerAll(bytes));
  if (!tbs || !signatureAlgorithm || !signature || signature.tag !== derTag.bitString) {
    throw new DerError('not a signed structure');
  }
  return {
    tbs: derBytes(tbs),
    signatureAlgorithm: derBytes(signatureAlgorithm),
    signature: derContent(signature).subarray(1),
  };
}

/** Subject and SPKI of a PKCS#10 request. */
export function requestParts(bytes: Uint8Array): { subject: Buffer; spki: Buffer } {
  const [, subject, spki] = derChildren(readDer(signedParts(bytes).tbs));
  if (!subject || !spki) throw new DerError('bad certification request');
  return { subject: derBytes(subject), spki: derBytes(spki) };
}

/** Issuer, subject and SPKI (raw DER) of a certificate. */
export interface CertificateParts extends SignedParts {
  der: Buffer;
  /** Content bytes of the serial number INTEGER. */
  serial: Buffer;
  issuer: Buffer;
  subject: Buffer;
  spki: Buffer;
}

export function certificateParts(bytes: Buffer): CertificateParts {
  const signed = signedParts(bytes);
  let fields = derChildren(readDer(signed.tbs));
  if (fields[0]?.tag === 0xa0) fields = fields.slice(1); // [0] version
  const [serial, , issuer, , subject, spki] = fields;
  if (!serial || !issuer || !subject || !spki) throw new DerError('bad certificate');
  return {
    ...signed,
    der: bytes,
    serial: derContent(serial),
    issuer: derBytes(issuer),
    subject: derBytes(subject),
    spki: derBytes(spki),
  };
}

/**
 * Reads certificates sent as PEM text (one or more blocks) or base64 DER. Throws a DerError when
 * something is not a certificate.
 */
export function readCertificates(input: string): Buffer[] {
  if (input.includes('-----BEGIN')) {
    const blocks = fromPem(input, 'CERTIFICATE');
    if (blocks.length === 0) throw new DerError('no CERTIFICATE block');
    blocks.forEach((b) => certificateParts(b));
    return blocks;
  }
  const compact = input.replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]+=*$/.test(compact)) throw new DerError('neither PEM nor base64 DER');
  const bytes = Buffer.from(compact, 'base64');
  certificateParts(bytes);
  return [bytes];
}
