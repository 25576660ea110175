import { integer, jsonb, pgSchema, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type {
  AuthMode,
  DistinguishedName,
  EnrollmentMode,
  KeyAlg,
  KeyPurpose,
  CredentialStatus,
} from '@signet/contracts/credentials';

const rssp = pgSchema('rssp');

/** `rssp.credentials` (migrations/001-credentials.sql). */
export const credentials = rssp.table('credentials', {
  id: uuid('id').primaryKey(),
  userId: uuid('user_id').notNull(),
  userName: text('user_name').notNull(),
  userEmail: text('user_email').notNull(),
  description: text('description').notNull(),
  keyPurpose: text('key_purpose').notNull().$type<KeyPurpose>(),
  keyAlg: text('key_alg').notNull().$type<KeyAlg>(),
  rsaKeySize: integer('rsa_key_size'),
  ecCurveName: text('ec_curve_name'),
  authMode: text('auth_mode').notNull().$type<Extract<AuthMode, 'EXPLICIT' | 'IMPLICIT'>>(),
  enrollmentMode: text('enrollment_mode').notNull().$type<EnrollmentMode>(),
  status: text('status').notNull().$type<CredentialStatus>(),
  distinguishedName: jsonb('distinguished_name').notNull().$type<DistinguishedName>(),
  /** SubjectPublicKeyInfo, base64 DER. */
  publicKey: text('public_key').notNull(),
  /** PKCS#10 request, PEM. */
  p10: text('p10').notNull(),
  /** Certificates as PEM, end-entity first. */
  certChain: jsonb('cert_chain').notNull().$type<string[]>(),
  certificateSerialNumber: text('certificate_serial_number'),
  preauthQuantity: integer('preauth_quantity'),
  preauthUntil: timestamp('preauth_until', { withTimezone: true, mode: 'date' }),
  wrappedKey: text('wrapped_key'),
  wrappedKeyPassword: text('wrapped_key_password'),
  wrappedKeyPuk: text('wrapped_key_puk'),
  failedPasswordAttempts: integer('failed_password_attempts').notNull(),
  failedPukAttempts: integer('failed_puk_attempts').notNull(),
  /** Attempts counted and still being tried (rssp.secret_attempts, decision 024). */
  pendingPasswordAttempts: integer('pending_password_attempts').notNull().default(0),
  pendingPukAttempts: integer('pending_puk_attempts').notNull().default(0),
  /** How often the private key was unwrapped to sign, and how many signatures it made (003). */
  keyUnwrapCount: integer('key_unwrap_count').notNull().default(0),
  signatureCount: integer('signature_count').notNull().default(0),
  lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

export type CredentialRow = typeof credentials.$inferSelect;
export type NewCredentialRow = typeof credentials.$inferInsert;

/**
 * Which embedded CA a row is: the classical one (EC P-384), or the post-quantum one (SLH-DSA)
 * that certifies SLH-DSA keys (migration 010, decision 057).
 */
export type CaId = 'embedded' | 'post-quantum';

/** `rssp.certificate_authority`: each embedded CA's root certificate and wrapped key. */
export const certificateAuthority = rssp.table('certificate_authority', {
  id: text('id').$type<CaId>().primaryKey(),
  certificatePem: text('certificate_pem').notNull(),
  wrappedKey: text('wrapped_key').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
