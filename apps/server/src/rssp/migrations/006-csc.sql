-- The CSC API (docs/csc.md, decision 033). `csc_clients`: the OAuth clients an admin registered
-- (a confidential client's secret only as its SHA-256; the secret is 32 random bytes). Clients of
-- CSC_CLIENTS_FILE are not stored here.
create table rssp.csc_clients (
  id text primary key,
  name text not null,
  redirect_uris jsonb not null,
  confidential boolean not null,
  secret_hash text,
  created_at timestamptz not null default now()
);

-- One authorization request of oauth2/authorize, from the redirect to the token: the user and the
-- code are set at consent, the code (SHA-256 only) is exchanged once, within a minute.
create table rssp.csc_requests (
  id uuid primary key,
  client_id text not null,
  redirect_uri text not null,
  state text,
  code_challenge text not null,
  scope text not null,
  credential_id uuid,
  num_signatures integer,
  hash_algorithm text,
  hashes_digest text,
  user_id uuid,
  code_hash text unique,
  code_used_at timestamptz,
  expires_at timestamptz not null,
  created_at timestamptz not null default now()
);
create index csc_requests_expiry on rssp.csc_requests (expires_at);

-- Access tokens of CSC clients (SHA-256 only): the user, the scope and, for scope `credential`,
-- the credential, the number of signatures and the hashes (SCAL2) it is bound to.
create table rssp.csc_tokens (
  token_hash text primary key,
  client_id text not null,
  user_id uuid not null,
  scope text not null,
  credential_id uuid,
  num_signatures integer,
  hash_algorithm text,
  hashes_digest text,
  expires_at timestamptz not null,
  revoked_at timestamptz,
  created_at timestamptz not null default now()
);
create index csc_tokens_expiry on rssp.csc_tokens (expires_at);
