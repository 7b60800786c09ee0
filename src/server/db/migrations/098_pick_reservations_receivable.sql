-- Stock rules on every path (issue 43, after 092):
--
-- 1. A pick list honours reservations like Ship: a line of order O is listed only within
--    what is available to O (app.stock_available_to, 092: on hand less what open orders
--    placed before O still need) less what is listed for O and not picked yet — the same
--    function, no second copy of the rule. What could not be listed is the order's short
--    stock (app.pick_list_short); a list that could take nothing refuses with
--    pick_short_stock naming the first order and product short (the server says it in the
--    user's language), else nothing_to_pick as before. The product's stock rows are locked
--    first in (product, storage) order, as Ship locks them: two lists (or a list and a ship)
--    of the same goods run one after the other.
--
-- 2. Goods arrive only on a purchase order the supplier confirmed or that is on its way
--    (app.po_receivable: confirmed, in transit — no longer ordered): the one rule of every path
--    that receives goods — a receipt (the detail grid, an import, the API, the toolbar's
--    Receive, which writes receipts) and the workflow's "Receive goods" event (a move of a
--    purchase order into `received`, guarded on app.fsm_instances). The transition
--    ordered → received is removed (no row offers what the rule refuses). Arriving shipments
--    still lists ordered purchase orders (what is coming), which the rule does not receive.

create or replace function app.po_receivable(p_state_code text) returns boolean language sql immutable as $$
  select p_state_code in ('confirmed', 'in_transit')
$$;

-- Arriving shipments: what is coming (ordered ones too); what may be received is po_receivable's.
create or replace view app.v_arriving_shipments as
select * from app.v_purchase_orders where state_code in ('ordered', 'confirmed', 'in_transit');

-- A receipt (048) with the rule's refusal naming the order (detail: its parameters).
create or replace function app.purchase_receipts_before_write() returns trigger language plpgsql as $$
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
  select i.company_code, i.quantity, i.received_qty, i.fsm_reference, app.po_state(i.po_id) as state_code into l
  from app.v_purchase_order_items i where i.po_item_id = new.po_item_id;
  if not app.po_receivable(l.state_code) then
    raise exception 'purchase order % cannot receive goods: only a confirmed order or one in transit does', l.fsm_reference
      using errcode = '23514', constraint = 'purchase_order_not_receivable', detail = jsonb_build_object('order', l.fsm_reference)::text;
  end if;
  if not exists (select 1 from app.storages where storage_id = new.storage_id and company_code = l.company_code) then
    raise exception 'the storage is another company''s' using errcode = '23514', constraint = 'stock_company';
  end if;
  if l.received_qty + new.quantity > l.quantity then
    raise exception 'more than ordered' using errcode = '23514', constraint = 'receipt_over_ordered';
  end if;
  return new;
end $$;

-- The workflow's way into `received` (the "Receive goods" event, the kanban board, the
-- receipts' own move when the last unit arrives): only from a state where goods arrive.
create function app.purchase_order_received_guard() returns trigger language plpgsql as $$
declare
  v_from text;
  v_ref text;
begin
  if not exists (select 1 from app.fsm_states s where s.state_id = new.state_id and s.state_code = 'received') then
    return new;
  end if;
  select s.state_code into v_from from app.fsm_states s where s.state_id = old.state_id;
  if not app.po_receivable(v_from) then
    select o.fsm_reference into v_ref from app.purchase_orders o where o.fsm_instance_id = new.fsm_instance_id;
    v_ref := coalesce(v_ref, new.fsm_instance_id::text);
    raise exception 'purchase order % cannot receive goods in state %: only a confirmed order or one in transit does', v_ref, v_from
      using errcode = '23514', constraint = 'purchase_order_not_receivable', detail = jsonb_build_object('order', v_ref)::text;
  end if;
  return new;
end $$;
create trigger purchase_order_received_guard before update of state_id on app.fsm_instances
  for each row when (new.type_code = 'purchase_order' and new.state_id is distinct from old.state_id)
  execute function app.purchase_order_received_guard();

