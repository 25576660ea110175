-- The lists' default order (documents §9: updatedAt descending) for the admin's All Documents,
-- with and without a status filter, read in index order and stopped after one page.
create index chains_updated on rdss.chains (updated_at desc, created_at desc, id desc)
  where deleted_at is null;
create index chains_status_updated on rdss.chains (status, updated_at desc, created_at desc, id desc)
  where deleted_at is null;
-- A user's chains by their entries and views, read from the index alone.
create index chain_entries_user_chain on rdss.chain_entries (user_id, chain_id);
create index chain_viewers_user_chain on rdss.chain_viewers (user_id, chain_id);
drop index rdss.chain_viewers_user;
