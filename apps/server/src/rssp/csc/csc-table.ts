import { boolean, integer, jsonb, pgSchema, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const rssp = pgSchema('rssp');
const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** `rssp.csc_clients` (migrations/006-csc.sql): OAuth clients of the CSC API. */
export const cscClients = rssp.table('csc_clients', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  redirectUris: jsonb('redirect_uris').notNull().$type<string[]>(),
  confidential: boolean('confidential').notNull(),
  secretHash: text('secret_hash'),
  /** The address (its budget key) that registered it dynamically; null: an admin did (010). */
  registeredFrom: text('registered_from'),
  createdAt: at('created_at').notNull().defaultNow(),
});
export type CscClientRow = typeof cscClients.$inferSelect;

/** `rssp.csc_requests`: one oauth2/authorize request until its code is exchanged. */
export const cscRequests = rssp.table('csc_requests', {
  id: uuid('id').primaryKey(),
  clientId: text('client_id').notNull(),
  redirectUri: text('redirect_uri').notNull(),
  state: text('state'),
  codeChallenge: text('code_challenge').notNull(),
  scope: text('scope').notNull(),
  credentialId: uuid('credential_id'),
  numSignatures: integer('num_signatures'),
  hashAlgorithm: text('hash_algorithm'),
  hashesDigest: text('hashes_digest'),
  userId: uuid('user_id'),
  codeHash: text('code_hash'),
  codeUsedAt: at('code_used_at'),
  /** The address (its budget key) the request came from: waiting requests count per address (010). */
  clientAddress: text('client_address'),
  expiresAt: at('expires_at').notNull(),
  createdAt: at('created_at').notNull().defaultNow(),
});
export type CscRequestRow = typeof cscRequests.$inferSelect;

/**
 * `rssp.csc_tokens`: access tokens of CSC clients, by SHA-256; `requestId` is the request whose
 * code it was exchanged for, `signaturesAuthorised` counts toward `numSignatures` (rssp 010).
 */
export const cscTokens = rssp.table('csc_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  clientId: text('client_id').notNull(),
  userId: uuid('user_id').notNull(),
  scope: text('scope').notNull(),
  credentialId: uuid('credential_id'),
  numSignatures: integer('num_signatures'),
  hashAlgorithm: text('hash_algorithm'),
  hashesDigest: text('hashes_digest'),
  requestId: uuid('request_id'),
  signaturesAuthorised: integer('signatures_authorised').notNull().default(0),
  expiresAt: at('expires_at').notNull(),
  revokedAt: at('revoked_at'),
  createdAt: at('created_at').notNull().defaultNow(),
});
export type CscTokenRow = typeof cscTokens.$inferSelect;