-- No row offers "Receive goods" where the rule refuses it.
delete from app.fsm_transitions t
using app.fsm_states f, app.fsm_states r
where t.type_code = 'purchase_order' and t.event_code = 'receive' and f.state_id = t.from_state_id and r.state_id = t.to_state_id
  and r.state_code = 'received' and not app.po_receivable(f.state_code);

-- The lines a pick list is made of: the company's paid orders (all, or those given), each
-- line with what is not on a list yet.
create function app.pick_list_open_lines(p_company text, p_orders int[])
returns table (order_id int, fsm_reference text, opened_on date, item_id int, product_code text, unlisted numeric) language sql stable as $$
  select o.order_id, o.fsm_reference, o.opened_on, it.item_id, it.product_code,
         it.quantity - coalesce((select sum(x.quantity) from app.pick_list_items x where x.item_id = it.item_id), 0)
  from app.sales_order_items it
  join app.sales_orders o on o.order_id = it.order_id
  join app.fsm_instances i on i.fsm_instance_id = o.fsm_instance_id
  join app.fsm_states s on s.state_id = i.state_id
  where o.company_code = p_company and s.state_code = 'paid' and not o.deleted and (p_orders is null or o.order_id = any (p_orders))
$$;

-- What no pick list holds yet of those orders, per order and product in placement order: after
-- a list was made, what it could not take (stock earlier orders reserve, or no storage holds).
create function app.pick_list_short(p_company text, p_orders int[])
returns table (fsm_reference text, product_code text, product_name jsonb, short numeric) language sql stable as $$
  select l.fsm_reference, l.product_code, p.product_name, sum(l.unlisted)
  from app.pick_list_open_lines(p_company, p_orders) l join app.products p on p.product_code = l.product_code
  where l.unlisted > 0
  group by l.opened_on, l.order_id, l.fsm_reference, l.product_code, p.product_name
  order by l.opened_on, l.order_id, l.product_code
$$;

-- A pick list (049) within what is available to each order (092's rule).
create or replace function app.pick_list_create(p_company text, p_orders int[], p_user int) returns int language plpgsql as $$
declare
  v_list int;
  ln record;
  st record;
  lack record;
  left_qty numeric;
  take numeric;
begin
  -- The goods' stock rows first, in (product, storage) order as Ship locks them; then the lines.
  perform 1 from app.stock_levels l
  where l.product_code in (select x.product_code from app.pick_list_open_lines(p_company, p_orders) x where x.unlisted > 0)
  order by l.product_code, l.storage_id
  for update;
  perform 1 from app.sales_order_items it
  where it.item_id in (select x.item_id from app.pick_list_open_lines(p_company, p_orders) x where x.unlisted > 0)
  order by it.item_id
  for update;
  insert into app.pick_lists (company_code, created_by) values (p_company, p_user) returning pick_list_id into v_list;
  for ln in
    select x.order_id, x.item_id, x.product_code, x.unlisted as need from app.pick_list_open_lines(p_company, p_orders) x
    order by x.opened_on, x.order_id, x.item_id
  loop
    continue when ln.need <= 0;
    -- Available to the order, less what is listed for it and still on the shelf (this list's lines too).
    left_qty := least(ln.need, app.stock_available_to(ln.order_id, ln.product_code)
      - coalesce((select sum(x.quantity - x.picked_qty) from app.pick_list_items x join app.sales_order_items y on y.item_id = x.item_id
                  where y.order_id = ln.order_id and y.product_code = ln.product_code), 0));
    continue when left_qty <= 0;
    -- A storage's stock less what open lists still have to take from it, in walking order.
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
    select * into lack from app.pick_list_short(p_company, p_orders) limit 1;
    if found then
      raise exception 'order % lacks % of % to pick', lack.fsm_reference, lack.short, lack.product_code
        using errcode = '23514', constraint = 'pick_short_stock',
              detail = jsonb_build_object('order', lack.fsm_reference, 'product', lack.product_code, 'name', lack.product_name, 'short', lack.short)::text;
    end if;
    raise exception 'no paid order has goods to pick' using errcode = '23514', constraint = 'nothing_to_pick';
  end if;
  return v_list;
end $$;
