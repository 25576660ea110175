-- The embedded time-stamping authority (decision 036). Each row is one TSA key: its certificate
-- (issued by the embedded CA, critical extendedKeyUsage id-kp-timeStamping) and its private key
-- wrapped under the key-encryption key. The newest row whose `use_until` is still ahead signs;
-- past it a new key is made (renewal), and older rows stay for the record.
create table rssp.tsa_keys (
  id uuid primary key,
  certificate_pem text not null,
  wrapped_key text not null,
  not_after timestamptz not null,
  use_until timestamptz not null,
  created_at timestamptz not null default now()
);

create index tsa_keys_use_until_idx on rssp.tsa_keys (use_until);

-- TSTInfo serial numbers: unique across every instance on the database (RFC 3161 §2.4.2).
create sequence rssp.tsa_serials as bigint;
