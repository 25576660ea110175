-- Issue 25 §5 and §9: what bounds the mail one user makes Signet send, and the bytes they store.
-- Invitation mails a user caused per UTC day (INVITATION_MAILS_PER_DAY), counted in the
-- transaction that sends them, so every instance sees the same count; one row per user is kept.
create table rdss.invitation_mail_counts (
  user_id uuid not null,
  day date not null,
  sent integer not null check (sent >= 0),
  primary key (user_id, day)
);

-- When a resend last mailed this invitation's entry: one resend an hour per entry.
alter table rdss.chain_invitations add column resent_at timestamptz;

-- A user's stored bytes add up their documents' signed increments (STORAGE_BYTES_PER_USER).
create index document_revisions_document on rdss.document_revisions (document_id);
