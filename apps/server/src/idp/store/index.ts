// The public face of store/: what the rest of the service may use of it.
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
