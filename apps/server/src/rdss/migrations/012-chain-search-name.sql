-- The admin list's file-name filter (documents §2 All Documents: a substring of the chain's
-- document or batch name) on the chain itself (decision 018). The name, lower-cased, is kept on
-- rdss.chains, so the page walks chains_updated in order and filters by it — the planner's
-- statistics on a plain column tell a common term (stop after a few dozen rows) from a rare one
-- (go by the trigram index) — instead of first collecting every matching name from the
-- documents' and batches' indexes. A document's and a batch's name never change after upload.
alter table rdss.chains add column search_name text;
update rdss.chains c set search_name = lower(coalesce(
  (select d.file_name from rdss.documents d where d.id = c.orig_document_id),
  (select b.name from rdss.batches b where b.id = c.batch_id)));
alter table rdss.chains alter column search_name set not null;

-- Set by the database from whatever writes the chain (the service, a bulk seed, an import), as
-- the kept counts of migration 009 are.
create function rdss.set_chain_search_name() returns trigger language plpgsql as $$
begin
  new.search_name := lower(coalesce(
    (select d.file_name from rdss.documents d where d.id = new.orig_document_id),
    (select b.name from rdss.batches b where b.id = new.batch_id)));
  return new;
end
$$;
create trigger chains_search_name before insert or update of orig_document_id, batch_id
  on rdss.chains for each row execute function rdss.set_chain_search_name();

create index chains_search_name on rdss.chains using gin (search_name gin_trgm_ops);
-- The names' own trigram indexes served only this filter.
drop index rdss.documents_file_name_search;
drop index rdss.batches_name_search;
