-- What happened to a chain, in order: the signing trail's content (chain-history.ts, issue 26).
-- Rows are written in the transaction of the change they record, and never updated.
create table rdss.chain_history (
  id bigint generated always as identity primary key,
  chain_id uuid not null references rdss.chains (id) on delete cascade,
  kind text not null,
  at timestamptz not null default clock_timestamp(),
  entry_id uuid,
  actor_id uuid,
  detail jsonb not null default '{}'::jsonb
);
create index chain_history_chain on rdss.chain_history (chain_id, id);
-- "First opened": one OPENED row per participant and chain.
create unique index chain_history_first_open on rdss.chain_history (chain_id, actor_id)
  where kind = 'OPENED';

-- A DETACHED signing trail is a PDF of its own, stored and revised like the chain's document
-- (every signature signs both); null for ATTACHED and NONE chains.
alter table rdss.chains add column trail_document_id uuid references rdss.documents (id);

-- Why a FAILED chain ended, so lists can say "Withdrawn", "Declined" or "Expired" (issue 26 §4).
alter table rdss.chains add column ended_reason text
  check (ended_reason in ('WITHDRAWN', 'DECLINED', 'EXPIRED'));
