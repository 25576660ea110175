/**
 * Checks the signature of a signed structure (a certificate, CRL or OCSP response) with node:crypto:
 * RSA (PKCS #1 v1.5 and PSS), ECDSA and Ed25519, what CAs and OCSP responders sign with.
 */
import { constants, createPublicKey, verify } from 'node:crypto';
import { derChild, derChildren, derInteger, derOid, readDer } from './der-read';
import { X509_OID } from './oids';
import type { AlgorithmIdentifier } from './x509-read';

const HASH_BY_OID: Record<string, string> = {
  [X509_OID.sha1WithRsa]: 'sha1',
  [X509_OID.sha256WithRsa]: 'sha256',
  [X509_OID.sha384WithRsa]: 'sha384',
  [X509_OID.sha512WithRsa]: 'sha512',
  [X509_OID.ecdsaWithSha256]: 'sha256',
  [X509_OID.ecdsaWithSha384]: 'sha384',
  [X509_OID.ecdsaWithSha512]: 'sha512',
};

const DIGEST_BY_OID: Record<string, string> = {
  [X509_OID.sha1]: 'sha1',
  [X509_OID.sha256]: 'sha256',
  [X509_OID.sha384]: 'sha384',
  [X509_OID.sha512]: 'sha512',
};

/** RSASSA-PSS-params: hashAlgorithm [0], saltLength [2]; RFC 4055 defaults SHA-1 and 20. */
function pssParams(params: Uint8Array | undefined): { hash: string; saltLength: number } {
  let hash = 'sha1';
  let saltLength = 20;
  if (params) {
    for (const field of derChildren(readDer(params))) {
      if (field.tag === 0xa0) hash = DIGEST_BY_OID[derOid(derChild(derChild(field, 0), 0))] ?? hash;
      if (field.tag === 0xa2) saltLength = Number(derInteger(derChild(field, 0)));
    }
  }
  return { hash, saltLength };
}

/** True when `signature` over `data` verifies under the key in `spki`; false for anything else. */
export function verifySignedData(options: {
  algorithm: AlgorithmIdentifier;
  data: Uint8Array;
  signature: Uint8Array;
  spki: Uint8Array;
}): boolean {
  const { algorithm, data, signature } = options;
  try {
    const key = createPublicKey({ key: Buffer.from(options.spki), format: 'der', type: 'spki' });
    if (algorithm.oid === X509_OID.ed25519) return verify(null, data, key, signature);
    if (algorithm.oid === X509_OID.rsaPss) {
      const { hash, saltLength } = pssParams(algorithm.params);
      return verify(
        hash,
        data,
        { key, padding: constants.RSA_PKCS1_PSS_PADDING, saltLength },
        signature,
      );
    }
    const hash = HASH_BY_OID[algorithm.oid];
    return hash ? verify(hash, data, key, signature) : false;
  } catch {
    return false;
  }
}

/** The node:crypto name of a digest algorithm OID (SHA-1 and SHA-2), or undefined. */
export function digestName(oid: string): string | undefined {
  return DIGEST_BY_OID[oid];
}
