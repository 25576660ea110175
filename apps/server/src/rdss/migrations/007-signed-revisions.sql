-- Signed revisions of a chain's document (docs/decisions/012-signed-revisions.md). A revision is
-- stored as the increment the engine appended to the one before (seq 1 to the original), never as
-- a whole copy: reading revision n joins the original and increments 1..n. The unique
-- (chain, document, seq) is the version check: two signers who prepared on the same revision
-- cannot both commit as its successor.
create table rdss.document_revisions (
  id uuid primary key,
  chain_id uuid not null references rdss.chains (id) on delete cascade,
  document_id uuid not null references rdss.documents (id),
  seq integer not null check (seq > 0),
  entry_id uuid not null references rdss.chain_entries (id) on delete cascade,
  base_size bigint not null,
  file_size bigint not null,
  -- SHA-256 of this revision's increment (checked when revisions are joined).
  sha256 text not null,
  created_at timestamptz not null default now(),
  unique (chain_id, document_id, seq)
);
create index document_revisions_entry on rdss.document_revisions (entry_id);

-- The increments' bytes in PostgreSQL (the embedded database keeps them as files, decision 011).
create table rdss.revision_increments (
  revision_id uuid primary key references rdss.document_revisions (id) on delete cascade,
  bytes bytea not null
);

-- Idempotency of the sign call: what a key already signed, per user and chain, with its answer.
create table rdss.sign_requests (
  user_id uuid not null,
  idempotency_key text not null,
  chain_id uuid not null references rdss.chains (id) on delete cascade,
  result jsonb not null,
  created_at timestamptz not null default now(),
  primary key (user_id, idempotency_key, chain_id)
);
