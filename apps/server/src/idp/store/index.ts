// store/: The embedded provider's tables, its oidc-provider storage adapter and its signing keys.
// Its public face: what the rest of the service may use of it.
export { apiResource, ensureIdpSecrets, loadIdpPublicJwks, type IdpSecrets } from './idp-keys';
export {
  accounts,
  emailConfirmations,
  oidcPayloads,
  passwordAttempts,
  passwordResets,
  pendingRegistrations,
  resetSignIns,
} from './idp-schema';
export { createOidcAdapter, deleteExpiredOidcPayloads } from './oidc-adapter';
