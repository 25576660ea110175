-- The CSC API's anonymous calls are budgeted per client address (decision 053). The address an
-- oauth2/authorize request came from (an IPv6 address by its /64): the requests waiting for
-- consent are counted per address, so strangers cannot take the places of a client's users.
alter table rssp.csc_requests add column client_address text;
create index csc_requests_waiting_by_address on rssp.csc_requests (client_address, expires_at)
  where user_id is null;

-- The address that registered a client dynamically (RFC 7591); null when an admin did. The
-- consent page says whose client it is, and registrations are counted per address.
alter table rssp.csc_clients add column registered_from text;
create index csc_clients_registered_from on rssp.csc_clients (registered_from, created_at)
  where registered_from is not null;
