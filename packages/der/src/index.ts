export { DerError } from './der-error';
export * from './der-read';
export * from './der-write';
export { X509_OID } from './oids';
export { fromPem, toPem } from './pem';
export * from './x509-read';
export * from './x509-build';
