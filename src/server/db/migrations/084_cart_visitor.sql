-- Storefront carts: who made a cart (a hash of the visitor's address, never the address), so
-- new carts can be counted per visitor across all app processes (cart creation is rate-limited),
-- and an index for the sweep of carts nobody can reach any more.
alter table app.carts add column visitor_hash text;
create index carts_visitor_created on app.carts (visitor_hash, created_at) where visitor_hash is not null;
create index carts_unreachable on app.carts (updated_at) where order_id is null and email = '';
