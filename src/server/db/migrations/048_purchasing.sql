-- Purchasing (issue 23, spec §3 "Purchase order", "PO related cost"): who supplies a product
-- at what price and lead time, purchase orders to suppliers on the `purchase_order`
-- workflow (035), their lines, documents and related costs, and receipts onto storages —
-- each receipt writing its stock movement (047) in its own transaction, at the line's
-- landed cost: the unit price plus its share of the order's related costs (by line value),
-- converted into the company currency with the company's rates (amount × rate(from) /
-- rate(to), spec §9).

create table app.product_suppliers (
  product_supplier_id serial primary key,
  company_code text not null references app.companies,
  product_code text not null references app.products on update cascade on delete cascade,
  partner_id int not null references app.partners,
  supplier_product_code text not null default '',
  -- One unit's price in the supplier's currency.
  purchase_price numeric(14, 4) not null,
  currency_code text not null references app.currencies,
  lead_time_days int not null default 14,
  min_order_qty numeric(14, 3) not null default 1,
  -- The supplier goods to order proposes (one per product; else the cheapest).
  is_default boolean not null default false,
  row_version int not null default 1,
  unique (product_code, partner_id),
  constraint unit_price_not_negative check (purchase_price >= 0),
  constraint lead_time_range check (lead_time_days between 0 and 365),
  constraint min_order_qty_positive check (min_order_qty > 0)
);
create unique index product_suppliers_one_default on app.product_suppliers (product_code) where is_default;
create index product_suppliers_partner on app.product_suppliers (partner_id);

create function app.product_suppliers_before_write() returns trigger language plpgsql as $$
begin
  if not exists (select 1 from app.products where product_code = new.product_code and company_code = new.company_code)
     or not exists (select 1 from app.partners where partner_id = new.partner_id and company_code = new.company_code and is_supplier) then
    raise exception 'the product and the supplier must be the company''s, the partner a supplier' using errcode = '23514', constraint = 'purchase_order_supplier';
  end if;
  -- Ticking a default unticks the product's other one.
  if new.is_default and (tg_op = 'INSERT' or not old.is_default) then
    update app.product_suppliers set is_default = false, row_version = row_version + 1
    where product_code = new.product_code and is_default and product_supplier_id is distinct from new.product_supplier_id;
  end if;
  return new;
end $$;
create trigger product_suppliers_before_write before insert or update on app.product_suppliers
  for each row execute function app.product_suppliers_before_write();

create table app.purchase_orders (
  po_id serial primary key,
  company_code text not null references app.companies,
  -- PO-<year>-<po_id>: set on insert.
  fsm_reference text not null default '',
  fsm_instance_id bigint not null unique references app.fsm_instances,
  -- The supplier: a partner of the company marked as supplier (rule purchase_order_supplier).
  partner_id int not null references app.partners,
  currency_code text not null references app.currencies,
  opened_on date not null default current_date,
  external_reference text not null default '',
  -- Estimated departure and arrival, the container and its papers (spec §3).
  etd date,
  eta date,
  container_no text not null default '',
  swb_number text not null default '',
  pol text not null default '',
  pod text not null default '',
  telex_release boolean not null default false,
  comments text not null default '',
  description text not null default '',
  unloaded_on date,
  container_updated_on date,
  row_version int not null default 1,
  unique (company_code, fsm_reference),
  constraint eta_after_etd check (eta is null or etd is null or eta >= etd)
);
create index purchase_orders_company_opened on app.purchase_orders (company_code, opened_on desc);
create index purchase_orders_partner on app.purchase_orders (partner_id);

