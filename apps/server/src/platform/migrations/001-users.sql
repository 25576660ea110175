-- Users of Signet (spec platform §3 "Current user"). `roles` holds the assigned roles only; the
-- role `user`, which every user has, is added when a user is answered.
create table platform.users (
  id uuid primary key default gen_random_uuid(),
  email text not null,
  first_name text,
  last_name text,
  roles text[] not null default '{}',
  status text not null default 'SUSPENDED' check (status in ('ENABLED', 'SUSPENDED')),
  locale text not null default 'EN' check (locale in ('EN', 'HU')),
  verified boolean not null default false,
  verification_mandatory boolean not null default false,
  idp_issuer text,
  idp_subject text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check ((idp_issuer is null) = (idp_subject is null))
);

-- One user per e-mail address, whatever its case.
create unique index users_email_key on platform.users (lower(email));
-- One user per identity-provider account.
create unique index users_idp_key on platform.users (idp_issuer, idp_subject);
create index users_created_at_idx on platform.users (created_at);
