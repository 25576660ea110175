-- Signatures of bulk chains (issue 27 §4, decision 040): a chain over a batch is signed as one
-- ASiC-E container. The container is never stored whole: its documents are the batch's uploads,
-- and each signer adds only its ASiCManifest and the CAdES signature over it, kept here; a
-- download writes the container from these. The unique (chain, seq) is the version guard.
create table rdss.container_signatures (
  id uuid primary key,
  chain_id uuid not null references rdss.chains (id) on delete cascade,
  -- n of META-INF/ASiCManifest{n}.xml and META-INF/signature{n}.p7s, from 1.
  seq integer not null check (seq > 0),
  entry_id uuid not null references rdss.chain_entries (id) on delete cascade,
  -- The documents in the container, in order: [{ "documentId", "name" }] (the first signature's
  -- names are every later one's).
  documents jsonb not null,
  manifest bytea not null,
  signature bytea not null,
  created_at timestamptz not null default now(),
  unique (chain_id, seq)
);
create index container_signatures_entry on rdss.container_signatures (entry_id);
