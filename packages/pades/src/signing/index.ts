/**
 * Signing a PDF: prepare (field, appearance, image, placeholder, hash), embed the CMS, and sign in
 * one call.
 *
 * The room's public face: what other rooms of the package and src/index.ts use.
 */
export type { AppearanceOptions, SignatureFieldParameters } from './appearance';
export { buildCms, embed } from './embed';
export type { EmbedOptions } from './embed';
export {
  defaultFieldName,
  prepare,
  prepareBatch,
  prepareIncrement,
  signatureDigestTail,
  withDocumentDigest,
} from './prepare';
export type { PreparedSignature, PreparedState, PrepareOptions } from './prepare';
export { sign, signIncrement } from './sign';
export type { SignOptions } from './sign';
