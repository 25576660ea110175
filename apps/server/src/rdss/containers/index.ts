// containers/: Batches as ASiC-E containers: their documents and stored container revisions. Its
// public face: what the rest of the service may use of it.
export { containerDocuments, containerFileName, documentDigest } from './container-documents';
export { commitContainerSignature, containerSignaturesOf } from './container-store';
