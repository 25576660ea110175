import {
  bigint,
  integer,
  jsonb,
  pgSchema,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

/** Tables of the idp schema (migrations/*.sql create them). */
export const idp = pgSchema('idp');

export const accounts = idp.table('accounts', {
  id: uuid('id').primaryKey(),
  email: text('email').notNull(),
  givenName: text('given_name').notNull(),
  familyName: text('family_name').notNull(),
  passwordHash: text('password_hash').notNull(),
  tokenVersion: integer('token_version').notNull().default(0),
  emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const emailConfirmations = idp.table('email_confirmations', {
  tokenHash: text('token_hash').primaryKey(),
  accountId: uuid('account_id').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** `idp.pending_registrations` (migrations/005-pending-registrations.sql). */
export const pendingRegistrations = idp.table('pending_registrations', {
  tokenHash: text('token_hash').primaryKey(),
  email: text('email').notNull(),
  givenName: text('given_name').notNull(),
  familyName: text('family_name').notNull(),
  passwordHash: text('password_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

export const oidcPayloads = idp.table(
  'oidc_payloads',
  {
    kind: text('kind').notNull(),
    id: text('id').notNull(),
    payload: jsonb('payload').notNull().$type<Record<string, unknown>>(),
    grantId: text('grant_id'),
    userCode: text('user_code'),
    uid: text('uid'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.kind, t.id] })],
);

export const secrets = idp.table('secrets', {
  name: text('name').primaryKey(),
  value: jsonb('value').notNull().$type<unknown>(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const passwordAttempts = idp.table('password_attempts', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  keyHash: text('key_hash').notNull(),
  attemptedAt: timestamp('attempted_at', { withTimezone: true, mode: 'date' }).notNull(),
});

export const passwordResets = idp.table('password_resets', {
  tokenHash: text('token_hash').primaryKey(),
  accountId: uuid('account_id').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

export const resetSignIns = idp.table('reset_sign_ins', {
  tokenHash: text('token_hash').primaryKey(),
  accountId: uuid('account_id').notNull(),
  tokenVersion: integer('token_version').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
