-- What bounds a CSC access token besides its expiry (decision 052):
-- * `request_id`: the authorization request (and so the code) it was exchanged for; a code used
--   a second time revokes it (RFC 6749 §4.1.2). A request row is kept while its token may live.
-- * `signatures_authorised`: how many of its `num_signatures` (scope `credential`) the token has
--   authorised so far, over all its credentials/authorize calls.
-- * The user's tokens and unexchanged codes end with the user's sessions, in the ending
--   transaction: the indexes find them by user.
alter table rssp.csc_tokens add column request_id uuid;
alter table rssp.csc_tokens add column signatures_authorised integer not null default 0;
create index csc_tokens_user on rssp.csc_tokens (user_id) where revoked_at is null;
create index csc_tokens_request on rssp.csc_tokens (request_id);
create index csc_requests_user on rssp.csc_requests (user_id)
  where user_id is not null and code_used_at is null;
