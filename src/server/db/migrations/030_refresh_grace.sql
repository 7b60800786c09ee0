-- The token a refresh token was rotated to (issue 21, hardening 7): two tabs presenting
-- the same token at once both stay signed in while its successor is unused (RFC 9700
-- §4.14.2's grace); any other reuse still revokes the family.
alter table app.refresh_tokens add column rotated_to bigint;
