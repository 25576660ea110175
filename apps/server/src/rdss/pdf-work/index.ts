// pdf-work/: The PDF threads: the pool, the worker, revision buffers and the hashing thread. Its
// public face: what the rest of the service may use of it.
export { invalid, pdfFailure } from './pdf-failure';
export { createPdfPool, type PdfPool } from './pdf-pool';
export { createRevisionBuffers, type RevisionBuffers } from './revision-buffers';
export { createSharedSha256, type PrefixSha256, type SharedSha256 } from './shared-sha256';
