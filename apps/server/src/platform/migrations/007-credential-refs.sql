-- References to credentials held by external CSC providers (issue 28 §2, P§2 import dialog, P§7
-- credentialRefs, D§4 OAUTH2CODE signing). The key stays at the provider: a row keeps what
-- signing needs besides it (the certificate chain, the key algorithm, the provider's authMode).
create table platform.credential_refs (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references platform.users (id) on delete cascade,
  provider_id text not null,
  credential_id text not null,
  description text not null,
  auth_mode text not null,
  key_alg text not null,
  subject_name text not null,
  -- PEM certificates, end-entity first.
  certificates text[] not null,
  created_at timestamptz not null default now(),
  unique (user_id, provider_id, credential_id)
);
create index credential_refs_user on platform.credential_refs (user_id, created_at, id);

-- A user's session at a provider: its access token, wrapped with the KEK (bound by the wrap's
-- additional data to the user and provider), until it expires. Never logged.
create table platform.provider_sessions (
  user_id uuid not null references platform.users (id) on delete cascade,
  provider_id text not null,
  access_token text not null,
  expires_at timestamptz not null,
  primary key (user_id, provider_id)
);

-- A login popup under way: the state (as SHA-256) names it, the PKCE verifier is wrapped.
create table platform.provider_logins (
  state_hash text primary key,
  user_id uuid not null references platform.users (id) on delete cascade,
  provider_id text not null,
  verifier text not null,
  expires_at timestamptz not null
);
