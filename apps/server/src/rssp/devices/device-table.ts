import { bigint, boolean, jsonb, pgSchema, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { ApprovalStatus, DeviceKind } from '@signet/contracts/devices';
import { credentials } from '../records';

const rssp = pgSchema('rssp');
const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** `rssp.devices` (migrations/003-devices.sql). */
export const devices = rssp.table('devices', {
  id: uuid('id').primaryKey(),
  userId: uuid('user_id').notNull(),
  userName: text('user_name').notNull(),
  userEmail: text('user_email').notNull(),
  friendlyName: text('friendly_name').notNull(),
  kind: text('kind').notNull().$type<DeviceKind>(),
  enabled: boolean('enabled').notNull(),
  /** KEY: Ed25519 SPKI, base64 DER. WEBAUTHN: the COSE public key, base64url. */
  publicKey: text('public_key').notNull(),
  webauthnCredentialId: text('webauthn_credential_id'),
  webauthnCounter: bigint('webauthn_counter', { mode: 'number' }).notNull(),
  tokenHash: text('token_hash').notNull(),
  createdAt: at('created_at').notNull().defaultNow(),
  updatedAt: at('updated_at').notNull().defaultNow(),
  lastUsedAt: at('last_used_at'),
});
export type DeviceRow = typeof devices.$inferSelect;

/** `rssp.device_enrollments`: one-time codes, by SHA-256. */
export const deviceEnrollments = rssp.table('device_enrollments', {
  codeHash: text('code_hash').primaryKey(),
  userId: uuid('user_id').notNull(),
  expiresAt: at('expires_at').notNull(),
  usedAt: at('used_at'),
  createdAt: at('created_at').notNull().defaultNow(),
});

/** `rssp.device_approvals`: requests for approval and their decisions. */
export const deviceApprovals = rssp.table('device_approvals', {
  id: uuid('id').primaryKey(),
  userId: uuid('user_id').notNull(),
  credentialId: uuid('credential_id')
    .notNull()
    .references(() => credentials.id),
  purpose: text('purpose').notNull().$type<'ACTIVATE' | 'SIGN'>(),
  hashAlgorithm: text('hash_algorithm').notNull(),
  /** Base64, in order. */
  hashes: jsonb('hashes').notNull().$type<string[]>(),
  documents: jsonb('documents').notNull().$type<string[]>(),
  status: text('status').notNull().$type<ApprovalStatus>(),
  deviceId: uuid('device_id'),
  createdAt: at('created_at').notNull().defaultNow(),
  expiresAt: at('expires_at').notNull(),
  decidedAt: at('decided_at'),
  usedAt: at('used_at'),
});
export type ApprovalRow = typeof deviceApprovals.$inferSelect;
