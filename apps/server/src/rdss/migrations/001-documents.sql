-- Documents of the document signing service (spec documents §3). The metadata row and the bytes
-- are apart, so lists never read the bytes and the bytes can move to another store later.
create table rdss.documents (
  id uuid primary key,
  owner_id uuid not null,
  file_name text not null,
  file_size bigint not null,
  sha256 text not null,
  security text not null check (
    security in ('NONE', 'ENCRYPTED_WITH_USER_PASSWORD', 'ENCRYPTED_WITH_OWNER_PASSWORD')
  ),
  created_at timestamptz not null default now()
);
create index documents_owner on rdss.documents (owner_id, created_at);

-- The bytes, in PostgreSQL by default (document-store.ts is the interface).
create table rdss.document_blobs (
  document_id uuid primary key references rdss.documents (id) on delete cascade,
  bytes bytea not null
);
