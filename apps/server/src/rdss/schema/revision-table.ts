import {
  bigint,
  customType,
  integer,
  jsonb,
  pgSchema,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { SignResultItem } from '@signet/contracts/signatures';

const rdss = pgSchema('rdss');
const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
});

/** `rdss.document_revisions` (migrations/007-signed-revisions.sql). */
export const documentRevisions = rdss.table('document_revisions', {
  id: uuid('id').primaryKey(),
  chainId: uuid('chain_id').notNull(),
  documentId: uuid('document_id').notNull(),
  seq: integer('seq').notNull(),
  /** The entry whose signature made it. */
  entryId: uuid('entry_id').notNull(),
  /** Length of the revision before (where this increment starts). */
  baseSize: bigint('base_size', { mode: 'number' }).notNull(),
  fileSize: bigint('file_size', { mode: 'number' }).notNull(),
  /** Hex SHA-256 of this revision's increment (checked when revisions are joined). */
  sha256: text('sha256').notNull(),
  createdAt: at('created_at').notNull().defaultNow(),
});

export const revisionIncrements = rdss.table('revision_increments', {
  revisionId: uuid('revision_id').primaryKey(),
  bytes: bytea('bytes').notNull(),
});

/** The signing trail a signature of an ATTACHED chain attached (decision 056, migration 028). */
export const revisionTrails = rdss.table('revision_trails', {
  revisionId: uuid('revision_id').primaryKey(),
  bytes: bytea('bytes').notNull(),
});

export const signRequests = rdss.table(
  'sign_requests',
  {
    userId: uuid('user_id').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    chainId: uuid('chain_id').notNull(),
    result: jsonb('result').notNull().$type<SignResultItem>(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.idempotencyKey, t.chainId] })],
);

export type RevisionRow = typeof documentRevisions.$inferSelect;
