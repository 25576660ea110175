// keys/: The key-encryption key, key wrapping and link tokens. Its public face: what the rest of
// the service may use of it.
export { loadKeyRing, type KeyRing } from './kek';
export {
  unwrapWithKek,
  unwrapWithSecret,
  wrapWithKek,
  wrapWithSecret,
  wrappedKekId,
} from './key-wrap';
export { hashLinkToken, newLinkToken } from './link-token';
