-- The admin list's file-name filter (documents §2 All Documents: a substring of the document's or
-- the batch's name) from trigram indexes, and the chains over the documents found by index; the
-- same index finds whether a chain still uses a document.
create index documents_file_name_search on rdss.documents using gin (lower(file_name) gin_trgm_ops);
create index batches_name_search on rdss.batches using gin (lower(name) gin_trgm_ops);
create index chains_orig_document on rdss.chains (orig_document_id)
  where orig_document_id is not null;
