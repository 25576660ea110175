/** Building X.509 names, PKCS#10 requests and v3 certificates by hand, for any signing algorithm. */
import { createHash, randomBytes } from 'node:crypto';
import { derChildren, derContent, readDerAll } from './der-read';
import {
  derBitString,
  derBoolean,
  derExplicit,
  derIntegerBytes,
  derOctetString,
  derOidBytes,
  derSequence,
  derSet,
  derString,
  derTag,
  derTlv,
  derUnsignedInteger,
  derValidityTime,
} from './der-write';
import { X509_OID } from './oids';

/** Signs a to-be-signed structure; `signatureAlgorithm` is the DER AlgorithmIdentifier it uses. */
export interface X509Signer {
  signatureAlgorithm: Uint8Array;
  sign(data: Uint8Array): Uint8Array;
}

/** One attribute of a Name: its type and text value. */
export interface NameAttribute {
  oid: string;
  value: string;
}

const printable = /^[A-Za-z0-9 '()+,\-./:=?]*$/;

/** The string type RFC 5280 expects for the attribute; UTF8String for the rest. */
function attributeValue(oid: string, value: string): Buffer {
  if (oid === X509_OID.countryName) return derString(derTag.printableString, value.toUpperCase());
  if (oid === X509_OID.emailAddress) return derString(derTag.ia5String, value);
  if (oid === X509_OID.serialNumber && printable.test(value))
    return derString(derTag.printableString, value);
  return derString(derTag.utf8String, value);
}

/** DER Name with one RDN per attribute, in the given order. */
export function encodeName(attributes: readonly NameAttribute[]): Buffer {
  return derSequence(
    ...attributes.map(({ oid, value }) =>
      derSet(derSequence(derOidBytes(oid), attributeValue(oid, value))),
    ),
  );
}

/** A PKCS#10 certification request for `spki`, signed by its own key. */
export function createCertificateRequest(options: {
  subject: Uint8Array;
  spki: Uint8Array;
  signer: X509Signer;
}): Buffer {
  const info = derSequence(
    derIntegerBytes(0),
    options.subject,
    options.spki,
    derExplicit(0), // attributes: none
  );
  const signature = options.signer.sign(info);
  return derSequence(info, options.signer.signatureAlgorithm, derBitString(signature));
}

function extension(oid: string, critical: boolean, value: Uint8Array): Buffer {
  return derSequence(
    derOidBytes(oid),
    ...(critical ? [derBoolean(true)] : []),
    derOctetString(value),
  );
}

/** The URLs a certificate names for its revocation status and its issuer's certificate. */
export interface RevocationLocations {
  ocsp?: string;
  caIssuers?: string;
  crl?: string;
}

const uri = (url: string): Buffer => derTlv(0x86, Buffer.from(url, 'ascii'));

/** Authority Information Access and CRL Distribution Points (RFC 5280 §4.2.2.1, §4.2.1.13). */
function revocationExtensions({ ocsp, caIssuers, crl }: RevocationLocations): Buffer[] {
  const access = [
    ...(ocsp ? [derSequence(derOidBytes(X509_OID.accessOcsp), uri(ocsp))] : []),
    ...(caIssuers ? [derSequence(derOidBytes(X509_OID.accessCaIssuers), uri(caIssuers))] : []),
  ];
  return [
    ...(access.length > 0
      ? [extension(X509_OID.authorityInfoAccess, false, derSequence(...access))]
      : []),
    // DistributionPoint { distributionPoint [0] { fullName [0] { URI } } }
    ...(crl
      ? [
          extension(
            X509_OID.cRLDistributionPoints,
            false,
            derSequence(derSequence(derExplicit(0, derExplicit(0, uri(crl))))),
          ),
        ]
      : []),
  ];
}

/** Key identifier of a public key: SHA-1 of the subjectPublicKey bits (RFC 5280 §4.2.1.2). */
export function keyIdentifier(spki: Uint8Array): Buffer {
  const [, bits] = derChildren(readDerAll(spki));
  return createHash('sha1')
    .update(bits ? derContent(bits).subarray(1) : spki)
    .digest();
}

/** Issues an X.509 v3 certificate for a CA or a signing key, signed by `signer` (the issuer's key). */
export function issueCertificate(options: {
  subject: Uint8Array;
  spki: Uint8Array;
  issuer: Uint8Array;
  issuerSpki: Uint8Array;
  signer: X509Signer;
  notBefore: Date;
  notAfter: Date;
  isCa: boolean;
  /** The subject's e-mail, as subjectAltName rfc822Name. */
  email?: string;
  /**
   * Purposes of the key as an extendedKeyUsage, critical or not (a time-stamping authority's
   * certificate must name id-kp-timeStamping alone, critically, RFC 3161 §2.3); none when absent.
   */
  extendedKeyUsage?: { purposes: readonly string[]; critical: boolean };
  /** Where relying parties check revocation and find the issuer (AIA and CRL distribution point). */
  revocation?: RevocationLocations;
}): Buffer {
  const serial = randomBytes(16);
  serial[0] = (serial[0] ?? 0) & 0x7f;
  const keyUsage = options.isCa
    ? derBitString(Uint8Array.of(0x06), 1) // keyCertSign, cRLSign
    : derBitString(Uint8Array.of(0xc0), 6); // digitalSignature, nonRepudiation
  const extensions = [
    extension(
      X509_OID.basicConstraints,
      true,
      derSequence(...(options.isCa ? [derBoolean(true)] : [])),
    ),
    extension(X509_OID.keyUsage, true, keyUsage),
    extension(X509_OID.subjectKeyIdentifier, false, derOctetString(keyIdentifier(options.spki))),
    extension(
      X509_OID.authorityKeyIdentifier,
      false,
      derSequence(derTlv(0x80, keyIdentifier(options.issuerSpki))),
    ),
    ...(options.extendedKeyUsage
      ? [
          extension(
            X509_OID.extKeyUsage,
            options.extendedKeyUsage.critical,
            derSequence(...options.extendedKeyUsage.purposes.map((oid) => derOidBytes(oid))),
          ),
        ]
      : []),
    ...(options.email
      ? [
          extension(
            X509_OID.subjectAltName,
            false,
            derSequence(derTlv(0x81, Buffer.from(options.email, 'ascii'))),
          ),
        ]
      : []),
    ...(options.revocation ? revocationExtensions(options.revocation) : []),
  ];
  const tbs = derSequence(
    derExplicit(0, derIntegerBytes(2)),
    derUnsignedInteger(serial),
    options.signer.signatureAlgorithm,
    options.issuer,
    derSequence(derValidityTime(options.notBefore), derValidityTime(options.notAfter)),
    options.subject,
    options.spki,
    derExplicit(3, derSequence(...extensions)),
  );
  const signature = options.signer.sign(tbs);
  return derSequence(tbs, options.signer.signatureAlgorithm, derBitString(signature));
}
