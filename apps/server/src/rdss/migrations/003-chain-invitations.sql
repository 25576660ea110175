-- Invitations of an e-mail that has no account: the mailed link (its token, stored hashed) binds
-- the entry to whoever signs in and opens it, which proves they read that mailbox.
create table rdss.chain_invitations (
  token_hash text primary key,
  entry_id uuid not null references rdss.chain_entries (id) on delete cascade,
  expires_at timestamptz not null
);
create index chain_invitations_entry on rdss.chain_invitations (entry_id);
