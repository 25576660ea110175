import { constants, createPublicKey, verify as nodeVerify, type KeyObject } from 'node:crypto';
import { slh_dsa_sha2_128f } from '@noble/post-quantum/slh-dsa.js';
import {
  derBytes,
  derChild,
  derChildren,
  derContent,
  derInteger,
  derOid,
  derTime,
  readDer,
  type DerNode,
} from './der';
import { DIGEST_NAME_BY_OID, OID } from './oids';

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

export function nameToString(name: DerNode): string {
  const parts: string[] = [];
  for (const rdn of derChildren(name)) {
    for (const attribute of derChildren(rdn)) {
      const [type, value] = derChildren(attribute);
      if (!type || !value) continue;
      const oid = derOid(type);
      const raw = derContent(value);
      const text =
        value.tag === 0x1e
          ? Buffer.from(raw).swap16().toString('utf16le')
          : Buffer.from(raw).toString('utf8');
      parts.push(`${NAME_LABELS[oid] ?? oid}=${text}`);
    }
  }
  return parts.join(', ');
}

export function readAlgorithm(node: DerNode): AlgorithmIdentifier {
  const [oidNode, params] = derChildren(node);
  if (!oidNode) throw new Error('X.509: empty AlgorithmIdentifier');
  const result: AlgorithmIdentifier = { oid: derOid(oidNode) };
  if (params && params.tag !== 0x05) result.params = derBytes(params);
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
export function spkiKeyBits(spki: Uint8Array): Uint8Array {
  return derContent(derChild(readDer(spki), 1)).subarray(1);
}

/** Length in bytes of an RSA modulus, or undefined for other keys. */
export function rsaModulusLength(certificate: Certificate): number | undefined {
  if (certificate.keyAlgorithm !== OID.rsaEncryption && certificate.keyAlgorithm !== OID.rsaPss)
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

/** An unsigned DER INTEGER as base64url without leading zeros, as JWK wants it. */
function base64urlUnsigned(node: DerNode): string {
  const bytes = derContent(node);
  let start = 0;
  while (start < bytes.length - 1 && bytes[start] === 0) start++;
  return Buffer.from(bytes.subarray(start)).toString('base64url');
}

/**
 * A public key for node:crypto. RSA keys go in as JWK: OpenSSL 3 takes about 15 times longer to
 * decode a DER SubjectPublicKeyInfo than to build the key from its modulus and exponent, and that
 * was a tenth of signing a small document.
 */
function nodeKey(spki: Uint8Array): KeyObject {
  const algorithm = derOid(derChild(derChild(readDer(spki), 0), 0));
  if (algorithm === OID.rsaEncryption || algorithm === OID.rsaPss) {
    const key = readDer(spkiKeyBits(spki));
    return createPublicKey({
      key: {
        kty: 'RSA',
        n: base64urlUnsigned(derChild(key, 0)),
        e: base64urlUnsigned(derChild(key, 1)),
      },
      format: 'jwk',
    });
  }
  return createPublicKey({ key: Buffer.from(spki), format: 'der', type: 'spki' });
}

function pssParams(params: Uint8Array | undefined): { hash: string; saltLength: number } {
  let hash = 'sha1';
  let saltLength = 20;
  if (params) {
    for (const field of derChildren(readDer(params))) {
      if (field.tag === 0xa0)
        hash = DIGEST_NAME_BY_OID[derOid(derChild(derChild(field, 0), 0))] ?? hash;
      if (field.tag === 0xa2) saltLength = Number(derInteger(derChild(field, 0)));
    }
  }
  return { hash, saltLength };
}

const HASH_BY_SIGNATURE_OID: Record<string, string> = {
  [OID.sha1WithRsa]: 'sha1',
  [OID.sha256WithRsa]: 'sha256',
  [OID.sha384WithRsa]: 'sha384',
  [OID.sha512WithRsa]: 'sha512',
  [OID.ecdsaWithSha256]: 'sha256',
  [OID.ecdsaWithSha384]: 'sha384',
  [OID.ecdsaWithSha512]: 'sha512',
};

/**
 * Verifies `signature` over `data` with the key in `spki`. `digestName` is used when the algorithm
 * does not name its hash (rsaEncryption or ecPublicKey in a SignerInfo).
 */
export function verifySignature(options: {
  algorithm: AlgorithmIdentifier;
  digestName?: string;
  data: Uint8Array;
  signature: Uint8Array;
  spki: Uint8Array;
}): boolean {
  const { algorithm, data, signature, spki } = options;
  try {
    if (algorithm.oid === OID.slhDsaSha2_128f) {
      return slh_dsa_sha2_128f.verify(signature, data, spkiKeyBits(spki));
    }
    if (algorithm.oid === OID.ed25519) return nodeVerify(null, data, nodeKey(spki), signature);
    if (algorithm.oid === OID.rsaPss) {
      const { hash, saltLength } = pssParams(algorithm.params);
      return nodeVerify(
        hash,
        data,
        { key: nodeKey(spki), padding: constants.RSA_PKCS1_PSS_PADDING, saltLength },
        signature,
      );
    }
    const hash = HASH_BY_SIGNATURE_OID[algorithm.oid] ?? options.digestName;
    if (!hash) return false;
    return nodeVerify(hash, data, nodeKey(spki), signature);
  } catch {
    return false;
  }
}
