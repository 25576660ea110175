/** Signature algorithms the engine assembles into CMS. All use SHA-256 as the digest. */
export type SignatureAlgorithm = 'RSA_PKCS1' | 'RSA_PSS' | 'ECDSA' | 'SLH_DSA_SHA2_128F';

/**
 * A key holder. `signHash` receives what the key must sign:
 * - RSA_PKCS1, RSA_PSS, ECDSA: the SHA-256 digest (32 bytes) of the DER of the CMS signed
 *   attributes; the signer applies PKCS#1 v1.5 (DigestInfo), PSS (MGF1-SHA-256, salt 32) or ECDSA
 *   to that digest (CSC `signHash`). ECDSA may answer in DER or as raw r‖s.
 * - SLH_DSA_SHA2_128F: the DER of the signed attributes itself, because RFC 9814 §4 uses SLH-DSA
 *   in pure mode over the signed attributes (no pre-hash, empty context).
 */
export interface Signer {
  /** DER certificates, end-entity first. */
  certificateChain: Uint8Array[];
  algorithm: SignatureAlgorithm;
  signHash(hash: Uint8Array): Promise<Uint8Array>;
}

/** Requests an RFC 3161 timestamp: DER TimeStampReq in, DER TimeStampResp out. */
export type FetchTimestamp = (request: Uint8Array) => Promise<Uint8Array>;
