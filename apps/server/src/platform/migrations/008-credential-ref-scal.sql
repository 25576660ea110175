-- Issue 28 (decision 043): the SCAL a provider answers for an imported credential; a SCAL2
-- credential signs under a token of scope `credential` bound to the hashes (the second OAuth
-- round), kept wrapped here between the popup and the signature, then dropped.
alter table platform.credential_refs add column scal text not null default '1'
  check (scal in ('1', '2'));

-- A login popup of the credential round names the provider's credential it is for.
alter table platform.provider_logins add column credential_id text;

create table platform.provider_credential_tokens (
  user_id uuid not null references platform.users (id) on delete cascade,
  provider_id text not null,
  credential_id text not null,
  access_token text not null,
  expires_at timestamptz not null,
  primary key (user_id, provider_id, credential_id)
);
