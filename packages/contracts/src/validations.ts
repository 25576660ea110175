import { z } from 'zod';

/**
 * The validation report (issue 27 §3, decision 039): `POST /rdss/v1/validations` (a file in) and
 * `GET /rdss/v1/signatureChains/{id}/validation` (a chain's document as it stands) answer it; the
 * web app's /validate page shows it and downloads it as JSON or as a PDF.
 *
 * The report is kind-aware: a PDF's signatures are PAdES (with the PDF-Insecurity attack checks);
 * an ASiC-E container's are CAdES over its manifests, which fill the same signature shape
 * (`coveredDocuments` names what each covers; the PDF-only parts stay false or empty).
 */

/** What was validated: a PDF, or an ASiC-E container (`PK`, a zip). */
export const validationKinds = ['PDF', 'ASIC_E'] as const;
export const validationKindSchema = z.enum(validationKinds);
export type ValidationKind = z.infer<typeof validationKindSchema>;

/** ETSI's three answers (EN 319 102-1): passed, failed, or not decidable with what was at hand. */
export const validationVerdicts = ['VALID', 'INVALID', 'INDETERMINATE'] as const;
export const validationVerdictSchema = z.enum(validationVerdicts);
export type ValidationVerdict = z.infer<typeof validationVerdictSchema>;

/**
 * Why a signature is not VALID. INVALID: DIGEST_MISMATCH (the signed bytes changed),
 * SIGNATURE_INVALID (the CMS signature does not verify), FORMAT_FAILURE (USF: no usable
 * /Contents, /ByteRange or signer), SIGNATURE_WRAPPED (SWA), MODIFIED_AFTER_SIGNING (ISA: a later
 * update changed more than signatures), SHADOW_ATTACK (that change redefines what the pages show),
 * CERTIFICATE_REVOKED (revoked before the time-stamped signing time). INDETERMINATE:
 * CHAIN_NOT_TRUSTED, CERTIFICATE_NOT_VALID_AT_SIGNING_TIME, CERTIFICATE_REVOKED_NO_POE (revoked,
 * and no time-stamp proves the signature came before), REVOCATION_UNKNOWN, TIMESTAMP_INVALID,
 * TIMESTAMP_NOT_TRUSTED, TRAIL_PAGES_CHANGED (a later update added or replaced the signing
 * trail's pages, decision 027's placement: the pages shown are not all the pages signed,
 * decision 056).
 */
export const validationReasons = [
  'DIGEST_MISMATCH',
  'SIGNATURE_INVALID',
  'FORMAT_FAILURE',
  'SIGNATURE_WRAPPED',
  'MODIFIED_AFTER_SIGNING',
  'SHADOW_ATTACK',
  'CERTIFICATE_REVOKED',
  'CHAIN_NOT_TRUSTED',
  'CERTIFICATE_NOT_VALID_AT_SIGNING_TIME',
  'CERTIFICATE_REVOKED_NO_POE',
  'REVOCATION_UNKNOWN',
  'TIMESTAMP_INVALID',
  'TIMESTAMP_NOT_TRUSTED',
  'TRAIL_PAGES_CHANGED',
] as const;
export const validationReasonSchema = z.enum(validationReasons);
export type ValidationReason = z.infer<typeof validationReasonSchema>;

/** The reasons that make a signature INVALID; the others leave it INDETERMINATE. */
export const invalidatingReasons: readonly ValidationReason[] = [
  'DIGEST_MISMATCH',
  'SIGNATURE_INVALID',
  'FORMAT_FAILURE',
  'SIGNATURE_WRAPPED',
  'MODIFIED_AFTER_SIGNING',
  'SHADOW_ATTACK',
  'CERTIFICATE_REVOKED',
];

/** The verdict that `reasons` give: none VALID, an invalidating one INVALID, else INDETERMINATE. */
export function verdictOf(reasons: readonly ValidationReason[]): ValidationVerdict {
  if (reasons.length === 0) return 'VALID';
  return reasons.some((r) => invalidatingReasons.includes(r)) ? 'INVALID' : 'INDETERMINATE';
}

export const signatureLevels = ['B-B', 'B-T', 'B-LT', 'B-LTA'] as const;
export const signatureLevelSchema = z.enum(signatureLevels);
export type SignatureLevel = z.infer<typeof signatureLevelSchema>;

