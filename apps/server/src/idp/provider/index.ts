// provider/: The oidc-provider instance and the keys the server verifies its tokens with. Its
// public face: what the rest of the service may use of it.
export { embeddedKeySource } from './embedded-token-keys';
export {
  createIdpProvider,
  interactionPath,
  webClientOrigins,
  type MountedRequest,
} from './idp-provider';
