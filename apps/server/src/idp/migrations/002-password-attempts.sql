-- Password attempts per client address and e-mail (hashed), shared by every instance, so the
-- sign-in throttle holds however many instances serve the provider.
create table idp.password_attempts (
  id bigint generated always as identity primary key,
  key_hash text not null,
  attempted_at timestamptz not null
);
create index password_attempts_key on idp.password_attempts (key_hash, attempted_at);
