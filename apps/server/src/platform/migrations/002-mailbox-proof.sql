-- Invitations mailed when an admin prepares a user: the link (its token, stored hashed) is the
-- proof that binds the prepared row to whoever signs in and opens it.
create table platform.user_invitations (
  token_hash text primary key,
  user_id uuid not null references platform.users (id) on delete cascade,
  expires_at timestamptz not null,
  created_at timestamptz not null default now()
);
create index user_invitations_user on platform.user_invitations (user_id);

-- Sign-in identities whose user an admin deleted: their tokens answer 401 instead of creating a
-- fresh user row. An invitation accepted by the identity lifts it.
create table platform.deleted_identities (
  idp_issuer text not null,
  idp_subject text not null,
  deleted_at timestamptz not null default now(),
  primary key (idp_issuer, idp_subject)
);
