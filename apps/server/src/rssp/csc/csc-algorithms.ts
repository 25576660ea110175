import { derChildren, derInteger, derOid, readDerAll, X509_OID } from '@signet/der';
import type { HashName } from '../keys';
import type { CredentialRow } from '../records';
import { invalidRequest } from './csc-errors';

/** Hash algorithm OIDs of CSC `hashAlgorithmOID` (and v1 `hashAlgo`). */
export const hashOids: Record<string, HashName> = {
  '2.16.840.1.101.3.4.2.1': 'sha256',
  '2.16.840.1.101.3.4.2.2': 'sha384',
  '2.16.840.1.101.3.4.2.3': 'sha512',
};
export const hashOidOf: Record<HashName, string> = {
  sha256: '2.16.840.1.101.3.4.2.1',
  sha384: '2.16.840.1.101.3.4.2.2',
  sha512: '2.16.840.1.101.3.4.2.3',
};

const rsaWithHash: Record<string, HashName> = {
  [X509_OID.sha256WithRsa]: 'sha256',
  [X509_OID.sha384WithRsa]: 'sha384',
  [X509_OID.sha512WithRsa]: 'sha512',
};
const ecdsaWithHash: Record<string, HashName> = {
  [X509_OID.ecdsaWithSha256]: 'sha256',
  [X509_OID.ecdsaWithSha384]: 'sha384',
  [X509_OID.ecdsaWithSha512]: 'sha512',
};

/** Every signAlgo the service answers in `info` (what `signHash` takes). */
export const signAlgorithms = [
  X509_OID.rsaEncryption,
  ...Object.keys(rsaWithHash),
  X509_OID.rsaPss,
  X509_OID.ecPublicKey,
  ...Object.keys(ecdsaWithHash),
  X509_OID.slhDsaSha2_128f,
];

/** How the hashes are signed: the hash algorithm and, for RSA, the padding. */
export interface SignScheme {
  hash: HashName;
  rsaPss?: { saltLength: number };
}

/** How many bytes a hash of each algorithm has, and its name in error descriptions. */
export const hashLength: Record<HashName, number> = { sha256: 32, sha384: 48, sha512: 64 };
export const hashLabel: Record<HashName, string> = {
  sha256: 'SHA-256',
  sha384: 'SHA-384',
  sha512: 'SHA-512',
};

export function hashOfOid(oid: string | undefined, field = 'hashAlgorithmOID'): HashName {
  const hash = oid === undefined ? undefined : hashOids[oid];
  if (!hash) throw invalidRequest(`Invalid parameter ${field}`);
  return hash;
}

/** RSASSA-PSS-params (RFC 4055): the hash, MGF1 with the same hash, the salt length. */
function pssParams(base64: string | undefined, fallback: HashName | undefined): SignScheme {
  if (!base64) {
    if (!fallback) throw invalidRequest('Missing parameter signAlgoParams');
    return { hash: fallback, rsaPss: { saltLength: hashLength[fallback] } };
  }
  try {
    let hash: HashName = 'sha1' as HashName;
    let mgfHash: HashName = 'sha1' as HashName;
    let saltLength = 20;
    for (const field of derChildren(readDerAll(Buffer.from(base64, 'base64')))) {
      const [inner] = derChildren(field);
      if (!inner) continue;
      if (field.tag === 0xa0) hash = hashOfOid(derOid(derChildren(inner)[0] ?? inner));
      if (field.tag === 0xa1) {
        const [, mgfAlgorithm] = derChildren(inner);
        const [mgfHashId] = mgfAlgorithm ? derChildren(mgfAlgorithm) : [];
        if (mgfHashId) mgfHash = hashOfOid(derOid(mgfHashId));
      }
      if (field.tag === 0xa2) saltLength = Number(derInteger(inner));
    }
    if (hash !== mgfHash || !hashLength[hash]) throw new Error('unsupported');
    if (fallback && fallback !== hash) throw new Error('hash mismatch');
    return { hash, rsaPss: { saltLength } };
  } catch {
    throw invalidRequest('Invalid parameter signAlgoParams');
  }
}

/**
 * The signing scheme of a CSC signHash for this credential's key: signAlgo with
 * hashAlgorithmOID (needed where signAlgo names no hash) and signAlgoParams (RSASSA-PSS).
 */
export function signSchemeOf(
  row: Pick<CredentialRow, 'keyAlg'>,
  request: {
    signAlgo: string;
    hashAlgorithmOID?: string | undefined;
    signAlgoParams?: string | undefined;
  },
): SignScheme {
  const { signAlgo } = request;
  const given =
    request.hashAlgorithmOID === undefined ? undefined : hashOfOid(request.hashAlgorithmOID);
  const wrongKey = () => invalidRequest('Invalid parameter signAlgo for this credential');
  const named = (hash: HashName) => {
    if (given && given !== hash) throw invalidRequest('Invalid parameter hashAlgorithmOID');
    return { hash };
  };
  if (row.keyAlg === 'rsa') {
    if (signAlgo === X509_OID.rsaEncryption) return { hash: given ?? hashOfOid(undefined) };
    const hash = rsaWithHash[signAlgo];
    if (hash) return named(hash);
    if (signAlgo === X509_OID.rsaPss) return pssParams(request.signAlgoParams, given);
    throw wrongKey();
  }
  if (row.keyAlg === 'ec') {
    if (signAlgo === X509_OID.ecPublicKey) return { hash: given ?? hashOfOid(undefined) };
    const hash = ecdsaWithHash[signAlgo];
    if (hash) return named(hash);
    throw wrongKey();
  }
  if (signAlgo === X509_OID.slhDsaSha2_128f) return { hash: given ?? 'sha256' };
  throw wrongKey();
}

/** The key's algorithm OIDs as `credentials/info` names them. */
export function keyAlgoOids(row: Pick<CredentialRow, 'keyAlg'>): string[] {
  if (row.keyAlg === 'rsa')
    return [X509_OID.rsaEncryption, ...Object.keys(rsaWithHash), X509_OID.rsaPss];
  if (row.keyAlg === 'ec') return [X509_OID.ecPublicKey, ...Object.keys(ecdsaWithHash)];
  return [X509_OID.slhDsaSha2_128f];
}
