-- Callbacks (issue 27 §6, decision 042): a chain created with an external callback URL tells
-- that URL of each change. The events are written here, in the transaction of the change, by
-- triggers on what every change already writes (its history row; a move to the recycle bin),
-- and delivered afterwards by callback-delivery.ts, which keeps its state in these rows.
create table rdss.callback_events (
  -- Delivery order: a chain's events go out one at a time in this order.
  id bigint generated always as identity primary key,
  -- The event's id for receivers (de-duplication); the same on every attempt.
  event_id uuid not null unique,
  -- No reference: a chain deleted for good keeps the record of what was sent about it.
  chain_id uuid not null,
  -- The URL as the chain had it when the event happened.
  url text not null,
  payload jsonb not null,
  status text not null default 'PENDING' check (status in ('PENDING', 'DELIVERED', 'FAILED')),
  created_at timestamptz not null default now(),
  -- Due time of the next attempt; while an attempt runs, the end of its lease.
  next_attempt_at timestamptz not null default now(),
  -- After a failed attempt past this time the event is FAILED.
  give_up_at timestamptz not null default now() + interval '24 hours',
  attempts integer not null default 0,
  delivered_at timestamptz
);
-- The delivery's query: due events, and each chain's earlier events.
create index callback_events_due on rdss.callback_events (next_attempt_at) where status = 'PENDING';
create index callback_events_chain on rdss.callback_events (chain_id, id);
create index callback_events_open on rdss.callback_events (status, id) where status <> 'DELIVERED';

-- Each attempt: when, how long, the receiver's status code or why it failed (never a secret).
create table rdss.callback_attempts (
  id bigint generated always as identity primary key,
  event_id bigint not null references rdss.callback_events (id) on delete cascade,
  at timestamptz not null default now(),
  duration_ms integer not null,
  status_code integer,
  error text
);
create index callback_attempts_event on rdss.callback_attempts (event_id, id);

-- The event of one change: the chain as the change left it, and the entry it concerns.
create function rdss.add_callback_event(
  the_chain uuid, kind text, happened timestamptz, the_entry uuid
)
returns void language plpgsql as $$
declare
  c record;
  e record;
  new_id uuid := gen_random_uuid();
begin
  select ch.id, ch.status, ch.ended_reason, ch.external_id, ch.external_callback_url
    into c from rdss.chains ch where ch.id = the_chain;
  if c.id is null or c.external_callback_url is null then return; end if;
  -- No entry (the_entry null) leaves e a row of nulls.
  select en.id, en.status, en.email, en.approver, en.clerk_mode
    into e from rdss.chain_entries en where en.id = the_entry;
  insert into rdss.callback_events (event_id, chain_id, url, payload)
  values (new_id, c.id, c.external_callback_url, jsonb_build_object(
    'id', new_id,
    'type', kind,
    'occurredAt', to_char(happened at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'chain', jsonb_build_object(
      'id', c.id, 'externalId', c.external_id, 'status', c.status, 'endedReason', c.ended_reason),
    'entry', case when e.id is null then null else jsonb_build_object(
      'id', e.id,
      'role', case when e.approver then 'APPROVER' when e.clerk_mode then 'CLERK' else 'SIGNER' end,
      'status', e.status,
      'email', e.email) end));
end $$;

-- The changes a receiver hears of, from the chain's history (CREATED, SIGNED, APPROVED,
-- DECLINED, WITHDRAWN, COMPLETED, EXPIRED). History rows are inserted in the change's statement;
-- an AFTER trigger runs when that statement ends, so it sees the chain as the change left it.
create function rdss.callback_from_history() returns trigger language plpgsql as $$
begin
  if new.kind in ('CREATED', 'SIGNED', 'APPROVED', 'DECLINED', 'WITHDRAWN', 'COMPLETED', 'EXPIRED')
  then
    perform rdss.add_callback_event(new.chain_id, new.kind, new.at, new.entry_id);
  end if;
  return null;
end $$;
create trigger callback_from_history after insert on rdss.chain_history
  for each row execute function rdss.callback_from_history();

-- DELETED: the chain moved to the recycle bin (it keeps no history row of that).
create function rdss.callback_from_deletion() returns trigger language plpgsql as $$
begin
  if old.deleted_at is null and new.deleted_at is not null
    and new.external_callback_url is not null then
    perform rdss.add_callback_event(new.id, 'DELETED', clock_timestamp(), null);
  end if;
  return null;
end $$;
create trigger callback_from_deletion after update of deleted_at on rdss.chains
  for each row execute function rdss.callback_from_deletion();
