-- Entries that name an address no confirmed user has yet, by address: when a user confirms the
-- address, they are found here and bound to the user (waiting-entries.ts,
-- docs/decisions/020-confirmed-addresses.md).
create index chain_entries_waiting on rdss.chain_entries (lower(email)) where user_id is null;
