import { createHash } from 'node:crypto';
import {
  derBitString,
  derGeneralizedTime,
  derIntegerBytes,
  derOidBytes,
  derSequence,
  derString,
  derTag,
  type Certificate,
} from '@signet/der';
import { buildSignedAttributes, buildSignedData, CMS_OID } from '@signet/pades';
import { tsaPolicyOid, type TimestampQuery, type TsaFailure } from './tsa-request';

/** The bit of each PKIFailureInfo (RFC 3161 §2.4.2). */
const failureBits: Record<TsaFailure, number> = {
  badAlg: 0,
  badRequest: 2,
  badDataFormat: 5,
  unacceptedPolicy: 15,
  unacceptedExtension: 16,
  systemFailure: 25,
};

/** A named-bit BIT STRING with one bit set, trailing zero bits dropped (X.690 §11.2.2). */
function oneBit(bit: number): Buffer {
  const bytes = new Uint8Array(Math.floor(bit / 8) + 1);
  bytes[bytes.length - 1] = 0x80 >> (bit % 8);
  return derBitString(bytes, 7 - (bit % 8));
}

/** A TimeStampResp that refuses (status rejection, its reason as text and failInfo). */
export function rejection(failure: TsaFailure, text: string): Buffer {
  return derSequence(
    derSequence(
      derIntegerBytes(2),
      derSequence(derString(derTag.utf8String, text)),
      oneBit(failureBits[failure]),
    ),
  );
}

/** What signs a token: the TSA's certificate (parsed), its chain, and its key. */
export interface TsaSigningKey {
  certificate: Certificate;
  /** DER certificates, the TSA's first, then the embedded CA's root. */
  chain: Buffer[];
  /** ECDSA with SHA-256 over the DER of the signed attributes. */
  sign(data: Uint8Array): Buffer;
}

/**
 * A granted TimeStampResp: the TSTInfo (RFC 3161 §2.4.2: policy, the request's imprint and
 * nonce as sent, serial, genTime to the second with an accuracy of one second) in a CMS
 * SignedData whose signed attributes carry content-type id-ct-TSTInfo, its message digest and
 * signing-certificate-v2 (ESSCertIDv2, RFC 5816) naming the TSA's certificate; with certReq
 * the TSA's chain rides along.
 */
export function grantedResponse(options: {
  query: TimestampQuery;
  serial: bigint;
  time: Date;
  key: TsaSigningKey;
}): Buffer {
  const { query, serial, time, key } = options;
  const tstInfo = derSequence(
    derIntegerBytes(1),
    derOidBytes(tsaPolicyOid),
    query.messageImprint,
    derIntegerBytes(serial),
    derGeneralizedTime(time),
    derSequence(derIntegerBytes(1)),
    // ordering is FALSE, its DEFAULT, so DER leaves it out.
    ...(query.nonce ? [query.nonce] : []),
  );
  const signedAttributes = buildSignedAttributes(
    createHash('sha256').update(tstInfo).digest(),
    key.certificate,
    CMS_OID.tstInfo,
  );
  const token = buildSignedData({
    certificates: query.certReq ? key.chain : [],
    signerCertificate: key.certificate,
    signedAttributes,
    algorithm: 'ECDSA',
    signature: key.sign(signedAttributes),
    encapsulated: { contentType: CMS_OID.tstInfo, content: tstInfo },
  });
  return derSequence(derSequence(derIntegerBytes(0)), token);
}
