-- Stock-driven order events (issue 48 point 4). A sales order whose goods are all available
-- to it moves by `goods_arrived`, one that is short by `goods_missing` — where its state has
-- that event (its type's transitions: an order placed or waiting for payment moves by
-- neither). "Available" is the one rule Ship and pick lists keep (092, 098): for each of its
-- products, what the order still needs (lines less picks) is within app.stock_available_to
-- (on hand less what open orders placed before it still need), so short stock goes to the
-- oldest orders first (opened_on, then order number).
--
-- What can change an order's availability writes a row to app.stock_event_queue in its own
-- transaction (so it commits, or rolls back, with the change, whoever writes):
--   • a stock movement (receipt, correction, pick, transfer) of a product whose stock it
--     changes (a transfer between storages changes none: the rule counts every storage);
--   • another order leaving the open orders (cancel, expire, deliver: its reservation freed);
--   • lines of an order added, changed or removed; an order marked deleted or back, or its
--     date changed (its place in the queue);
--   • an order entering a state that has one of the two events by another event (paid by
--     `pay`: is it short?) — for that order alone.
-- The rows are worked off by src/server/workflow/stockEvents.ts (every STOCK_EVENTS_TICK_MS,
-- claimed FOR UPDATE SKIP LOCKED), which locks the orders concerned, evaluates them, moves
-- them through app.fsm_move with the cause in the history's params and queues their mail
-- like any move. Why not in the stock change's own transaction: moving an order locks its
-- workflow instance, while Ship locks the instance first and the stock after — a receipt
-- moving orders from inside its stock update would deadlock against a ship of the same goods.
-- The demo seed switches the queue off (app.stock_events = 'off'): its orders keep the
-- histories it drew.

create table app.stock_event_queue (
  queue_id bigserial primary key,
  company_code text not null references app.companies,
  -- The product whose availability changed (every open order with it is looked at) …
  product_code text references app.products on update cascade on delete cascade,
  -- … or the one order to look at (it entered a state with a stock event).
  order_id int references app.sales_orders on delete cascade,
  -- What happened, kept in the history of the moves it causes: {"cause": "receipt", "po_id": …}.
  cause jsonb not null,
  queued_at timestamptz not null default now(),
  constraint stock_event_target check ((product_code is null) <> (order_id is null))
);

create function app.stock_events_on() returns boolean language sql stable as $$
  select current_setting('app.stock_events', true) is distinct from 'off'
$$;

-- Whether every product of the order is available to it (the rule Ship refuses by, 092).
create function app.sales_order_goods_available(p_order int) returns boolean language sql stable as $$
  select not exists (
    select 1 from (
      select it.product_code, sum(greatest(it.quantity - coalesce((select sum(x.picked_qty) from app.pick_list_items x where x.item_id = it.item_id), 0), 0)) as need
      from app.sales_order_items it where it.order_id = p_order group by it.product_code
    ) n
    where n.need > 0 and n.need > app.stock_available_to(p_order, n.product_code)
  )
$$;

-- Stock: one row per product and document whose movements in the statement change its stock.
create function app.stock_movements_queue_events() returns trigger language plpgsql as $$
begin
  if not app.stock_events_on() then
    return null;
  end if;
  insert into app.stock_event_queue (company_code, product_code, cause)
  select m.company_code, m.product_code,
         jsonb_build_object('cause', m.kind) || case m.kind
           when 'receipt' then jsonb_build_object('receipt_id', m.doc_id, 'po_id', r.po_id, 'po', po.fsm_reference)
           when 'correction' then jsonb_build_object('correction_id', m.doc_id)
           when 'transfer' then jsonb_build_object('transfer_id', m.doc_id)
           else jsonb_build_object('pick_item_id', m.doc_id) end
  from (
    select company_code, product_code, kind, doc_id from moved
    group by company_code, product_code, kind, doc_id having sum(quantity) <> 0
  ) m
  left join app.purchase_receipts r on m.kind = 'receipt' and r.receipt_id = m.doc_id
  left join app.purchase_orders po on po.po_id = r.po_id
  order by m.product_code, m.doc_id;
  return null;
end $$;
create trigger stock_movements_queue_events after insert on app.stock_movements
  referencing new table as moved for each statement execute function app.stock_movements_queue_events();

-- An order's products still needed (lines less picks): what its reservation holds.
create function app.sales_order_needed_products(p_order int) returns setof text language sql stable as $$
  select it.product_code from app.sales_order_items it
  where it.order_id = p_order
  group by it.product_code
  having sum(greatest(it.quantity - coalesce((select sum(x.picked_qty) from app.pick_list_items x where x.item_id = it.item_id), 0), 0)) > 0
$$;

-- Moves of sales orders: one leaving the open orders frees what it held for every later
-- order; one entering a state that has a stock event (not by a stock event) is looked at itself.
create function app.fsm_history_queue_events() returns trigger language plpgsql as $$
begin
  if not app.stock_events_on() then
    return null;
  end if;
  insert into app.stock_event_queue (company_code, product_code, cause)
  select o.company_code, p.product_code, jsonb_build_object('cause', 'order_event', 'event', h.event_code, 'order_id', o.order_id, 'order', o.fsm_reference)
  from moved h
  join app.fsm_states t on t.state_id = h.to_state_id and t.final_state
  join app.fsm_states f on f.state_id = h.from_state_id and not f.final_state
  join app.sales_orders o on o.fsm_instance_id = h.fsm_instance_id
  cross join lateral app.sales_order_needed_products(o.order_id) p(product_code)
  where t.type_code = 'sales_order' and not o.deleted
  order by h.history_id, p.product_code;
  insert into app.stock_event_queue (company_code, order_id, cause)
  select o.company_code, o.order_id, jsonb_build_object('cause', 'order_event', 'event', h.event_code, 'order_id', o.order_id, 'order', o.fsm_reference)
  from moved h
  join app.sales_orders o on o.fsm_instance_id = h.fsm_instance_id
  join app.fsm_instances i on i.fsm_instance_id = h.fsm_instance_id
  where i.type_code = 'sales_order' and h.from_state_id is distinct from h.to_state_id and not o.deleted
    and h.event_code is distinct from 'goods_arrived' and h.event_code is distinct from 'goods_missing'
    and exists (select 1 from app.fsm_transitions x where x.type_code = i.type_code and x.from_state_id = h.to_state_id and x.event_code in ('goods_arrived', 'goods_missing'))
  order by h.history_id;
  return null;
