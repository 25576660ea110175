-- Key-password and PUK attempts in flight (decision 024). An attempt is counted before its
-- secret is tried, as before, but as pending: `pending_*_attempts` on the credential, and one
-- row here naming the server process (its presence lock, infra/instance-presence.ts) that tries
-- it. A wrong secret moves it to `failed_*_attempts`; a right one, or a call that gave up, drops
-- it. An attempt whose process died (its presence lock gone) is dropped as not wrong, so a
-- crash never counts against the person. Admission takes `failed + pending < max` under the
-- credential's row lock, so parallel guesses still meet an exact limit.
alter table rssp.credentials
  add column pending_password_attempts integer not null default 0,
  add column pending_puk_attempts integer not null default 0;

create table rssp.secret_attempts (
  id uuid primary key,
  credential_id uuid not null references rssp.credentials (id) on delete cascade,
  kind text not null check (kind in ('password', 'puk')),
  instance integer not null,
  created_at timestamptz not null default now()
);
create index secret_attempts_credential on rssp.secret_attempts (credential_id);
