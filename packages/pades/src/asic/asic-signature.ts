import { createHash } from 'node:crypto';
import { parseCertificate } from '@signet/der';
import { buildSignedAttributes, OID, type FetchTimestamp, type SignatureAlgorithm } from '../cms';
import { PdfError } from '../pdf';
import { buildCms, type PreparedState } from '../signing';

/** What the second phase of a container signature needs (JSON-safe, like `PreparedState`). */
export type AsicSignatureState = Pick<
  PreparedState,
  'algorithm' | 'signedAttributes' | 'certificateChain'
>;

export interface PreparedAsicSignature {
  /** What the key signs: SHA-256 of the signed attributes (SLH-DSA: the attributes themselves). */
  hash: Uint8Array;
  state: AsicSignatureState;
}

/**
 * First phase of a container signature: the CAdES signed attributes over one manifest
 * (content-type id-data, message-digest of the manifest, signing-certificate-v2, signing-time),
 * and what the key must sign. Nothing of the container changes: the manifest is new.
 */
export function prepareAsicSignature(
  manifest: Uint8Array,
  options: { certificateChain: Uint8Array[]; algorithm: SignatureAlgorithm; signingTime: Date },
): PreparedAsicSignature {
  const first = options.certificateChain[0];
  if (!first) throw new PdfError('INVALID_OPTIONS', 'the certificate chain is empty');
  const digest = createHash('sha256').update(manifest).digest();
  const signedAttributes = buildSignedAttributes(
    digest,
    parseCertificate(first),
    OID.data,
    options.signingTime,
  );
  const hash =
    options.algorithm === 'SLH_DSA_SHA2_128F'
      ? signedAttributes
      : createHash('sha256').update(signedAttributes).digest();
  return {
    hash,
    state: {
      algorithm: options.algorithm,
      signedAttributes: Buffer.from(signedAttributes).toString('base64'),
      certificateChain: options.certificateChain.map((c) => Buffer.from(c).toString('base64')),
    },
  };
}

/**
 * Second phase: the detached CMS SignedData (the `.p7s`) around the signature value, checked
 * against the signer's certificate; with `fetchTimestamp` a signature time-stamp token (B-T).
 */
export function embedAsicSignature(
  prepared: PreparedAsicSignature,
  signatureValue: Uint8Array,
  options: { fetchTimestamp?: FetchTimestamp | undefined } = {},
): Promise<Uint8Array> {
  return buildCms(
    prepared.state,
    signatureValue,
    options.fetchTimestamp ? { fetchTimestamp: options.fetchTimestamp } : {},
  );
}
