-- Indexes for the users list (user-store.ts): every sort reads one page from an index instead of
-- sorting every row, and `q` (a substring of e-mail or name) is served by a trigram index.
create extension if not exists pg_trgm;

create index users_name_sort on platform.users (
  (lower(coalesce(first_name, '') || ' ' || coalesce(last_name, ''))),
  (lower(email)),
  id
);
create index users_status_sort on platform.users (
  status,
  (lower(coalesce(first_name, '') || ' ' || coalesce(last_name, ''))),
  id
);
create index users_created_sort on platform.users (created_at, id);
create index users_search on platform.users using gin (
  (lower(email || ' ' || coalesce(first_name, '') || ' ' || coalesce(last_name, ''))) gin_trgm_ops
);
