-- Signature profiles may sign with an imported credential (D§3 credentialRefId, issue 28,
-- decision 043): a platform credential ref id (no cross-schema key; the sign call checks that
-- the ref is the profile owner's). A profile names at most one credential.
alter table rdss.signature_profiles add column credential_ref_id uuid;
alter table rdss.signature_profiles add constraint signature_profiles_one_credential
  check (credential_id is null or credential_ref_id is null);
