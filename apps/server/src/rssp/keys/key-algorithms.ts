import {
  constants,
  createPrivateKey,
  createPublicKey,
  generateKeyPair,
  getCurves,
  privateEncrypt,
  sign as nodeSign,
  verify as nodeVerify,
  type KeyObject,
} from 'node:crypto';
import { promisify } from 'node:util';
import type { HashName } from './hash-name';
import { signPssDigest } from './rsa-pss';
import type { ECDSA } from '@noble/curves/abstract/weierstrass.js';
import { brainpoolP256r1, brainpoolP384r1, brainpoolP512r1 } from '@noble/curves/misc.js';
import { p256, p384, p521 } from '@noble/curves/nist.js';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { slh_dsa_sha2_128f } from '@noble/post-quantum/slh-dsa.js';
import {
  ecCurveNames,
  rsaKeySizes,
  sphincsParameterSets,
  type EcCurveName,
  type RsaKeySize,
  type SphincsParameterSet,
} from '@signet/contracts/credentials';
import {
  DerError,
  derBitString,
  derChildren,
  derContent,
  derIntegerBytes,
  derNull,
  derOctetString,
  derOid,
  derOidBytes,
  derSequence,
  derTag,
  readDerAll,
  spkiKeyBits,
  X509_OID,
} from '@signet/der';

const generateKeyPairAsync = promisify(generateKeyPair);

/** What a credential's key is. */
export type KeySpec =
  | { keyAlg: 'rsa'; rsaKeySize: RsaKeySize }
  | { keyAlg: 'ec'; curve: EcCurveName }
  | { keyAlg: 'sphincs+'; parameterSet: SphincsParameterSet };

/** A fresh key pair: the private key as PKCS#8 DER (clear, keep in memory only) and the SPKI DER. */
export interface GeneratedKey {
  pkcs8: Buffer;
  spki: Buffer;
}

/**
 * Signs with one private key. `sign` hashes and signs data the way X.509 and PKCS#10 need it;
 * `signDigest` signs a hash computed elsewhere (the CSC signHash shape); SLH-DSA has no digest
 * mode and signs the message itself.
 */
export interface KeySigner {
  /** DER AlgorithmIdentifier of the signatures `sign` makes. */
  signatureAlgorithm: Buffer;
  sign(data: Uint8Array): Buffer;
  signDigest(digest: Uint8Array, hash: HashName): Buffer;
  /** RSA only: RSASSA-PSS over a digest (MGF1 with the same hash). */
  signDigestPss?(digest: Uint8Array, hash: HashName, saltLength: number): Buffer;
}

interface CurveInfo {
  /** OpenSSL's name for it. */
  nodeName: string;
  noble: ECDSA;
  hash: HashName;
}

const curves: Record<EcCurveName, CurveInfo> = {
  prime256v1: { nodeName: 'prime256v1', noble: p256, hash: 'sha256' },
  secp256r1: { nodeName: 'prime256v1', noble: p256, hash: 'sha256' },
  secp384r1: { nodeName: 'secp384r1', noble: p384, hash: 'sha384' },
  secp521r1: { nodeName: 'secp521r1', noble: p521, hash: 'sha512' },
  secp256k1: { nodeName: 'secp256k1', noble: secp256k1, hash: 'sha256' },
  brainpoolP256r1: { nodeName: 'brainpoolP256r1', noble: brainpoolP256r1, hash: 'sha256' },
  brainpoolP384r1: { nodeName: 'brainpoolP384r1', noble: brainpoolP384r1, hash: 'sha384' },
  brainpoolP512r1: { nodeName: 'brainpoolP512r1', noble: brainpoolP512r1, hash: 'sha512' },
};

const sphincs = {
  'sphincs-sha2-128f': { impl: slh_dsa_sha2_128f, oid: X509_OID.slhDsaSha2_128f },
} as const;

/** EC curves this Node's OpenSSL can generate (and @noble/curves can sign digests with). */
export function supportedEcCurves(): EcCurveName[] {
  const available = new Set(getCurves());
  return ecCurveNames.filter((name) => available.has(curves[name].nodeName));
}

/**
 * The curves the create dialog offers: each once, under its first name. prime256v1 and
 * secp256r1 are one curve (one OID), and a list offering both makes people wonder which to
 * take (issue 26 §6); a request naming either is still accepted.
 */
export function offeredEcCurves(): EcCurveName[] {
  const seen = new Set<string>();
  return supportedEcCurves().filter((name) => {
    const { nodeName } = curves[name];
    if (seen.has(nodeName)) return false;
    seen.add(nodeName);
    return true;
  });
}

export function supportedAlgorithms() {
  return {
    rsaKeySizes: [...rsaKeySizes],
    ecCurveNames: offeredEcCurves(),
    sphincsParameterSets: [...sphincsParameterSets],
  };
}

function ecdsaAlgorithm(hash: HashName): Buffer {
  const id = {
    sha256: X509_OID.ecdsaWithSha256,
    sha384: X509_OID.ecdsaWithSha384,
    sha512: X509_OID.ecdsaWithSha512,
  };
  return derSequence(derOidBytes(id[hash]));
}

/** Generates a key pair in memory. */
export async function generateKey(spec: KeySpec): Promise<GeneratedKey> {
  if (spec.keyAlg === 'sphincs+') {
    const { impl, oid } = sphincs[spec.parameterSet];
    const { secretKey, publicKey } = impl.keygen();
    const algorithm = derSequence(derOidBytes(oid));
    const pkcs8 = derSequence(derIntegerBytes(0), algorithm, derOctetString(secretKey));
    secretKey.fill(0);
    return { pkcs8, spki: derSequence(algorithm, derBitString(publicKey)) };
  }
  const { privateKey, publicKey } =
    spec.keyAlg === 'rsa'
      ? await generateKeyPairAsync('rsa', {
          modulusLength: spec.rsaKeySize,
          publicExponent: 0x10001,
        })
      : await generateKeyPairAsync('ec', { namedCurve: curveInfo(spec.curve).nodeName });
  return {
    pkcs8: privateKey.export({ type: 'pkcs8', format: 'der' }),
    spki: publicKey.export({ type: 'spki', format: 'der' }),
  };
}

