/** Object identifiers of the algorithms, name attributes and extensions X.509 reading and building use. */
export const X509_OID = {
  rsaEncryption: '1.2.840.113549.1.1.1',
  rsaPss: '1.2.840.113549.1.1.10',
  sha1WithRsa: '1.2.840.113549.1.1.5',
  sha256WithRsa: '1.2.840.113549.1.1.11',
  sha384WithRsa: '1.2.840.113549.1.1.12',
  sha512WithRsa: '1.2.840.113549.1.1.13',
  ecPublicKey: '1.2.840.10045.2.1',
  ecdsaWithSha256: '1.2.840.10045.4.3.2',
  ecdsaWithSha384: '1.2.840.10045.4.3.3',
  ecdsaWithSha512: '1.2.840.10045.4.3.4',
  ed25519: '1.3.101.112',
  /** id-slh-dsa-sha2-128f (RFC 9909 for X.509, RFC 9814 for CMS). */
  slhDsaSha2_128f: '2.16.840.1.101.3.4.3.21',
  commonName: '2.5.4.3',
  countryName: '2.5.4.6',
  serialNumber: '2.5.4.5',
  emailAddress: '1.2.840.113549.1.9.1',
  subjectKeyIdentifier: '2.5.29.14',
  keyUsage: '2.5.29.15',
  subjectAltName: '2.5.29.17',
  basicConstraints: '2.5.29.19',
  authorityKeyIdentifier: '2.5.29.35',
  extKeyUsage: '2.5.29.37',
  /** id-kp-timeStamping (RFC 3161 §2.3): the only purpose a TSA certificate may name. */
  timeStamping: '1.3.6.1.5.5.7.3.8',
  /** id-kp-emailProtection: the purpose NSS (pdfsig) and Acrobat accept for signing documents. */
  emailProtection: '1.3.6.1.5.5.7.3.4',
  cRLNumber: '2.5.29.20',
  cRLReason: '2.5.29.21',
  cRLDistributionPoints: '2.5.29.31',
  authorityInfoAccess: '1.3.6.1.5.5.7.1.1',
  /** AIA access methods (RFC 5280 §4.2.2.1). */
  accessOcsp: '1.3.6.1.5.5.7.48.1',
  accessCaIssuers: '1.3.6.1.5.5.7.48.2',
  /** id-pkix-ocsp-basic and id-pkix-ocsp-nonce (RFC 6960 §4.2.1, §4.4.1). */
  ocspBasic: '1.3.6.1.5.5.7.48.1.1',
  ocspNonce: '1.3.6.1.5.5.7.48.1.2',
  /** id-kp-OCSPSigning: a delegated OCSP responder's extended key usage. */
  kpOcspSigning: '1.3.6.1.5.5.7.3.9',
  sha1: '1.3.14.3.2.26',
  sha256: '2.16.840.1.101.3.4.2.1',
  sha384: '2.16.840.1.101.3.4.2.2',
  sha512: '2.16.840.1.101.3.4.2.3',
} as const;
