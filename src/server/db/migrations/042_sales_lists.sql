-- The remaining sales lists (issue 22): arrival notifications, abandoned carts, newsletter
-- subscribers and the goods sales is waiting for. The storefront (a later issue) will write
-- the first three tables itself: every rule a row must keep is therefore in SQL (triggers
-- and checks, each named), not only in the screens, and every default a storefront would
-- otherwise have to know (the shop's language, a cart item's price and VAT) is set here.
-- E-mails are stored trimmed and in lower case, so "Anna@Example.com" and
-- "anna@example.com" are one subscriber of a shop.

-- Whether a shop sells in a language: its default (shops.language_code) or one of its shop
-- languages, enabled or not (a language switched off keeps the people who used it).
create function app.shop_speaks(p_shop_id int, p_language_code text) returns boolean language sql stable as $$
  select exists (select 1 from app.shops where shop_id = p_shop_id and language_code = p_language_code)
      or exists (select 1 from app.shop_languages where shop_id = p_shop_id and language_code = p_language_code)
$$;

-- The references of a storefront row belong to its company (shop, product, partner, order:
-- rule sales_list_company; the API refuses another company's first, as foreign_reference)
-- and its language is one its shop sells in (rule shop_language).
create function app.check_sales_list_row(p_company text, p_shop_id int, p_language_code text, p_product_code text, p_partner_id int, p_order_id int) returns void language plpgsql as $$
begin
  if not exists (select 1 from app.shops where shop_id = p_shop_id and company_code = p_company)
     or (p_product_code is not null and not exists (select 1 from app.products where product_code = p_product_code and company_code = p_company))
     or (p_partner_id is not null and not exists (select 1 from app.partners where partner_id = p_partner_id and company_code = p_company))
     or (p_order_id is not null and not exists (select 1 from app.sales_orders where order_id = p_order_id and company_code = p_company)) then
    raise exception 'the shop, product, customer and order of a sales list row are its company''s' using errcode = '23514', constraint = 'sales_list_company';
  end if;
  if not app.shop_speaks(p_shop_id, p_language_code) then
    raise exception 'the language is not one the shop sells in' using errcode = '23514', constraint = 'shop_language';
  end if;
end $$;

-- ---- Arrival notifications: "tell me when it is back" ----------------------------------
create table app.arrival_notifications (
  notification_id serial primary key,
  company_code text not null references app.companies,
  email text not null,
  -- A request for a product that is deleted has nothing left to wait for.
  product_code text not null references app.products on update cascade on delete cascade,
  shop_id int not null references app.shops on delete cascade,
  -- The language the customer asked in (the e-mail is written in it); default: the shop's.
  language_code text not null references app.languages,
  requested_on date not null default current_date,
  notification_sent boolean not null default false,
  -- Set when notification_sent is ticked (today unless given), cleared when unticked.
  notified_on date,
  row_version int not null default 1
);
alter table app.arrival_notifications add constraint email_format check (email ~ '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$');
alter table app.arrival_notifications add constraint notified_after_requested check (notified_on is null or notified_on >= requested_on);
-- One waiting request per customer, product and shop (a customer told may ask again later).
create unique index arrival_notifications_waiting on app.arrival_notifications (email, product_code, shop_id) where not notification_sent;
create index arrival_notifications_company on app.arrival_notifications (company_code, requested_on desc);
create index arrival_notifications_product on app.arrival_notifications (product_code);

-- ---- Carts --------------------------------------------------------------------------------
-- Every storefront cart; the abandoned ones are a view. The customer is known by e-mail, by
-- partner once signed in, or not at all (no reminder can be sent then).
create table app.carts (
  cart_id serial primary key,
  company_code text not null references app.companies,
  shop_id int not null references app.shops on delete cascade,
  language_code text not null references app.languages,
  partner_id int references app.partners on delete set null,
  email text not null default '',
  created_at timestamptz not null default now(),
  -- The customer's last change: stamped by every write of the cart's items (trigger below),
  -- not by staff ticking reminder_sent.
  updated_at timestamptz not null default now(),
  reminder_sent boolean not null default false,
  reminded_at timestamptz,
  -- The order the cart became (the storefront's checkout, or staff recording a recovery);
  -- checked_out_at is stamped with it.
  order_id int unique references app.sales_orders on delete set null,
  checked_out_at timestamptz,
  row_version int not null default 1
);
alter table app.carts add constraint email_format check (email = '' or email ~ '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$');
create index carts_company_updated on app.carts (company_code, updated_at desc);
create index carts_partner on app.carts (partner_id);

create table app.cart_items (
  item_id serial primary key,
  cart_id int not null references app.carts on delete cascade,
  product_code text not null references app.products on update cascade on delete cascade,
  quantity numeric(14, 3) not null,
  -- Net price of one unit in the shop's currency when added (default: the product's selling price, converted).
  unit_price numeric(14, 4) not null,
  -- The product's VAT when added.
  vat_rate numeric(5, 2) not null,
  added_at timestamptz not null default now(),
  row_version int not null default 1,
  unique (cart_id, product_code)
);
alter table app.cart_items add constraint quantity_positive check (quantity > 0);
alter table app.cart_items add constraint unit_price_not_negative check (unit_price >= 0);
create index cart_items_product on app.cart_items (product_code);

-- ---- Newsletter subscribers ----------------------------------------------------------------
create table app.newsletter_subscribers (
  subscriber_id serial primary key,
  company_code text not null references app.companies,
  -- email first: a duplicate is said as "E-mail already exists".
  email text not null,
  shop_id int not null references app.shops on delete cascade,
  first_name text not null default '',
  last_name text not null default '',
  language_code text not null references app.languages,
  subscribed_on date not null default current_date,
  -- Double opt-in: the subscriber clicked the link of the confirmation e-mail.
  confirmed boolean not null default false,
  unsubscribed_on date,
  row_version int not null default 1,
  unique (email, shop_id)
);
alter table app.newsletter_subscribers add constraint email_format check (email ~ '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$');
alter table app.newsletter_subscribers add constraint unsubscribed_after_subscribed check (unsubscribed_on is null or unsubscribed_on >= subscribed_on);
create index newsletter_subscribers_company on app.newsletter_subscribers (company_code, subscribed_on desc);

-- ---- Rules of the rows, whoever writes them --------------------------------------------------
create function app.sales_list_before_write() returns trigger language plpgsql as $$
begin
  if tg_op = 'UPDATE' and new.company_code is distinct from old.company_code then
    raise exception 'a row keeps its company' using errcode = '23514', constraint = 'sales_list_company';
  end if;
  new.email := lower(btrim(new.email));
  if new.language_code is null then
    select language_code into new.language_code from app.shops where shop_id = new.shop_id;
  end if;
  if tg_table_name = 'arrival_notifications' then
    if not new.notification_sent then
      new.notified_on := null;
    elsif new.notified_on is null then
      new.notified_on := current_date;
    end if;
    perform app.check_sales_list_row(new.company_code, new.shop_id, new.language_code, new.product_code, null, null);
  elsif tg_table_name = 'carts' then
    if not new.reminder_sent then
      new.reminded_at := null;
    elsif new.reminded_at is null then
      new.reminded_at := now();
    end if;
    if new.order_id is null then
      new.checked_out_at := null;
    elsif new.checked_out_at is null
       or (tg_op = 'UPDATE' and new.order_id is distinct from old.order_id and new.checked_out_at is not distinct from old.checked_out_at) then
      new.checked_out_at := now();
    end if;
    perform app.check_sales_list_row(new.company_code, new.shop_id, new.language_code, null, new.partner_id, new.order_id);
  else
    perform app.check_sales_list_row(new.company_code, new.shop_id, new.language_code, null, null, null);
  end if;
  return new;
end $$;
create trigger arrival_notifications_before_write before insert or update on app.arrival_notifications
  for each row execute function app.sales_list_before_write();
create trigger carts_before_write before insert or update on app.carts
  for each row execute function app.sales_list_before_write();
create trigger newsletter_subscribers_before_write before insert or update on app.newsletter_subscribers
  for each row execute function app.sales_list_before_write();

-- An item: a product of the cart's company, its price (converted into the shop's currency)
-- and VAT from the product when not given; an item stays in its cart.
create function app.cart_items_before_write() returns trigger language plpgsql as $$
declare
  c record;
