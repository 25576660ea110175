/**
 * The platform service's published interface: what the composition root and the other services
 * may use. Everything else in platform/ is internal (the lint border rule enforces it).
 */
export { bootstrapPlatform } from './bootstrap';
export { platformPlugin } from './platform-plugin';
export { providerProxyRoutes } from './provider-proxy-routes';
export { createUserDirectory } from './user-directory';
export { createIdentityLogout } from './user-logout';
export {
  createCredentialRefService,
  ownsCredentialRef,
  type CredentialRefService,
} from './credential-refs';
