-- Forgot password: the mailed link's token (its SHA-256 only), valid 30 minutes, used once.
create table idp.password_resets (
  token_hash text primary key,
  account_id uuid not null references idp.accounts (id) on delete cascade,
  expires_at timestamptz not null
);
create index password_resets_account on idp.password_resets (account_id);

-- The browser that set a new password through a reset link is signed in by the next sign-in
-- interaction it opens: this one-use ticket (its hash; the browser holds it in an HttpOnly
-- cookie) stands in for the password, for a few minutes and only while the account's
-- token_version is the one it was made under.
create table idp.reset_sign_ins (
  token_hash text primary key,
  account_id uuid not null references idp.accounts (id) on delete cascade,
  token_version integer not null,
  expires_at timestamptz not null
);
