/** Building OCSP requests and responses (RFC 6960). */
import { createHash, randomBytes } from 'node:crypto';
import {
  derBitString,
  derExplicit,
  derGeneralizedTime,
  derNull,
  derOctetString,
  derOidBytes,
  derSequence,
  derTlv,
} from './der-write';
import { derContent, derChild, readDerAll } from './der-read';
import { X509_OID } from './oids';
import { digestName } from './signed-data-verify';
import { certificateParts } from './x509-read';
import type { X509Signer } from './x509-build';

/** CRLReason (RFC 5280 §5.3.1). */
export const CRL_REASON = {
  unspecified: 0,
  keyCompromise: 1,
  cACompromise: 2,
  affiliationChanged: 3,
  superseded: 4,
  cessationOfOperation: 5,
  certificateHold: 6,
  removeFromCRL: 8,
  privilegeWithdrawn: 9,
  aACompromise: 10,
} as const;

/** OCSPResponseStatus (RFC 6960 §4.2.1). */
export const OCSP_RESPONSE_STATUS = {
  successful: 0,
  malformedRequest: 1,
  internalError: 2,
  tryLater: 3,
  sigRequired: 5,
  unauthorized: 6,
} as const;
export type OcspResponseStatus = keyof typeof OCSP_RESPONSE_STATUS;

const ENUMERATED = 0x0a;

/** The subjectPublicKey bits of a SubjectPublicKeyInfo (what issuerKeyHash and byKey hash). */
export function publicKeyBits(spki: Uint8Array): Buffer {
  return derContent(derChild(readDerAll(spki), 1)).subarray(1);
}

/**
 * CertID of `certificate` under `issuer` (both DER): hashes of the issuer's name and key and the
 * certificate's serial number. SHA-1 is what responders expect by default (RFC 5019).
 */
export function ocspCertId(
  certificate: Uint8Array,
  issuer: Uint8Array,
  hashOid: string = X509_OID.sha1,
): Buffer {
  const hash = digestName(hashOid);
  if (!hash) throw new Error(`OCSP: unsupported hash ${hashOid}`);
  const cert = certificateParts(Buffer.from(certificate));
  const ca = certificateParts(Buffer.from(issuer));
  return derSequence(
    derSequence(derOidBytes(hashOid), derNull()),
    derOctetString(createHash(hash).update(cert.issuer).digest()),
    derOctetString(createHash(hash).update(publicKeyBits(ca.spki)).digest()),
    derTlv(0x02, cert.serial),
  );
}

/** An unsigned OCSPRequest for the given CertIDs, with a nonce extension when `nonce` is given. */
export function createOcspRequest(certIds: Uint8Array[], nonce?: Uint8Array): Buffer {
  const requests = derSequence(...certIds.map((id) => derSequence(id)));
  const extensions = nonce
    ? [
        derExplicit(
          2,
          derSequence(
            derSequence(derOidBytes(X509_OID.ocspNonce), derOctetString(derOctetString(nonce))),
          ),
        ),
      ]
    : [];
  return derSequence(derSequence(requests, ...extensions));
}

/** A fresh 16-byte nonce for `createOcspRequest`. */
export const ocspNonce = (): Buffer => randomBytes(16);

/** An OCSPResponse without a body: every status but `successful`. */
export function ocspErrorResponse(status: Exclude<OcspResponseStatus, 'successful'>): Buffer {
  return derSequence(derTlv(ENUMERATED, Uint8Array.of(OCSP_RESPONSE_STATUS[status])));
}

/** What one SingleResponse says of one CertID. */
export type OcspCertStatus =
  | { status: 'good' }
  | { status: 'unknown' }
  | { status: 'revoked'; revokedAt: Date; reason?: number | undefined };

export interface OcspSingleAnswer {
  /** The request's CertID, DER, echoed as it came. */
  certId: Uint8Array;
  certStatus: OcspCertStatus;
  thisUpdate: Date;
  nextUpdate?: Date | undefined;
}

function certStatusDer(certStatus: OcspCertStatus): Buffer {
  if (certStatus.status === 'good') return Buffer.from([0x80, 0x00]);
  if (certStatus.status === 'unknown') return Buffer.from([0x82, 0x00]);
  const reason =
    certStatus.reason === undefined
      ? []
      : [derExplicit(0, derTlv(ENUMERATED, Uint8Array.of(certStatus.reason)))];
  return derTlv(0xa1, derGeneralizedTime(certStatus.revokedAt), ...reason);
}

/**
 * A successful OCSPResponse holding a BasicOCSPResponse signed by `signer`, the responder named by
 * its key hash (`responderSpki`). `nonceExtension` is the request's nonce Extension, echoed as is.
 * `certificates` go in `certs` (a delegated responder's certificate).
 */
export function buildOcspResponse(options: {
  responderSpki: Uint8Array;
  producedAt: Date;
  answers: OcspSingleAnswer[];
  nonceExtension?: Uint8Array | undefined;
  signer: X509Signer;
  certificates?: Uint8Array[];
}): Buffer {
  const keyHash = createHash('sha1').update(publicKeyBits(options.responderSpki)).digest();
  const responses = options.answers.map((answer) =>
    derSequence(
      answer.certId,
      certStatusDer(answer.certStatus),
      derGeneralizedTime(answer.thisUpdate),
      ...(answer.nextUpdate ? [derExplicit(0, derGeneralizedTime(answer.nextUpdate))] : []),
    ),
  );
  const tbs = derSequence(
    derExplicit(2, derOctetString(keyHash)),
    derGeneralizedTime(options.producedAt),
    derSequence(...responses),
    ...(options.nonceExtension ? [derExplicit(1, derSequence(options.nonceExtension))] : []),
  );
  const certs = options.certificates?.length
    ? [derExplicit(0, derSequence(...options.certificates))]
    : [];
  const basic = derSequence(
    tbs,
    options.signer.signatureAlgorithm,
    derBitString(options.signer.sign(tbs)),
    ...certs,
  );
  return derSequence(
    derTlv(ENUMERATED, Uint8Array.of(OCSP_RESPONSE_STATUS.successful)),
    derExplicit(0, derSequence(derOidBytes(X509_OID.ocspBasic), derOctetString(basic))),
  );
}
