// records/: The credential and certificate rows every room reads: credentials, issued and revoked
// certificates, TSA keys. Its public face: what the rest of the service may use of it.
export { keySpecOf, keySpecOfRow } from './credential-key-spec';
export { findCredentialOwnership, type CredentialOwnership } from './credential-owner';
export { revokeCredentialCertificates } from './credential-revocation';
export * as store from './credential-store';
export {
  countKeyUse,
  deleteCredentialsOfUser,
  findCertificateAuthority,
  findCredential,
  insertCertificateAuthority,
  listCertificateAuthorities,
  lockCredential,
  updateCredential,
} from './credential-store';
export {
  certificateAuthority,
  credentials,
  type CaId,
  type CredentialRow,
} from './credential-table';
export {
  findCrl,
  findIssued,
  findIssuedByHashes,
  listRevoked,
  lockCrl,
  recordIssued,
  storeCrl,
  type IssuedCertificateRow,
} from './revocation-store';
export { tsaKeys, type TsaKeyRow } from './tsa-table';
