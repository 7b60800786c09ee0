-- Sales orders (spec §3 "Order", issue 22): a company's order from a partner, moved by its
-- `sales_order` workflow instance (035), with items priced in the order's currency. Money
-- and stock stay consistent in SQL: the totals are computed from the items (never stored),
-- the reserved stock from the items of open orders (not in a final state, not deleted), so
-- a cancelled order frees its reservation the moment the workflow cancels it.

create table app.sales_orders (
  order_id serial primary key,
  company_code text not null references app.companies,
  -- SO-<year>-<order_id>: set on insert, unique (order_id is).
  fsm_reference text not null default '',
  -- Created with the order (trigger below) in the type's initial state; never changed.
  fsm_instance_id bigint not null unique references app.fsm_instances,
  partner_id int not null references app.partners,
  email text not null default '',
  -- The shop the order came through (default: the company's first), its currency the order's.
  shop_id int not null references app.shops,
  pm_id int references app.payment_methods,
  dm_id int references app.delivery_methods,
  opened_on date not null default current_date,
  currency_code text not null references app.currencies,
  tracking_number text not null default '',
  valid_until date,
  deleted boolean not null default false,
  notification_sent boolean not null default false,
  ks_order_id text not null default '',
  ks_invoice_no text not null default '',
  ks_customer_id text not null default '',
  row_version int not null default 1,
  unique (company_code, fsm_reference)
);
create index sales_orders_company_opened on app.sales_orders (company_code, opened_on desc);
create index sales_orders_partner on app.sales_orders (partner_id);

create table app.sales_order_items (
  item_id serial primary key,
  order_id int not null references app.sales_orders on delete cascade,
  product_code text not null references app.products on update cascade,
  quantity numeric(14, 3) not null,
  -- Net price of one unit in the order's currency (default: the product's selling price, converted).
  unit_price numeric(14, 4) not null,
  discount_percent numeric(5, 2) not null default 0,
  -- The product's VAT when the item was added: a later change of the product's VAT leaves the order as sold.
  vat_rate numeric(5, 2) not null,
  row_version int not null default 1
);
alter table app.sales_order_items add constraint quantity_positive check (quantity > 0);
alter table app.sales_order_items add constraint discount_range check (discount_percent >= 0 and discount_percent <= 100);
alter table app.sales_order_items add constraint unit_price_not_negative check (unit_price >= 0);
create index sales_order_items_order on app.sales_order_items (order_id);
create index sales_order_items_product on app.sales_order_items (product_code);

