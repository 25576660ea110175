import { z } from 'zod';

/**
 * The error catalogue (spec platform §8, documents §8). Every error the services answer carries
 * one of these codes; the web app maps them to messages with the same module.
 */
export const errorCodes = [
  /** Anything unexpected; internals are never sent. */
  'SERVER_ERROR',
  /** Generic client error with a message. */
  'CLIENT_ERROR',
  'GENERAL',
  /** The request is malformed in a way no field message describes. */
  'BAD_REQUEST',
  'DEFAULT_INVALID_REQUEST',
  'INVALID_REQUEST',
  /** The body is not JSON. */
  'INVALID_JSON',
  /** A field failed validation; `fields` holds the messages. */
  'VALIDATION_FAILED',
  /** No bearer token, or one that does not verify. */
  'UNAUTHORIZED',
  /** The caller lacks the role for this call. */
  'FORBIDDEN',
  /** The id does not exist or does not belong to the caller. */
  'NOT_FOUND',
  /** A unique value (e-mail, name) is taken. */
  'ALREADY_EXISTS',
  /** The thing is still referenced from another. */
  'STILL_REFERENCED',
  /** The body or upload is over its size limit. */
  'PAYLOAD_TOO_LARGE',
  /** Too many requests in a window. */
  'TOO_MANY_REQUESTS',
  /** The caller's account is suspended. */
  'USER_SUSPENDED',
  /** An admin prepared a user for this address; the mailed link (or a confirmed address) takes it up. */
  'EMAIL_NOT_CONFIRMED',
  /** Wrong key password or PUK. */
  'INCORRECT_KEYPASSWORD_OR_PUK',
  /** Too many wrong key passwords in a row; unlock with the PUK. */
  'KEY_BLOCKED',
  /** The credential has no certificate chain. */
  'EMPTY_CERTIFICATE_CHAIN',
  /** The credential is not activated. */
  'CREDENTIAL_NOT_ACTIVATED',
  /** Activation needs an enabled device and the user has none. */
  'NO_ENABLED_DEVICES',
  /** The owner denied the request for approval on their device. */
  'AUTHORIZATION_DENIED',
  /** The request for approval expired (AUTHORIZATION_TIMEOUT_SECS) or was cancelled before a decision. */
  'AUTHORIZATION_EXPIRED',
  /** The approval does not verify: replayed, already decided or used, other hashes, wrong device. */
  'AUTHORIZATION_INVALID',
  /** Error while processing the PDF file. */
  'DOCUMENT_PARSING_ERROR',
  /** The PDF is certified or locked against changes: no further signature may be added. */
  'DOCUMENT_CANNOT_BE_MODIFIED',
  /** The signing certificate is expired, not yet valid, or lacks the signing key usages. */
  'SIGNING_CERTIFICATE_IS_NOT_APPROPRIATE',
  'EVRO_CERTIFICATE_NOT_FOUND',
  'EVRO_USER_NOT_FOUND',
  'EVRO_OCCASIONAL_INVALID_SIGNATURE',
  'SERVICE_UNAVAILABLE',
  /** The PDF is encrypted and the sign call did not give its password (documentsOptions). */
  'PDF_PASSWORD_REQUIRED',
  /** The password given for an encrypted PDF does not open it. */
  'INCORRECT_PDF_PASSWORD',
  /** Every place in the thumbnail queue is taken; try again after Retry-After (the web shows a placeholder). */
  'THUMBNAIL_QUEUE_FULL',
  /** The upload would take the user's stored documents past STORAGE_BYTES_PER_USER. */
  'STORAGE_QUOTA_EXCEEDED',
  /** The caller's own address is not confirmed yet, and the call would mail other people (§1). */
  'ADDRESS_NOT_CONFIRMED',
  /** A chain invitation was opened by an account whose confirmed address is not the invited one; `fields.email` names it. */
  'INVITATION_FOR_ANOTHER_ADDRESS',
  /** A participant is signing the chain right now: it cannot be withdrawn until that ends. */
  'SIGNING_IN_PROGRESS',
  /** The external CA refused or failed the enrollment (CMP); the message carries the CA's text. */
  'CA_ENROLLMENT_FAILED',
  /** The file is of a kind the call does not take (validation: not a PDF, or a container it cannot read yet). */
  'UNSUPPORTED_FILE_FORMAT',
] as const;

export const errorCodeSchema = z.enum(errorCodes);
export type ErrorCode = z.infer<typeof errorCodeSchema>;

/** HTTP status for each code. */
export const errorStatus: Record<ErrorCode, number> = {
  SERVER_ERROR: 500,
  CLIENT_ERROR: 400,
  GENERAL: 400,
  BAD_REQUEST: 400,
  DEFAULT_INVALID_REQUEST: 400,
  INVALID_REQUEST: 400,
  INVALID_JSON: 400,
  VALIDATION_FAILED: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  ALREADY_EXISTS: 409,
  STILL_REFERENCED: 409,
  PAYLOAD_TOO_LARGE: 413,
  TOO_MANY_REQUESTS: 429,
  USER_SUSPENDED: 403,
  EMAIL_NOT_CONFIRMED: 403,
  INCORRECT_KEYPASSWORD_OR_PUK: 400,
  KEY_BLOCKED: 423,
  EMPTY_CERTIFICATE_CHAIN: 400,
  CREDENTIAL_NOT_ACTIVATED: 409,
  NO_ENABLED_DEVICES: 409,
  AUTHORIZATION_DENIED: 403,
  AUTHORIZATION_EXPIRED: 409,
  AUTHORIZATION_INVALID: 403,
  DOCUMENT_PARSING_ERROR: 400,
  DOCUMENT_CANNOT_BE_MODIFIED: 409,
  SIGNING_CERTIFICATE_IS_NOT_APPROPRIATE: 400,
  EVRO_CERTIFICATE_NOT_FOUND: 404,
  EVRO_USER_NOT_FOUND: 404,
  EVRO_OCCASIONAL_INVALID_SIGNATURE: 502,
  SERVICE_UNAVAILABLE: 503,
  PDF_PASSWORD_REQUIRED: 400,
  INCORRECT_PDF_PASSWORD: 400,
  THUMBNAIL_QUEUE_FULL: 503,
  STORAGE_QUOTA_EXCEEDED: 413,
  ADDRESS_NOT_CONFIRMED: 403,
  INVITATION_FOR_ANOTHER_ADDRESS: 403,
  SIGNING_IN_PROGRESS: 409,
  CA_ENROLLMENT_FAILED: 502,
  UNSUPPORTED_FILE_FORMAT: 415,
};

/** The one JSON shape of every error response. */
export const errorResponseSchema = z.object({
  code: errorCodeSchema,
  message: z.string(),
  time: z.string(),
  /** Field path → message, for VALIDATION_FAILED. */
  fields: z.record(z.string(), z.string()).optional(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;
