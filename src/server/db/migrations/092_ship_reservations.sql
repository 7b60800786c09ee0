-- Shipping honours reservations (issue 43): an order ships only what is on hand for it.
--
--   on hand        the ledger's stock of the product (Σ stock_levels).
--   reserved       what open orders (not final, not deleted) still need: their lines less
--                  what was picked for them (v_stock_reserved, 049).
--   free           on hand − reserved by every open order (v_stock_free_and_reserved).
--   available to O on hand − what the open orders placed BEFORE O still need (placement:
--                  opened_on, then order number). Earlier orders come first: a later order
--                  never takes what an earlier open one reserves, while an earlier order
--                  may ship before a later one that reserved the same goods. Goods already
--                  picked for O left the shelf with their pick and are O's.
--
-- Ship takes O's listed but unpicked lines and what no list holds only when O's need of each
-- product is within what is available to it; otherwise ship_short_stock, its detail naming
-- the order, the product and how much is lacking (the server says it in the user's language).
-- Two ships (or a ship and a pick) of the same goods run one after the other: the product's
-- stock rows are locked first, in (product, storage) order, so each reads what the other left.

-- What is on hand for an order: on hand less what open orders placed before it still need.
create function app.stock_available_to(p_order int, p_product text) returns numeric language sql stable as $$
  select coalesce((select sum(l.on_hand) from app.stock_levels l where l.product_code = p_product), 0)
       - coalesce((
           select sum(greatest(it.quantity - coalesce((select sum(x.picked_qty) from app.pick_list_items x where x.item_id = it.item_id), 0), 0))
           from app.sales_orders me
           join app.sales_orders o on (o.opened_on, o.order_id) < (me.opened_on, me.order_id)
           join app.sales_order_items it on it.order_id = o.order_id
           join app.fsm_instances i on i.fsm_instance_id = o.fsm_instance_id
           join app.fsm_states s on s.state_id = i.state_id
           where me.order_id = p_order and it.product_code = p_product and not s.final_state and not o.deleted
         ), 0)
$$;

create or replace function app.sales_orders_ship_stock(p_instances bigint[], p_user int) returns void language plpgsql as $$
declare
  v_list int;
  ord record;
  ln record;
  st record;
  left_qty numeric;
  take numeric;
  avail numeric;
begin
  -- The ledger's picks name who shipped (app.pick_moves reads app.user_id).
  perform set_config('app.user_id', p_user::text, true);
  perform 1 from app.stock_levels l
  where l.product_code in (select it.product_code from app.sales_order_items it join app.sales_orders o on o.order_id = it.order_id where o.fsm_instance_id = any (p_instances))
  order by l.product_code, l.storage_id
  for update;
  -- Order by order in placement order: an earlier order of the same call ships first and its
  -- reservation no longer counts for the later ones.
  for ord in
    select o.order_id, o.company_code, o.fsm_reference from app.sales_orders o where o.fsm_instance_id = any (p_instances) order by o.opened_on, o.order_id
  loop
    for ln in
      select it.product_code, p.product_name,
             sum(greatest(it.quantity - coalesce((select sum(x.picked_qty) from app.pick_list_items x where x.item_id = it.item_id), 0), 0)) as need
      from app.sales_order_items it join app.products p on p.product_code = it.product_code
      where it.order_id = ord.order_id
      group by it.product_code, p.product_name
      order by it.product_code
    loop
      continue when ln.need <= 0;
      avail := app.stock_available_to(ord.order_id, ln.product_code);
      if avail < ln.need then
        raise exception 'order % lacks % of % to ship', ord.fsm_reference, ln.need - greatest(avail, 0), ln.product_code
          using errcode = '23514', constraint = 'ship_short_stock',
                detail = jsonb_build_object('order', ord.fsm_reference, 'product', ln.product_code, 'name', ln.product_name, 'short', ln.need - greatest(avail, 0))::text;
      end if;
    end loop;
    update app.pick_list_items x set picked_qty = x.quantity
    from app.sales_order_items it
    where x.item_id = it.item_id and it.order_id = ord.order_id and x.picked_qty < x.quantity;
    for ln in
      select it.item_id, it.product_code, p.product_name,
             it.quantity - coalesce((select sum(x.quantity) from app.pick_list_items x where x.item_id = it.item_id), 0) as need
      from app.sales_order_items it join app.products p on p.product_code = it.product_code
      where it.order_id = ord.order_id
      order by it.item_id
      for update of it
    loop
      continue when ln.need <= 0;
      if v_list is null then
        insert into app.pick_lists (company_code, created_by) values (ord.company_code, p_user) returning pick_list_id into v_list;
      end if;
      left_qty := ln.need;
      -- A storage's stock less what other lists still have to take from it.
      for st in
        select l.storage_id, l.on_hand - coalesce((select sum(x.quantity - x.picked_qty) from app.pick_list_items x join app.sales_order_items y on y.item_id = x.item_id
                                                    where x.storage_id = l.storage_id and y.product_code = l.product_code), 0) as free
        from app.stock_levels l join app.storages s on s.storage_id = l.storage_id join app.shelves sh on sh.shelf_id = s.shelf_id
        where l.product_code = ln.product_code and l.company_code = ord.company_code and l.on_hand > 0
        order by sh.walk_order, sh.shelf_code, s.position, s.level, s.storage_code
      loop
        exit when left_qty <= 0;
        take := least(left_qty, st.free);
        continue when take <= 0;
        insert into app.pick_list_items (pick_list_id, item_id, storage_id, quantity, picked_qty) values (v_list, ln.item_id, st.storage_id, take, take);
        left_qty := left_qty - take;
      end loop;
      if left_qty > 0 then
        raise exception 'order % lacks % of % on the storages to ship', ord.fsm_reference, left_qty, ln.product_code
          using errcode = '23514', constraint = 'ship_short_stock',
                detail = jsonb_build_object('order', ord.fsm_reference, 'product', ln.product_code, 'name', ln.product_name, 'short', left_qty)::text;
      end if;
    end loop;
  end loop;
end $$;

-- A pick (and a ship, which picks) records the unit cost at that moment: the product's
-- moving average landed cost (048), so the ledger gives the cost of goods sold.
create or replace function app.pick_moves(p_lines jsonb) returns void language sql as $$
  insert into app.stock_movements (company_code, product_code, storage_id, quantity, kind, doc_id, unit_cost, user_id, moved_at)
  select o.company_code, it.product_code, l.storage_id, -l.delta, 'pick', l.pick_item_id, p.purchase_price_base, nullif(current_setting('app.user_id', true), '')::int, l.picked_at
  from jsonb_to_recordset(p_lines) l(pick_item_id int, item_id int, storage_id int, delta numeric, picked_at timestamptz)
  join app.sales_order_items it on it.item_id = l.item_id join app.sales_orders o on o.order_id = it.order_id
  join app.products p on p.product_code = it.product_code
  where l.delta <> 0
$$;

-- A confirmed purchase order offers Receive on its row like one in transit: the toolbar's
-- Receive takes exactly the orders whose row offers it (core/workflowActions.ts).
update app.fsm_transitions t set show_in_fsm_buttons = true
from app.fsm_states f
where f.state_id = t.from_state_id and t.type_code = 'purchase_order' and t.event_code = 'receive' and f.state_code = 'confirmed';
