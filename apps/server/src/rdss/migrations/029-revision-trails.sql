-- The signing trail each signature of an ATTACHED chain attached to its revision (decision 056),
-- byte for byte: the chain's trail download gives the one its latest signature covered instead of
-- rendering the history again. A copy of bytes inside the revision's increment (where an
-- encrypted document holds them encrypted), a few KB, written in the signature's own statement.
create table rdss.revision_trails (
  revision_id uuid primary key references rdss.document_revisions (id) on delete cascade,
  bytes bytea not null
);
alter table rdss.revision_trails alter column bytes set storage external;
