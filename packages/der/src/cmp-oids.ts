/** Object identifiers of CMP's protection algorithms (RFC 4210, RFC 8018, RFC 4231). */
export const CMP_OID = {
  /** id-PasswordBasedMac (Entrust). */
  passwordBasedMac: '1.2.840.113533.7.66.13',
  sha1: '1.3.14.3.2.26',
  sha256: '2.16.840.1.101.3.4.2.1',
  sha384: '2.16.840.1.101.3.4.2.2',
  sha512: '2.16.840.1.101.3.4.2.3',
  /** hmac-sha1 (RFC 3370 / IANA), OpenSSL's default PBM MAC. */
  hmacSha1: '1.3.6.1.5.5.8.1.2',
  hmacWithSha1: '1.2.840.113549.2.7',
  hmacWithSha256: '1.2.840.113549.2.9',
  hmacWithSha384: '1.2.840.113549.2.10',
  hmacWithSha512: '1.2.840.113549.2.11',
  /** id-regCtrl-oldCertID (RFC 4211 §6.5). */
  regCtrlOldCertId: '1.3.6.1.5.5.7.5.1.5',
} as const;
