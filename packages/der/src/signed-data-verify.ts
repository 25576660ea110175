/**
 * Checks the signature of a signed structure (a certificate, CRL or OCSP response): RSA (PKCS #1
 * v1.5 and PSS), ECDSA and Ed25519 with node:crypto, what CAs and OCSP responders sign with, and
 * SLH-DSA-SHA2-128f with @noble/post-quantum (Node's OpenSSL 3.0 does not know it), what Signet's
 * post-quantum CA signs with.
 */
import { constants, createPublicKey, verify } from 'node:crypto';
import { slh_dsa_sha2_128f } from '@noble/post-quantum/slh-dsa.js';
import { derChild, derChildren, derContent, derInteger, derOid, readDer } from './der-read';
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
    if (algorithm.oid === X509_OID.slhDsaSha2_128f) {
      // The key must be one too (RFC 9909): its bits are the public key, the parameters absent.
      const [keyAlgorithm, bits] = derChildren(readDer(options.spki));
      const keyOid = keyAlgorithm ? derOid(derChild(keyAlgorithm, 0)) : '';
      if (keyOid !== X509_OID.slhDsaSha2_128f || !bits) return false;
      return slh_dsa_sha2_128f.verify(signature, data, derContent(bits).subarray(1));
    }
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
