import { pgSchema, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const platform = pgSchema('platform');
const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** `platform.credential_refs` (migrations/007-credential-refs.sql). */
export const credentialRefs = platform.table('credential_refs', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id').notNull(),
  providerId: text('provider_id').notNull(),
  credentialId: text('credential_id').notNull(),
  description: text('description').notNull(),
  authMode: text('auth_mode').notNull().$type<'EXPLICIT' | 'IMPLICIT' | 'OAUTH2CODE'>(),
  keyAlg: text('key_alg').notNull(),
  subjectName: text('subject_name').notNull(),
  certificates: text('certificates').array().notNull(),
  /** The provider's SCAL for it (migrations/008): '2' signs after the credential round. */
  scal: text('scal').notNull().default('1').$type<'1' | '2'>(),
  createdAt: at('created_at').notNull().defaultNow(),
});
export type CredentialRefRow = typeof credentialRefs.$inferSelect;

/** `platform.provider_sessions`: a user's wrapped access token at a provider. */
export const providerSessions = platform.table('provider_sessions', {
  userId: uuid('user_id').notNull(),
  providerId: text('provider_id').notNull(),
  accessToken: text('access_token').notNull(),
  expiresAt: at('expires_at').notNull(),
});

/** `platform.provider_logins`: a login popup under way (state hashed, verifier wrapped). */
export const providerLogins = platform.table('provider_logins', {
  stateHash: text('state_hash').primaryKey(),
  userId: uuid('user_id').notNull(),
  providerId: text('provider_id').notNull(),
  verifier: text('verifier').notNull(),
  /** The credential round (SCAL2, scope=credential): the provider's credential id. */
  credentialId: text('credential_id'),
  expiresAt: at('expires_at').notNull(),
});

/** `platform.provider_credential_tokens`: a SCAL2 round's token, wrapped, until it signs. */
export const providerCredentialTokens = platform.table('provider_credential_tokens', {
  userId: uuid('user_id').notNull(),
  providerId: text('provider_id').notNull(),
  credentialId: text('credential_id').notNull(),
  accessToken: text('access_token').notNull(),
  expiresAt: at('expires_at').notNull(),
});
