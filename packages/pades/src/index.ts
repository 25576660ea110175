// The package's only entry point: each room of src/ is reached through its index.

// Signing (two phases, or one call) and the pages carried along with a signature.
export {
  embed,
  prepare,
  prepareBatch,
  prepareIncrement,
  sign,
  signIncrement,
  signatureDigestTail,
  withDocumentDigest,
} from './signing';
export type {
  AppearanceOptions,
  EmbedOptions,
  PrepareOptions,
  PreparedSignature,
  PreparedState,
  SignOptions,
  SignatureFieldParameters,
} from './signing';
export { TRAIL_PAGE_KEY, markTrailPages } from './fields';

// The PDF format: errors and the limits a file is read within.
export {
  PdfError,
  isPdfError,
  inflateBudgetFor,
  defaultInflateFactor,
  defaultInflateAllowanceBytes,
} from './pdf';
export type { PdfErrorCode, PdfLimits } from './pdf';

// CMS: the signer's interface and RFC 3161 time-stamps.
export type { Signer, SignatureAlgorithm, FetchTimestamp, TimestampCheck } from './cms';
export { buildTimestampRequest, requestTimestampTokenForDigest, verifyTimestampToken } from './cms';
// What a time-stamping authority builds its tokens with (apps/server rssp/tsa-token.ts).
export { buildSignedAttributes, buildSignedData, OID as CMS_OID } from './cms';

// Validation and inspection.
export { inspectPdf, revocationPaths, validate, validateOnline } from './validation';
export type {
  PdfInspection,
  PdfSecurity,
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
} from './validation';

// Long-term validation data: the DSS and document time-stamps.
export {
  addValidationData,
  validationDataIncrement,
  readDocumentSecurityStore,
  signatureTimestampChain,
  addDocumentTimestamp,
  documentTimestampIncrement,
  documentTimestampTail,
  prepareDocumentTimestamp,
  embedDocumentTimestamp,
} from './long-term';
export type {
  ValidationData,
  ValidationDataOptions,
  DssContents,
  DocumentTimestampOptions,
  PreparedDocumentTimestamp,
} from './long-term';

// ASiC-E containers.
export {
  ASIC_E_MIMETYPE,
  asicManifestName,
  asicSignatureName,
  buildAsicManifest,
  checkEntryName,
  parseAsicManifest,
  embedAsicSignature,
  prepareAsicSignature,
  asicLayout,
  buildAsic,
  readAsic,
  validateAsic,
} from './asic';
export type {
  ManifestReference,
  ParsedManifest,
  AsicSignatureState,
  PreparedAsicSignature,
  AsicEntries,
  AsicLimits,
  AsicSignaturePart,
  AsicReferenceReport,
  AsicSignatureReport,
  AsicValidateOptions,
  AsicValidationReport,
} from './asic';
