import { customType, jsonb, pgSchema, text, timestamp, uuid, boolean } from 'drizzle-orm/pg-core';
import type { Rgb, TextParams } from '@signet/contracts/signature-profiles';
import type { SignatureFieldParameters } from '@signet/contracts/signatures';

const rdss = pgSchema('rdss');

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
});

export type ImageType = 'image/png' | 'image/jpeg';

/** `rdss.signature_profiles` (migrations/008-signature-profiles.sql). */
export const signatureProfiles = rdss.table('signature_profiles', {
  id: uuid('id').primaryKey(),
  ownerId: uuid('owner_id').notNull(),
  name: text('name').notNull(),
  credentialId: uuid('credential_id'),
  /** An imported credential (platform credential ref, migrations/026) instead. */
  credentialRefId: uuid('credential_ref_id'),
  sourceImage: bytea('source_image'),
  sourceImageType: text('source_image_type').$type<ImageType>(),
  renderedImage: bytea('rendered_image'),
  renderedImageType: text('rendered_image_type').$type<ImageType>(),
  textParams: jsonb('text_params').notNull().$type<TextParams>(),
  savedField: jsonb('saved_field').$type<SignatureFieldParameters>(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** `rdss.visible_signature_settings`: the admin's background, one row. */
export const visibleSignatureSettings = rdss.table('visible_signature_settings', {
  id: boolean('id').primaryKey().default(true),
  bgColor: jsonb('bg_color').notNull().$type<Rgb>(),
  bgImage: bytea('bg_image'),
  bgImageType: text('bg_image_type').$type<ImageType>(),
  updatedBy: uuid('updated_by'),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

export type SignatureProfileRow = typeof signatureProfiles.$inferSelect;
export type NewSignatureProfileRow = typeof signatureProfiles.$inferInsert;
export type VisibleSignatureSettingsRow = typeof visibleSignatureSettings.$inferSelect;
