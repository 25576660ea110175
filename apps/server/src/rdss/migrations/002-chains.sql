-- Signature chains (spec documents §3, §4). Entries sign in `position` order (ordered chains) or
-- in any order; an entry of an invited e-mail has no user until the person takes it up.
create table rdss.chains (
  id uuid primary key,
  status text not null check (status in ('CREATED', 'IN_PROGRESS', 'DONE', 'FAILED')),
  type text not null check (type in ('ORDERED', 'UNORDERED')),
  created_by uuid not null,
  comment text,
  orig_document_id uuid not null references rdss.documents (id),
  signing_trail_mode text not null check (signing_trail_mode in ('ATTACHED', 'DETACHED', 'NONE')),
  external_id text,
  external_callback_url text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  signed_at timestamptz,
  deleted_at timestamptz
);
create index chains_created_by on rdss.chains (created_by, created_at);
create unique index chains_external_id on rdss.chains (created_by, external_id)
  where external_id is not null;

create table rdss.chain_entries (
  id uuid primary key,
  chain_id uuid not null references rdss.chains (id) on delete cascade,
  position integer not null,
  user_id uuid,
  email text not null,
  status text not null check (
    status in ('CREATED', 'IN_PROGRESS', 'DONE', 'FAILED', 'DECLINED', 'SUSPENDED', 'DELETED', 'WITHDRAWN')
  ),
  approver boolean not null default false,
  clerk_mode boolean not null default false,
  subsigner_name text,
  comment text,
  signed_at timestamptz,
  unique (chain_id, position)
);
create index chain_entries_user on rdss.chain_entries (user_id, status);

create table rdss.chain_viewers (
  chain_id uuid not null references rdss.chains (id) on delete cascade,
  user_id uuid not null,
  primary key (chain_id, user_id)
);
create index chain_viewers_user on rdss.chain_viewers (user_id);
