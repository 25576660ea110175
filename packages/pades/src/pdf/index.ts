/**
 * The PDF file format: objects and their syntax, the parser, cross-reference sections and
 * streams, stream filters within an inflate budget, the standard security handler, the document
 * structure (catalog, pages, form field names) and incremental updates. Below every other room.
 *
 * The room's public face: what other rooms of the package and src/index.ts use.
 */
export { isPdfError, PdfError } from './errors';
export type { PdfErrorCode } from './errors';
export { IncrementalUpdate } from './incremental-update';
export { PdfFile } from './pdf-file';
export type { PdfLimits } from './pdf-file';
export {
  parsePdfDate,
  pdfDate,
  PdfDict,
  PdfName,
  PdfRef,
  PdfStream,
  PdfString,
  pdfTextString,
  serialize,
  serializeName,
} from './pdf-objects';
export type { PdfValue } from './pdf-objects';
export { PdfParser } from './pdf-parser';
export {
  certificationPermission,
  collectFieldNames,
  findPage,
  getCatalog,
  inheritedAttribute,
  pageCount,
  qualifiedFieldName,
} from './pdf-structure';
export {
  defaultInflateAllowanceBytes,
  defaultInflateFactor,
  inflate,
  inflateBudgetFor,
  unpredict,
} from './stream-filters';
