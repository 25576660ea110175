/**
 * The remote signing service's published interface: what the composition root and the other
 * services may use. Everything else in rssp/ is internal (the lint border rule enforces it).
 */
export { deleteCredentialsOfUser } from './records';
export { deleteDevicesOfUser } from './devices';
export { rsspPlugin } from './rssp-plugin';
export { cscPlugin, endCscGrantsOfUser } from './csc';
export { createSigningClient } from './custody';
export type {
  KeySession,
  SigningClient,
  SigningCredential,
  SignHashesResult,
  SigningAuthorisation,
} from './custody';
export { embeddedCaRoots } from './ca';
export { createTimestampClient, type TimestampClient } from './tsa';
export { findCredentialOwnership, type CredentialOwnership } from './records';
export { createValidationDataSource } from './validation-data';
