/**
 * Where a signature lives in a document: the signature fields that hold one, writing a field
 * with its placeholder, the page of a visible signature, and the signing trail carried along (the
 * attached file, or the pages of decision 027).
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
export { attachTrailFile, isTrailFile, nameTreeEntries, TRAIL_FILE_KEY } from './attached-trail';
export type { NameTreeEntry, TrailFile } from './attached-trail';
export {
  fillByteRange,
  writePlaceholderDictionary,
  writeSignatureField,
} from './signature-field-update';
export { collectSignatureFields } from './signature-fields';
export type { SignatureField } from './signature-fields';
export { visibleSignaturePlace } from './signature-page';
export type { SignaturePlace } from './signature-page';
