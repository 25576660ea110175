import { integer, pgSchema, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const rssp = pgSchema('rssp');
const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** `rssp.signing_authorisations` (migrations/004-signing-authorisations.sql). */
export const signingAuthorisations = rssp.table('signing_authorisations', {
  id: uuid('id').primaryKey(),
  credentialId: uuid('credential_id').notNull(),
  userId: uuid('user_id').notNull(),
  /** How the authorisation was given: `keyPassword`, or what a later kind (device) names. */
  kind: text('kind').notNull(),
  /** Hex SHA-256 over the hash algorithm and every hash, in order (`hashesDigest`). */
  hashesDigest: text('hashes_digest').notNull(),
  numSignatures: integer('num_signatures').notNull(),
  /** The key sealed under the KEK and the SAD's secret; null when the KEK alone opens the key. */
  sealedKey: text('sealed_key'),
  expiresAt: at('expires_at').notNull(),
  usedAt: at('used_at'),
  createdAt: at('created_at').notNull().defaultNow(),
});

export type SigningAuthorisationRow = typeof signingAuthorisations.$inferSelect;