begin
  if tg_op = 'UPDATE' and new.cart_id is distinct from old.cart_id then
    raise exception 'an item stays in its cart' using errcode = '23514', constraint = 'sales_list_company';
  end if;
  select ca.company_code, s.currency_code into c from app.carts ca join app.shops s on s.shop_id = ca.shop_id where ca.cart_id = new.cart_id;
  if not exists (select 1 from app.products where product_code = new.product_code and company_code = c.company_code) then
    raise exception 'the product is not the cart company''s' using errcode = '23514', constraint = 'sales_list_company';
  end if;
  if new.vat_rate is null then
    select coalesce(v.vat_rate, 0) into new.vat_rate from app.products p left join app.vats v on v.vat_id = p.vat_id where p.product_code = new.product_code;
  end if;
  if new.unit_price is null then
    select round(coalesce(p.selling_price_shop, 0) / coalesce(r.rate, 1), 4) into new.unit_price
    from app.products p left join app.company_currency_rates r on r.company_code = c.company_code and r.currency_code = c.currency_code
    where p.product_code = new.product_code;
  end if;
  return new;
end $$;
create trigger cart_items_before_write before insert or update on app.cart_items
  for each row execute function app.cart_items_before_write();

-- The customer changed the cart: its items' writes stamp the cart (not its row_version: staff
-- editing the cart's reminder meanwhile is no conflict).
create function app.cart_items_touch_cart() returns trigger language plpgsql as $$
begin
  update app.carts set updated_at = now() where cart_id in (select cart_id from changed);
  return null;
end $$;
create trigger cart_items_touch_cart_insert after insert on app.cart_items
  referencing new table as changed for each statement execute function app.cart_items_touch_cart();
create trigger cart_items_touch_cart_update after update on app.cart_items
  referencing new table as changed for each statement execute function app.cart_items_touch_cart();
