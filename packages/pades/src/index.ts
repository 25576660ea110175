export {
  prepare,
  prepareBatch,
  prepareIncrement,
  signatureDigestTail,
  withDocumentDigest,
} from './prepare';
export { TRAIL_PAGE_KEY, markTrailPages } from './append-pages';
export type { PrepareOptions, PreparedSignature, PreparedState } from './prepare';
export { embed } from './embed';
export type { EmbedOptions } from './embed';
export { sign, signIncrement } from './sign';
export type { SignOptions } from './sign';
export type { Signer, SignatureAlgorithm, FetchTimestamp } from './signer';
export type { AppearanceOptions, SignatureFieldParameters } from './appearance';
export { PdfError, isPdfError } from './errors';
export type { PdfErrorCode } from './errors';
export { buildTimestampRequest, verifyTimestampToken } from './timestamp';
export type { TimestampCheck } from './timestamp';
// What a time-stamping authority builds its tokens with (apps/server rssp/tsa-token.ts).
export { buildSignedAttributes, buildSignedData } from './cms-signed-data';
export { OID as CMS_OID } from './oids';
export { revocationPaths, validate, validateOnline } from './validate';
export {
  addValidationData,
  validationDataIncrement,
  readDocumentSecurityStore,
  signatureTimestampChain,
} from './dss';
export type { ValidationData, ValidationDataOptions, DssContents } from './dss';
export {
  addDocumentTimestamp,
  documentTimestampIncrement,
  documentTimestampTail,
  prepareDocumentTimestamp,
  embedDocumentTimestamp,
} from './document-timestamp';
export type { DocumentTimestampOptions, PreparedDocumentTimestamp } from './document-timestamp';
export { requestTimestampTokenForDigest } from './timestamp';
export { inspectPdf } from './inspect';
export type { PdfInspection, PdfSecurity } from './inspect';
export type {
  ValidateOptions,
  ValidationReport,
  SignatureReport,
  OnlineRevocation,
  OnlineValidateOptions,
  RevocationData,
  RevocationPath,
  RevocationReport,
  UpdateReport,
  CertificateSummary,
} from './validate';
export {
  inflateBudgetFor,
  defaultInflateFactor,
  defaultInflateAllowanceBytes,
} from './stream-filters';
export type { PdfLimits } from './pdf-file';
export {
  ASIC_E_MIMETYPE,
  asicManifestName,
  asicSignatureName,
  buildAsicManifest,
  checkEntryName,
  parseAsicManifest,
} from './asic-manifest';
export type { ManifestReference, ParsedManifest } from './asic-manifest';
export { embedAsicSignature, prepareAsicSignature } from './asic-signature';
export type { AsicSignatureState, PreparedAsicSignature } from './asic-signature';
export { asicLayout, buildAsic, readAsic } from './asic-zip';
export type { AsicEntries, AsicLimits, AsicSignaturePart } from './asic-zip';
export { validateAsic } from './asic-validate';
export type {
  AsicReferenceReport,
  AsicSignatureReport,
  AsicValidateOptions,
  AsicValidationReport,
} from './asic-validate';
