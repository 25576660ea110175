/**
 * CMS and the cryptography under it: OIDs, signature verification, certificate chains, CMS
 * SignedData (build, parse, check), the signer's interface and RFC 3161 time-stamp tokens.
 *
 * The room's public face: what other rooms of the package and src/index.ts use.
 */
export { signatureAlgorithmName } from './algorithm-names';
export { buildChain } from './certificate-chain';
export {
  algorithmIdentifierOf,
  buildSignedAttributes,
  buildSignedData,
  checkSignerInfo,
  digestName,
  findSignerCertificate,
  normalizeEcdsaSignature,
  parseSignedData,
} from './cms-signed-data';
export { OID } from './oids';
export type { FetchTimestamp, SignatureAlgorithm, Signer } from './signer';
export {
  buildTimestampRequest,
  requestTimestampToken,
  requestTimestampTokenForDigest,
  verifyTimestampImprint,
  verifyTimestampToken,
} from './timestamp';
export type { TimestampCheck } from './timestamp';
export { verifySignature } from './verify-signature';