create trigger cart_items_touch_cart_delete after delete on app.cart_items
  referencing old table as changed for each statement execute function app.cart_items_touch_cart();

-- ---- Views --------------------------------------------------------------------------------

-- A request with the product's free stock now (v_stock_free_and_reserved, migration 038):
-- in_stock and not yet notified is the list of e-mails to send.
create view app.v_arrival_notifications as
select n.notification_id, n.company_code, n.email, n.product_code, f.product_name, n.shop_id, n.language_code, n.requested_on,
       f.free_qty, f.free_qty > 0 as in_stock, n.notification_sent, n.notified_on, n.row_version
from app.arrival_notifications n
join app.v_stock_free_and_reserved f on f.product_code = n.product_code;

-- A cart item's amounts in the shop's currency, each rounded to its digits once (as an
-- order's lines, v_sales_order_items): net = quantity × unit price, VAT = net × rate.
create view app.v_cart_items as
select it.item_id, it.cart_id, c.company_code, it.product_code, p.product_name, it.quantity, it.unit_price, it.vat_rate,
       a.net_amount, a.vat_amount, a.net_amount + a.vat_amount as gross_amount, s.currency_code, it.added_at, it.row_version
from app.cart_items it
join app.carts c on c.cart_id = it.cart_id
join app.shops s on s.shop_id = c.shop_id
join app.currencies cu on cu.currency_code = s.currency_code
join app.products p on p.product_code = it.product_code
cross join lateral (select round(it.quantity * it.unit_price, cu.currency_precision) as net_amount) n
cross join lateral (select n.net_amount, round(n.net_amount * it.vat_rate / 100, cu.currency_precision) as vat_amount) a;

-- Abandoned: the customer left the cart for at least an hour before checking out, or never
-- did. A cart checked out later (after a reminder, or recorded by staff) stays listed as
-- recovered; one checked out within the hour was a sale, not an abandoned cart. The value is
-- the rounded gross lines added up, in the shop's currency.
create view app.v_abandoned_carts as
select c.cart_id, c.company_code, c.created_at, c.updated_at, c.email, c.partner_id, pa.partner_name, c.shop_id, c.language_code,
       coalesce(t.item_count, 0) as item_count, coalesce(t.cart_value, 0) as cart_value, s.currency_code,
       c.reminder_sent, c.reminded_at, c.order_id, o.fsm_reference, c.order_id is not null as recovered, c.checked_out_at, c.row_version
from app.carts c
join app.shops s on s.shop_id = c.shop_id
left join app.partners pa on pa.partner_id = c.partner_id
left join app.sales_orders o on o.order_id = c.order_id
left join lateral (select count(*)::int as item_count, sum(x.gross_amount) as cart_value from app.v_cart_items x where x.cart_id = c.cart_id) t on true
where coalesce(c.checked_out_at, now()) - c.updated_at >= interval '1 hour';

-- Goods sales is waiting for, per product. The stock goes to the open orders (not final,
-- not deleted) oldest first (opened_on, order, item); an item needs what its share leaves
-- uncovered, and an item of an order the workflow put in waiting_for_goods needs its whole
-- quantity. waiting_orders and oldest_order_on count the orders with a need. Until purchase
-- orders exist (a later issue: they will give the expected date and quantity of the next
-- delivery), the expected arrival is the oldest need's date plus the product's purchase
-- time (else its delivery time): the goods were ordered when the first order came to wait.
create view app.v_arriving_goods as
with open_items as (
  select o.company_code, it.product_code, o.order_id, o.opened_on, it.quantity, s.state_code = 'waiting_for_goods' as waiting,
         sum(it.quantity) over (partition by o.company_code, it.product_code order by o.opened_on, o.order_id, it.item_id) as upto,
         sum(it.quantity) over (partition by o.company_code, it.product_code) as reserved_qty
  from app.sales_order_items it
  join app.sales_orders o on o.order_id = it.order_id
  join app.fsm_instances i on i.fsm_instance_id = o.fsm_instance_id
  join app.fsm_states s on s.state_id = i.state_id
  where not s.final_state and not o.deleted
), needs as (
  select x.company_code, x.product_code, x.order_id, x.opened_on, x.reserved_qty,
         case when x.waiting then x.quantity else greatest(x.quantity - greatest(p.stock_qty - (x.upto - x.quantity), 0), 0) end as needed_qty
  from open_items x
  join app.products p on p.product_code = x.product_code
)
select n.product_code, n.company_code, p.product_name, sum(n.needed_qty) as needed_qty, count(distinct n.order_id)::int as waiting_orders,
       min(n.opened_on) as oldest_order_on, p.stock_qty, p.stock_qty - max(n.reserved_qty) as free_qty, p.order_qty,
       coalesce(p.purchase_time, p.delivery_time) as purchase_time, min(n.opened_on) + coalesce(p.purchase_time, p.delivery_time) as expected_on
from needs n
join app.products p on p.product_code = n.product_code
where n.needed_qty > 0
group by n.company_code, n.product_code, p.product_name, p.stock_qty, p.order_qty, p.purchase_time, p.delivery_time;
