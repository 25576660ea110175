-- A registration of an address that an account holds without having confirmed it: kept, with the
-- password already hashed, until the link mailed to the address is posted. That proves the
-- registrant reads the mailbox: the unconfirmed holder's account goes and this one is created
-- with the address confirmed (docs/decisions/020-confirmed-addresses.md).
create table idp.pending_registrations (
  token_hash text primary key,
  email text not null,
  given_name text not null,
  family_name text not null,
  password_hash text not null,
  expires_at timestamptz not null
);
create index pending_registrations_expires on idp.pending_registrations (expires_at);
