-- Sales and purchase documents (issue 47, point 2): the order confirmation, the invoice, the
-- credit note, the delivery note and the purchase order are print documents
-- (src/server/print/salesDocuments.ts), each with the company's texts for its type, and a
-- PDF of each is kept in its order's Documents tab when it is issued or printed
-- (src/server/print/documentStore.ts).

-- The company's texts (056) for the two documents that had none; 114's dunning letters kept.
alter table app.obd_texts drop constraint obd_text_document;
alter table app.obd_texts add constraint obd_text_document
  check (document_type in ('order', 'invoice', 'credit_note', 'delivery_note', 'purchase_order', 'pick_list', 'arriving_shipment', 'reminder_1', 'reminder_2', 'reminder_3'));

-- A kept copy names what it is a copy of: '<document type>:<record id>:<language>' (the record:
-- the order, the invoice, the purchase order; null: a file a user uploaded). Printing the same
-- document in the same language again replaces its copy (content, name, time) instead of
-- adding one more; users may still rename or remove it like any file — a removed copy comes
-- back when the document is printed again. A copy's content may wait (null) until it is first
-- opened: an invoice's copy is added when it is issued, in the issuing transaction, and drawn
-- when someone downloads it (the invoice never changes, so neither does its PDF).
alter table app.sales_order_documents add column generated_key text,
  alter column content drop not null, alter column size_bytes drop not null,
  add constraint document_content check ((content is null) = (size_bytes is null) and (content is not null or generated_key is not null));
create unique index sales_order_documents_generated on app.sales_order_documents (order_id, generated_key) where generated_key is not null;
alter table app.purchase_order_documents add column generated_key text,
  alter column content drop not null, alter column size_bytes drop not null,
  add constraint document_content check ((content is null) = (size_bytes is null) and (content is not null or generated_key is not null));
create unique index purchase_order_documents_generated on app.purchase_order_documents (po_id, generated_key) where generated_key is not null;

-- An order's lines as its invoice will have them (app.invoice_issue, 113), for the order
-- confirmation printed before there is an invoice: the items as v_sales_order_items rounds
-- them, named in `p_lang`, then the charges (gross) one line per VAT rate they are
-- apportioned to (099's rule), named after the order's delivery or payment method (none: the
-- line's kind, which the document names). The order's totals are these lines added up.
create function app.sales_order_lines(p_order int, p_lang text)
returns table (line_no bigint, kind text, product_code text, description text, quantity numeric, unit_price numeric, discount_percent numeric,
               vat_rate numeric, net_amount numeric, vat_amount numeric, gross_amount numeric)
language sql stable as $$
  with items as (
    select row_number() over (order by x.item_id) as line_no, 'item'::text as kind, x.product_code, app.name_in(p.product_name, p_lang, x.product_code) as description,
           x.quantity, x.unit_price, x.discount_percent, x.vat_rate, x.net_amount, x.vat_amount, x.gross_amount
    from app.v_sales_order_items x join app.products p on p.product_code = x.product_code
    where x.order_id = p_order
  ), charges as (
    select (select count(*) from items) + row_number() over (order by ch.pos, cp.rate desc) as line_no, ch.kind, null::text as product_code,
           coalesce(ch.name, ch.kind) as description, 1::numeric as quantity, cp.gross - cp.vat as unit_price, 0::numeric as discount_percent,
           cp.rate as vat_rate, cp.gross - cp.vat as net_amount, cp.vat as vat_amount, cp.gross as gross_amount
    from app.sales_orders o
    join app.currencies cur on cur.currency_code = o.currency_code
    cross join lateral (values (1, 'delivery', o.delivery_price, (select app.name_in(dm.dm_names, p_lang, dm.dm_code) from app.delivery_methods dm where dm.dm_id = o.dm_id)),
                               (2, 'payment_fee', o.payment_fee, (select app.name_in(pm.pm_names, p_lang, pm.pm_code) from app.payment_methods pm where pm.pm_id = o.pm_id))) as ch(pos, kind, gross, name)
    cross join lateral (
      select array_agg(i.vat_rate) as rates, array_agg(i.net_amount) as nets,
             coalesce((select v.vat_rate from app.vats v where v.company_code = o.company_code and v.vat_default), 0) as default_rate
      from items i
    ) r
    cross join lateral app.charge_parts(ch.gross, r.rates, r.nets, cur.currency_precision, r.default_rate) cp
    where o.order_id = p_order and ch.gross > 0
  )
  select * from items
  union all
  select * from charges
  order by 1
$$;
