import type { PDFDocumentProxy } from 'pdfjs-dist';
import { useEffect, useState } from 'react';
import { isPdfPasswordError, loadPdfJs } from '../pdf/load-pdfjs';

export type PdfState =
  | { kind: 'loading' }
  | { kind: 'ready'; pdf: PDFDocumentProxy }
  | { kind: 'password'; incorrect: boolean }
  | { kind: 'invalid' };

const loading: PdfState = { kind: 'loading' };

/**
 * The PDF opened by pdf.js from its bytes, with the password of an encrypted one. A missing or
 * wrong password answers `password` (with `incorrect` for a wrong one) rather than failing.
 */
export function usePdfDocument(bytes: Uint8Array | undefined, password: string | undefined) {
  // The state of the bytes and password it was opened with; any other pair is still loading.
  const [opened, setState] = useState<{
    bytes: Uint8Array;
    password: string | undefined;
    state: PdfState;
  } | null>(null);

  useEffect(() => {
    if (!bytes) return;
    let cancelled = false;
    let proxy: PDFDocumentProxy | null = null;
    void (async () => {
      const pdfjs = await loadPdfJs();
      // pdf.js hands its buffer to the worker: give it a copy, the query keeps the original.
      const task = pdfjs.getDocument({ data: bytes.slice(), password, isEvalSupported: false });
      try {
        proxy = await task.promise;
        if (cancelled) void proxy.destroy();
        else setState({ bytes, password, state: { kind: 'ready', pdf: proxy } });
      } catch (error) {
        if (cancelled) return;
        if (isPdfPasswordError(error)) {
          const incorrect = error.code === pdfjs.PasswordResponses.INCORRECT_PASSWORD;
          setState({ bytes, password, state: { kind: 'password', incorrect } });
        } else setState({ bytes, password, state: { kind: 'invalid' } });
      }
    })();
    return () => {
      cancelled = true;
      void proxy?.destroy();
    };
  }, [bytes, password]);

  return opened && opened.bytes === bytes && opened.password === password ? opened.state : loading;
}
