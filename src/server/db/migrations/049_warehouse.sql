-- Warehouse work (issue 23): pick lists from paid orders (lines on storages in walking
-- order; a line picked writes its movement in the same transaction), and the views of
-- /warehouse/* and /purchasing/goods_to_order. Reserved stock is what open orders still
-- need: their lines less what was picked for them, so a pick moves stock out of on-hand
-- and out of reserved together and free stock (on hand − reserved) does not move.

alter table app.sales_orders add column planned_ship_on date;

create table app.pick_lists (
  pick_list_id serial primary key,
  company_code text not null references app.companies,
  -- PL-<year>-<id>: set on insert.
  pick_list_no text not null default '',
  created_at timestamptz not null default now(),
  created_by int references app.users on delete set null,
  note text not null default '',
  row_version int not null default 1
);
create index pick_lists_company on app.pick_lists (company_code, created_at desc);

create table app.pick_list_items (
  pick_item_id serial primary key,
  pick_list_id int not null references app.pick_lists on delete cascade,
  -- The order line picked for.
  item_id int not null references app.sales_order_items,
  storage_id int not null references app.storages,
  quantity numeric(14, 3) not null,
  picked_qty numeric(14, 3) not null default 0,
  picked_at timestamptz,
  row_version int not null default 1,
  constraint quantity_positive check (quantity > 0),
  constraint pick_over_quantity check (picked_qty >= 0 and picked_qty <= quantity)
);
create index pick_list_items_list on app.pick_list_items (pick_list_id);
create index pick_list_items_item on app.pick_list_items (item_id);

create function app.pick_lists_before_write() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    new.created_by := coalesce(new.created_by, nullif(current_setting('app.user_id', true), '')::int);
    new.pick_list_no := 'PL-' || extract(year from new.created_at)::int || '-' || lpad(new.pick_list_id::text, 6, '0');
  elsif new.company_code is distinct from old.company_code then
    raise exception 'a pick list keeps its company' using errcode = '23514', constraint = 'stock_company';
  end if;
  return new;
end $$;
create trigger pick_lists_before_write before insert or update on app.pick_lists
  for each row execute function app.pick_lists_before_write();

-- A line: for an order line of the list's company, no more than the order line still needs
-- listed; once picking started its order line, storage and quantity stay; a line with
-- picked goods is not removed (the goods left the shelf).
create function app.pick_list_items_before_write() returns trigger language plpgsql as $$
declare
  c text;
  listed numeric;
  need numeric;
begin
  if tg_op = 'DELETE' then
    if old.picked_qty > 0 then
      raise exception 'goods of this line were picked' using errcode = '23514', constraint = 'pick_list_picked';
    end if;
    return old;
  end if;
  select company_code into c from app.pick_lists where pick_list_id = new.pick_list_id;
  if tg_op = 'UPDATE' and (new.pick_list_id, new.item_id) is distinct from (old.pick_list_id, old.item_id) then
    raise exception 'a line stays on its list and order line' using errcode = '23514', constraint = 'pick_list_fixed';
  end if;
  if tg_op = 'UPDATE' and old.picked_qty > 0 and (new.storage_id, new.quantity) is distinct from (old.storage_id, old.quantity) then
    raise exception 'goods of this line were picked' using errcode = '23514', constraint = 'pick_list_picked';
  end if;
  if not exists (select 1 from app.storages where storage_id = new.storage_id and company_code = c)
     or not exists (select 1 from app.sales_order_items it join app.sales_orders o on o.order_id = it.order_id where it.item_id = new.item_id and o.company_code = c) then
    raise exception 'the order line and the storage must be the list''s company''s' using errcode = '23514', constraint = 'stock_company';
  end if;
  if tg_op = 'INSERT' or new.quantity > old.quantity then
    perform 1 from app.sales_order_items where item_id = new.item_id for update;
    select it.quantity into need from app.sales_order_items it where it.item_id = new.item_id;
    select coalesce(sum(x.quantity), 0) into listed from app.pick_list_items x where x.item_id = new.item_id and x.pick_item_id is distinct from new.pick_item_id;
    if listed + new.quantity > need then
      raise exception 'more than the order line needs' using errcode = '23514', constraint = 'pick_over_order';
    end if;
  end if;
  if tg_op = 'UPDATE' and new.picked_qty is distinct from old.picked_qty then
    new.picked_at := case when new.picked_qty > 0 then now() end;
  elsif tg_op = 'INSERT' and new.picked_qty > 0 then
    new.picked_at := coalesce(new.picked_at, now());
  end if;
  return new;
end $$;
create trigger pick_list_items_before_write before insert or update or delete on app.pick_list_items
  for each row execute function app.pick_list_items_before_write();

-- Picked (or put back): the difference leaves (or returns to) the line's storage, at the
-- time it was picked; one movement statement per statement of lines.
create function app.pick_moves(p_lines jsonb) returns void language sql as $$
  insert into app.stock_movements (company_code, product_code, storage_id, quantity, kind, doc_id, user_id, moved_at)
  select o.company_code, it.product_code, l.storage_id, -l.delta, 'pick', l.pick_item_id, nullif(current_setting('app.user_id', true), '')::int, l.picked_at
  from jsonb_to_recordset(p_lines) l(pick_item_id int, item_id int, storage_id int, delta numeric, picked_at timestamptz)
  join app.sales_order_items it on it.item_id = l.item_id join app.sales_orders o on o.order_id = it.order_id
  where l.delta <> 0
$$;
create function app.pick_list_items_inserted() returns trigger language plpgsql as $$
begin
  perform app.pick_moves((select jsonb_agg(jsonb_build_object('pick_item_id', n.pick_item_id, 'item_id', n.item_id, 'storage_id', n.storage_id,
                                                              'delta', n.picked_qty, 'picked_at', coalesce(n.picked_at, now()))) from new_rows n where n.picked_qty <> 0));
  return null;
end $$;
create function app.pick_list_items_updated() returns trigger language plpgsql as $$
begin
  perform app.pick_moves((select jsonb_agg(jsonb_build_object('pick_item_id', n.pick_item_id, 'item_id', n.item_id, 'storage_id', n.storage_id,
                                                              'delta', n.picked_qty - o.picked_qty, 'picked_at', coalesce(n.picked_at, now())))
                          from new_rows n join old_rows o on o.pick_item_id = n.pick_item_id where n.picked_qty <> o.picked_qty));
  return null;
end $$;
create trigger pick_list_items_inserted after insert on app.pick_list_items
  referencing new table as new_rows for each statement execute function app.pick_list_items_inserted();
create trigger pick_list_items_updated after update on app.pick_list_items
  referencing old table as old_rows new table as new_rows for each statement execute function app.pick_list_items_updated();

-- Reserved: open orders' lines (not final, not deleted) less what was picked for them.
create or replace view app.v_stock_reserved as
select it.product_code, o.company_code, sum(greatest(it.quantity - coalesce(pk.picked, 0), 0)) as reserved_qty
from app.sales_order_items it
join app.sales_orders o on o.order_id = it.order_id
join app.fsm_instances i on i.fsm_instance_id = o.fsm_instance_id
join app.fsm_states s on s.state_id = i.state_id
left join lateral (select sum(x.picked_qty) as picked from app.pick_list_items x where x.item_id = it.item_id) pk on true
where not s.final_state and not o.deleted
group by it.product_code, o.company_code;

-- On order: lines of purchase orders not closed, less what arrived.
create view app.v_stock_on_order as
select i.product_code, i.company_code, sum(i.open_qty) as on_order_qty, min(po.eta) as next_eta
from app.v_purchase_order_items i
join app.purchase_orders po on po.po_id = i.po_id
join app.fsm_instances fi on fi.fsm_instance_id = po.fsm_instance_id
join app.fsm_states s on s.state_id = fi.state_id
where not s.final_state and i.open_qty > 0
group by i.product_code, i.company_code;

-- Low stock now reads the ledger, reservations and purchase orders (004 read typed columns).
drop view app.v_low_stock;
create view app.v_low_stock as
select p.product_code, p.company_code, p.product_name, b.brand_name, p.stock_qty, coalesce(r.reserved_qty, 0) as qty,
       p.stock_qty - coalesce(r.reserved_qty, 0) as free_qty, coalesce(oo.on_order_qty, 0) as order_qty, p.keep_in_stock, p.purchase_time, p.delivery_time
from app.products p
left join app.brands b on b.brand_id = p.brand_id
left join app.v_stock_reserved r on r.product_code = p.product_code
left join app.v_stock_on_order oo on oo.product_code = p.product_code
where p.active and p.keep_in_stock in (1, 2) and p.stock_qty - coalesce(r.reserved_qty, 0) <= 0;

-- Shelves with their storages counted; storages with what lies on them.
create view app.v_shelves as
select sh.shelf_id, sh.company_code, sh.shelf_code, sh.description, sh.walk_order,
       (select count(*)::int from app.storages s where s.shelf_id = sh.shelf_id) as storage_count,
       (select count(distinct l.storage_id)::int from app.storages s join app.stock_levels l on l.storage_id = s.storage_id and l.on_hand > 0 where s.shelf_id = sh.shelf_id) as used_count,
       sh.row_version
from app.shelves sh;

create view app.v_storages as
select s.storage_id, s.company_code, s.shelf_id, sh.shelf_code, s.storage_code, s.level, s.position, s.active, sh.walk_order,
       coalesce(x.products, 0) as product_count, coalesce(x.on_hand, 0) as on_hand, coalesce(x.products, 0) > 0 as storage_is_used, s.row_version
from app.storages s
join app.shelves sh on sh.shelf_id = s.shelf_id
left join lateral (select count(*)::int as products, sum(l.on_hand) as on_hand from app.stock_levels l where l.storage_id = s.storage_id and l.on_hand > 0) x on true;

create view app.v_storages_brief as
select s.storage_id, s.company_code, s.storage_code, sh.walk_order, s.position
from app.storages s join app.shelves sh on sh.shelf_id = s.shelf_id where s.active;

-- Where a product lies (stock on a storage) and where its packs belong (home storages).
create view app.v_product_storage_lookup as
select x.product_code || '@' || x.storage_id as lookup_id, x.product_code, p.company_code, p.product_name, x.storage_id, s.storage_code, sh.shelf_code,
       sh.walk_order, coalesce(l.on_hand, 0) as on_hand, x.is_home
from (
  select coalesce(l.product_code, h.product_code) as product_code, coalesce(l.storage_id, h.storage_id) as storage_id, h.storage_id is not null as is_home
  from (select product_code, storage_id from app.stock_levels where on_hand > 0) l
  full join (select distinct product_code, storage_id from app.product_pack_storages) h on h.product_code = l.product_code and h.storage_id = l.storage_id
) x
join app.products p on p.product_code = x.product_code
join app.storages s on s.storage_id = x.storage_id
join app.shelves sh on sh.shelf_id = s.shelf_id
left join app.stock_levels l on l.product_code = x.product_code and l.storage_id = x.storage_id;

create view app.v_product_pack_storages as
select ps.pack_storage_id, ps.company_code, ps.product_code, p.product_name, ps.pack_no, ps.product_code || '/' || ps.pack_no as product_pack_code,
       ps.storage_id, s.storage_code, coalesce(l.on_hand, 0) as on_hand, ps.row_version
from app.product_pack_storages ps
join app.products p on p.product_code = ps.product_code
join app.storages s on s.storage_id = ps.storage_id
left join app.stock_levels l on l.product_code = ps.product_code and l.storage_id = ps.storage_id;

create view app.v_products_without_storage as
select p.product_code, p.company_code, p.product_name, b.brand_name, p.stock_qty, p.keep_in_stock, p.active
from app.products p
left join app.brands b on b.brand_id = p.brand_id
where p.active and not exists (select 1 from app.product_pack_storages ps where ps.product_code = p.product_code)
  and (p.stock_qty > 0 or p.keep_in_stock in (1, 2));

-- The ledger as read: each movement with its product, storage and the document's number.
create view app.v_stock_movements as
select m.movement_id, m.company_code, m.product_code, p.product_name, m.storage_id, s.storage_code, m.quantity, m.kind, m.doc_id,
       coalesce(po.fsm_reference, pl.pick_list_no, '') as document_ref, m.unit_cost, m.reason, m.user_id, coalesce(u.user_name, '') as user_name, m.moved_at
from app.stock_movements m
join app.products p on p.product_code = m.product_code
join app.storages s on s.storage_id = m.storage_id
left join app.users u on u.user_id = m.user_id
left join app.purchase_receipts rc on m.kind = 'receipt' and rc.receipt_id = m.doc_id
left join app.purchase_order_items poi on poi.po_item_id = rc.po_item_id
left join app.purchase_orders po on po.po_id = poi.po_id
left join app.pick_list_items pli on m.kind = 'pick' and pli.pick_item_id = m.doc_id
left join app.pick_lists pl on pl.pick_list_id = pli.pick_list_id;

create view app.v_stock_transfers as
select t.transfer_id, t.company_code, t.product_code, p.product_name, t.from_storage_id, t.to_storage_id, t.quantity, t.reason, t.user_id,
       coalesce(u.user_name, '') as user_name, t.moved_at, t.row_version
from app.stock_transfers t join app.products p on p.product_code = t.product_code left join app.users u on u.user_id = t.user_id;

create view app.v_stock_corrections as
select c.correction_id, c.company_code, c.product_code, p.product_name, c.storage_id, c.quantity, c.reason, c.user_id,
       coalesce(u.user_name, '') as user_name, c.moved_at, c.row_version
from app.stock_corrections c join app.products p on p.product_code = c.product_code left join app.users u on u.user_id = c.user_id;

-- Pick lists and their lines, the lines in walking order (shelf, then position along it).
create view app.v_pick_lists as
select pl.pick_list_id, pl.company_code, pl.pick_list_no, pl.created_at, pl.created_by, coalesce(u.user_name, '') as created_by_name, pl.note,
       coalesce(x.lines, 0) as line_count, coalesce(x.quantity, 0) as quantity, coalesce(x.picked_qty, 0) as picked_qty,
       coalesce(x.quantity, 0) > 0 and x.quantity = x.picked_qty as picked, x.orders as order_refs, pl.row_version
from app.pick_lists pl
left join app.users u on u.user_id = pl.created_by
left join lateral (
  select count(*)::int as lines, sum(i.quantity) as quantity, sum(i.picked_qty) as picked_qty, string_agg(distinct o.fsm_reference, ', ') as orders
  from app.pick_list_items i join app.sales_order_items it on it.item_id = i.item_id join app.sales_orders o on o.order_id = it.order_id
  where i.pick_list_id = pl.pick_list_id
) x on true;

create view app.v_pick_list_items as
select i.pick_item_id, i.pick_list_id, pl.company_code, o.order_id, o.fsm_reference, it.product_code, p.product_name, i.storage_id, s.storage_code,
       sh.shelf_code, sh.walk_order, s.position as storage_position, i.quantity, i.picked_qty, i.quantity - i.picked_qty as open_qty, i.picked_at, i.row_version
from app.pick_list_items i
join app.pick_lists pl on pl.pick_list_id = i.pick_list_id
join app.sales_order_items it on it.item_id = i.item_id
join app.sales_orders o on o.order_id = it.order_id
join app.products p on p.product_code = it.product_code
join app.storages s on s.storage_id = i.storage_id
join app.shelves sh on sh.shelf_id = s.shelf_id;

-- A pick list for the company's paid orders (all, or those given): every line's quantity not
-- yet listed, taken from the storages that hold it in walking order (what other open lists
-- will take counted off), as far as stock allows. Nothing to pick: rule nothing_to_pick.
create function app.pick_list_create(p_company text, p_orders int[], p_user int) returns int language plpgsql as $$
declare
  v_list int;
  ln record;
  st record;
  left_qty numeric;
  take numeric;
begin
  insert into app.pick_lists (company_code, created_by) values (p_company, p_user) returning pick_list_id into v_list;
  for ln in
    select it.item_id, it.product_code, it.quantity - coalesce((select sum(x.quantity) from app.pick_list_items x where x.item_id = it.item_id), 0) as need
    from app.sales_order_items it
    join app.sales_orders o on o.order_id = it.order_id
    join app.fsm_instances i on i.fsm_instance_id = o.fsm_instance_id
    join app.fsm_states s on s.state_id = i.state_id
    where o.company_code = p_company and s.state_code = 'paid' and not o.deleted and (p_orders is null or o.order_id = any (p_orders))
    order by o.opened_on, o.order_id, it.item_id
    for update of it
  loop
    left_qty := ln.need;
    continue when left_qty <= 0;
    for st in
      select l.storage_id, l.on_hand - coalesce((select sum(x.quantity - x.picked_qty) from app.pick_list_items x join app.sales_order_items y on y.item_id = x.item_id
                                                  where x.storage_id = l.storage_id and y.product_code = l.product_code), 0) as free
      from app.stock_levels l join app.storages s on s.storage_id = l.storage_id join app.shelves sh on sh.shelf_id = s.shelf_id
      where l.product_code = ln.product_code and l.on_hand > 0 and s.active
      order by sh.walk_order, sh.shelf_code, s.position, s.level, s.storage_code
    loop
      exit when left_qty <= 0;
      take := least(left_qty, st.free);
      continue when take <= 0;
      insert into app.pick_list_items (pick_list_id, item_id, storage_id, quantity) values (v_list, ln.item_id, st.storage_id, take);
      left_qty := left_qty - take;
    end loop;
  end loop;
  if not exists (select 1 from app.pick_list_items where pick_list_id = v_list) then
    raise exception 'no paid order has goods to pick' using errcode = '23514', constraint = 'nothing_to_pick';
  end if;
  return v_list;
end $$;

-- Goods ready for collection: lines of open orders picked in full, waiting to leave.
create view app.v_collectible_goods as
select it.item_id, o.company_code, o.order_id, o.fsm_reference, o.partner_id, pa.partner_name, dm.dm_names, it.product_code, p.product_name, it.quantity,
       pk.picked_at, pk.storages as picked_from, s.state_code, s.state_names
from app.sales_order_items it
join app.sales_orders o on o.order_id = it.order_id
join app.partners pa on pa.partner_id = o.partner_id
left join app.delivery_methods dm on dm.dm_id = o.dm_id
join app.fsm_instances i on i.fsm_instance_id = o.fsm_instance_id
join app.fsm_states s on s.state_id = i.state_id
join app.products p on p.product_code = it.product_code
join lateral (
  select sum(x.picked_qty) as picked, max(x.picked_at) as picked_at, string_agg(distinct st.storage_code, ', ') as storages
  from app.pick_list_items x join app.storages st on st.storage_id = x.storage_id where x.item_id = it.item_id
) pk on pk.picked >= it.quantity
where not s.final_state and not o.deleted;

-- The shipment planner: open paid orders with their weight and volume, how much is picked,
-- and the day planned for them (users set it).
create view app.v_shipment_planner as
select o.order_id, o.company_code, o.fsm_reference, o.fsm_instance_id, app.fsm_actions(i.state_id) as fsm_actions, o.partner_id, pa.partner_name,
       o.dm_id, dm.dm_names, o.opened_on, o.planned_ship_on, s.state_code, s.state_names, coalesce(w.weight, 0) as weight, coalesce(w.volume, 0) as volume, coalesce(w.quantity, 0) as quantity,
       coalesce(w.picked, 0) as picked_qty, o.row_version
from app.sales_orders o
join app.partners pa on pa.partner_id = o.partner_id
left join app.delivery_methods dm on dm.dm_id = o.dm_id
join app.fsm_instances i on i.fsm_instance_id = o.fsm_instance_id
join app.fsm_states s on s.state_id = i.state_id
left join lateral (
  select sum(it.quantity * coalesce(p.weight, 0)) as weight, sum(it.quantity * coalesce(p.volume, 0)) as volume, sum(it.quantity) as quantity,
         sum((select coalesce(sum(x.picked_qty), 0) from app.pick_list_items x where x.item_id = it.item_id)) as picked
  from app.sales_order_items it join app.products p on p.product_code = it.product_code where it.order_id = o.order_id
) w on true
where s.state_code in ('paid', 'waiting_for_goods') and not o.deleted;

-- Goods to order: products kept in stock (keep_in_stock 1: keep enough for the lead time's
-- sales plus two weeks; 2: order what open orders need) whose free stock and what is on
-- order fall short; the quantity rounded up to the supplier's minimum order quantity. The
-- supplier is the product's default, else its cheapest.
create view app.v_goods_to_order as
select x.product_code, x.company_code, x.product_name, x.brand_name, x.keep_in_stock, x.stock_qty, x.reserved_qty, x.free_qty, x.on_order_qty,
       x.sold_90d, x.lead_time_days, x.target_qty, x.partner_id, x.partner_name, x.purchase_price, x.currency_code, x.min_order_qty,
       ceil(greatest(x.target_qty - x.free_qty - x.on_order_qty, 0) / x.min_order_qty) * x.min_order_qty as suggested_qty
from (
  select p.product_code, p.company_code, p.product_name, b.brand_name, p.keep_in_stock, p.stock_qty, coalesce(r.reserved_qty, 0) as reserved_qty,
         p.stock_qty - coalesce(r.reserved_qty, 0) as free_qty, coalesce(oo.on_order_qty, 0) as on_order_qty, coalesce(sd.sold, 0) as sold_90d,
         coalesce(ps.lead_time_days, p.purchase_time, 14) as lead_time_days,
         case when p.keep_in_stock = 1 then greatest(ceil(coalesce(sd.sold, 0) / 90.0 * (coalesce(ps.lead_time_days, p.purchase_time, 14) + 14)), 1) else 0 end as target_qty,
         ps.partner_id, pa.partner_name, ps.purchase_price, ps.currency_code, coalesce(ps.min_order_qty, 1) as min_order_qty
  from app.products p
  left join app.brands b on b.brand_id = p.brand_id
  left join app.v_stock_reserved r on r.product_code = p.product_code
  left join app.v_stock_on_order oo on oo.product_code = p.product_code
  left join lateral (
    select -sum(m.quantity) as sold from app.stock_movements m where m.product_code = p.product_code and m.kind = 'pick' and m.moved_at >= now() - interval '90 days'
  ) sd on true
  left join lateral (
    select s.partner_id, s.purchase_price, s.currency_code, s.lead_time_days, s.min_order_qty from app.product_suppliers s
    where s.product_code = p.product_code order by s.is_default desc, s.purchase_price, s.partner_id limit 1
  ) ps on true
  left join app.partners pa on pa.partner_id = ps.partner_id
  where p.active and p.keep_in_stock in (1, 2)
) x
where x.target_qty - x.free_qty - x.on_order_qty > 0;

-- Turn suggestions into draft purchase orders: one per supplier, lines as given (product,
-- quantity), prices from the supplier. A product without a supplier: rule purchase_order_supplier.
create function app.purchase_orders_from_suggestions(p_company text, p_lines jsonb) returns int[] language plpgsql as $$
declare
  sup record;
  v_po int;
  made int[] := '{}';
begin
  if exists (
    select 1 from jsonb_to_recordset(p_lines) l(product_code text, quantity numeric, partner_id int)
    left join app.products p on p.product_code = l.product_code and p.company_code = p_company
    where p.product_code is null or l.quantity is null or l.quantity <= 0
  ) then
    raise exception 'a line names no product of the company or no positive quantity' using errcode = '23514', constraint = 'purchase_order_company';
  end if;
  for sup in
    select coalesce(l.partner_id, d.partner_id) as partner_id, jsonb_agg(jsonb_build_object('product_code', l.product_code, 'quantity', l.quantity) order by l.product_code) as lines
    from jsonb_to_recordset(p_lines) l(product_code text, quantity numeric, partner_id int)
    left join lateral (
      select s.partner_id from app.product_suppliers s where s.product_code = l.product_code order by s.is_default desc, s.purchase_price, s.partner_id limit 1
    ) d on true
    group by coalesce(l.partner_id, d.partner_id)
    order by 1 nulls first
  loop
    if sup.partner_id is null then
      raise exception 'a product has no supplier' using errcode = '23514', constraint = 'purchase_order_supplier';
    end if;
    insert into app.purchase_orders (company_code, partner_id, currency_code)
    select p_company, sup.partner_id, coalesce((select s.currency_code from app.product_suppliers s where s.partner_id = sup.partner_id limit 1), c.currency_code)
    from app.companies c where c.company_code = p_company
    returning po_id into v_po;
    insert into app.purchase_order_items (po_id, product_code, quantity)
    select v_po, l.product_code, l.quantity from jsonb_to_recordset(sup.lines) l(product_code text, quantity numeric);
    made := made || v_po;
  end loop;
  return made;
end $$;

-- Arriving goods (042) on the ledger: an order line needs only what was not picked for it
-- yet (a picked unit left the stock and the need together), what is on order comes from
-- purchase orders, and the expected arrival is the next purchase order's ETA when one is
-- on its way (else, as before, the oldest need's date plus the purchase time).
create or replace view app.v_arriving_goods as
with open_items as (
  select o.company_code, it.product_code, o.order_id, o.opened_on, q.open_qty as quantity, s.state_code = 'waiting_for_goods' as waiting,
         sum(q.open_qty) over (partition by o.company_code, it.product_code order by o.opened_on, o.order_id, it.item_id) as upto,
         sum(q.open_qty) over (partition by o.company_code, it.product_code) as reserved_qty
  from app.sales_order_items it
  join app.sales_orders o on o.order_id = it.order_id
  join app.fsm_instances i on i.fsm_instance_id = o.fsm_instance_id
  join app.fsm_states s on s.state_id = i.state_id
  cross join lateral (select greatest(it.quantity - coalesce((select sum(x.picked_qty) from app.pick_list_items x where x.item_id = it.item_id), 0), 0) as open_qty) q
  where not s.final_state and not o.deleted and q.open_qty > 0
), needs as (
  select x.company_code, x.product_code, x.order_id, x.opened_on, x.reserved_qty,
         case when x.waiting then x.quantity else greatest(x.quantity - greatest(p.stock_qty - (x.upto - x.quantity), 0), 0) end as needed_qty
  from open_items x
  join app.products p on p.product_code = x.product_code
)
select n.product_code, n.company_code, p.product_name, sum(n.needed_qty) as needed_qty, count(distinct n.order_id)::int as waiting_orders,
       min(n.opened_on) as oldest_order_on, p.stock_qty, p.stock_qty - max(n.reserved_qty) as free_qty, coalesce(max(oo.on_order_qty), 0)::numeric(14, 3) as order_qty,
       coalesce(p.purchase_time, p.delivery_time) as purchase_time, coalesce(max(oo.next_eta), min(n.opened_on) + coalesce(p.purchase_time, p.delivery_time)) as expected_on
from needs n
join app.products p on p.product_code = n.product_code
left join app.v_stock_on_order oo on oo.product_code = n.product_code
where n.needed_qty > 0
group by n.company_code, n.product_code, p.product_name, p.stock_qty, p.purchase_time, p.delivery_time;

-- Free and reserved stock (038) with what is on order from purchase orders (it read a typed column).
create or replace view app.v_stock_free_and_reserved as
select p.product_code, p.company_code, p.product_name, p.stock_qty, coalesce(r.reserved_qty, 0) as reserved_qty,
       p.stock_qty - coalesce(r.reserved_qty, 0) as free_qty, coalesce(oo.on_order_qty, 0)::numeric(14, 3) as order_qty
from app.products p
left join app.v_stock_reserved r on r.product_code = p.product_code
left join app.v_stock_on_order oo on oo.product_code = p.product_code;
