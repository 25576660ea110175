-- Which mails about chains a user wants (My profile, issue 26 §3): every one, only "your turn"
-- (and reminders), or none. Invitations to addresses without an account are not affected.
alter table platform.users add column mail_preference text not null default 'ALL'
  check (mail_preference in ('ALL', 'YOUR_TURN', 'NONE'));