-- A new order: its workflow instance, its shop and currency when not given, its number; the
-- partner, shop and methods must be the order's company's (the write engine refuses another
-- company's first, as foreign_reference; this is the rule for every other writer).
create function app.sales_orders_before_write() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    if new.shop_id is null then
      select shop_id into new.shop_id from app.shops where company_code = new.company_code order by shop_id limit 1;
    end if;
    if new.currency_code is null then
      select coalesce(s.currency_code, c.currency_code) into new.currency_code
      from app.companies c left join app.shops s on s.shop_id = new.shop_id where c.company_code = new.company_code;
    end if;
    if new.fsm_instance_id is null then
      new.fsm_instance_id := app.fsm_create('sales_order', new.company_code, null, now());
    end if;
    new.fsm_reference := 'SO-' || extract(year from new.opened_on)::int || '-' || lpad(new.order_id::text, 6, '0');
  elsif new.fsm_instance_id is distinct from old.fsm_instance_id or new.company_code is distinct from old.company_code then
    raise exception 'an order keeps its company and workflow instance' using errcode = '23514', constraint = 'sales_order_fixed';
  end if;
  if not exists (select 1 from app.partners where partner_id = new.partner_id and company_code = new.company_code)
     or not exists (select 1 from app.shops where shop_id = new.shop_id and company_code = new.company_code)
     or (new.pm_id is not null and not exists (select 1 from app.payment_methods where pm_id = new.pm_id and company_code = new.company_code))
     or (new.dm_id is not null and not exists (select 1 from app.delivery_methods where dm_id = new.dm_id and company_code = new.company_code))
     or not exists (select 1 from app.fsm_instances where fsm_instance_id = new.fsm_instance_id and company_code = new.company_code and type_code = 'sales_order') then
    raise exception 'the partner, shop, methods and workflow of an order are its company''s' using errcode = '23514', constraint = 'sales_order_company';
  end if;
  return new;
end $$;
create trigger sales_orders_before_write before insert or update on app.sales_orders
  for each row execute function app.sales_orders_before_write();

-- An item: a product of the order's company; its price and VAT from the product when not
-- given; an order in a final state (delivered, cancelled) keeps its items as they were.
create function app.sales_order_items_before_write() returns trigger language plpgsql as $$
declare
  o record;
begin
  select so.company_code, so.currency_code, st.final_state into o
  from app.sales_orders so join app.fsm_instances i on i.fsm_instance_id = so.fsm_instance_id join app.fsm_states st on st.state_id = i.state_id
  where so.order_id = case when tg_op = 'DELETE' then old.order_id else new.order_id end;
  if o.final_state then
    raise exception 'the order is closed: its items cannot change' using errcode = '23514', constraint = 'sales_order_closed';
  end if;
  if tg_op = 'DELETE' then
    return old;
  end if;
  if tg_op = 'UPDATE' and new.order_id is distinct from old.order_id then
    raise exception 'an item stays on its order' using errcode = '23514', constraint = 'sales_order_fixed';
  end if;
  if not exists (select 1 from app.products where product_code = new.product_code and company_code = o.company_code) then
    raise exception 'the product is not the order company''s' using errcode = '23514', constraint = 'sales_order_company';
  end if;
  if tg_op = 'INSERT' or new.product_code is distinct from old.product_code then
    if new.vat_rate is null or tg_op = 'UPDATE' then
      select coalesce(v.vat_rate, 0) into new.vat_rate from app.products p left join app.vats v on v.vat_id = p.vat_id where p.product_code = new.product_code;
    end if;
    if new.unit_price is null then
      select round(coalesce(p.selling_price_shop, 0) / coalesce(r.rate, 1), 4) into new.unit_price
      from app.products p left join app.company_currency_rates r on r.company_code = o.company_code and r.currency_code = o.currency_code
      where p.product_code = new.product_code;
    end if;
  end if;
  return new;
end $$;
create trigger sales_order_items_before_write before insert or update or delete on app.sales_order_items
  for each row execute function app.sales_order_items_before_write();

-- An item's amounts in its order's currency, each rounded to the currency's digits once:
-- net = quantity × unit price × (1 − discount), VAT = net × rate; an order's totals add the
-- rounded lines, so the lines printed on a document add up to its total.
create view app.v_sales_order_items as
select it.item_id, it.order_id, o.company_code, it.product_code, p.product_name, it.quantity, it.unit_price, it.discount_percent, it.vat_rate,
       a.net_amount, a.vat_amount, a.net_amount + a.vat_amount as gross_amount, o.currency_code, it.row_version
from app.sales_order_items it
join app.sales_orders o on o.order_id = it.order_id
join app.currencies c on c.currency_code = o.currency_code
join app.products p on p.product_code = it.product_code
cross join lateral (select round(it.quantity * it.unit_price * (100 - it.discount_percent) / 100, c.currency_precision) as net_amount) n
cross join lateral (select n.net_amount, round(n.net_amount * it.vat_rate / 100, c.currency_precision) as vat_amount) a;

create view app.v_sales_orders as
select o.order_id, o.company_code, o.fsm_reference, o.fsm_instance_id, app.fsm_actions(i.state_id) as fsm_actions,
       s.state_code, s.state_names, s.final_state, o.partner_id, pa.partner_name, o.email, o.shop_id, o.pm_id, pm.pm_names, o.dm_id, dm.dm_names,
       o.opened_on, o.currency_code, coalesce(t.total_net, 0) as total_net, coalesce(t.total_vat, 0) as total_vat,
       coalesce(t.total_net + t.total_vat, 0) as total, o.tracking_number, o.ks_order_id, o.ks_invoice_no, o.ks_customer_id,
       o.valid_until, o.deleted, o.notification_sent, o.row_version
from app.sales_orders o
join app.fsm_instances i on i.fsm_instance_id = o.fsm_instance_id
join app.fsm_states s on s.state_id = i.state_id
join app.partners pa on pa.partner_id = o.partner_id
left join app.payment_methods pm on pm.pm_id = o.pm_id
left join app.delivery_methods dm on dm.dm_id = o.dm_id
left join lateral (
  select sum(x.net_amount) as total_net, sum(x.vat_amount) as total_vat from app.v_sales_order_items x where x.order_id = o.order_id
) t on true;

-- Stock reserved by open orders: items of orders not deleted whose workflow is not in a
-- final state (delivered goods have left the stock, a cancelled order reserves nothing).
create view app.v_stock_reserved as
select it.product_code, o.company_code, sum(it.quantity) as reserved_qty
from app.sales_order_items it
join app.sales_orders o on o.order_id = it.order_id
join app.fsm_instances i on i.fsm_instance_id = o.fsm_instance_id
join app.fsm_states s on s.state_id = i.state_id
where not s.final_state and not o.deleted
group by it.product_code, o.company_code;

create view app.v_stock_free_and_reserved as
select p.product_code, p.company_code, p.product_name, p.stock_qty, coalesce(r.reserved_qty, 0) as reserved_qty,
       p.stock_qty - coalesce(r.reserved_qty, 0) as free_qty, p.order_qty
from app.products p
left join app.v_stock_reserved r on r.product_code = p.product_code;
