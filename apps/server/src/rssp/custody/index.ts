// custody/: Key custody: key passwords and PUKs, attempts, signing authorisations, signing hashes,
// KEK rotation. Its public face: what the rest of the service may use of it.
export { rewrapKekBlobs } from './kek-rotation';
export {
  blockedForGood,
  commitOpened,
  isBlockedForGood,
  openWithSecret,
  wrapUnderSecret,
  type KeyContext,
} from './key-secrets';
export { releaseAttempt, settleAbandonedAttempts } from './secret-attempts';
export { authorizeCredential, hashesDigest, signHashes } from './sign-hashes';
export {
  createSigningClient,
  type KeySession,
  type SignHashesResult,
  type SigningAuthorisation,
  type SigningClient,
  type SigningCredential,
} from './signing-client';
