/**
 * Building CMP messages (RFC 4210, CRMF RFC 4211) by hand: the PKIHeader, the ir, p10cr, kur and
 * certConf bodies, and the password-based MAC (PBM) parameters. The CMP module is EXPLICIT-tagged
 * (every [n] wraps its element); CRMF's CertTemplate is IMPLICIT.
 */
import { createHash, createHmac } from 'node:crypto';
import {
  derBitString,
  derExplicit,
  derGeneralizedTime,
  derImplicit,
  derIntegerBytes,
  derNull,
  derOctetString,
  derOidBytes,
  derSequence,
  derString,
  derTag,
  derTlv,
} from './der-write';
import { CMP_OID } from './cmp-oids';

/** PKIBody choice numbers this client sends and reads. */
export const cmpBody = {
  ir: 0,
  ip: 1,
  cp: 3,
  p10cr: 4,
  kur: 7,
  kup: 8,
  pkiConf: 19,
  error: 23,
  certConf: 24,
} as const;

/** GeneralName directoryName [4] around a Name (a CHOICE, so the tag is explicit). */
export const directoryName = (name: Uint8Array): Buffer => derExplicit(4, name);

export interface CmpHeaderFields {
  sender: Uint8Array;
  recipient: Uint8Array;
  /** DER AlgorithmIdentifier of the protection. */
  protectionAlg: Uint8Array;
  senderKid?: Uint8Array;
  transactionId: Uint8Array;
  senderNonce: Uint8Array;
  recipNonce?: Uint8Array;
}

/** PKIHeader, pvno cmp2000 (2). */
export function cmpHeader(fields: CmpHeaderFields): Buffer {
  return derSequence(
    derIntegerBytes(2),
    directoryName(fields.sender),
    directoryName(fields.recipient),
    derExplicit(0, derGeneralizedTime(new Date())),
    derExplicit(1, fields.protectionAlg),
    ...(fields.senderKid ? [derExplicit(2, derOctetString(fields.senderKid))] : []),
    derExplicit(4, derOctetString(fields.transactionId)),
    derExplicit(5, derOctetString(fields.senderNonce)),
    ...(fields.recipNonce ? [derExplicit(6, derOctetString(fields.recipNonce))] : []),
  );
}

/** The bytes the protection covers: SEQUENCE { header, body }. */
export const protectedPart = (header: Uint8Array, body: Uint8Array): Buffer =>
  derSequence(header, body);

/** PKIMessage with its protection and (for signature protection) the sender's certificates. */
export function cmpMessage(options: {
  header: Uint8Array;
  body: Uint8Array;
  protection: Uint8Array;
  extraCerts?: Uint8Array[];
}): Buffer {
  const { header, body, protection, extraCerts = [] } = options;
  return derSequence(
    header,
    body,
    derExplicit(0, derBitString(protection)),
    ...(extraCerts.length > 0 ? [derExplicit(1, derSequence(...extraCerts))] : []),
  );
}

/**
 * CRMF CertRequest { certReqId, CertTemplate { subject [5], publicKey [6] }, controls }; a key
 * update names the certificate it replaces in the oldCertID control (issuer, serial content).
 */
export function certRequest(options: {
  subject: Uint8Array;
  spki: Uint8Array;
  oldCertId?: { issuer: Uint8Array; serial: Uint8Array };
}): Buffer {
  const { oldCertId } = options;
  return derSequence(
    derIntegerBytes(0),
    derSequence(derExplicit(5, options.subject), derImplicit(6, options.spki)),
    ...(oldCertId
      ? [
          derSequence(
            derSequence(
              derOidBytes(CMP_OID.regCtrlOldCertId),
              derSequence(directoryName(oldCertId.issuer), derTlv(0x02, oldCertId.serial)),
            ),
          ),
        ]
      : []),
  );
}

/**
 * CertReqMessages with one CertReqMsg: the request and its proof of possession by signature
 * (POPOSigningKey [1], no poposkInput: the signature is over the CertRequest's DER).
 */
