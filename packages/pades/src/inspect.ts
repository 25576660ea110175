import { isPdfError, PdfError } from './errors';
import { PdfFile } from './pdf-file';
import { PdfDict } from './pdf-objects';

/** Whether opening the document needs a password (spec documents §3 `security`). */
export type PdfSecurity = 'NONE' | 'ENCRYPTED_WITH_USER_PASSWORD' | 'ENCRYPTED_WITH_OWNER_PASSWORD';

export interface PdfInspection {
  security: PdfSecurity;
}

/**
 * Checks that bytes are a PDF the engine can open, as an upload must be, and says how it is
 * protected: an owner password only restricts (it opens with the empty user password), a user
 * password is needed to read it at all. Throws PdfError NOT_A_PDF, DAMAGED_PDF or
 * UNSUPPORTED_ENCRYPTION.
 */
export function inspectPdf(bytes: Uint8Array): PdfInspection {
  let file: PdfFile;
  try {
    file = new PdfFile(bytes);
  } catch (error) {
    if (isPdfError(error, 'WRONG_PASSWORD')) return { security: 'ENCRYPTED_WITH_USER_PASSWORD' };
    throw error;
  }
  const root = file.resolve(file.trailer.get('Root'));
  const pages = root instanceof PdfDict ? file.resolve(root.get('Pages')) : undefined;
  if (!(pages instanceof PdfDict))
    throw new PdfError('DAMAGED_PDF', 'the catalog has no page tree');
  return { security: file.security ? 'ENCRYPTED_WITH_OWNER_PASSWORD' : 'NONE' };
}
