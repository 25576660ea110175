import { z } from 'zod';

/**
 * The signatures a chain's document holds so far, as Signet's validator finds them
 * (`GET /rdss/v1/signatureChains/{id}/signatures`, issue 26 §5): the sign, clerk and approve
 * screens show them beside the document.
 */

/**
 * Why a signature is not valid, the first that holds: the bytes it signs were changed
 * (DIGEST_MISMATCH), its CMS signature does not verify (SIGNATURE_INVALID), it is malformed or
 * wrapped (MALFORMED), a later revision changed more than signatures (MODIFIED_AFTER), its
 * certificate was not valid at the signing time (CERTIFICATE_EXPIRED).
 */
export const signatureProblems = [
  'DIGEST_MISMATCH',
  'SIGNATURE_INVALID',
  'MALFORMED',
  'MODIFIED_AFTER',
  'CERTIFICATE_EXPIRED',
] as const;
export const signatureProblemSchema = z.enum(signatureProblems);
export type SignatureProblem = z.infer<typeof signatureProblemSchema>;

export const chainSignatureSchema = z.object({
  /** The signature field's name in the PDF. */
  fieldName: z.string(),
  /** The signer certificate's subject common name (its whole subject when it has none). */
  certificateName: z.string().nullable(),
  /** The chain entry whose signature it is: the person's name, or a clerk's client. */
  entryId: z.string().uuid().nullable(),
  entryName: z.string().nullable(),
  /** The timestamp's time when one verifies, else the time the signer claimed (ISO 8601). */
  signingTime: z.string().nullable(),
  /** The page (from 1) of the visible signature; null for an invisible one. */
  page: z.number().int().positive().nullable(),
  /**
   * Where its visible signature stands on that page, in points from the page's lower left corner
   * (as `signatureFieldParameters` place one), so a new signature is placed beside it, not over
   * it (issue 38 §2); null for an invisible one.
   */
  rect: z
    .object({ originX: z.number(), originY: z.number(), width: z.number(), height: z.number() })
    .nullable(),
  /** The signed bytes are unchanged, the signature verifies and nothing but signatures followed. */
  integrityValid: z.boolean(),
  /** The certificate chains to Signet's embedded CA. */
  chainTrusted: z.boolean(),
  /** Null when valid. */
  problem: signatureProblemSchema.nullable(),
});
export type ChainSignature = z.infer<typeof chainSignatureSchema>;

/**
 * CHECKED: `signatures` are every signature of the document as it stands; LOCKED: the PDF needs
 * its password to be read, so nothing was checked.
 */
export const chainSignaturesSchema = z.object({
  /** The document (as uploaded) whose current revision was checked. */
  documentId: z.string().uuid(),
  /** The signed revision checked; null: the upload itself (nothing signed in the chain yet). */
  revisionId: z.string().uuid().nullable(),
  state: z.enum(['CHECKED', 'LOCKED']),
  signatures: z.array(chainSignatureSchema),
  /** The pages of the document as it stands, an attached signing trail's included (0: LOCKED). */
  pageCount: z.number().int().nonnegative(),
  /**
   * Of those, the attached signing trail's pages at its end: a visible signature goes only on
   * the `pageCount - trailPageCount` pages before them (the engine refuses the trail's).
   */
  trailPageCount: z.number().int().nonnegative(),
});
export type ChainSignatures = z.infer<typeof chainSignaturesSchema>;

/** For a batch chain: which of its documents (by default its first). */
export const chainSignaturesQuerySchema = z
  .object({ documentId: z.string().uuid().optional() })
  .strict();
export type ChainSignaturesQuery = z.infer<typeof chainSignaturesQuerySchema>;
