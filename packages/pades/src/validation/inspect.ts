import { collectSignatureFields } from '../fields';
import {
  isPdfError,
  PdfDict,
  PdfError,
  PdfFile,
  PdfRef,
  type PdfLimits,
  type PdfValue,
} from '../pdf';

/** Whether opening the document needs a password (spec documents §3 `security`). */
export type PdfSecurity = 'NONE' | 'ENCRYPTED_WITH_USER_PASSWORD' | 'ENCRYPTED_WITH_OWNER_PASSWORD';

export interface PdfInspection {
  security: PdfSecurity;
  /**
   * It already holds digital signatures (a signature field with a value); undefined when that
   * cannot be read without the user password.
   */
  signed?: boolean;
}

/**
 * Checks that bytes are a PDF the engine can open, as an upload must be, and says how it is
 * protected: an owner password only restricts (it opens with the empty user password), a user
 * password is needed to read it at all. Throws PdfError NOT_A_PDF, DAMAGED_PDF,
 * UNSUPPORTED_ENCRYPTION or TOO_COMPLEX (past `limits`).
 */
export function inspectPdf(bytes: Uint8Array, limits?: PdfLimits): PdfInspection {
  let file: PdfFile;
  try {
    file = new PdfFile(bytes, undefined, limits);
  } catch (error) {
    if (isPdfError(error, 'WRONG_PASSWORD')) return { security: 'ENCRYPTED_WITH_USER_PASSWORD' };
    throw error;
  }
  const root = file.resolve(file.trailer.get('Root'));
  const pages = root instanceof PdfDict ? root.get('Pages') : undefined;
  if (countPages(file, pages, new Set(), 0) === 0) {
    throw new PdfError('DAMAGED_PDF', 'the document has no pages');
  }
  return {
    security: file.security ? 'ENCRYPTED_WITH_OWNER_PASSWORD' : 'NONE',
    signed: collectSignatureFields(file).length > 0,
  };
}

/** Deeper page trees than this are not made by any writer; they are taken as damaged. */
const maxTreeDepth = 64;

/** Walks the page tree: a node met twice (a loop) or one that is not a dictionary is damage. */
function countPages(
  file: PdfFile,
  node: PdfValue | undefined,
  seen: Set<string>,
  depth: number,
): number {
  if (node instanceof PdfRef) {
    const key = `${node.num} ${node.gen}`;
    if (seen.has(key)) throw new PdfError('DAMAGED_PDF', 'the page tree loops');
    seen.add(key);
  }
  const dict = file.resolve(node);
  if (!(dict instanceof PdfDict) || depth > maxTreeDepth) {
    throw new PdfError('DAMAGED_PDF', 'the page tree is damaged');
  }
  if (dict.nameOf('Type') === 'Page') return 1;
  const kids = file.resolve(dict.get('Kids'));
  if (!Array.isArray(kids)) throw new PdfError('DAMAGED_PDF', 'a page tree node has no /Kids');
  let count = 0;
  for (const kid of kids) count += countPages(file, kid, seen, depth + 1);
  return count;
}
