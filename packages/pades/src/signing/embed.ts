import { parseCertificate } from '@signet/der';
import {
  algorithmIdentifierOf,
  buildSignedData,
  normalizeEcdsaSignature,
  requestTimestampToken,
  verifySignature,
  type FetchTimestamp,
} from '../cms';
import { PdfError } from '../pdf';
import type { PreparedState } from './prepare';

export interface EmbedOptions {
  /** When given, a signature timestamp (PAdES B-T) is requested over the signature value. */
  fetchTimestamp?: FetchTimestamp;
}

const fromBase64 = (text: string): Uint8Array => Buffer.from(text, 'base64');

/**
 * Builds the CMS SignedData (ETSI.CAdES.detached) for a signature value and checks that the value
 * verifies with the end-entity certificate over the signed attributes.
 */
export async function buildCms(
  state: Pick<PreparedState, 'algorithm' | 'signedAttributes' | 'certificateChain'>,
  signatureValue: Uint8Array,
  options: EmbedOptions = {},
): Promise<Uint8Array> {
  const certificates = state.certificateChain.map(fromBase64);
  const signerCertificate = parseCertificate(certificates[0] as Uint8Array);
  const signedAttributes = fromBase64(state.signedAttributes);
  const signature =
    state.algorithm === 'ECDSA' ? normalizeEcdsaSignature(signatureValue) : signatureValue;
  const valid = verifySignature({
    algorithm: algorithmIdentifierOf(state.algorithm),
    data: signedAttributes,
    signature,
    spki: signerCertificate.spki,
  });
  if (!valid) {
    throw new PdfError(
      'CERTIFICATE_MISMATCH',
      'the signature value does not verify with the signer certificate',
    );
  }
  const timestampToken = options.fetchTimestamp
    ? await requestTimestampToken(signature, options.fetchTimestamp)
    : undefined;
  return buildSignedData({
    certificates,
    signerCertificate,
    signedAttributes,
    algorithm: state.algorithm,
    signature,
    timestampToken,
  });
}

/**
 * Checks that `pdf` carries the untouched placeholder the state describes, and tells whether it is
 * the whole document or only the increment (returns where `pdf` starts in the document).
 */
export function checkPlaceholder(pdf: Uint8Array, state: PreparedState): number {
  const wellFormed =
    state?.version === 1 &&
    Array.isArray(state.byteRange) &&
    state.byteRange.length === 4 &&
    state.byteRange.every((n) => Number.isInteger(n) && n >= 0) &&
    Number.isInteger(state.placeholderSize) &&
    Number.isInteger(state.originalLength) &&
    typeof state.signedAttributes === 'string' &&
    Array.isArray(state.certificateChain) &&
    state.certificateChain.length > 0;
  if (!wellFormed) throw new PdfError('INVALID_PREPARED_STATE', 'the prepared state is malformed');
  const [, a, b, c] = state.byteRange;
  const total = b + c;
  const start =
    pdf.length === total
      ? 0
      : pdf.length === total - state.originalLength
        ? state.originalLength
        : -1;
  let ok =
    start >= 0 &&
    a === state.contentsOffset &&
    pdf[a - start] === 0x3c &&
    pdf[b - 1 - start] === 0x3e;
  for (let i = a + 1 - start; ok && i < b - 1 - start; i++) ok = pdf[i] === 0x30;
  if (!ok) {
    throw new PdfError(
      'INVALID_PREPARED_STATE',
      'the bytes do not hold the empty placeholder of this state',
    );
  }
  return start;
}

function assertFits(state: PreparedState, cms: Uint8Array): void {
  if (cms.length > state.placeholderSize) {
    throw new PdfError(
      'PLACEHOLDER_TOO_SMALL',
      `the signature needs ${cms.length} bytes but the placeholder holds ${state.placeholderSize}`,
    );
  }
}

/**
 * Writes the CMS as hex into the placeholder of `target` (which must be writable); `targetOffset`
 * is where `target` starts in the document (the original's length for an increment).
 */
export function writeCms(
  target: Uint8Array,
  state: PreparedState,
  cms: Uint8Array,
  targetOffset = 0,
): void {
  assertFits(state, cms);
  target.set(
    Buffer.from(Buffer.from(cms).toString('hex'), 'latin1'),
    state.contentsOffset + 1 - targetOffset,
  );
}

/**
 * Second phase: assembles the CMS around the signature value and returns the signed PDF (a copy
 * of the prepared bytes with /Contents filled in) — or the signed increment when `prepared.pdf`
 * came from `prepareIncrement`. Can run in another process than `prepare`.
 */
export async function embed(
  prepared: { pdf: Uint8Array; state: PreparedState },
  signatureValue: Uint8Array,
  options: EmbedOptions = {},
): Promise<Uint8Array> {
  const { pdf, state } = prepared;
  const start = checkPlaceholder(pdf, state);
  const cms = await buildCms(state, signatureValue, options);
  assertFits(state, cms);
  const out = Buffer.from(pdf);
  writeCms(out, state, cms, start);
  return out;
}
