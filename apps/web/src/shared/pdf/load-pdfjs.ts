/**
 * pdf.js, loaded when a PDF is first shown in the browser (it is large), with its worker: the
 * upload preview and the signing screens render pages with it.
 */
export async function loadPdfJs() {
  const [pdfjs, worker] = await Promise.all([
    import('pdfjs-dist'),
    import('pdfjs-dist/build/pdf.worker.min.mjs?url'),
  ]);
  pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
  return pdfjs;
}

/** pdf.js names its password error rather than exporting its class. */
export function isPdfPasswordError(error: unknown): error is Error & { code?: number } {
  return error instanceof Error && error.name === 'PasswordException';
}
