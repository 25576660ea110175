import { z } from 'zod';
import { maxDownloadChains } from './limits';

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

/**
 * What a download gives (D§2 download-mode menu, D§7 download mode, D§9 names): ORIGINAL the PDF
 * as it stands (its chain's latest signed revision once anything is signed, else the upload;
 * named as uploaded plus `.pdf`), UPLOAD the PDF as it was uploaded, DETACHED the signing trail
 * (name plus `-signingtrail.pdf`), FULL a `.zip` of the PDF as it stands and its trail.
 */
export const documentFileModes = ['ORIGINAL', 'UPLOAD', 'DETACHED', 'FULL'] as const;
export const documentFileModeSchema = z.enum(documentFileModes);
export type DocumentFileMode = z.infer<typeof documentFileModeSchema>;

/**
 * `GET documents/{id}/file?mode=…&chainId=…`: `id` is a document (then `chainId` names the chain
 * whose revisions and trail count, by default the latest the caller may read over it) or a signed
 * revision (a chain's or an entry's `signedDocument`, which names its chain).
 */
export const documentFileQuerySchema = z
  .object({
    mode: documentFileModeSchema.default('ORIGINAL'),
    chainId: z.string().uuid().optional(),
  })
  .strict();
export type DocumentFileQuery = z.infer<typeof documentFileQuerySchema>;

/**
 * `POST documents/files`: one streamed `.zip` of the chosen chains' documents as they stand (a
 * bulk chain gives each of its documents), with FULL their signing trails beside them; refused
 * whole when any chain is not the caller's to read.
 */
export const documentFilesSchema = z
  .object({
    chainIds: z
      .array(z.string().uuid())
      .min(1, 'Choose at least one chain')
      .max(maxDownloadChains, `At most ${maxDownloadChains} chains in one download`)
      .refine((ids) => new Set(ids).size === ids.length, 'Each chain once'),
    mode: z.enum(['ORIGINAL', 'FULL']).default('ORIGINAL'),
  })
  .strict();
export type DocumentFiles = z.infer<typeof documentFilesSchema>;
export type DocumentFilesInput = z.input<typeof documentFilesSchema>;

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
