-- The creator's optional reason for withdrawing a chain (issue 26 §4), shown to its participants.
alter table rdss.chains add column withdraw_reason text
  check (char_length(withdraw_reason) <= 255);
