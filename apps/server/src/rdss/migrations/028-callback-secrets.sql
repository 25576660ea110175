-- A callback secret per integration (issue 39, decision 054): a creator may have a secret of
-- their own, which signs the callbacks of the chains they create instead of CALLBACK_SECRET, so
-- one integrator cannot sign callbacks another's receiver trusts.
create table rdss.callback_secrets (
  -- The creator (platform user id; no reference across services, removed with the user).
  user_id uuid primary key,
  -- The secret, AES-GCM under the key-encryption key, bound to the user (infra/keys).
  wrapped text not null,
  created_at timestamptz not null default now()
);

-- Whose secret signs an event: the chain's creator, copied like the URL, so an event of a chain
-- deleted for good is still signed as its creator's.
alter table rdss.callback_events add column creator_id uuid;
update rdss.callback_events e set creator_id = c.created_by
  from rdss.chains c where c.id = e.chain_id;

create or replace function rdss.add_callback_event(
  the_chain uuid, kind text, happened timestamptz, the_entry uuid
)
returns void language plpgsql as $$
declare
  c record;
  e record;
  new_id uuid := gen_random_uuid();
begin
  select ch.id, ch.status, ch.ended_reason, ch.external_id, ch.external_callback_url, ch.created_by
    into c from rdss.chains ch where ch.id = the_chain;
  if c.id is null or c.external_callback_url is null then return; end if;
  -- No entry (the_entry null) leaves e a row of nulls.
  select en.id, en.status, en.email, en.approver, en.clerk_mode
    into e from rdss.chain_entries en where en.id = the_entry;
  insert into rdss.callback_events (event_id, chain_id, creator_id, url, payload)
  values (new_id, c.id, c.created_by, c.external_callback_url, jsonb_build_object(
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
