/** Reading X.509 CRLs (RFC 5280 §5) and checking their signature. */
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
import { X509_OID } from './oids';
import { verifySignedData } from './signed-data-verify';
import {
  certificateParts,
  nameToString,
  readAlgorithm,
  type AlgorithmIdentifier,
} from './x509-read';
import type { RevokedEntry } from './crl-build';

export interface Crl {
  der: Uint8Array;
  /** Issuer Name, DER and text. */
  issuer: Buffer;
  issuerName: string;
  thisUpdate: Date;
  nextUpdate?: Date;
  crlNumber?: bigint;
  revoked: RevokedEntry[];
  tbs: Buffer;
  signatureAlgorithm: AlgorithmIdentifier;
  signature: Buffer;
  /** The entry of `serialNumber`, if the CRL lists it. */
  entryFor(serialNumber: bigint): RevokedEntry | undefined;
  /** True when `issuer` (certificate DER) is named as the CRL's issuer and its key signed it. */
  verify(issuer: Uint8Array): boolean;
}

const isTime = (node: DerNode | undefined): node is DerNode =>
  node !== undefined && (node.tag === 0x17 || node.tag === 0x18);

function readEntry(node: DerNode): RevokedEntry {
  const [serial, date, extensions] = derChildren(node);
  if (!serial || !isTime(date)) throw new DerError('CRL: bad revoked entry');
  const entry: RevokedEntry = { serialNumber: derInteger(serial), revokedAt: derTime(date) };
  for (const extension of extensions ? derChildren(extensions) : []) {
    const fields = derChildren(extension);
    const value = fields[fields.length - 1];
    if (fields[0] && value && derOid(fields[0]) === X509_OID.cRLReason)
      entry.reason = derContent(readDerAll(derContent(value)))[0] ?? 0;
  }
  return entry;
}

/** Reads a DER CertificateList; throws a DerError when it is not one. */
export function readCrl(der: Uint8Array): Crl {
  const [tbsNode, algorithm, signature] = derChildren(readDerAll(der));
  if (!tbsNode || !algorithm || !signature || signature.tag !== 0x03)
    throw new DerError('CRL: not a CertificateList');
  let fields = derChildren(tbsNode);
  if (fields[0]?.tag === 0x02) fields = fields.slice(1); // version
  const [, issuer, thisUpdate, ...rest] = fields;
  if (!issuer || !isTime(thisUpdate)) throw new DerError('CRL: bad TBSCertList');
  const next = isTime(rest[0]) ? rest.shift() : undefined;
  const list = rest[0]?.tag === 0x30 ? rest.shift() : undefined;
  const extensions = rest[0]?.tag === 0xa0 ? derChildren(derChild(rest[0], 0)) : [];
  let crlNumber: bigint | undefined;
  for (const extension of extensions) {
    const fields = derChildren(extension);
    const value = fields[fields.length - 1];
    if (fields[0] && value && derOid(fields[0]) === X509_OID.cRLNumber)
      crlNumber = derInteger(readDerAll(derContent(value)));
  }
  const revoked = list ? derChildren(list).map(readEntry) : [];
  const crl: Crl = {
    der,
    issuer: derBytes(issuer),
    issuerName: nameToString(issuer),
    thisUpdate: derTime(thisUpdate),
    ...(next ? { nextUpdate: derTime(next) } : {}),
    ...(crlNumber === undefined ? {} : { crlNumber }),
    revoked,
    tbs: derBytes(tbsNode),
    signatureAlgorithm: readAlgorithm(algorithm),
    signature: derContent(signature).subarray(1),
    entryFor: (serialNumber) => revoked.find((entry) => entry.serialNumber === serialNumber),
    verify(issuerCertificate) {
      const ca = certificateParts(Buffer.from(issuerCertificate));
      return (
        ca.subject.equals(crl.issuer) &&
        verifySignedData({
          algorithm: crl.signatureAlgorithm,
          data: crl.tbs,
          signature: crl.signature,
          spki: ca.spki,
        })
      );
    },
  };
  return crl;
}
