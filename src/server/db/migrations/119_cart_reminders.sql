-- Abandoned-cart reminders (issue 48 point 5). A shop says how many hours after a cart's last
-- change its customer is reminded (null or 0: never); the job (src/server/storefront/
-- cartReminders.ts) mails each cart once and records it on the cart (reminder_sent,
-- reminded_at), with the SHA-256 of the mail's two single-purpose tokens: the link that
-- restores the cart and the one that unsubscribes the address from the shop's reminders.
alter table app.shops add column cart_reminder_hours int check (cart_reminder_hours between 0 and 720);

alter table app.carts add column restore_token_hash text unique;
alter table app.carts add column unsubscribe_token_hash text unique;

-- Addresses that asked for no more cart reminders from a shop: their later carts get none.
create table app.cart_reminder_optouts (
  shop_id int not null references app.shops on delete cascade,
  email text not null,
  opted_out_at timestamptz not null default now(),
  primary key (shop_id, email)
);

-- The job's search: open carts with an address not reminded yet, by their last change.
create index carts_reminder_due on app.carts (updated_at) where order_id is null and not reminder_sent and email <> '';
