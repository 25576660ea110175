import type { X509Signer } from '@signet/der';

/**
 * What a certificate is requested for: a new key (CMP `ir`, proof of possession by the key's
 * signature), a key with a PKCS#10 request Signet holds (`p10cr`), or a renewal of a key that
 * has a certificate (`kur`, signed by the key).
 */
export type EnrollmentRequest = { subject: Buffer; spki: Buffer; email: string | null } & (
  | { kind: 'new'; signer: X509Signer }
  | { kind: 'csr'; p10: Buffer }
  | { kind: 'renew'; signer: X509Signer; oldCertificate: Buffer }
);

/** Issues end-entity certificates for CMP enrollment. */
export interface CertificateAuthority {
  mode: 'embedded' | 'external';
  /** The CA certificate (PEM): the embedded root, or the external CA's once known. */
  rootPem: string | null;
  /**
   * The certificate chain for the request's key, end-entity first; its first certificate holds
   * `spki`, or it throws and nothing is issued to store. The embedded CA issues a signing
   * certificate (digitalSignature + nonRepudiation, non-critical extendedKeyUsage
   * id-kp-emailProtection, two years) naming `email`, the owner's confirmed account address, as
   * subjectAltName; none while it is unconfirmed. It names the CA's
   * OCSP responder, certificate and CRL, and is recorded as issued (rssp.issued_certificates)
   * before it is returned, so the responder knows it from then on (decision 037). An SLH-DSA key
   * is certified by the post-quantum CA instead, with SLH-DSA, naming its certificate and CRL
   * (decision 057).
   */
  enroll(request: EnrollmentRequest): Promise<Buffer[]>;
}
