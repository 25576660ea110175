-- An address counts only once its owner proved it (docs/decisions/020-confirmed-addresses.md):
-- set when the sign-in provider vouches for it (email_verified) or a Signet link mailed to it was
-- opened. Rows from before stay unconfirmed until their next token vouches for the address.
alter table platform.users add column email_confirmed_at timestamptz;

-- At most one confirmed user and one prepared (not yet linked) user per address; unconfirmed
-- sign-in accounts may share one, since none of them holds anything addressed to it.
drop index platform.users_email_key;
create unique index users_confirmed_email_key on platform.users (lower(email))
  where email_confirmed_at is not null;
create unique index users_prepared_email_key on platform.users (lower(email))
  where idp_subject is null;
create index users_email_idx on platform.users (lower(email));
