/**
 * The remote signing service's published interface: what the composition root and the other
 * services may use. Everything else in rssp/ is internal (the lint border rule enforces it).
 */
export { deleteCredentialsOfUser } from './credential-store';
export { deleteDevicesOfUser } from './device-store';
export { rsspPlugin } from './rssp-plugin';
export { cscPlugin } from './csc-plugin';
export { createSigningClient } from './signing-client';
export type {
  KeySession,
  SigningClient,
  SigningCredential,
  SignHashesResult,
  SigningAuthorisation,
} from './signing-client';
export { embeddedCaRoots } from './ca-roots';
export { createTimestampClient, type TimestampClient } from './tsa-client';
export { findCredentialOwnership, type CredentialOwnership } from './credential-owner';
export { createValidationDataSource } from './validation-data';
export { embeddedCaLocations } from './embedded-ca-key';
