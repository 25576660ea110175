import { customType, integer, jsonb, pgSchema, timestamp, uuid } from 'drizzle-orm/pg-core';

const rdss = pgSchema('rdss');
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
});

/** A document inside a bulk chain's container, under its name there. */
export interface ContainerDocument {
  documentId: string;
  name: string;
}

/** `rdss.container_signatures` (migrations/025-container-signatures.sql). */
export const containerSignatures = rdss.table('container_signatures', {
  id: uuid('id').primaryKey(),
  chainId: uuid('chain_id').notNull(),
  seq: integer('seq').notNull(),
  entryId: uuid('entry_id').notNull(),
  documents: jsonb('documents').notNull().$type<ContainerDocument[]>(),
  manifest: bytea('manifest').notNull(),
  signature: bytea('signature').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

export type ContainerSignatureRow = typeof containerSignatures.$inferSelect;
