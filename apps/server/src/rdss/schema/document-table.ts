import {
  bigint,
  boolean,
  customType,
  integer,
  pgSchema,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { DocumentSecurity } from '@signet/contracts/documents';

const rdss = pgSchema('rdss');

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
});

/** `rdss.documents` (migrations/001-documents.sql). */
export const documents = rdss.table('documents', {
  id: uuid('id').primaryKey(),
  ownerId: uuid('owner_id').notNull(),
  fileName: text('file_name').notNull(),
  fileSize: bigint('file_size', { mode: 'number' }).notNull(),
  sha256: text('sha256').notNull(),
  security: text('security').notNull().$type<DocumentSecurity>(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  /** The batch it was uploaded in (migrations/005-batches.sql), if any. */
  batchId: uuid('batch_id'),
  /** It already holds digital signatures (migrations/011-signed-documents.sql); null: not known. */
  signed: boolean('signed'),
});

/** `rdss.batches`: documents uploaded together under one name. */
export const batches = rdss.table('batches', {
  id: uuid('id').primaryKey(),
  ownerId: uuid('owner_id').notNull(),
  name: text('name').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** `rdss.document_blob_chunks`: the bytes, in pieces in order (document-store.ts). */
export const documentBlobChunks = rdss.table('document_blob_chunks', {
  documentId: uuid('document_id').notNull(),
  seq: integer('seq').notNull(),
  bytes: bytea('bytes').notNull(),
});

/** `rdss.document_thumbnails`: page 1 as PNG, rendered once (thumbnail.ts). */
export const documentThumbnails = rdss.table('document_thumbnails', {
  documentId: uuid('document_id').primaryKey(),
  png: bytea('png').notNull(),
});

export type DocumentRow = typeof documents.$inferSelect;
export type BatchRow = typeof batches.$inferSelect;
