/** Reading OCSP requests and responses (RFC 6960) and checking who signed a response. */
import { createHash } from 'node:crypto';
import { DerError } from './der-error';
import {
  derBytes,
  derChild,
  derChildren,
  derContent,
  derInteger,
  derOid,
  derTime,
  readDerAll,
  type DerNode,
} from './der-read';
import { OCSP_RESPONSE_STATUS, publicKeyBits, type OcspResponseStatus } from './ocsp-build';
import { X509_OID } from './oids';
import { digestName, verifySignedData } from './signed-data-verify';
import {
  certificateParts,
  nameToString,
  parseCertificate,
  readAlgorithm,
  type AlgorithmIdentifier,
} from './x509-read';

/** A CertID: which certificate (by serial) of which issuer (by name and key hash). */
export interface OcspCertId {
  /** The CertID as it was encoded (echoed in a response). */
  der: Buffer;
  hashAlgorithm: string;
  issuerNameHash: Buffer;
  issuerKeyHash: Buffer;
  serialNumber: bigint;
}

function readCertId(node: DerNode): OcspCertId {
  const [algorithm, nameHash, keyHash, serial] = derChildren(node);
  if (!algorithm || !nameHash || !keyHash || !serial || serial.tag !== 0x02)
    throw new DerError('OCSP: bad CertID');
  return {
    der: derBytes(node),
    hashAlgorithm: derOid(derChild(algorithm, 0)),
    issuerNameHash: derContent(nameHash),
    issuerKeyHash: derContent(keyHash),
    serialNumber: derInteger(serial),
  };
}

/** Extensions (SEQUENCE OF Extension) by OID: the whole Extension DER and its extnValue content. */
function readExtensions(node: DerNode): Map<string, { der: Buffer; value: Buffer }> {
  const out = new Map<string, { der: Buffer; value: Buffer }>();
  for (const extension of derChildren(node)) {
    const fields = derChildren(extension);
    const oid = fields[0];
    const value = fields[fields.length - 1];
    if (!oid || !value || fields.length < 2) throw new DerError('OCSP: bad extension');
    out.set(derOid(oid), { der: derBytes(extension), value: derContent(value) });
  }
  return out;
}

export interface OcspRequest {
  certIds: OcspCertId[];
  /** The request's nonce Extension (DER), to echo in the response. */
  nonceExtension?: Buffer;
  /**
   * The nonce itself: the OCTET STRING inside extnValue (RFC 8954), or extnValue's bytes as
   * they are from a client that puts the nonce there unwrapped.
   */
  nonce?: Buffer;
}

/** The nonce of a nonce extension's value (see `OcspRequest.nonce`). */
function nonceOf(extnValue: Buffer): Buffer {
  try {
    const node = readDerAll(extnValue);
    if (node.tag === 0x04) return derContent(node);
  } catch {
    // Not one DER element: the bytes are the nonce.
  }
  return extnValue;
}

/** Reads an OCSPRequest; its optional signature is not checked (Signet answers anyone). */
export function readOcspRequest(der: Uint8Array): OcspRequest {
  const tbs = derChild(readDerAll(der), 0);
  const fields = derChildren(tbs);
  const list = fields.find((n) => n.tag === 0x30);
  if (!list) throw new DerError('OCSP: no requestList');
  const certIds = derChildren(list).map((request) => readCertId(derChild(request, 0)));
  const extensions = fields.find((n) => n.tag === 0xa2);
  const nonce = extensions && readExtensions(derChild(extensions, 0)).get(X509_OID.ocspNonce);
  return { certIds, ...(nonce ? { nonceExtension: nonce.der, nonce: nonceOf(nonce.value) } : {}) };
}

export interface OcspSingleResponse {
  certId: OcspCertId;
  status: 'good' | 'revoked' | 'unknown';
  /** When revoked: since when and why (a CRLReason), when the responder says. */
  revokedAt?: Date;
  reason?: number;
  thisUpdate: Date;
  nextUpdate?: Date;
}

export interface OcspResponse {
  der: Uint8Array;
  /** The responder: its key's SHA-1 hash (byKey) or its name (byName, DER and text). */
  responder: { keyHash: Buffer } | { name: Buffer; nameText: string };
  producedAt: Date;
  responses: OcspSingleResponse[];
  /** The nonce extension's value (the OCTET STRING inside extnValue), when present. */
  nonce?: Buffer;
  /** Certificates the responder sent (a delegated responder's, and its chain). */
  certificates: Buffer[];
  /** ResponseData as signed, with the algorithm and the signature over it. */
  tbsResponseData: Buffer;
  signatureAlgorithm: AlgorithmIdentifier;
  signature: Buffer;
  /** The answer about `certificate` (DER) issued by `issuer` (DER), if the response has one. */
  responseFor(certificate: Uint8Array, issuer: Uint8Array): OcspSingleResponse | undefined;
  /**
   * The certificate whose key signed the response if it is `issuer` itself or a delegated
   * responder certificate in `certificates` that `issuer` signed and that carries
   * id-kp-OCSPSigning; undefined when neither verifies.
   */
  verify(issuer: Uint8Array): { signer: Buffer; delegated: boolean } | undefined;
}

const STATUS_NAMES = Object.fromEntries(
  Object.entries(OCSP_RESPONSE_STATUS).map(([name, code]) => [code, name]),
) as Record<number, OcspResponseStatus>;

/** Thrown for an OCSPResponse whose status is not `successful` (no body to read). */
export class OcspStatusError extends DerError {
  constructor(readonly responseStatus: OcspResponseStatus | 'unknown') {
    super(`OCSP: the responder answered ${responseStatus}`);
  }
}

