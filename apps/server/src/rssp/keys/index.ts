// keys/: Key generation and signing by algorithm, wrapping AADs and distinguished names. Its public
// face: what the rest of the service may use of it.
export { encodeDistinguishedName } from './distinguished-name';
export type { HashName } from './hash-name';
export {
  createSigner,
  generateKey,
  spkiAlgorithm,
  supportedAlgorithms,
  supportedEcCurves,
  verifySignature,
  type KeySpec,
} from './key-algorithms';
export { caAad, tsaAad, wrapAad, type SecretKind } from './wrap-aad';
