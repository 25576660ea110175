/**
 * Where a signature lives in a document: the signature fields that hold one, writing a field
 * with its placeholder, the page of a visible signature, and the trail pages carried along.
 *
 * The room's public face: what other rooms of the package and src/index.ts use.
 */
export {
  appendTrailPages,
  isTrailPage,
  markTrailPages,
  rootPageNode,
  TRAIL_PAGE_KEY,
} from './append-pages';
export {
  fillByteRange,
  writePlaceholderDictionary,
  writeSignatureField,
} from './signature-field-update';
export { collectSignatureFields } from './signature-fields';
export type { SignatureField } from './signature-fields';
export { visibleSignaturePlace } from './signature-page';
export type { SignaturePlace } from './signature-page';
