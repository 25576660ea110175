import type { PDFDocumentProxy } from 'pdfjs-dist';
import { useEffect, useState } from 'react';
import { isPdfPasswordError, loadPdfJs } from '../../shared/pdf/load-pdfjs';

export type PdfState =
  | { kind: 'loading' }
  | { kind: 'ready'; pdf: PDFDocumentProxy }
  | { kind: 'password'; incorrect: boolean }
  | { kind: 'invalid' };

/**
 * The PDF opened by pdf.js from its bytes, with the password of an encrypted one. A missing or
 * wrong password answers `password` (with `incorrect` for a wrong one) rather than failing.
 */
export function usePdfDocument(bytes: Uint8Array | undefined, password: string | undefined) {
  const [state, setState] = useState<PdfState>({ kind: 'loading' });

  useEffect(() => {
    if (!bytes) return;
    let cancelled = false;
    let opened: PDFDocumentProxy | null = null;
    setState({ kind: 'loading' });
    void (async () => {
      const pdfjs = await loadPdfJs();
      // pdf.js hands its buffer to the worker: give it a copy, the query keeps the original.
      const task = pdfjs.getDocument({ data: bytes.slice(), password, isEvalSupported: false });
      try {
        opened = await task.promise;
        if (cancelled) void opened.destroy();
        else setState({ kind: 'ready', pdf: opened });
      } catch (error) {
        if (cancelled) return;
        if (isPdfPasswordError(error)) {
          setState({
            kind: 'password',
            incorrect: error.code === pdfjs.PasswordResponses.INCORRECT_PASSWORD,
          });
        } else setState({ kind: 'invalid' });
      }
    })();
    return () => {
      cancelled = true;
      void opened?.destroy();
    };
  }, [bytes, password]);

  return state;
}
