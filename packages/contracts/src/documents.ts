import { z } from 'zod';

/**
 * Documents of the document signing service (spec documents §3 Document, §7 documents calls,
 * under `/rdss/v1/`). Bytes travel as `application/pdf` bodies, never inside JSON.
 */

export const documentSecurities = [
  'NONE',
  'ENCRYPTED_WITH_USER_PASSWORD',
  'ENCRYPTED_WITH_OWNER_PASSWORD',
] as const;
export const documentSecuritySchema = z.enum(documentSecurities);
export type DocumentSecurity = z.infer<typeof documentSecuritySchema>;

export const documentSchema = z.object({
  id: z.string().uuid(),
  fileName: z.string(),
  fileSize: z.number().int(),
  /** Hex SHA-256 of the bytes as uploaded. */
  sha256: z.string(),
  /** ENCRYPTED_WITH_USER_PASSWORD needs a password to open; OWNER only restricts. */
  security: documentSecuritySchema,
  /**
   * It already holds digital signatures (then it cannot take an attached signing trail,
   * documents §5); null when that cannot be read without the user password.
   */
  signed: z.boolean().nullable(),
  createdAt: z.string(),
});
export type DocumentView = z.infer<typeof documentSchema>;

/** A file name as a person gave it: no path, no control characters. */
export const fileNameSchema = z
  .string()
  .trim()
  .min(1, 'Field is required')
  .max(255, 'Size must be between 1 and 255 characters')
  .refine(
    (name) => !/[/\\]/.test(name) && [...name].every((c) => c.charCodeAt(0) >= 0x20),
    'Not a file name',
  );

/** `POST documents?fileName=…` with the PDF as the body. */
export const uploadDocumentQuerySchema = z.object({ fileName: fileNameSchema }).strict();

/** `GET documents/{id}/file?mode=…`: the bytes as uploaded, or the latest signed revision. */
export const documentFileQuerySchema = z
  .object({ mode: z.enum(['ORIGINAL', 'FULL']).default('ORIGINAL') })
  .strict();

export const documentIdParamsSchema = z.object({ id: z.string().uuid() }).strict();

/** Files one batch upload takes (`POST documents/batch`). */
export const maxBatchFiles = 50;

export const batchNameSchema = fileNameSchema;

/** A document as a batch lists it. */
export const batchDocumentSchema = documentSchema.pick({
  id: true,
  fileName: true,
  fileSize: true,
  security: true,
  signed: true,
});
export type BatchDocument = z.infer<typeof batchDocumentSchema>;

/** `POST documents/batch` (multipart `batchName`, `files`) and `GET documents/batch/{id}`. */
export const batchSchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  documents: z.array(batchDocumentSchema),
  createdAt: z.string(),
});
export type BatchView = z.infer<typeof batchSchema>;
