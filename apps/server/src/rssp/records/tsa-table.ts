import { pgSchema, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const rssp = pgSchema('rssp');

/** `rssp.tsa_keys` (migrations/008-time-stamping.sql): the embedded TSA's keys, newest signs. */
export const tsaKeys = rssp.table('tsa_keys', {
  id: uuid('id').primaryKey(),
  certificatePem: text('certificate_pem').notNull(),
  wrappedKey: text('wrapped_key').notNull(),
  notAfter: timestamp('not_after', { withTimezone: true, mode: 'date' }).notNull(),
  useUntil: timestamp('use_until', { withTimezone: true, mode: 'date' }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

export type TsaKeyRow = typeof tsaKeys.$inferSelect;
