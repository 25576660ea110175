// Signature checks of the engine (signer infos, certificate chains, timestamp tokens).
import { constants, createPublicKey, verify as nodeVerify, type KeyObject } from 'node:crypto';
import { slh_dsa_sha2_128f } from '@noble/post-quantum/slh-dsa.js';
import {
  derChild,
  derChildren,
  derContent,
  derInteger,
  derOid,
  readDer,
  spkiKeyBits,
  type AlgorithmIdentifier,
  type DerNode,
} from '@signet/der';
import { DIGEST_NAME_BY_OID, OID } from './oids';

/** An unsigned DER INTEGER as base64url without leading zeros, as JWK wants it. */
function base64urlUnsigned(node: DerNode): string {
  const bytes = derContent(node);
  let start = 0;
  while (start < bytes.length - 1 && bytes[start] === 0) start++;
  return bytes.subarray(start).toString('base64url');
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
