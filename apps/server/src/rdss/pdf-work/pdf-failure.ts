import { isPdfError } from '@signet/pades';
import { AppError } from '#infra/app-error';

export const invalid = (fields: Record<string, string>) =>
  new AppError('VALIDATION_FAILED', 'Validation failed', fields);

/** What the engine's refusals mean to the signer (D§8). */
export function pdfFailure(error: unknown, job: { index: number; password?: string | undefined }) {
  if (!isPdfError(error)) return error;
  const cause = { cause: error };
  switch (error.code) {
    case 'WRONG_PASSWORD':
      return job.password === undefined
        ? new AppError('PDF_PASSWORD_REQUIRED', 'The PDF is password protected', undefined, cause)
        : new AppError('INCORRECT_PDF_PASSWORD', 'Incorrect PDF password', undefined, cause);
    case 'DOCUMENT_LOCKED':
      return new AppError(
        'DOCUMENT_CANNOT_BE_MODIFIED',
        'The document is certified or locked against changes',
        undefined,
        cause,
      );
    case 'INVALID_IMAGE':
      return invalid({ userImageDataUrl: 'Not a PNG or JPEG image' });
    case 'INVALID_OPTIONS':
      return invalid({
        [`signatures.${job.index}.signatureFieldParameters`]: 'Outside the document',
      });
    case 'CERTIFICATE_MISMATCH':
      return new AppError(
        'SIGNING_CERTIFICATE_IS_NOT_APPROPRIATE',
        'The signing certificate does not match the key',
        undefined,
        cause,
      );
    default:
      return new AppError(
        'DOCUMENT_PARSING_ERROR',
        'Error while processing the PDF file',
        undefined,
        cause,
      );
  }
}
