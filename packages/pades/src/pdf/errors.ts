/** Every failure a caller of the engine can meet, as one code the services map to their messages. */
export type PdfErrorCode =
  /** The bytes are not a PDF (no `%PDF-` header). */
  | 'NOT_A_PDF'
  /** The file starts like a PDF but its structure cannot be read (truncated, broken cross-references). */
  | 'DAMAGED_PDF'
  /** The PDF is encrypted and the password given (or the empty password) does not open it. */
  | 'WRONG_PASSWORD'
  /** The encryption scheme is not the standard security handler or uses an unknown method. */
  | 'UNSUPPORTED_ENCRYPTION'
  /** The signature value does not verify with the end-entity certificate, or the key type differs. */
  | 'CERTIFICATE_MISMATCH'
  /** The CMS does not fit into the `/Contents` placeholder reserved by `prepare`. */
  | 'PLACEHOLDER_TOO_SMALL'
  /** The appearance image is neither a supported PNG nor a JPEG. */
  | 'INVALID_IMAGE'
  /** Options are inconsistent: page out of range, empty certificate chain, existing field name… */
  | 'INVALID_OPTIONS'
  /** The prepared state does not belong to the bytes, or the signature was already embedded. */
  | 'INVALID_PREPARED_STATE'
  /** The document is certified (DocMDP) with "no changes allowed": a new signature would break it. */
  | 'DOCUMENT_LOCKED'
  /** The timestamp authority answered with an error or with a token that does not match. */
  | 'TIMESTAMP_FAILED'
  /** The file's compressed streams together inflate past its budget (`PdfLimits`): a deflate bomb. */
  | 'TOO_COMPLEX'
  /** The bytes are not a readable ASiC-E container (zip, mimetype, manifests). */
  | 'NOT_A_CONTAINER';

export class PdfError extends Error {
  readonly code: PdfErrorCode;

  constructor(code: PdfErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PdfError';
    this.code = code;
  }
}

export function isPdfError(error: unknown, code?: PdfErrorCode): error is PdfError {
  return error instanceof PdfError && (code === undefined || error.code === code);
}
