-- What the embedded CA issued and revoked (decision 037). One row per certificate it issued,
-- keyed by its issuer (SHA-1 of the CA's public key bits, as OCSP's CertID names it) and serial
-- (lower-case hex, no leading zeros). revoked_at/reason are set when the credential holding it is
-- deleted, in the same transaction. Certificates of an external CA are never recorded here.
create table rssp.issued_certificates (
  issuer_key_hash text not null,
  serial text not null,
  -- SHA-256 of the certificate (hex): a credential's certificate is revoked only when it is exactly
  -- the one the CA issued, never by a look-alike with the same issuer and serial.
  certificate_sha256 text not null,
  not_after timestamptz not null,
  issued_at timestamptz not null default now(),
  revoked_at timestamptz,
  revocation_reason smallint,
  primary key (issuer_key_hash, serial)
);
create index issued_certificates_revoked on rssp.issued_certificates (issuer_key_hash, revoked_at)
  where revoked_at is not null;
create index issued_certificates_sha256 on rssp.issued_certificates (certificate_sha256);

-- The CA's current CRL: regenerated (number + 1) when a revocation marked it stale or it nears
-- its nextUpdate; every instance serves the same one.
create table rssp.crls (
  issuer_key_hash text primary key,
  crl_number bigint not null,
  der bytea not null,
  this_update timestamptz not null,
  next_update timestamptz not null,
  stale boolean not null default false
);
