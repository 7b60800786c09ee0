-- Transfers move orders too (issue 48 point 6). Migration 123 queued a stock document's
-- products only where its movements changed the stock (sum ≠ 0), which left out every
-- transfer: its two movements (from − q, to + q) add up to nothing. A transfer is a stock
-- event like a receipt: it queues its product (cause `transfer`, the transfer's id), so the
-- next pass (src/server/workflow/stockEvents.ts) looks again at every open order with it and
-- moves those whose state has `goods_arrived` / `goods_missing` by what is available to them
-- now — e.g. an order left waiting for goods that were there all along (received while the
-- queue was off, or before 123) moves on the next transfer of them.
create or replace function app.stock_movements_queue_events() returns trigger language plpgsql as $$
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
    group by company_code, product_code, kind, doc_id having sum(quantity) <> 0 or kind = 'transfer'
  ) m
  left join app.purchase_receipts r on m.kind = 'receipt' and r.receipt_id = m.doc_id
  left join app.purchase_orders po on po.po_id = r.po_id
  order by m.product_code, m.doc_id;
  return null;
end $$;
