-- A document's bytes in pieces of at most blobChunkBytes (document-store.ts, decision 011 "the
-- bytes in pieces on PostgreSQL"): each piece is its own row and its own statement, so
-- node-postgres never copies the whole file into one message beside the upload's own buffer.
create table rdss.document_blob_chunks (
  document_id uuid not null references rdss.documents (id) on delete cascade,
  seq integer not null check (seq >= 0),
  bytes bytea not null,
  primary key (document_id, seq)
);
insert into rdss.document_blob_chunks (document_id, seq, bytes)
  select document_id, 0, bytes from rdss.document_blobs;
drop table rdss.document_blobs;
