-- token_version: every access token carries it (claim `ver`); raising it ends every session and
-- token of the account (password change, deletion by an admin).
alter table idp.accounts add column token_version integer not null default 0;
-- Set when the owner opened the confirmation link mailed on registration; the provider then
-- asserts email_verified, which is what binds a user row an admin prepared for that address.
alter table idp.accounts add column email_verified_at timestamptz;

create table idp.email_confirmations (
  token_hash text primary key,
  account_id uuid not null references idp.accounts (id) on delete cascade,
  expires_at timestamptz not null
);
create index email_confirmations_account on idp.email_confirmations (account_id);
