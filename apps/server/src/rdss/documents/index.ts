// documents/: Uploads and their bytes: the blob stores, revisions, quotas, leftover files, zips.
// Its public face: what the rest of the service may use of it.
export { documentRoutes } from './document-routes';
export { readable, readableRevision, type DocumentContext } from './document-service';
export {
  deleteDocument,
  deleteUnusedUpload,
  documentsOfBatch,
  documentsOfBatches,
  findBatch,
  findDocument,
  insertDocument,
  postgresBlobStore,
  takesPartInChain,
  type BlobStore,
} from './document-store';
export { fileBlobStore } from './file-blob-store';
export { startLeftoverSweeps } from './leftover-files';
export { readPdfBody } from './pdf-body';
export { reusedPieceStream } from './piece-buffers';
export * as revisions from './revision-store';
export {
  historyRows,
  isUniqueViolation,
  joinRevision,
  postgresIncrementStore,
  revisionPieces,
  revisionsOf,
  revisionsOfChains,
} from './revision-store';
export { uniqueNames, zipStream, type ZipEntry } from './zip-download';