end $$;
create trigger fsm_history_queue_events after insert on app.fsm_history
  referencing new table as moved for each statement execute function app.fsm_history_queue_events();

-- Lines of open orders: what they reserve changed (old and new product, quantity, order).
create function app.sales_order_items_queue_events() returns trigger language plpgsql as $$
begin
  if not app.stock_events_on() then
    return null;
  end if;
  insert into app.stock_event_queue (company_code, product_code, cause)
  select distinct on (o.order_id, c.product_code) o.company_code, c.product_code, jsonb_build_object('cause', 'order_lines', 'order_id', o.order_id, 'order', o.fsm_reference)
  from (
    select n.order_id, n.product_code from new_rows n
    left join old_rows x on x.item_id = n.item_id
    where x.item_id is null or (x.order_id, x.product_code, x.quantity) is distinct from (n.order_id, n.product_code, n.quantity)
    union all
    select x.order_id, x.product_code from old_rows x
    left join new_rows n on n.item_id = x.item_id
    where n.item_id is null or (x.order_id, x.product_code, x.quantity) is distinct from (n.order_id, n.product_code, n.quantity)
  ) c
  join app.sales_orders o on o.order_id = c.order_id
  join app.fsm_instances i on i.fsm_instance_id = o.fsm_instance_id
  join app.fsm_states s on s.state_id = i.state_id
  where not s.final_state and not o.deleted
  order by o.order_id, c.product_code;
  return null;
end $$;
-- Transition tables per event (a trigger with both may not name one of them for another event).
create function app.sales_order_items_queue_inserted() returns trigger language plpgsql as $$
begin
  if not app.stock_events_on() then
    return null;
  end if;
  insert into app.stock_event_queue (company_code, product_code, cause)
  select distinct on (o.order_id, n.product_code) o.company_code, n.product_code, jsonb_build_object('cause', 'order_lines', 'order_id', o.order_id, 'order', o.fsm_reference)
  from new_rows n
  join app.sales_orders o on o.order_id = n.order_id
  join app.fsm_instances i on i.fsm_instance_id = o.fsm_instance_id
  join app.fsm_states s on s.state_id = i.state_id
  where not s.final_state and not o.deleted
  order by o.order_id, n.product_code;
  return null;
end $$;
-- (An order deleted with its lines is gone by now: its lines still count, its company is the product's.)
create function app.sales_order_items_queue_deleted() returns trigger language plpgsql as $$
begin
  if not app.stock_events_on() then
    return null;
  end if;
  insert into app.stock_event_queue (company_code, product_code, cause)
  select distinct on (x.order_id, x.product_code) p.company_code, x.product_code,
         jsonb_build_object('cause', 'order_lines', 'order_id', x.order_id) || case when o.order_id is null then '{}'::jsonb else jsonb_build_object('order', o.fsm_reference) end
  from old_rows x
  join app.products p on p.product_code = x.product_code
  left join app.sales_orders o on o.order_id = x.order_id
  left join app.fsm_instances i on i.fsm_instance_id = o.fsm_instance_id
  left join app.fsm_states s on s.state_id = i.state_id
  where o.order_id is null or (not s.final_state and not o.deleted)
  order by x.order_id, x.product_code;
  return null;
end $$;
create trigger sales_order_items_queue_inserted after insert on app.sales_order_items
  referencing new table as new_rows for each statement execute function app.sales_order_items_queue_inserted();
create trigger sales_order_items_queue_updated after update on app.sales_order_items
  referencing old table as old_rows new table as new_rows for each statement execute function app.sales_order_items_queue_events();
create trigger sales_order_items_queue_deleted after delete on app.sales_order_items
  referencing old table as old_rows for each statement execute function app.sales_order_items_queue_deleted();

-- An order marked deleted (or back) leaves (or rejoins) the open orders; a new date moves it in the queue.
create function app.sales_orders_queue_events() returns trigger language plpgsql as $$
begin
  if not app.stock_events_on() then
    return null;
  end if;
  insert into app.stock_event_queue (company_code, product_code, cause)
  select new.company_code, p.product_code,
         jsonb_build_object('cause', case when new.deleted and not old.deleted then 'order_deleted' when old.deleted and not new.deleted then 'order_restored' else 'order_date' end,
                            'order_id', new.order_id, 'order', new.fsm_reference)
  from app.sales_order_needed_products(new.order_id) p(product_code)
  where exists (select 1 from app.fsm_instances i join app.fsm_states s on s.state_id = i.state_id where i.fsm_instance_id = new.fsm_instance_id and not s.final_state)
  order by p.product_code;
  return null;
end $$;
create trigger sales_orders_queue_events after update of deleted, opened_on on app.sales_orders
  for each row when (new.deleted is distinct from old.deleted or new.opened_on is distinct from old.opened_on)
  execute function app.sales_orders_queue_events();
