import {
  bigint,
  boolean,
  date,
  integer,
  pgSchema,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { ChainStatus, ChainType, EntryStatus } from '@signet/contracts/chain-rules';
import type { ChainEndedReason } from '@signet/contracts/chains';

const rdss = pgSchema('rdss');
const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** `rdss.chains` (migrations/002-chains.sql). */
export const chains = rdss.table('chains', {
  id: uuid('id').primaryKey(),
  status: text('status').notNull().$type<ChainStatus>(),
  type: text('type').notNull().$type<ChainType>(),
  createdBy: uuid('created_by').notNull(),
  comment: text('comment'),
  /** One document, or (bulk) a whole batch: exactly one of the two is set. */
  origDocumentId: uuid('orig_document_id'),
  batchId: uuid('batch_id'),
  signingTrailMode: text('signing_trail_mode').notNull().$type<'ATTACHED' | 'DETACHED' | 'NONE'>(),
  /** DETACHED trails: the trail PDF, revised with each signature (migrations/017). */
  trailDocumentId: uuid('trail_document_id'),
  /** Why a FAILED chain ended (migrations/017); null otherwise. */
  endedReason: text('ended_reason').$type<ChainEndedReason>(),
  /** The chain fails as EXPIRED when not DONE by then (migrations/020); null: no due date. */
  dueAt: at('due_at'),
  /** The creator's reason for withdrawing (migrations/023), when they gave one. */
  withdrawReason: text('withdraw_reason'),
  externalId: text('external_id'),
  externalCallbackUrl: text('external_callback_url'),
  createdAt: at('created_at').notNull().defaultNow(),
  updatedAt: at('updated_at').notNull().defaultNow(),
  signedAt: at('signed_at'),
  deletedAt: at('deleted_at'),
});

export const chainEntries = rdss.table('chain_entries', {
  id: uuid('id').primaryKey(),
  chainId: uuid('chain_id').notNull(),
  position: integer('position').notNull(),
  userId: uuid('user_id'),
  email: text('email').notNull(),
  status: text('status').notNull().$type<EntryStatus>(),
  approver: boolean('approver').notNull(),
  clerkMode: boolean('clerk_mode').notNull(),
  subsignerName: text('subsigner_name'),
  comment: text('comment'),
  signedAt: at('signed_at'),
  /** When this entry was last reminded of its turn (migrations/020): once a day at most. */
  remindedAt: at('reminded_at'),
});

export const chainViewers = rdss.table(
  'chain_viewers',
  { chainId: uuid('chain_id').notNull(), userId: uuid('user_id').notNull() },
  (t) => [primaryKey({ columns: [t.chainId, t.userId] })],
);

export const chainInvitations = rdss.table('chain_invitations', {
  tokenHash: text('token_hash').primaryKey(),
  entryId: uuid('entry_id').notNull(),
  expiresAt: at('expires_at').notNull(),
  /** When a resend last mailed it (migrations/015): one resend an hour per entry. */
  resentAt: at('resent_at'),
});

/** `rdss.invitation_mail_counts` (migrations/015): invitation mails per user and UTC day. */
export const invitationMailCounts = rdss.table(
  'invitation_mail_counts',
  {
    userId: uuid('user_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    sent: integer('sent').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

/** `rdss.notice_mail_counts` (migrations/020): notices a user's own calls caused per UTC day. */
export const noticeMailCounts = rdss.table(
  'notice_mail_counts',
  {
    userId: uuid('user_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    sent: integer('sent').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

export type ChainRow = typeof chains.$inferSelect;
export type ChainEntryRow = typeof chainEntries.$inferSelect;

/**
 * `rdss.chain_counts` (migrations/009-chain-counts.sql): the admin list's totals per status, in
 * and out of the recycle bin, kept by triggers on `rdss.chains` in 32 slots that are summed.
 */
export const chainCounts = rdss.table('chain_counts', {
  slot: smallint('slot').primaryKey(),
  created: bigint('created', { mode: 'number' }).notNull(),
  inProgress: bigint('in_progress', { mode: 'number' }).notNull(),
  done: bigint('done', { mode: 'number' }).notNull(),
  failed: bigint('failed', { mode: 'number' }).notNull(),
  binnedCreated: bigint('binned_created', { mode: 'number' }).notNull(),
  binnedInProgress: bigint('binned_in_progress', { mode: 'number' }).notNull(),
  binnedDone: bigint('binned_done', { mode: 'number' }).notNull(),
  binnedFailed: bigint('binned_failed', { mode: 'number' }).notNull(),
});
