// The public face of containers/: what the rest of the service may use of it.
export { containerDocuments, containerFileName, documentDigest } from './container-documents';
export { commitContainerSignature, containerSignaturesOf } from './container-store';
