-- Page-1 thumbnails, rendered once on first request and kept (thumbnail.ts).
create table rdss.document_thumbnails (
  document_id uuid primary key references rdss.documents (id) on delete cascade,
  png bytea not null
);
