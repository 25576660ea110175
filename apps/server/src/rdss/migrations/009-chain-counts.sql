-- The admin's All Documents and recycle bin totals (documents §7 GET signatureChains), kept as
-- counts per status instead of counting every chain on each page (decision 015). A sharded
-- counter: 32 rows, each with the eight counts (four statuses, in or out of the recycle bin). A
-- transaction adds its changes to the row of its own transaction id (txid mod 32), so writers at
-- the same moment (consecutive ids) touch different rows, and one transaction only ever touches
-- one row. The total is the sum over the 32 rows. Statement triggers keep it, in the same
-- transaction as the change, from whatever writes rdss.chains.
create table rdss.chain_counts (
  slot smallint primary key check (slot >= 0 and slot < 32),
  created bigint not null default 0,
  in_progress bigint not null default 0,
  done bigint not null default 0,
  failed bigint not null default 0,
  binned_created bigint not null default 0,
  binned_in_progress bigint not null default 0,
  binned_done bigint not null default 0,
  binned_failed bigint not null default 0
);
insert into rdss.chain_counts (slot) select generate_series(0, 31);
update rdss.chain_counts set
  created = (select count(*) from rdss.chains where deleted_at is null and status = 'CREATED'),
  in_progress = (select count(*) from rdss.chains where deleted_at is null and status = 'IN_PROGRESS'),
  done = (select count(*) from rdss.chains where deleted_at is null and status = 'DONE'),
  failed = (select count(*) from rdss.chains where deleted_at is null and status = 'FAILED'),
  binned_created = (select count(*) from rdss.chains where deleted_at is not null and status = 'CREATED'),
  binned_in_progress = (select count(*) from rdss.chains where deleted_at is not null and status = 'IN_PROGRESS'),
  binned_done = (select count(*) from rdss.chains where deleted_at is not null and status = 'DONE'),
  binned_failed = (select count(*) from rdss.chains where deleted_at is not null and status = 'FAILED')
where slot = 0;

-- Adds one statement's changes: each changed chain as (status, in the recycle bin, +1 or -1).
-- A statement that changes no count (an update of other columns) writes nothing.
create function rdss.add_chain_counts(statuses text[], binned boolean[], deltas integer[])
returns void language sql as $$
  update rdss.chain_counts c set
    created = c.created + d.created,
    in_progress = c.in_progress + d.in_progress,
    done = c.done + d.done,
    failed = c.failed + d.failed,
    binned_created = c.binned_created + d.binned_created,
    binned_in_progress = c.binned_in_progress + d.binned_in_progress,
    binned_done = c.binned_done + d.binned_done,
    binned_failed = c.binned_failed + d.binned_failed
  from (
    select
      coalesce(sum(x.delta) filter (where not x.b and x.s = 'CREATED'), 0) as created,
      coalesce(sum(x.delta) filter (where not x.b and x.s = 'IN_PROGRESS'), 0) as in_progress,
      coalesce(sum(x.delta) filter (where not x.b and x.s = 'DONE'), 0) as done,
      coalesce(sum(x.delta) filter (where not x.b and x.s = 'FAILED'), 0) as failed,
      coalesce(sum(x.delta) filter (where x.b and x.s = 'CREATED'), 0) as binned_created,
      coalesce(sum(x.delta) filter (where x.b and x.s = 'IN_PROGRESS'), 0) as binned_in_progress,
      coalesce(sum(x.delta) filter (where x.b and x.s = 'DONE'), 0) as binned_done,
      coalesce(sum(x.delta) filter (where x.b and x.s = 'FAILED'), 0) as binned_failed
    from unnest(statuses, binned, deltas) as x (s, b, delta)
  ) d
  where c.slot = txid_current() % 32
    and (d.created, d.in_progress, d.done, d.failed, d.binned_created, d.binned_in_progress,
      d.binned_done, d.binned_failed) <> (0, 0, 0, 0, 0, 0, 0, 0)
$$;

create function rdss.count_inserted_chains() returns trigger language plpgsql as $$
begin
  perform rdss.add_chain_counts(array_agg(status), array_agg(deleted_at is not null), array_agg(1))
  from inserted_chains;
  return null;
end $$;

create function rdss.count_deleted_chains() returns trigger language plpgsql as $$
begin
  perform rdss.add_chain_counts(array_agg(status), array_agg(deleted_at is not null), array_agg(-1))
  from deleted_chains;
  return null;
end $$;

create function rdss.count_updated_chains() returns trigger language plpgsql as $$
begin
  perform rdss.add_chain_counts(array_agg(s), array_agg(b), array_agg(delta))
  from (
    select status as s, deleted_at is not null as b, 1 as delta from new_chains
    union all
    select status, deleted_at is not null, -1 from old_chains
  ) changed;
  return null;
end $$;

create trigger chain_counts_insert after insert on rdss.chains
  referencing new table as inserted_chains
  for each statement execute function rdss.count_inserted_chains();
create trigger chain_counts_delete after delete on rdss.chains
  referencing old table as deleted_chains
  for each statement execute function rdss.count_deleted_chains();
create trigger chain_counts_update after update on rdss.chains
  referencing old table as old_chains new table as new_chains
  for each statement execute function rdss.count_updated_chains();
-- A truncate empties the counts with the table.
create function rdss.zero_chain_counts() returns trigger language plpgsql as $$
begin
  update rdss.chain_counts set created = 0, in_progress = 0, done = 0, failed = 0,
    binned_created = 0, binned_in_progress = 0, binned_done = 0, binned_failed = 0;
  return null;
end $$;
create trigger chain_counts_truncate after truncate on rdss.chains
  for each statement execute function rdss.zero_chain_counts();

-- The recycle bin read in its order (updatedAt descending), as All Documents is by chains_updated.
create index chains_binned_updated on rdss.chains (updated_at desc, created_at desc, id desc)
  where deleted_at is not null;