create table app.purchase_order_items (
  po_item_id serial primary key,
  po_id int not null references app.purchase_orders on delete cascade,
  product_code text not null references app.products on update cascade,
  quantity numeric(14, 3) not null,
  -- One unit's price in the order's currency (default: the product's supplier price, converted).
  unit_price numeric(14, 4) not null,
  row_version int not null default 1,
  constraint quantity_positive check (quantity > 0),
  constraint unit_price_not_negative check (unit_price >= 0)
);
create index purchase_order_items_po on app.purchase_order_items (po_id);
create index purchase_order_items_product on app.purchase_order_items (product_code);

-- Freight, duty, insurance …: spread onto the order's lines by their value.
create table app.purchase_order_costs (
  cost_id serial primary key,
  po_id int not null references app.purchase_orders on delete cascade,
  cost_name text not null check (length(btrim(cost_name)) between 1 and 100),
  cost_amount numeric(14, 4) not null,
  cost_currency_code text not null references app.currencies,
  row_version int not null default 1,
  constraint cost_amount_not_negative check (cost_amount >= 0)
);
create index purchase_order_costs_po on app.purchase_order_costs (po_id);

create table app.purchase_order_documents (
  doc_id serial primary key,
  po_id int not null references app.purchase_orders on delete cascade,
  doc_type text not null default '',
  document_code text not null default '',
  file_name text not null check (length(file_name) between 1 and 255),
  file_description text not null default '',
  content_type text not null,
  size_bytes int not null check (size_bytes >= 0),
  content bytea not null,
  uploaded_by int references app.users on delete set null,
  uploaded_at timestamptz not null default now(),
  row_version int not null default 1
);
create index purchase_order_documents_po on app.purchase_order_documents (po_id);
alter table app.purchase_order_documents add constraint file_extension_kept check (app.file_type_of(file_name) is not distinct from content_type);

-- Receipts: goods of a line put onto a storage. Written once (a wrong receipt is put right
-- by a stock correction), each with its movement.
create table app.purchase_receipts (
  receipt_id serial primary key,
  -- The order (from the line when not given; the detail grid of an arriving shipment names it).
  po_id int not null references app.purchase_orders,
  po_item_id int not null references app.purchase_order_items,
  storage_id int not null references app.storages,
  quantity numeric(14, 3) not null,
  received_at timestamptz not null default now(),
  user_id int references app.users on delete set null,
  row_version int not null default 1,
  constraint quantity_positive check (quantity > 0)
);
create index purchase_receipts_item on app.purchase_receipts (po_item_id);

-- A state of the order where goods may arrive.
create function app.po_receivable(p_state_code text) returns boolean language sql immutable as $$
  select p_state_code in ('ordered', 'confirmed', 'in_transit')
$$;

create function app.purchase_orders_before_write() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    if new.currency_code is null then
      select currency_code into new.currency_code from app.companies where company_code = new.company_code;
    end if;
    if new.fsm_instance_id is null then
      new.fsm_instance_id := app.fsm_create('purchase_order', new.company_code, null, now());
    end if;
    new.fsm_reference := 'PO-' || extract(year from new.opened_on)::int || '-' || lpad(new.po_id::text, 6, '0');
  elsif new.fsm_instance_id is distinct from old.fsm_instance_id or new.company_code is distinct from old.company_code then
    raise exception 'a purchase order keeps its company and workflow instance' using errcode = '23514', constraint = 'purchase_order_fixed';
  end if;
  if not exists (select 1 from app.partners where partner_id = new.partner_id and company_code = new.company_code and is_supplier) then
    raise exception 'the supplier must be a supplier of the order''s company' using errcode = '23514', constraint = 'purchase_order_supplier';
  end if;
  if not exists (select 1 from app.fsm_instances where fsm_instance_id = new.fsm_instance_id and company_code = new.company_code and type_code = 'purchase_order') then
    raise exception 'the workflow instance must be the order''s company''s' using errcode = '23514', constraint = 'purchase_order_fixed';
  end if;
  return new;
end $$;
create trigger purchase_orders_before_write before insert or update on app.purchase_orders
  for each row execute function app.purchase_orders_before_write();

-- The order's state: lines and costs change only while it is a draft or ordered (not once
-- the supplier confirmed, nor when closed).
create function app.po_state(p_po int) returns text language sql stable as $$
  select s.state_code from app.purchase_orders o join app.fsm_instances i on i.fsm_instance_id = o.fsm_instance_id
  join app.fsm_states s on s.state_id = i.state_id where o.po_id = p_po
$$;

create function app.purchase_order_lines_before_write() returns trigger language plpgsql as $$
declare
  j jsonb := to_jsonb(case when tg_op = 'DELETE' then old else new end);
  o record;
