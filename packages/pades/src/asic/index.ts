/**
 * ASiC-E containers (ETSI EN 319 162-1): the manifest, the zip, CAdES signatures over the
 * manifest and their validation.
 *
 * The room's public face: what other rooms of the package and src/index.ts use.
 */
export {
  ASIC_E_MIMETYPE,
  asicManifestName,
  asicSignatureName,
  buildAsicManifest,
  checkEntryName,
  parseAsicManifest,
} from './asic-manifest';
export type { ManifestReference, ParsedManifest } from './asic-manifest';
export { embedAsicSignature, prepareAsicSignature } from './asic-signature';
export type { AsicSignatureState, PreparedAsicSignature } from './asic-signature';
export { validateAsic } from './asic-validate';
export type {
  AsicReferenceReport,
  AsicSignatureReport,
  AsicValidateOptions,
  AsicValidationReport,
} from './asic-validate';
export { asicLayout, buildAsic, readAsic } from './asic-zip';
export type { AsicEntries, AsicLimits, AsicSignaturePart } from './asic-zip';
