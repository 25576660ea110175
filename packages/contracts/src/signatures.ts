import { z } from 'zod';
import { chainStatusSchema, entryStatusSchema } from './chain-rules';
import { signedDocumentSchema } from './chains';

/**
 * Signing a chain (spec documents §3 sign payload, §4 sign modes, §7 `POST signatures/sign` and
 * `signatures/visibleSignature/*`, under `/rdss/v1/`). One call signs one or several chains with
 * one credential and one authorisation.
 */

export const signMessages = {
  required: 'Field is required',
  commentSize: 'Size must be between 0 and 255 characters',
  passwordSize: 'Size must be between 1 and 255 characters',
  notAnImage: 'A PNG or JPEG image as a data URL',
  imageTooLarge: 'The image is too large',
  duplicateChain: 'Each chain may appear once',
  credentialRequired: 'Choose a credential or a signature profile',
  unknownDocument: 'This document is not in the chains signed',
} as const;
const m = signMessages;

/** Largest image a data URL may carry (D§9 image max 1048576 bytes). */
export const maxSignatureImageBytes = 1_048_576;
/** Chains one sign call may sign at once (batch signing). */
export const maxChainsPerSignCall = 50;
/** The default visible signature box in PDF points (D§9 default position: origin 0,0, page 1). */
export const defaultSignatureField = { page: 1, originX: 0, originY: 0, width: 150, height: 50 };

const maxDataUrlLength = Math.ceil((maxSignatureImageBytes * 4) / 3) + 32;

/** A PNG or JPEG image as `data:image/png;base64,…` (what the drawer and profiles produce). */
export const imageDataUrlSchema = z
  .string()
  .max(maxDataUrlLength, m.imageTooLarge)
  .regex(/^data:image\/(png|jpeg);base64,[A-Za-z0-9+/]+={0,2}$/, m.notAnImage);

/**
 * Where the visible signature goes, in PDF points from the page's lower left corner (the web
 * preview converts from its canvas); `page` counts from 1.
 */
export const signatureFieldParametersSchema = z
  .object({
    page: z.number().int().min(1).max(100_000),
    originX: z.number().min(0).max(14_400),
    originY: z.number().min(0).max(14_400),
    width: z.number().min(1).max(14_400),
    height: z.number().min(1).max(14_400),
  })
  .strict();
export type SignatureFieldParameters = z.infer<typeof signatureFieldParametersSchema>;

/** Which credential signs and how its use is authorised (D§3 credentialOptions). */
export const credentialOptionsSchema = z
  .object({
    /** An own credential of the rSSP. */
    credentialId: z.string().uuid().optional(),
    /** The key password of an EXPLICIT credential (checked, and counted, by the rSSP). */
    PIN: z.string().min(1, m.required).max(64).optional(),
    /** A request identifier for IMPLICIT (device) authorisation. */
    description: z.string().max(255).optional(),
    /** Imported (external CSC) credentials and electronic identities: a later issue. */
    credentialRefId: z.string().uuid().optional(),
    evroRefId: z.string().uuid().optional(),
    authentication: z.string().max(4096).optional(),
  })
  .strict();
export type CredentialOptions = z.infer<typeof credentialOptionsSchema>;

/** The password of an encrypted PDF (D§4 encrypted PDF). */
export const documentOptionsSchema = z
  .object({
    docId: z.string().uuid(),
    passwordProtection: z.string().min(1, m.passwordSize).max(255, m.passwordSize),
  })
  .strict();
export type DocumentOptions = z.infer<typeof documentOptionsSchema>;

/** One chain to sign: `signatureId` is the chain, `currentSignatureId` the signer's entry in it. */
export const signItemSchema = z
  .object({
    signatureId: z.string().uuid(),
    currentSignatureId: z.string().uuid(),
    comment: z.string().max(255, m.commentSize).optional(),
    /** Clerk mode: the walk-in client the clerk signs for. */
    subsignerName: z.string().trim().min(1, m.required).max(255).optional(),
    /** Absent: an invisible signature. */
    signatureFieldParameters: signatureFieldParametersSchema.optional(),
    /** The external-provider round trip (returnHashes, then sad): a later issue. */
    docHashes: z.array(z.string().max(512)).max(10).optional(),
  })
  .strict();
export type SignItem = z.infer<typeof signItemSchema>;