begin
  select po.company_code, po.currency_code, po.partner_id, app.po_state(po.po_id) as state_code into o
  from app.purchase_orders po where po.po_id = (j ->> 'po_id')::int;
  if tg_op = 'UPDATE' and (to_jsonb(old) ->> 'po_id') is distinct from (j ->> 'po_id') then
    raise exception 'a line stays on its order' using errcode = '23514', constraint = 'purchase_order_fixed';
  end if;
  if o.state_code not in ('draft', 'ordered') and (tg_table_name = 'purchase_order_items' or o.state_code in ('received', 'cancelled')) then
    raise exception 'the purchase order is confirmed or closed: its lines cannot change' using errcode = '23514', constraint = 'purchase_order_closed';
  end if;
  if tg_op = 'DELETE' then
    return old;
  end if;
  if tg_table_name = 'purchase_order_items' then
    if not exists (select 1 from app.products where product_code = new.product_code and company_code = o.company_code) then
      raise exception 'the product is not the order company''s' using errcode = '23514', constraint = 'purchase_order_company';
    end if;
    if new.unit_price is null then
      select round(coalesce(ps.purchase_price * rf.rate / rt.rate, p.purchase_price_base / rt.rate, 0), 4) into new.unit_price
      from app.products p
      left join app.product_suppliers ps on ps.product_code = p.product_code and ps.partner_id = o.partner_id
      left join app.company_currency_rates rf on rf.company_code = o.company_code and rf.currency_code = ps.currency_code
      left join app.company_currency_rates rt on rt.company_code = o.company_code and rt.currency_code = o.currency_code
      where p.product_code = new.product_code;
    end if;
  end if;
  return new;
end $$;
create trigger purchase_order_items_before_write before insert or update or delete on app.purchase_order_items
  for each row execute function app.purchase_order_lines_before_write();
create trigger purchase_order_costs_before_write before insert or update or delete on app.purchase_order_costs
  for each row execute function app.purchase_order_lines_before_write();

create function app.purchase_order_documents_fixed() returns trigger language plpgsql as $$
begin
  if new.po_id is distinct from old.po_id then
    raise exception 'a document stays on its order' using errcode = '23514', constraint = 'purchase_order_fixed';
  end if;
  return new;
end $$;
create trigger purchase_order_documents_fixed before update on app.purchase_order_documents
  for each row execute function app.purchase_order_documents_fixed();

-- Costs in the order's currency: amount × rate(cost currency) / rate(order currency); a
-- missing rate leaves the amount as it is (spec §5).
create view app.v_purchase_order_costs as
select c.cost_id, c.po_id, o.company_code, c.cost_name, c.cost_amount, c.cost_currency_code,
       rf.rate as cost_currency_rate, round(c.cost_amount * coalesce(rf.rate / rt.rate, 1), 4) as cost_converted_amount,
       o.currency_code, c.row_version
from app.purchase_order_costs c
join app.purchase_orders o on o.po_id = c.po_id
left join app.company_currency_rates rf on rf.company_code = o.company_code and rf.currency_code = c.cost_currency_code
left join app.company_currency_rates rt on rt.company_code = o.company_code and rt.currency_code = o.currency_code;

-- A line with what arrived and its landed cost: its value's share of the order's converted
-- costs added per unit, in the order's currency and in the company currency.
create view app.v_purchase_order_items as
select it.po_item_id, it.po_id, o.company_code, o.fsm_reference, it.product_code, p.product_name, it.quantity, it.unit_price,
       round(it.quantity * it.unit_price, 2) as line_value, o.currency_code,
       coalesce(r.received_qty, 0) as received_qty, greatest(it.quantity - coalesce(r.received_qty, 0), 0) as open_qty,
       round(case when v.order_value > 0 then coalesce(c.costs, 0) * (it.quantity * it.unit_price) / v.order_value else 0 end, 4) as cost_share,
       round(it.unit_price + case when v.order_value > 0 then coalesce(c.costs, 0) * it.unit_price / v.order_value else 0 end, 4) as landed_unit_cost,
       round((it.unit_price + case when v.order_value > 0 then coalesce(c.costs, 0) * it.unit_price / v.order_value else 0 end) * coalesce(rt.rate, 1), 4) as landed_unit_cost_company,
       it.row_version