function readSingleResponse(node: DerNode): OcspSingleResponse {
  const [certId, status, thisUpdate, ...rest] = derChildren(node);
  if (!certId || !status || !thisUpdate) throw new DerError('OCSP: bad SingleResponse');
  const next = rest.find((n) => n.tag === 0xa0);
  const out: OcspSingleResponse = {
    certId: readCertId(certId),
    status: 'unknown',
    thisUpdate: derTime(thisUpdate),
    ...(next ? { nextUpdate: derTime(derChild(next, 0)) } : {}),
  };
  if (status.tag === 0x80) out.status = 'good';
  else if (status.tag === 0xa1) {
    const [time, reason] = derChildren(status);
    if (!time) throw new DerError('OCSP: bad RevokedInfo');
    out.status = 'revoked';
    out.revokedAt = derTime(time);
    if (reason?.tag === 0xa0) out.reason = derContent(derChild(reason, 0))[0] ?? 0;
  } else if (status.tag !== 0x82) throw new DerError('OCSP: bad CertStatus');
  return out;
}

/** Whether a delegated responder's certificate names id-kp-OCSPSigning. */
function hasOcspSigning(der: Buffer): boolean {
  const eku = parseCertificate(der).extensions.get(X509_OID.extKeyUsage);
  if (!eku) return false;
  return derChildren(readDerAll(eku.value)).some((n) => derOid(n) === X509_OID.kpOcspSigning);
}

/**
 * Reads a DER OCSPResponse with a BasicOCSPResponse. Throws an OcspStatusError when the responder
 * answered anything but `successful`, a DerError when the bytes are not an OCSP response.
 */
export function readOcspResponse(der: Uint8Array): OcspResponse {
  const [statusNode, bytesNode] = derChildren(readDerAll(der));
  if (!statusNode || statusNode.tag !== 0x0a) throw new DerError('OCSP: not an OCSPResponse');
  const code = derContent(statusNode)[0] ?? -1;
  if (code !== OCSP_RESPONSE_STATUS.successful)
    throw new OcspStatusError(STATUS_NAMES[code] ?? 'unknown');
  if (!bytesNode || bytesNode.tag !== 0xa0) throw new DerError('OCSP: no responseBytes');
  const [type, octets] = derChildren(derChild(bytesNode, 0));
  if (!type || !octets || derOid(type) !== X509_OID.ocspBasic)
    throw new DerError('OCSP: not a basic response');
  const basic = readDerAll(derContent(octets));
  const [tbs, algorithm, signature, certsNode] = derChildren(basic);
  if (!tbs || !algorithm || !signature || signature.tag !== 0x03)
    throw new DerError('OCSP: bad BasicOCSPResponse');
  let fields = derChildren(tbs);
  if (fields[0]?.tag === 0xa0) fields = fields.slice(1); // version
  const [responderNode, producedAt, responses, extensions] = fields;
  if (!responderNode || !producedAt || !responses) throw new DerError('OCSP: bad ResponseData');
  const inner = derChild(responderNode, 0);
  const responder =
    responderNode.tag === 0xa2
      ? { keyHash: derContent(inner) }
      : { name: derBytes(inner), nameText: nameToString(inner) };
  const nonce =
    extensions?.tag === 0xa1
      ? readExtensions(derChild(extensions, 0)).get(X509_OID.ocspNonce)
      : undefined;
  const certificates =
    certsNode?.tag === 0xa0 ? derChildren(derChild(certsNode, 0)).map(derBytes) : [];
  const singles = derChildren(responses).map(readSingleResponse);
  const response: OcspResponse = {
    der,
    responder,
    producedAt: derTime(producedAt),
    responses: singles,
    ...(nonce ? { nonce: unwrapNonce(nonce.value) } : {}),
    certificates,
    tbsResponseData: derBytes(tbs),
    signatureAlgorithm: readAlgorithm(algorithm),
    signature: derContent(signature).subarray(1),
    responseFor(certificate, issuer) {
      const cert = certificateParts(Buffer.from(certificate));
      const ca = certificateParts(Buffer.from(issuer));
      const serial = parseCertificate(certificate).serialNumber;
      return singles.find((single) => {
        const hash = digestName(single.certId.hashAlgorithm);
        if (!hash || single.certId.serialNumber !== serial) return false;
        return (
          createHash(hash).update(cert.issuer).digest().equals(single.certId.issuerNameHash) &&
          createHash(hash)
            .update(publicKeyBits(ca.spki))
            .digest()
            .equals(single.certId.issuerKeyHash)
        );
      });
    },
    verify(issuer) {
      const ca = certificateParts(Buffer.from(issuer));
      const signedBy = (spki: Uint8Array) =>
        verifySignedData({
          algorithm: response.signatureAlgorithm,
          data: response.tbsResponseData,
          signature: response.signature,
          spki,
        });
      if (signedBy(ca.spki)) return { signer: Buffer.from(issuer), delegated: false };
      for (const candidate of certificates) {
        const parts = certificateParts(candidate);
        if (!parts.issuer.equals(ca.subject) || !signedBy(parts.spki)) continue;
        const issuedByCa = verifySignedData({
          algorithm: readAlgorithm(readDerAll(parts.signatureAlgorithm)),
          data: parts.tbs,
          signature: parts.signature,
          spki: ca.spki,
        });
        if (issuedByCa && hasOcspSigning(candidate)) return { signer: candidate, delegated: true };
      }
      return undefined;
    },
  };
  return response;
}

/** The nonce extnValue is usually an OCTET STRING of the nonce (OpenSSL, RFC 8954); else raw. */
function unwrapNonce(value: Buffer): Buffer {
  try {
    const node = readDerAll(value);
    if (node.tag === 0x04) return derContent(node);
  } catch {
    // not DER: the raw nonce bytes
  }
  return value;
}