/** `POST signatures/sign` (D§3 sign payload). */
export const signRequestSchema = z
  .object({
    /** Sign with the organisation seal (central key): a later issue. */
    useSeal: z.boolean().default(false),
    credentialOptions: credentialOptionsSchema.default({}),
    documentsOptions: z.array(documentOptionsSchema).max(maxChainsPerSignCall).default([]),
    /** A signature profile: its image, text, credential and saved position. */
    signatureProfileId: z.string().uuid().optional(),
    /** A drawn signature image (the drawer, or the clerk's client). */
    userImageDataUrl: imageDataUrlSchema.optional(),
    signatures: z.array(signItemSchema).min(1, m.required).max(maxChainsPerSignCall),
    returnHashes: z.boolean().optional(),
    sad: z.string().max(4096).optional(),
    /**
     * The same key sent again (a retry after a lost answer) signs once and answers what the first
     * call answered. Scoped to the calling user.
     */
    idempotencyKey: z
      .string()
      .min(8)
      .max(128)
      .regex(/^[A-Za-z0-9._:-]+$/)
      .optional(),
  })
  .strict()
  .superRefine((v, ctx) => {
    const ids = v.signatures.map((s) => s.signatureId);
    if (new Set(ids).size !== ids.length) {
      ctx.addIssue({ code: 'custom', path: ['signatures'], message: m.duplicateChain });
    }
    const hasCredential =
      v.useSeal ||
      v.credentialOptions.credentialId !== undefined ||
      v.credentialOptions.credentialRefId !== undefined ||
      v.credentialOptions.evroRefId !== undefined ||
      v.signatureProfileId !== undefined;
    if (!hasCredential) {
      ctx.addIssue({
        code: 'custom',
        path: ['credentialOptions', 'credentialId'],
        message: m.credentialRequired,
      });
    }
  });
export type SignRequest = z.infer<typeof signRequestSchema>;
export type SignRequestInput = z.input<typeof signRequestSchema>;

/** What the sign call answers for each chain, in the order of the request's `signatures`. */
export const signResultItemSchema = z.object({
  signatureId: z.string().uuid(),
  currentSignatureId: z.string().uuid(),
  /** The signer's entry after signing (DONE). */
  status: entryStatusSchema,
  /** The chain after signing: CREATED while others still sign, DONE after the last. */
  chainStatus: chainStatusSchema,
  /** The new latest revision: `GET documents/{id}/file` answers its bytes. */
  signedDocument: signedDocumentSchema,
  signedAt: z.string(),
  /**
   * The PAdES baseline level the signature reached as made: B-T with its time-stamp, B-B when
   * the TSA failed and TSA_OPTIONAL let it sign without one. Absent on the returnHashes step.
   */
  level: z.enum(['B-B', 'B-T', 'B-LT', 'B-LTA']).optional(),
  /** Only on the returnHashes step of an external provider: the document's hash (base64). */
  docHash: z.string().optional(),
  /**
   * With `docHash`: every hash this signature needs, the document's and then, for a DETACHED
   * trail, the trail's (D§4 chunking); the provider authorises them all, and the second call
   * sends them back as the item's `docHashes`.
   */
  docHashes: z.array(z.string()).optional(),
});
export type SignResultItem = z.infer<typeof signResultItemSchema>;

export const signResultSchema = z.array(signResultItemSchema);
export type SignResult = z.infer<typeof signResultSchema>;

/** `POST signatures/visibleSignature/combineImage`: the clerk's drawn image with the client's name. */
export const combineImageSchema = z
  .object({
    userImageDataUrl: imageDataUrlSchema,
    subsignerName: z.string().trim().min(1, m.required).max(255),
  })
  .strict();
export type CombineImage = z.infer<typeof combineImageSchema>;

/** An image answer of the visibleSignature calls. */
export const imageDataUrlResponseSchema = z.object({ imageDataUrl: imageDataUrlSchema });
export type ImageDataUrlResponse = z.infer<typeof imageDataUrlResponseSchema>;

/**
 * Error codes the sign call answers (D§8), each with its status in `errors.ts`:
 * INCORRECT_KEYPASSWORD_OR_PUK (400, counts toward KEY_BLOCKED), KEY_BLOCKED (423),
 * CREDENTIAL_NOT_ACTIVATED (409), EMPTY_CERTIFICATE_CHAIN (400),
 * SIGNING_CERTIFICATE_IS_NOT_APPROPRIATE (400: expired, not yet valid, or without the
 * digitalSignature/nonRepudiation key usage), DOCUMENT_PARSING_ERROR (400),
 * DOCUMENT_CANNOT_BE_MODIFIED (409: certified or locked PDF), PDF_PASSWORD_REQUIRED (400: an
 * encrypted PDF without its password in documentsOptions), INCORRECT_PDF_PASSWORD (400),
 * FORBIDDEN (403: the caller may not sign this chain now), NOT_FOUND (404).
 */
export const signErrorCodes = [
  'INCORRECT_KEYPASSWORD_OR_PUK',
  'KEY_BLOCKED',
  'CREDENTIAL_NOT_ACTIVATED',
  'EMPTY_CERTIFICATE_CHAIN',
  'SIGNING_CERTIFICATE_IS_NOT_APPROPRIATE',
  'DOCUMENT_PARSING_ERROR',
  'DOCUMENT_CANNOT_BE_MODIFIED',
  'PDF_PASSWORD_REQUIRED',
  'INCORRECT_PDF_PASSWORD',
  'FORBIDDEN',
  'NOT_FOUND',
] as const;
