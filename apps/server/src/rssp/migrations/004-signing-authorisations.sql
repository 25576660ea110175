-- Authorisations of key use (Signature Activation Data, CSC credentials/authorize): each is bound
-- to one credential, its owner and the exact hashes it may sign, is used once, and expires after
-- AUTHORIZATION_TIMEOUT_SECS. `sealed_key` holds an EXPLICIT credential's key, opened by the key
-- password at authorisation and sealed again under a key derived from the key-encryption key and
-- a secret that only the SAD itself carries (null for keys the KEK opens). Using or expiring an
-- authorisation wipes it.
create table rssp.signing_authorisations (
  id uuid primary key,
  credential_id uuid not null references rssp.credentials (id) on delete cascade,
  user_id uuid not null,
  kind text not null,
  hashes_digest text not null,
  num_signatures integer not null check (num_signatures > 0),
  sealed_key text,
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null default now()
);
create index signing_authorisations_expiry on rssp.signing_authorisations (expires_at);
create index signing_authorisations_credential on rssp.signing_authorisations (credential_id);