from app.purchase_order_items it
join app.purchase_orders o on o.po_id = it.po_id
join app.products p on p.product_code = it.product_code
left join app.company_currency_rates rt on rt.company_code = o.company_code and rt.currency_code = o.currency_code
left join lateral (select sum(x.quantity * x.unit_price) as order_value from app.purchase_order_items x where x.po_id = it.po_id) v on true
left join lateral (select sum(k.cost_converted_amount) as costs from app.v_purchase_order_costs k where k.po_id = it.po_id) c on true
left join lateral (select sum(rc.quantity) as received_qty from app.purchase_receipts rc where rc.po_item_id = it.po_item_id) r on true;

-- A receipt: the order must be where goods may arrive, the storage the order company's, no
-- more than ordered; the movement carries the landed cost, the product's purchase price
-- becomes the moving average of stock and receipt; a fully received order moves to
-- 'received' through its workflow (the history says who).
create function app.purchase_receipts_before_write() returns trigger language plpgsql as $$
declare
  l record;
begin
  if tg_op <> 'INSERT' then
    raise exception 'a receipt is never changed: a stock correction puts it right' using errcode = '23514', constraint = 'stock_ledger_append_only';
  end if;
  new.user_id := coalesce(new.user_id, nullif(current_setting('app.user_id', true), '')::int);
  if new.po_id is null then
    select po_id into new.po_id from app.purchase_order_items where po_item_id = new.po_item_id;
  elsif not exists (select 1 from app.purchase_order_items where po_item_id = new.po_item_id and po_id = new.po_id) then
    raise exception 'the line is another order''s' using errcode = '23514', constraint = 'purchase_order_fixed';
  end if;
  -- The line locked first: two receipts of one line at once are counted one after the other.
  perform 1 from app.purchase_order_items where po_item_id = new.po_item_id for update;
  select i.company_code, i.quantity, i.received_qty, app.po_state(i.po_id) as state_code into l
  from app.v_purchase_order_items i where i.po_item_id = new.po_item_id;
  if not app.po_receivable(l.state_code) then
    raise exception 'goods arrive only on an ordered, confirmed or dispatched order' using errcode = '23514', constraint = 'purchase_order_not_receivable';
  end if;
  if not exists (select 1 from app.storages where storage_id = new.storage_id and company_code = l.company_code) then
    raise exception 'the storage is another company''s' using errcode = '23514', constraint = 'stock_company';
  end if;
  if l.received_qty + new.quantity > l.quantity then
    raise exception 'more than ordered' using errcode = '23514', constraint = 'receipt_over_ordered';
  end if;
  return new;
end $$;
create trigger purchase_receipts_before_write before insert or update or delete on app.purchase_receipts
  for each row execute function app.purchase_receipts_before_write();

create function app.purchase_receipts_move() returns trigger language plpgsql as $$
declare
  po record;
  t int;
begin
  -- The purchase price: moving average of the stock on hand and what arrives, at landed cost.
  perform set_config('app.stock_ledger', 'on', true);
  update app.products p set purchase_price_base = round((greatest(p.stock_qty, 0) * coalesce(p.purchase_price_base, a.cost) + a.qty * a.cost) / nullif(greatest(p.stock_qty, 0) + a.qty, 0), 4)
  from (
    select i.product_code, sum(r.quantity) as qty, sum(r.quantity * i.landed_unit_cost_company) / sum(r.quantity) as cost
    from new_rows r join app.v_purchase_order_items i on i.po_item_id = r.po_item_id group by i.product_code
  ) a
  where p.product_code = a.product_code;
  perform set_config('app.stock_ledger', '', true);
  insert into app.stock_movements (company_code, product_code, storage_id, quantity, kind, doc_id, unit_cost, user_id, moved_at)
  select i.company_code, i.product_code, r.storage_id, r.quantity, 'receipt', r.receipt_id, i.landed_unit_cost_company, r.user_id, r.received_at
  from new_rows r join app.v_purchase_order_items i on i.po_item_id = r.po_item_id;
  for po in
    select o.po_id, o.fsm_instance_id, i2.state_id from app.purchase_orders o join app.fsm_instances i2 on i2.fsm_instance_id = o.fsm_instance_id
    where o.po_id in (select it.po_id from new_rows r join app.purchase_order_items it on it.po_item_id = r.po_item_id)
      and not exists (select 1 from app.v_purchase_order_items v where v.po_id = o.po_id and v.open_qty > 0)
  loop
    select tr.transition_id into t from app.fsm_transitions tr where tr.type_code = 'purchase_order' and tr.event_code = 'receive' and tr.from_state_id = po.state_id;
    if t is not null then
      perform app.fsm_move(po.fsm_instance_id, t, nullif(current_setting('app.user_id', true), '')::int, '{}'::jsonb, now());
    end if;
  end loop;
  return null;
