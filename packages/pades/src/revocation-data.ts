/**
 * Reading the revocation data a DSS carries: OCSP responses (RFC 6960, the BasicOCSPResponse) and
 * CRLs (RFC 5280 §5). Only what the validator needs: what was said about which certificate, when,
 * and the signed bytes with their signature so the caller can check who said it.
 */
import {
  derBytes,
  derChild,
  derChildren,
  derContent,
  derInteger,
  derOid,
  derTime,
  readAlgorithm,
  readDerAll,
  type AlgorithmIdentifier,
  type DerNode,
} from '@signet/der';

const BASIC_OCSP_RESPONSE = '1.3.6.1.5.5.7.48.1.1';

export type RevocationStatus = 'GOOD' | 'REVOKED' | 'UNKNOWN';

/** An OCSP CertID: the certificate's serial under its issuer's name and key hashes. */
export interface OcspCertId {
  hashAlgorithm: string;
  issuerNameHash: Buffer;
  issuerKeyHash: Buffer;
  serialNumber: bigint;
}

export interface OcspSingleResponse {
  certId: OcspCertId;
  status: RevocationStatus;
  revokedAt?: Date;
  thisUpdate: Date;
  nextUpdate?: Date;
}

export interface OcspResponse {
  der: Uint8Array;
  producedAt: Date;
  /** The responder: by subject name (DER) or by SHA-1 of its public key bits. */
  responderName?: Buffer;
  responderKeyHash?: Buffer;
  responses: OcspSingleResponse[];
  /** The signed bytes (ResponseData), its algorithm and signature. */
  tbs: Buffer;
  signatureAlgorithm: AlgorithmIdentifier;
  signature: Buffer;
  /** Certificates the responder sent along (a delegated responder's own). */
  certificates: Buffer[];
}

export interface CrlEntry {
  serialNumber: bigint;
  revokedAt: Date;
}

export interface Crl {
  der: Uint8Array;
  /** DER Name of the issuer. */
  issuer: Buffer;
  thisUpdate: Date;
  nextUpdate?: Date;
  revoked: CrlEntry[];
  tbs: Buffer;
  signatureAlgorithm: AlgorithmIdentifier;
  signature: Buffer;
}

function bitStringBytes(node: DerNode): Buffer {
  if (node.tag !== 0x03) throw new Error('expected a BIT STRING');
  return derContent(node).subarray(1);
}

const isTime = (node: DerNode | undefined): node is DerNode =>
  node !== undefined && (node.tag === 0x17 || node.tag === 0x18);

function readSingleResponse(node: DerNode): OcspSingleResponse {
  const [certIdNode, statusNode, thisUpdate, ...rest] = derChildren(node);
  if (!certIdNode || !statusNode || !isTime(thisUpdate))
    throw new Error('OCSP: bad SingleResponse');
  const [hashAlgorithm, nameHash, keyHash, serial] = derChildren(certIdNode);
  if (!hashAlgorithm || !nameHash || !keyHash || !serial) throw new Error('OCSP: bad CertID');
  const single: OcspSingleResponse = {
    certId: {
      hashAlgorithm: readAlgorithm(hashAlgorithm).oid,
      issuerNameHash: derContent(nameHash),
      issuerKeyHash: derContent(keyHash),
      serialNumber: derInteger(serial),
    },
    status: 'UNKNOWN',
    thisUpdate: derTime(thisUpdate),
  };
  if (statusNode.tag === 0x80) single.status = 'GOOD';
  else if (statusNode.tag === 0xa1) {
    single.status = 'REVOKED';
    single.revokedAt = derTime(derChild(statusNode, 0));
  }
  const next = rest.find((n) => n.tag === 0xa0);
  if (next) single.nextUpdate = derTime(derChild(next, 0));
  return single;
}

/** Reads a DER OCSPResponse; throws unless it is a successful basic response. */
export function readOcspResponse(der: Uint8Array): OcspResponse {
  const [statusNode, bytesWrapper] = derChildren(readDerAll(der));
  if (!statusNode || derContent(statusNode)[0] !== 0 || !bytesWrapper)
    throw new Error('OCSP: not a successful response');
  const [type, octets] = derChildren(derChild(bytesWrapper, 0));
  if (!type || derOid(type) !== BASIC_OCSP_RESPONSE || !octets)
    throw new Error('OCSP: not a basic response');
  const basic = readDerAll(derContent(octets));
  const [tbsNode, algorithm, signature, certs] = derChildren(basic);
  if (!tbsNode || !algorithm || !signature) throw new Error('OCSP: incomplete response');
  let fields = derChildren(tbsNode);
  if (fields[0]?.tag === 0xa0) fields = fields.slice(1);
  const [responder, producedAt, responses] = fields;
  if (!responder || !isTime(producedAt) || !responses) throw new Error('OCSP: bad ResponseData');
  const response: OcspResponse = {
    der,
    producedAt: derTime(producedAt),
    responses: derChildren(responses).map(readSingleResponse),
    tbs: derBytes(tbsNode),
    signatureAlgorithm: readAlgorithm(algorithm),
    signature: bitStringBytes(signature),
    certificates: certs?.tag === 0xa0 ? derChildren(derChild(certs, 0)).map(derBytes) : [],
  };
  if (responder.tag === 0xa1) response.responderName = derBytes(derChild(responder, 0));
  else if (responder.tag === 0xa2) response.responderKeyHash = derContent(derChild(responder, 0));
  return response;
}

/** Reads a DER CertificateList. */
export function readCrl(der: Uint8Array): Crl {
  const [tbsNode, algorithm, signature] = derChildren(readDerAll(der));
  if (!tbsNode || !algorithm || !signature) throw new Error('CRL: incomplete');
  let fields = derChildren(tbsNode);
  if (fields[0]?.tag === 0x02) fields = fields.slice(1);
  const [, issuer, thisUpdate, ...rest] = fields;
  if (!issuer || !isTime(thisUpdate)) throw new Error('CRL: bad TBSCertList');
  let i = 0;
  const crl: Crl = {
    der,
    issuer: derBytes(issuer),
    thisUpdate: derTime(thisUpdate),
    revoked: [],
    tbs: derBytes(tbsNode),
    signatureAlgorithm: readAlgorithm(algorithm),
    signature: bitStringBytes(signature),
  };
  if (isTime(rest[i])) crl.nextUpdate = derTime(rest[i++] as DerNode);
  const list = rest[i];
  if (list?.tag === 0x30) {
    for (const entry of derChildren(list)) {
      const [serial, date] = derChildren(entry);
      if (!serial || !isTime(date)) throw new Error('CRL: bad entry');
      crl.revoked.push({ serialNumber: derInteger(serial), revokedAt: derTime(date) });
    }
  }
  return crl;
}
