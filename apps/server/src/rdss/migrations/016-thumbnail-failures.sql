-- Documents whose page 1 did not render (pdf.js refused it, or it passed the time or heap limit):
-- every instance answers their thumbnail with a placeholder at once instead of rendering again
-- (thumbnail-queue.ts, decision 022).
create table rdss.thumbnail_failures (
  document_id uuid primary key references rdss.documents (id) on delete cascade,
  reason text not null,
  failed_at timestamptz not null default now()
);
