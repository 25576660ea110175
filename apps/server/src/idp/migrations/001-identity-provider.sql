-- Sign-in accounts of the embedded identity provider. E-mail is unique regardless of case.
create table idp.accounts (
  id uuid primary key,
  email text not null,
  given_name text not null,
  family_name text not null,
  password_hash text not null,
  created_at timestamptz not null default now()
);
create unique index accounts_email_lower on idp.accounts (lower(email));

-- oidc-provider's stored models (sessions, interactions, grants, codes, ...), shared by every
-- server instance. Rows past expires_at are treated as gone and removed by a periodic sweep.
create table idp.oidc_payloads (
  kind text not null,
  id text not null,
  payload jsonb not null,
  grant_id text,
  user_code text,
  uid text,
  expires_at timestamptz,
  consumed_at timestamptz,
  primary key (kind, id)
);
create index oidc_payloads_grant_id on idp.oidc_payloads (grant_id) where grant_id is not null;
create index oidc_payloads_uid on idp.oidc_payloads (uid) where uid is not null;
create index oidc_payloads_user_code on idp.oidc_payloads (user_code) where user_code is not null;
create index oidc_payloads_expires_at on idp.oidc_payloads (expires_at) where expires_at is not null;

-- Secrets generated on first start: token signing keys (private JWKs) and cookie signing keys.
create table idp.secrets (
  name text primary key,
  value jsonb not null,
  created_at timestamptz not null default now()
);
