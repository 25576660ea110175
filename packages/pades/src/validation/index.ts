/**
 * Validating PDFs: the report, signatures and their byte ranges, the changes of later updates,
 * the long-term level; and inspecting an upload.
 *
 * The room's public face: what other rooms of the package and src/index.ts use.
 */
export { inspectPdf } from './inspect';
export type { PdfInspection, PdfSecurity } from './inspect';
export { revocationPaths, validate, validateOnline } from './validate';
export { applyRevocation } from './long-term-validation';
export type { CertificatePath } from './long-term-validation';
export type {
  CertificateSummary,
  OnlineRevocation,
  OnlineValidateOptions,
  RevocationData,
  RevocationPath,
  RevocationReport,
  SignatureReport,
  UpdateReport,
  ValidateOptions,
  ValidationReport,
} from './validation-report';
