/**
 * Long-term validation data (PAdES B-LT, B-LTA): the Document Security Store, document
 * time-stamps, and revocation answers (OCSP, CRL) matched to certificates.
 *
 * The room's public face: what other rooms of the package and src/index.ts use.
 */
export {
  addDocumentTimestamp,
  documentTimestampIncrement,
  documentTimestampTail,
  embedDocumentTimestamp,
  prepareDocumentTimestamp,
} from './document-timestamp';
export type { DocumentTimestampOptions, PreparedDocumentTimestamp } from './document-timestamp';
export {
  addValidationData,
  readDocumentSecurityStore,
  readDss,
  signatureTimestampChain,
  validationDataIncrement,
} from './dss';
export type { DssContents, ValidationData, ValidationDataOptions } from './dss';
export { mergePools, revocationOf, revocationPool } from './revocation-check';
export type { RevocationAnswer, RevocationPool } from './revocation-check';