function curveInfo(curve: EcCurveName): CurveInfo {
  if (!supportedEcCurves().includes(curve)) throw new Error(`curve ${curve} is not supported`);
  return curves[curve];
}

const digestInfoPrefix: Record<HashName, string> = {
  sha256: '3031300d060960864801650304020105000420',
  sha384: '3041300d060960864801650304020205000430',
  sha512: '3051300d060960864801650304020305000440',
};
const digestLength: Record<HashName, number> = { sha256: 32, sha384: 48, sha512: 64 };

function checkDigest(digest: Uint8Array, hash: HashName): void {
  if (digest.length !== digestLength[hash])
    throw new Error(`a ${hash} digest has ${digestLength[hash]} bytes`);
}

/** A signer over a PKCS#8 private key (kept only as long as the signer lives). */
export function createSigner(spec: KeySpec, pkcs8: Buffer): KeySigner {
  if (spec.keyAlg === 'sphincs+') {
    const { impl, oid } = sphincs[spec.parameterSet];
    const secretKey = new Uint8Array(sphincsSecretKey(pkcs8));
    return {
      signatureAlgorithm: derSequence(derOidBytes(oid)),
      sign: (data) => Buffer.from(impl.sign(data, secretKey)),
      signDigest: () => {
        throw new Error('SLH-DSA signs the message, not a digest');
      },
    };
  }
  const key = createPrivateKey({ key: pkcs8, format: 'der', type: 'pkcs8' });
  if (spec.keyAlg === 'rsa') {
    return {
      signatureAlgorithm: derSequence(derOidBytes(X509_OID.sha256WithRsa), derNull()),
      sign: (data) => nodeSign('sha256', data, key),
      signDigest: (digest, hash) => {
        checkDigest(digest, hash);
        const info = Buffer.concat([Buffer.from(digestInfoPrefix[hash], 'hex'), digest]);
        return privateEncrypt({ key, padding: constants.RSA_PKCS1_PADDING }, info);
      },
      signDigestPss: (digest, hash, saltLength) => {
        checkDigest(digest, hash);
        return signPssDigest(key, digest, hash, saltLength);
      },
    };
  }
  const info = curveInfo(spec.curve);
  return {
    signatureAlgorithm: ecdsaAlgorithm(info.hash),
    sign: (data) => nodeSign(info.hash, data, key),
    signDigest: (digest, hash) => {
      checkDigest(digest, hash);
      const scalar = ecPrivateScalar(key);
      try {
        return Buffer.from(info.noble.sign(digest, scalar, { prehash: false, format: 'der' }));
      } finally {
        scalar.fill(0);
      }
    },
  };
}

/** The secret scalar of an EC key (from its SEC1 encoding). */
function ecPrivateScalar(key: KeyObject): Uint8Array {
  const sec1 = key.export({ type: 'sec1', format: 'der' });
  const [, scalar] = derChildren(readDerAll(sec1));
  if (!scalar || scalar.tag !== derTag.octetString) throw new Error('unexpected EC key encoding');
  const out = new Uint8Array(derContent(scalar));
  sec1.fill(0);
  return out;
}

function sphincsSecretKey(pkcs8: Buffer): Buffer {
  const [, , privateKey] = derChildren(readDerAll(pkcs8));
  if (!privateKey || privateKey.tag !== derTag.octetString)
    throw new Error('unexpected key encoding');
  return derContent(privateKey);
}

/** OID of the algorithm in a SubjectPublicKeyInfo. */
export function spkiAlgorithm(spki: Buffer): string {
  const [algorithm] = derChildren(readDerAll(spki));
  const [id] = algorithm ? derChildren(algorithm) : [];
  if (!id) throw new DerError('bad SubjectPublicKeyInfo');
  return derOid(id);
}

/**
 * Checks a signature made over `data` by the key in `spki` with the X.509 signature algorithm
 * `signatureAlgorithm` (DER AlgorithmIdentifier). Unknown algorithms do not verify.
 */
export function verifySignature(options: {
  spki: Buffer;
  signatureAlgorithm: Buffer;
  data: Buffer;
  signature: Buffer;
}): boolean {
  const [idNode] = derChildren(readDerAll(options.signatureAlgorithm));
  if (!idNode) return false;
  const id = derOid(idNode);
  const hashes: Record<string, HashName> = {
    [X509_OID.sha256WithRsa]: 'sha256',
    [X509_OID.sha384WithRsa]: 'sha384',
    [X509_OID.sha512WithRsa]: 'sha512',
    [X509_OID.ecdsaWithSha256]: 'sha256',
    [X509_OID.ecdsaWithSha384]: 'sha384',
    [X509_OID.ecdsaWithSha512]: 'sha512',
  };
  try {
    if (id === X509_OID.slhDsaSha2_128f) {
      if (spkiAlgorithm(options.spki) !== X509_OID.slhDsaSha2_128f) return false;
      return slh_dsa_sha2_128f.verify(options.signature, options.data, spkiKeyBits(options.spki));
    }
    const hash = hashes[id];
    if (!hash) return false;
    const publicKey = createPublicKey({ key: options.spki, format: 'der', type: 'spki' });
    return nodeVerify(hash, options.data, publicKey, options.signature);
  } catch {
    return false;
  }
}
