-- Batches (spec documents §7 POST documents/batch): several PDFs uploaded together under one
-- name. A chain is over one document or over a whole batch (the bulk switch), never both.
create table rdss.batches (
  id uuid primary key,
  owner_id uuid not null,
  name text not null,
  created_at timestamptz not null default now()
);
create index batches_owner on rdss.batches (owner_id, created_at);

alter table rdss.documents add column batch_id uuid references rdss.batches (id) on delete cascade;
create index documents_batch on rdss.documents (batch_id) where batch_id is not null;

alter table rdss.chains alter column orig_document_id drop not null;
alter table rdss.chains add column batch_id uuid references rdss.batches (id);
alter table rdss.chains add constraint chains_one_subject
  check (num_nonnulls(orig_document_id, batch_id) = 1);
create index chains_batch on rdss.chains (batch_id) where batch_id is not null;