const isoTime = z.string();

export const certificateSummarySchema = z.object({
  subject: z.string(),
  issuer: z.string(),
  /** Hexadecimal. */
  serialNumber: z.string(),
  notBefore: isoTime,
  notAfter: isoTime,
});
export type CertificateSummary = z.infer<typeof certificateSummarySchema>;

export const timestampSummarySchema = z.object({
  /** The time the TSA vouches for (ISO 8601); null when the token does not say. */
  time: isoTime.nullable(),
  /** The TSA certificate's subject. */
  tsa: z.string().nullable(),
  /** The token verifies and its imprint matches what it stamps. */
  valid: z.boolean(),
  /** The TSA's certificate chains to a trust anchor. */
  trusted: z.boolean(),
});

/**
 * Revocation of the signer's certificate: GOOD, REVOKED (since `revokedAt`), UNKNOWN (nothing to
 * decide by), or NOT_CHECKED (the validator did not look); `source` is where the answer came from:
 * the document's DSS, an online OCSP/CRL request, or nowhere.
 */
export const revocationSummarySchema = z.object({
  status: z.enum(['GOOD', 'REVOKED', 'UNKNOWN', 'NOT_CHECKED']),
  source: z.enum(['DSS', 'ONLINE', 'NONE']),
  revokedAt: isoTime.nullable(),
  /** When the OCSP response was produced or the CRL issued. */
  producedAt: isoTime.nullable(),
  /**
   * Not revoked at the signing time (the signature time-stamp's): a revocation after it leaves
   * the signature valid at its time; null when nothing is known (decision 038).
   */
  validAtSigningTime: z.boolean().nullable().optional(),
  /** Certificates of the signer's path that no validation data speaks about. */
  missing: z.array(z.string()).optional(),
});

/** The PDF-Insecurity attack classes (pdf-insecurity.org), each flagged by name. */
export const attackFlagsSchema = z.object({
  /** Universal Signature Forgery: a signature without usable /Contents, /ByteRange or signer. */
  USF: z.boolean(),
  /** Incremental Saving Attack: later updates change more than signatures, or bytes were appended. */
  ISA: z.boolean(),
  /** Signature Wrapping Attack: the byte ranges were moved or do not exclude exactly /Contents. */
  SWA: z.boolean(),
  /** Shadow attack: the signed bytes are intact, yet a later update redefines what pages show. */
  SHADOW: z.boolean(),
});
export type AttackFlags = z.infer<typeof attackFlagsSchema>;

/**
 * What a later update did to Signet's signing trail (decision 056), said apart from the
 * modifications: FILE_ATTACHED or FILE_REPLACED, the trail attached to the document as a file
 * (by the signature it records); PAGES_ADDED or PAGES_REPLACED, its pages at the end of the
 * document (decision 027's placement, and a DETACHED trail's own document).
 */
export const trailUpdates = [
  'FILE_ATTACHED',
  'FILE_REPLACED',
  'PAGES_ADDED',
  'PAGES_REPLACED',
] as const;
export const trailUpdateSchema = z.enum(trailUpdates);
export type TrailUpdate = z.infer<typeof trailUpdateSchema>;

/** One later incremental update as seen from a signature. */
export const laterUpdateSchema = z.object({
  /** Offset of the update's cross-reference section. */
  offset: z.number().int(),
  /** Only signatures, their fields, widgets and appearances, DSS or a time-stamp: allowed. */
  allowed: z.boolean(),
  /** It redefines what a page shows. */
  changesContent: z.boolean(),
  /** Changes beyond signatures and the signing trail (each an ISA). */
  modifications: z.array(z.string()),
  /** What it did to the signing trail; null when nothing. */
  trail: trailUpdateSchema.nullable(),
});

