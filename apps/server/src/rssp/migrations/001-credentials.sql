-- Credentials of the remote signing service (spec platform §3 "Credential"). Private keys are
-- stored only wrapped (AES-256-GCM, see docs/key-custody.md): `wrapped_key` under the server's
-- key-encryption key (IMPLICIT credentials, and EXPLICIT ones until activation),
-- `wrapped_key_password` / `wrapped_key_puk` under keys derived from the key password / PUK and
-- the key-encryption key (EXPLICIT, once activated). Users are referenced by id only; the owner's
-- name and e-mail are a snapshot taken at create time for the admin list.
create table rssp.credentials (
  id uuid primary key,
  user_id uuid not null,
  user_name text not null,
  user_email text not null,
  description text not null,
  key_purpose text not null,
  key_alg text not null,
  rsa_key_size integer,
  ec_curve_name text,
  auth_mode text not null check (auth_mode in ('EXPLICIT', 'IMPLICIT')),
  enrollment_mode text not null check (enrollment_mode in ('MANUAL', 'CMP')),
  status text not null default 'CREATED' check (status in ('CREATED', 'ACTIVATED')),
  distinguished_name jsonb not null,
  public_key text not null,
  p10 text not null,
  cert_chain jsonb not null default '[]',
  certificate_serial_number text,
  preauth_quantity integer,
  preauth_until timestamptz,
  wrapped_key text,
  wrapped_key_password text,
  wrapped_key_puk text,
  failed_password_attempts integer not null default 0,
  failed_puk_attempts integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (wrapped_key is not null or (wrapped_key_password is not null and wrapped_key_puk is not null))
);

create index credentials_user_idx on rssp.credentials (user_id, created_at);
create index credentials_created_at_idx on rssp.credentials (created_at);

-- The embedded certificate authority: its root certificate and its key wrapped under the
-- key-encryption key. One row, created on first start.
create table rssp.certificate_authority (
  id text primary key check (id = 'embedded'),
  certificate_pem text not null,
  wrapped_key text not null,
  created_at timestamptz not null default now()
);
