-- Issue 26 §3: a chain's optional due date, and when each entry was last reminded.
-- A chain not DONE by its due date fails as EXPIRED; the sweep finds them by this index.
alter table rdss.chains add column due_at timestamptz;
create index chains_due on rdss.chains (due_at)
  where due_at is not null and status = 'CREATED' and deleted_at is null;

-- The creator's reminder (and the automatic one, REMINDER_DAYS) reach an entry at most once a
-- day; kept here so every instance sees it.
alter table rdss.chain_entries add column reminded_at timestamptz;

-- Chain notices a user's own calls cause (your turn on their new chains, their reminders and
-- withdrawals) per UTC day (NOTICE_MAILS_PER_DAY), like invitation_mail_counts (decision 028).
create table rdss.notice_mail_counts (
  user_id uuid not null,
  day date not null,
  sent integer not null check (sent >= 0),
  primary key (user_id, day)
);
