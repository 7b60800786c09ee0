-- Shipping an order takes its goods off the shelves (issue 23): whatever was not picked
-- before "ship" leaves now, so stock on hand never keeps goods that went out with a parcel.
-- Lines on pick lists not yet marked picked are picked in full (the goods left as listed);
-- what no list holds is picked from the storages that hold it, in walking order, on a pick
-- list of its own. Free means on hand less what other lists still have to take from that
-- storage. Not enough: rule ship_short_stock, and the caller's transaction writes nothing.
-- The server runs it when an order enters "shipped" (src/server/workflow/onEnter.ts).
create function app.sales_orders_ship_stock(p_instances bigint[], p_user int) returns void language plpgsql as $$
declare
  v_list int;
  ln record;
  st record;
  left_qty numeric;
  take numeric;
begin
  update app.pick_list_items x set picked_qty = x.quantity
  from app.sales_order_items it join app.sales_orders o on o.order_id = it.order_id
  where x.item_id = it.item_id and o.fsm_instance_id = any (p_instances) and x.picked_qty < x.quantity;
  for ln in
    select o.company_code, it.item_id, it.product_code,
           it.quantity - coalesce((select sum(x.quantity) from app.pick_list_items x where x.item_id = it.item_id), 0) as need
    from app.sales_order_items it join app.sales_orders o on o.order_id = it.order_id
    where o.fsm_instance_id = any (p_instances)
    order by o.order_id, it.item_id
    for update of it
  loop
    continue when ln.need <= 0;
    if v_list is null then
      insert into app.pick_lists (company_code, created_by) values (ln.company_code, p_user) returning pick_list_id into v_list;
    end if;
    left_qty := ln.need;
    for st in
      select l.storage_id, l.on_hand - coalesce((select sum(x.quantity - x.picked_qty) from app.pick_list_items x join app.sales_order_items y on y.item_id = x.item_id
                                                  where x.storage_id = l.storage_id and y.product_code = l.product_code), 0) as free
      from app.stock_levels l join app.storages s on s.storage_id = l.storage_id join app.shelves sh on sh.shelf_id = s.shelf_id
      where l.product_code = ln.product_code and l.company_code = ln.company_code and l.on_hand > 0
      order by sh.walk_order, sh.shelf_code, s.position, s.level, s.storage_code
    loop
      exit when left_qty <= 0;
      take := least(left_qty, st.free);
      continue when take <= 0;
      insert into app.pick_list_items (pick_list_id, item_id, storage_id, quantity, picked_qty) values (v_list, ln.item_id, st.storage_id, take, take);
      left_qty := left_qty - take;
    end loop;
    if left_qty > 0 then
      raise exception 'not enough free stock of % to ship the order', ln.product_code using errcode = '23514', constraint = 'ship_short_stock';
    end if;
  end loop;
end $$;
