-- Devices and the approval protocol of the remote signing service (spec platform §3 Device, §4
-- implicit activation; decision 014). A device holds its private key; the rSSP keeps only the
-- public key: an Ed25519 SubjectPublicKeyInfo (kind KEY, the command-line authenticator) or a
-- WebAuthn credential (kind WEBAUTHN, the authenticator page). `token_hash` is the SHA-256 of the
-- device's read token (it lists requests, it cannot approve).
create table rssp.devices (
  id uuid primary key,
  user_id uuid not null,
  user_name text not null,
  user_email text not null,
  friendly_name text not null,
  kind text not null check (kind in ('KEY', 'WEBAUTHN')),
  enabled boolean not null default true,
  public_key text not null,
  webauthn_credential_id text unique,
  webauthn_counter bigint not null default 0,
  token_hash text not null unique,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  last_used_at timestamptz
);

create index devices_user_idx on rssp.devices (user_id, created_at);
create index devices_created_sort on rssp.devices (created_at, id);

-- One-time enrollment codes (the QR of the add-device dialog): only their SHA-256 is stored; a
-- code works once (`used_at`) and until `expires_at`.
create table rssp.device_enrollments (
  code_hash text primary key,
  user_id uuid not null,
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null default now()
);

create index device_enrollments_expiry_idx on rssp.device_enrollments (expires_at);

-- Requests for approval addressed to a user's enabled devices. An approval binds the credential,
-- the exact hashes (empty for ACTIVATE), the request id and its expiry; it is APPROVED only after
-- the device's signature over exactly these verified against its enrolled public key, and it is
-- USED once.
create table rssp.device_approvals (
  id uuid primary key,
  user_id uuid not null,
  credential_id uuid not null references rssp.credentials (id) on delete cascade,
  purpose text not null check (purpose in ('ACTIVATE', 'SIGN')),
  hash_algorithm text not null,
  hashes jsonb not null,
  documents jsonb not null default '[]',
  status text not null default 'PENDING'
    check (status in ('PENDING', 'APPROVED', 'DENIED', 'EXPIRED', 'CANCELLED', 'USED')),
  device_id uuid references rssp.devices (id) on delete set null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  decided_at timestamptz,
  used_at timestamptz
);

create index device_approvals_pending_idx on rssp.device_approvals (user_id, created_at)
  where status = 'PENDING';

-- The rSSP's own record of key use: every unwrapping of a private key for signing and every
-- signature made counts here, so a refused authorisation can be shown to have left the key alone.
alter table rssp.credentials
  add column key_unwrap_count integer not null default 0,
  add column signature_count integer not null default 0,
  add column last_used_at timestamptz;
