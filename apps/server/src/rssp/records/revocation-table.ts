import {
  bigint,
  boolean,
  customType,
  pgSchema,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

const rssp = pgSchema('rssp');

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
});

/** `rssp.issued_certificates` (migrations/009-revocation.sql): the embedded CA's issued and revoked. */
export const issuedCertificates = rssp.table(
  'issued_certificates',
  {
    issuerKeyHash: text('issuer_key_hash').notNull(),
    serial: text('serial').notNull(),
    certificateSha256: text('certificate_sha256').notNull(),
    notAfter: timestamp('not_after', { withTimezone: true, mode: 'date' }).notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    revocationReason: smallint('revocation_reason'),
  },
  (t) => [primaryKey({ columns: [t.issuerKeyHash, t.serial] })],
);

/** `rssp.crls`: the CA's current CRL. */
export const crls = rssp.table('crls', {
  issuerKeyHash: text('issuer_key_hash').primaryKey(),
  crlNumber: bigint('crl_number', { mode: 'bigint' }).notNull(),
  der: bytea('der').notNull(),
  thisUpdate: timestamp('this_update', { withTimezone: true, mode: 'date' }).notNull(),
  nextUpdate: timestamp('next_update', { withTimezone: true, mode: 'date' }).notNull(),
  stale: boolean('stale').notNull().default(false),
});
