-- Indexes for the credentials lists (credential-store.ts): the sorts read one page from an index,
-- and `q` (a substring of description, owner, algorithm or serial number) uses a trigram index.
create extension if not exists pg_trgm;

create index credentials_created_sort on rssp.credentials (created_at, id);
create index credentials_description_sort on rssp.credentials ((lower(description)), created_at, id);
create index credentials_email_sort on rssp.credentials ((lower(user_email)), created_at, id);
create index credentials_search on rssp.credentials using gin (
  (lower(
    description || ' ' || user_email || ' ' || user_name || ' ' || key_alg || ' ' ||
    coalesce(certificate_serial_number, '')
  )) gin_trgm_ops
);