export function certReqMessages(options: {
  request: Uint8Array;
  signatureAlgorithm: Uint8Array;
  signature: Uint8Array;
}): Buffer {
  const popo = derTlv(0xa1, options.signatureAlgorithm, derBitString(options.signature));
  return derSequence(derSequence(options.request, popo));
}

/** A body: its choice number around its content (explicit). */
export const cmpBodyOf = (choice: number, content: Uint8Array): Buffer =>
  derExplicit(choice, content);

/**
 * certConf for one certificate: its hash under the certificate's signature hash, and accepted
 * (status 0) or rejected (status 2, failInfo badCertTemplate, with the reason).
 */
export function certConfContent(options: {
  certHash: Uint8Array;
  certReqId: bigint;
  rejection?: string;
}): Buffer {
  const { rejection } = options;
  const status =
    rejection === undefined
      ? derSequence(derIntegerBytes(0))
      : derSequence(
          derIntegerBytes(2),
          derSequence(derString(derTag.utf8String, rejection)),
          derBitString(Uint8Array.of(0x00, 0x00, 0x10), 4), // bit 19: badCertTemplate
        );
  return derSequence(
    derSequence(derOctetString(options.certHash), derIntegerSigned(options.certReqId), status),
  );
}

/** INTEGER that may be -1 (p10cr's certReqId). */
function derIntegerSigned(value: bigint): Buffer {
  if (value >= 0n) return derIntegerBytes(value);
  if (value === -1n) return derTlv(0x02, Uint8Array.of(0xff));
  throw new Error('CMP: unexpected negative certReqId');
}

/** OIDs of the PBM hashes and MACs, by node:crypto name. */
const hashOids: Record<string, string> = {
  [CMP_OID.sha256]: 'sha256',
  [CMP_OID.sha1]: 'sha1',
  [CMP_OID.sha384]: 'sha384',
  [CMP_OID.sha512]: 'sha512',
};
const macOids: Record<string, string> = {
  [CMP_OID.hmacWithSha256]: 'sha256',
  [CMP_OID.hmacSha1]: 'sha1',
  [CMP_OID.hmacWithSha1]: 'sha1',
  [CMP_OID.hmacWithSha384]: 'sha384',
  [CMP_OID.hmacWithSha512]: 'sha512',
};

/** The PBM AlgorithmIdentifier: SHA-256 as the one-way function, HMAC-SHA256 as the MAC. */
export function pbmAlgorithm(salt: Uint8Array, iterations: number): Buffer {
  return derSequence(
    derOidBytes(CMP_OID.passwordBasedMac),
    derSequence(
      derOctetString(salt),
      derSequence(derOidBytes(CMP_OID.sha256)),
      derIntegerBytes(iterations),
      derSequence(derOidBytes(CMP_OID.hmacWithSha256), derNull()),
    ),
  );
}

export interface PbmParameters {
  salt: Buffer;
  owfOid: string;
  iterations: number;
  macOid: string;
}

/** Most iterations a response may ask for (OpenSSL's own limit). */
export const maxPbmIterations = 100_000;

/**
 * The PBM (RFC 4210 §5.1.3.1): key = owf^iterations(secret ‖ salt), MAC = HMAC(key, data).
 * Throws on an unknown hash or MAC or too many iterations.
 */
export function pbmMac(parameters: PbmParameters, secret: Uint8Array, data: Uint8Array): Buffer {
  const owf = hashOids[parameters.owfOid];
  const mac = macOids[parameters.macOid];
  if (!owf || !mac) throw new Error('CMP: unsupported PBM algorithm');
  if (parameters.iterations < 1 || parameters.iterations > maxPbmIterations) {
    throw new Error('CMP: PBM iteration count out of range');
  }
  let key = createHash(owf).update(secret).update(parameters.salt).digest();
  for (let i = 1; i < parameters.iterations; i++) key = createHash(owf).update(key).digest();
  return createHmac(mac, key).update(data).digest();
}
