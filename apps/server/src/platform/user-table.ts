import { boolean, pgSchema, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { Locale, MailPreference, UserStatus } from '@signet/contracts/users';

/** Assigned roles as stored; `user` is never stored, it is added when answering. */
export type StoredRole = 'admin' | 'creator' | 'signer' | 'approver';

const platform = pgSchema('platform');

/** `platform.users` (migrations/001-users.sql). */
export const users = platform.table('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  email: text('email').notNull(),
  firstName: text('first_name'),
  lastName: text('last_name'),
  roles: text('roles').array().notNull().$type<StoredRole[]>(),
  status: text('status').notNull().$type<UserStatus>(),
  locale: text('locale').notNull().$type<Locale>(),
  verified: boolean('verified').notNull(),
  verificationMandatory: boolean('verification_mandatory').notNull(),
  idpIssuer: text('idp_issuer'),
  idpSubject: text('idp_subject'),
  /** When the owner proved the address (migrations/004-confirmed-addresses.sql); null until then. */
  emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true, mode: 'date' }),
  /** Which chain mails the user gets (migrations/005-mail-preference.sql). */
  mailPreference: text('mail_preference').notNull().default('ALL').$type<MailPreference>(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;

/** `platform.user_invitations` (migrations/002-mailbox-proof.sql). */
export const userInvitations = platform.table('user_invitations', {
  tokenHash: text('token_hash').primaryKey(),
  userId: uuid('user_id').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** `platform.deleted_identities` (migrations/002-mailbox-proof.sql). */
export const deletedIdentities = platform.table('deleted_identities', {
  idpIssuer: text('idp_issuer').notNull(),
  idpSubject: text('idp_subject').notNull(),
  deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
