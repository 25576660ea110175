// The public face of provider/: what the rest of the service may use of it.
export { embeddedKeySource } from './embedded-token-keys';
export {
  createIdpProvider,
  interactionPath,
  webClientOrigins,
  type MountedRequest,
} from './idp-provider';
