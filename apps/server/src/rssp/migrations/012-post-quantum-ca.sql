-- The embedded CA's post-quantum sibling (issue 38 #6, decision 057): SLH-DSA keys get their
-- certificates from an SLH-DSA root, so the whole chain of a quantum-safe signature is
-- post-quantum. Its row, 'post-quantum', is created on the first SLH-DSA enrollment; what it
-- issues and revokes is recorded in rssp.issued_certificates and rssp.crls under its own key hash.
alter table rssp.certificate_authority
  drop constraint certificate_authority_id_check,
  add constraint certificate_authority_id_check check (id in ('embedded', 'post-quantum'));