export const signatureValidationSchema = z.object({
  /** The signature field (PDF) or the signature file (ASiC-E). */
  name: z.string(),
  verdict: validationVerdictSchema,
  reasons: z.array(validationReasonSchema),
  /** The validator's own words for each problem it found (English). */
  problems: z.array(z.string()),
  signer: certificateSummarySchema.nullable(),
  /** The time the signer claims (/M or the signing-time attribute), ISO 8601. */
  claimedSigningTime: isoTime.nullable(),
  /** The signature time-stamp (B-T), null when there is none. */
  timestamp: timestampSummarySchema.nullable(),
  /** The best proven signing time: the valid time-stamp's, else the claimed one. */
  signingTime: isoTime.nullable(),
  isTimestamped: z.boolean(),
  /** RSA_PKCS1, RSA_PSS, ECDSA, SLH_DSA_… (an OID when unknown). */
  algorithm: z.string().nullable(),
  subFilter: z.string().nullable(),
  integrity: z.object({
    /** The digest of the signed bytes equals the signed message digest. */
    digestMatches: z.boolean(),
    /** The CMS signature verifies with the signer's certificate. */
    signatureValid: z.boolean(),
  }),
  trust: z.object({
    /** Subjects from the signer towards the anchor. */
    chain: z.array(z.string()),
    trusted: z.boolean(),
    /** The certificate was within its validity at the signing time; null with no time to judge. */
    certificateValidAtSigningTime: z.boolean().nullable(),
  }),
  revocation: revocationSummarySchema,
  /** The PAdES/CAdES baseline level reached; null when the signature cannot be read. */
  level: signatureLevelSchema.nullable(),
  /** The signature covers the whole file (nothing follows its revision). */
  coversWholeDocument: z.boolean(),
  /** The page (from 1) of a visible signature. */
  page: z.number().int().positive().nullable(),
  laterUpdates: z.array(laterUpdateSchema),
  attacks: attackFlagsSchema,
  /** ASiC-E: the documents the signature's manifest covers. */
  coveredDocuments: z.array(z.string()).optional(),
});
export type SignatureValidation = z.infer<typeof signatureValidationSchema>;

export const documentTimestampValidationSchema = timestampSummarySchema.extend({
  name: z.string(),
  coversWholeDocument: z.boolean(),
});
export type DocumentTimestampValidation = z.infer<typeof documentTimestampValidationSchema>;

export const validationReportSchema = z.object({
  kind: validationKindSchema,
  fileName: z.string(),
  fileSize: z.number().int().nonnegative(),
  /** Hex SHA-256 of the file validated. */
  sha256: z.string(),
  validatedAt: isoTime,
  /** The validated file's revisions (PDF) and pages (PDF; 0 for a container). */
  revisions: z.number().int().nonnegative(),
  pages: z.number().int().nonnegative(),
  /** Every signature VALID (and at least one): VALID; any INVALID: INVALID; else INDETERMINATE. */
  verdict: validationVerdictSchema,
  signatures: z.array(signatureValidationSchema),
  documentTimestamps: z.array(documentTimestampValidationSchema),
  /** Subjects of the certificates trusted as roots for this report. */
  trustAnchors: z.array(z.string()),
  /** The chain whose document this is, for `signatureChains/{id}/validation`. */
  chainId: z.string().uuid().nullable(),
  /**
   * What the online revocation check could not obtain (an unreachable OCSP responder or CRL, a
   * spent request budget); the validation goes on with what the document holds. Absent when
   * nothing was missing.
   */
  missingRevocationData: z.array(z.string()).optional(),
});
export type ValidationReport = z.infer<typeof validationReportSchema>;

/** `?format=pdf` gives the report as a readable PDF instead of JSON (as `Accept: application/pdf`). */
export const validationQuerySchema = z
  .object({
    fileName: z.string().min(1).max(255).optional(),
    format: z.enum(['json', 'pdf']).optional(),
  })
  .strict();
export type ValidationQuery = z.infer<typeof validationQuerySchema>;

export const chainValidationQuerySchema = z
  .object({
    format: z.enum(['json', 'pdf']).optional(),
    /** For a batch chain: which of its documents (by default its first). */
    documentId: z.string().uuid().optional(),
  })
  .strict();
export type ChainValidationQuery = z.infer<typeof chainValidationQuerySchema>;

/** The whole report's verdict from its signatures' (none: INDETERMINATE, nothing to vouch for). */
export function overallVerdict(signatures: readonly { verdict: ValidationVerdict }[]) {
  if (signatures.length === 0) return 'INDETERMINATE' as const;
  if (signatures.some((s) => s.verdict === 'INVALID')) return 'INVALID' as const;
  return signatures.every((s) => s.verdict === 'VALID') ? 'VALID' : ('INDETERMINATE' as const);
}