end $$;
create trigger purchase_receipts_move after insert on app.purchase_receipts
  referencing new table as new_rows for each statement execute function app.purchase_receipts_move();

create view app.v_purchase_orders as
select o.po_id, o.company_code, o.fsm_reference, o.fsm_instance_id, app.fsm_actions(i.state_id) as fsm_actions,
       s.state_code, s.state_names, s.final_state, o.partner_id, pa.partner_name, o.currency_code, o.opened_on,
       o.external_reference, o.etd, o.eta, o.container_no, o.swb_number, o.pol, o.pod, o.telex_release, o.comments, o.description,
       o.unloaded_on, o.container_updated_on,
       coalesce(t.order_value, 0) as order_value, coalesce(t.costs, 0) as costs_total, coalesce(t.order_value, 0) + coalesce(t.costs, 0) as landed_total,
       coalesce(t.quantity, 0) as quantity, coalesce(t.received_qty, 0) as received_qty, o.row_version
from app.purchase_orders o
join app.fsm_instances i on i.fsm_instance_id = o.fsm_instance_id
join app.fsm_states s on s.state_id = i.state_id
join app.partners pa on pa.partner_id = o.partner_id
left join lateral (
  select sum(x.line_value) as order_value, sum(x.quantity) as quantity, sum(x.received_qty) as received_qty,
         (select sum(k.cost_converted_amount) from app.v_purchase_order_costs k where k.po_id = o.po_id) as costs
  from app.v_purchase_order_items x where x.po_id = o.po_id
) t on true;

create view app.v_purchase_order_documents as
select d.doc_id, d.po_id, o.company_code, d.doc_type, d.document_code, d.file_name, d.file_description, d.content_type, d.size_bytes,
       d.uploaded_by, coalesce(u.user_name, '') as uploaded_by_name, d.uploaded_at, d.row_version
from app.purchase_order_documents d
join app.purchase_orders o on o.po_id = d.po_id
left join app.users u on u.user_id = d.uploaded_by;

create view app.v_purchase_receipts as
select r.receipt_id, r.po_item_id, r.po_id, i.company_code, i.fsm_reference, i.product_code, i.product_name, r.storage_id, st.storage_code,
       r.quantity, r.received_at, r.user_id, coalesce(u.user_name, '') as user_name, r.row_version
from app.purchase_receipts r
join app.v_purchase_order_items i on i.po_item_id = r.po_item_id
join app.storages st on st.storage_id = r.storage_id
left join app.users u on u.user_id = r.user_id;

create view app.v_product_suppliers as
select ps.product_supplier_id, ps.company_code, ps.product_code, p.product_name, ps.partner_id, pa.partner_name, ps.supplier_product_code,
       ps.purchase_price, ps.currency_code, ps.lead_time_days, ps.min_order_qty, ps.is_default, ps.row_version
from app.product_suppliers ps
join app.products p on p.product_code = ps.product_code
join app.partners pa on pa.partner_id = ps.partner_id;

-- Lookup: a product's suppliers, named "supplier · product" (spec §7 product_suppliers_brief).
create view app.v_product_suppliers_brief as
select ps.product_supplier_id, ps.company_code, pa.partner_name || ' · ' || ps.product_code as product_supplier_name, ps.product_code, ps.partner_id
from app.product_suppliers ps join app.partners pa on pa.partner_id = ps.partner_id;

-- The screens' row sets: orders being written, orders whose goods may arrive.
create view app.v_new_purchase_orders as select * from app.v_purchase_orders where state_code = 'draft';
create view app.v_arriving_shipments as select * from app.v_purchase_orders where app.po_receivable(state_code);

-- Lookups: the company's suppliers; purchase order lines by order number and product.
create view app.v_suppliers_brief as
select partner_id, company_code, partner_name from app.partners where is_supplier and not deleted;
create view app.v_po_items_brief as
select it.po_item_id, o.company_code, o.fsm_reference || ' · ' || it.product_code as po_item_name
from app.purchase_order_items it join app.purchase_orders o on o.po_id = it.po_id;
