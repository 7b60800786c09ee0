-- Invoices and credit notes of sales orders (issue 47, point 1; the receivable of point 4).
--
-- An invoice is a document of its own, not a view of its order: what the company and the
-- customer were called, where they were, their VAT numbers, the order's lines in the
-- customer's language, prices, rates, the currency and its rate of the day are copied
-- when it is issued, so a later change of the order, the partner, the product or the
-- company leaves the issued document as it was sent. Once issued, neither the invoice nor
-- its lines change or go (rule invoice_issued); a mistake is put right by a credit note,
-- which reverses all or some of an invoice's lines (never more than was invoiced less what
-- earlier credit notes reversed: credit_note_limit) and is itself immutable once issued.
--
-- Issuing (app.invoice_issue) runs in the transaction of the sales order's workflow event
-- the company chose (companies.invoice_on: confirm, pay or ship; src/server/invoices/),
-- and writes, in that transaction: the header, its lines, then `issued_at`, which closes
-- the document, and the receivable (a cashflow item). An invoice not issued when its
-- transaction commits is refused (invoice_not_issued): a document exists complete or not.
--
-- Numbers: INV-<year>-<n> and CN-<year>-<n> from app.next_document_no (097), per company,
-- type and year of the issue date, taken by the insert in the document's own transaction:
-- parallel issues in one company wait for the counter row one after the other, a rolled
-- back issue gives its number back, so the numbers have no gap and no duplicate.
--
-- Money: every line's net and VAT are rounded once to the currency's digits when the line
-- is written (as v_sales_order_items computes them); totals and the VAT breakdown per rate
-- add the rounded lines (views below), so the lines of a printed invoice add up to its
-- totals. Amounts of a credit note are positive: its kind says it reverses.

-- ---- settings -----------------------------------------------------------------------------

-- Which sales-order event issues the invoice, and the company's payment term in days (the
-- due date is the issue date plus the partner's term, else the company's).
alter table app.companies
  add column invoice_on text not null default 'confirm' constraint companies_invoice_on_check check (invoice_on in ('confirm', 'pay', 'ship')),
  add column payment_days int not null default 14 constraint companies_payment_days_check check (payment_days between 0 and 365);

-- A customer's VAT number (printed on its invoices) and its own payment term (empty: the company's).
alter table app.partners
  add column vat_number text not null default '' constraint partners_vat_number_check check (vat_number ~ '^[A-Z0-9 -]{0,30}$'),
  add column payment_days int constraint partners_payment_days_check check (payment_days between 0 and 365);

alter table app.document_counters drop constraint document_counters_doc_type_check;
-- (PostgreSQL names it document_counters_doc_type_check again, as 097's was named.)
alter table app.document_counters add check (doc_type in ('SO', 'PO', 'CMR', 'PL', 'INV', 'CN'));

-- ---- the documents ------------------------------------------------------------------------

create table app.invoices (
  invoice_id serial primary key,
  company_code text not null references app.companies,
  -- 'invoice', or 'credit_note' reversing lines of `credited_invoice_id`.
  kind text not null constraint invoices_kind_check check (kind in ('invoice', 'credit_note')),
  -- INV-/CN-<year>-<n>: set by the insert trigger from the company's counter.
  invoice_number text not null default '',
  credited_invoice_id int references app.invoices,
  order_id int not null references app.sales_orders,
  order_reference text not null,
  partner_id int not null references app.partners,
  -- The customer's language: the lines' names and, later, the printed document's.
  language_code text not null references app.languages,
  issue_date date not null,
  due_date date not null,
  currency_code text not null references app.currencies,
  -- The company's currency and the value of one unit of the document's currency in it on
  -- the issue date (app.rate_on; 1 in the company's own; null: the company had no rate).
  company_currency_code text not null references app.currencies,
  rate numeric(20, 10),
  -- The seller as it was on the issue date (companies, migration 106).
  seller_name text not null,
  seller_address_line_1 text not null default '',
  seller_zip_code text not null default '',
  seller_city text not null default '',
  seller_country_code text not null,
  seller_vat_number text not null default '',
  seller_registration_number text not null default '',
  seller_iban text not null default '',
  seller_email text not null default '',
  seller_phone text not null default '',
  -- The buyer as it was: the partner's document name (label_name, else its name), its first
  -- address (as the CMR note and the courier read it) and VAT number, the order's e-mail.
  buyer_name text not null,
  buyer_contact text not null default '',
  buyer_address_line_1 text not null default '',
  buyer_house_no text not null default '',
  buyer_zip_code text not null default '',
  buyer_city text not null default '',
  buyer_country_code text,
  buyer_vat_number text not null default '',
  buyer_email text not null default '',
  -- A credit note's reason, as the user gave it.
  reason text not null default '',
  -- Null while its lines are written (in the issuing transaction only); set, the document is issued.
  issued_at timestamptz,
  issued_by int references app.users on delete set null,
  row_version int not null default 1,
  unique (company_code, invoice_number),
  constraint invoice_credit_kind check ((kind = 'credit_note') = (credited_invoice_id is not null))
);
-- One invoice per order (a credit note and a new order put a wrong one right).
create unique index invoices_one_per_order on app.invoices (order_id) where kind = 'invoice';
create index invoices_company_issued on app.invoices (company_code, issue_date desc, invoice_id desc);
create index invoices_credited on app.invoices (credited_invoice_id) where credited_invoice_id is not null;

create table app.invoice_lines (
  line_id serial primary key,
  invoice_id int not null references app.invoices,
  line_no int not null,
  -- 'item' (an order line), 'delivery' or 'payment_fee' (the order's charges, one line per VAT rate they were apportioned to).
  kind text not null constraint invoice_lines_kind_check check (kind in ('item', 'delivery', 'payment_fee')),
  -- The order line copied (a plain number: the order's lines are not the document's).
  order_item_id int,
  -- A credit note's line: the invoice line it reverses.
  credited_line_id int references app.invoice_lines,
  product_code text,
  -- The product's (or the method's) name in the customer's language when issued.
  description text not null,
  quantity numeric(14, 3) not null constraint invoice_lines_quantity_check check (quantity > 0),
  -- Net price of one unit in the document's currency, before the discount.
  unit_price numeric(14, 4) not null,
  discount_percent numeric(5, 2) not null default 0,
  vat_rate numeric(5, 2) not null,
  net_amount numeric(14, 4) not null,
  vat_amount numeric(14, 4) not null,
  gross_amount numeric(14, 4) not null,
  unique (invoice_id, line_no)
);
create index invoice_lines_credited on app.invoice_lines (credited_line_id) where credited_line_id is not null;

-- A new document takes its number; an issued one never changes and is never deleted; a
-- document in the making (its own transaction) may be completed and closed.
create function app.invoices_before_write() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    new.issued_at := null;
    new.invoice_number := app.next_document_no(new.company_code, case new.kind when 'invoice' then 'INV' else 'CN' end, extract(year from new.issue_date)::int);
    if not exists (select 1 from app.sales_orders where order_id = new.order_id and company_code = new.company_code and partner_id = new.partner_id)
       or (new.credited_invoice_id is not null and not exists (
         select 1 from app.invoices i where i.invoice_id = new.credited_invoice_id and i.company_code = new.company_code and i.kind = 'invoice' and i.order_id = new.order_id and i.issued_at is not null)) then
      raise exception 'an invoice is of its company''s order and partner, a credit note of an issued invoice of the order' using errcode = '23514', constraint = 'invoice_company';
    end if;
    return new;
  end if;
  if old.issued_at is not null then
    raise exception 'invoice % is issued: it cannot change', old.invoice_number using errcode = '23514', constraint = 'invoice_issued';
  end if;
  if tg_op = 'DELETE' then
    return old;
  end if;
  if new.invoice_number is distinct from old.invoice_number or new.company_code is distinct from old.company_code then
    raise exception 'a document keeps its number' using errcode = '23514', constraint = 'document_number_fixed';
  end if;
  return new;
end $$;
create trigger invoices_before_write before insert or update or delete on app.invoices
  for each row execute function app.invoices_before_write();

-- At commit, every document written is issued.
create function app.invoices_issued_at_commit() returns trigger language plpgsql as $$
begin
  if exists (select 1 from app.invoices where invoice_id = new.invoice_id and issued_at is null) then
    raise exception 'invoice % was not issued', new.invoice_number using errcode = '23514', constraint = 'invoice_not_issued';
  end if;
  return null;
end $$;
create constraint trigger invoices_issued_at_commit after insert on app.invoices deferrable initially deferred
  for each row execute function app.invoices_issued_at_commit();

-- Lines are written while their document is in the making only. A credit note's line
-- reverses a line of the invoice it credits, at most the quantity invoiced less what other
-- credit notes reversed (the invoice is locked first: parallel credit notes of one invoice
-- are counted one after the other).
create function app.invoice_lines_before_write() returns trigger language plpgsql as $$
declare
  doc app.invoices;
  src app.invoice_lines;
  credited numeric;
begin
  select * into doc from app.invoices where invoice_id = case when tg_op = 'DELETE' then old.invoice_id else new.invoice_id end;
  if doc.issued_at is not null then
    raise exception 'invoice % is issued: its lines cannot change', doc.invoice_number using errcode = '23514', constraint = 'invoice_issued';
  end if;
  if tg_op = 'DELETE' then
    return old;
  end if;
  if tg_op = 'UPDATE' and new.invoice_id is distinct from old.invoice_id then
    raise exception 'a line stays on its document' using errcode = '23514', constraint = 'invoice_issued';
  end if;
  if doc.kind = 'credit_note' then
    perform 1 from app.invoices where invoice_id = doc.credited_invoice_id for update;
    select * into src from app.invoice_lines where line_id = new.credited_line_id and invoice_id = doc.credited_invoice_id;
    if not found then
      raise exception 'a credit note reverses lines of the invoice it credits' using errcode = '23514', constraint = 'credit_note_limit';
    end if;
    select coalesce(sum(l.quantity), 0) into credited from app.invoice_lines l
    where l.credited_line_id = src.line_id and (tg_op = 'INSERT' or l.line_id <> new.line_id);
    if credited + new.quantity > src.quantity then
      raise exception 'line % of invoice: % credited of %, % more asked', src.line_no, credited, src.quantity, new.quantity
        using errcode = '23514', constraint = 'credit_note_limit';
    end if;
  elsif new.credited_line_id is not null then
    raise exception 'an invoice line reverses nothing' using errcode = '23514', constraint = 'credit_note_limit';
  end if;
  return new;
end $$;
create trigger invoice_lines_before_write before insert or update or delete on app.invoice_lines
  for each row execute function app.invoice_lines_before_write();

-- An invoiced order keeps what was invoiced: its lines, charges, currency and customer.
create function app.sales_order_invoiced() returns trigger language plpgsql as $$
declare
  oid int := case when tg_op = 'DELETE' then old.order_id else new.order_id end;
begin
  if exists (select 1 from app.invoices where order_id = oid and kind = 'invoice') then
    raise exception 'order % is invoiced: what was invoiced stays', oid using errcode = '23514', constraint = 'sales_order_invoiced';
  end if;
  return case when tg_op = 'DELETE' then old else new end;
end $$;
create trigger sales_order_items_invoiced before insert or update or delete on app.sales_order_items
  for each row execute function app.sales_order_invoiced();
create trigger sales_orders_invoiced before update of partner_id, currency_code, delivery_price, payment_fee on app.sales_orders
  for each row when (new.partner_id is distinct from old.partner_id or new.currency_code is distinct from old.currency_code
                     or new.delivery_price is distinct from old.delivery_price or new.payment_fee is distinct from old.payment_fee)
  execute function app.sales_order_invoiced();

-- ---- issuing ------------------------------------------------------------------------------

-- A gross charge apportioned over the goods' VAT rates as app.charge_vat does it (099): one
-- row per rate with its part of the charge and that part's VAT; no goods: the default rate.
-- sum(vat) = app.charge_vat(…), sum(gross) = the charge.
create function app.charge_parts(p_gross numeric, p_rates numeric[], p_nets numeric[], p_digits int, p_default_rate numeric)
returns table (rate numeric, gross numeric, vat numeric) language sql immutable as $$
  with b as (
    select u.rate, u.upto - coalesce(lag(u.upto) over (order by u.rate desc), 0) as part
    from (
      select c.rate, case when c.k = c.n then p_gross else round(p_gross * c.cum / c.total, p_digits) end as upto
      from (
        select g.rate, sum(g.net) over (order by g.rate desc) as cum, sum(g.net) over () as total,
               row_number() over (order by g.rate desc) as k, count(*) over () as n
        from (select x.r as rate, sum(x.n) as net from unnest(p_rates, p_nets) as x(r, n) group by x.r having sum(x.n) > 0) g
      ) c
    ) u
  )
  select b.rate, b.part, round(b.part * b.rate / (100 + b.rate), p_digits) from b where p_gross > 0 and b.part <> 0
  union all
  select p_default_rate, p_gross, round(p_gross * p_default_rate / (100 + p_default_rate), p_digits)
  where p_gross > 0 and not exists (select 1 from b)
$$;

-- A text of a multi-language name in the language, else English, else any, else the fallback.
create function app.name_in(p_names jsonb, p_lang text, p_fallback text) returns text language sql immutable as $$
  select coalesce(nullif(p_names ->> p_lang, ''), nullif(p_names ->> 'en', ''),
                  (select nullif(e.value, '') from jsonb_each_text(coalesce(p_names, '{}')) e where e.value <> '' order by e.key limit 1), p_fallback)
$$;

-- The receivable of an issued invoice: a customer-invoice cashflow item with its number,
-- amount, currency, issue day (its rate of the day is the invoice's: v_cashflow converts
-- at opened_on) and due date, moved to `due` by the cashflow workflow's `invoice` event.
create function app.invoice_receivable(p_invoice int, p_user int) returns int language plpgsql as $$
declare
  d record;
  cf int;
  tr int;
begin
  select i.*, t.gross_total into d from app.invoices i join app.v_invoice_totals t on t.invoice_id = i.invoice_id where i.invoice_id = p_invoice;
  if d.gross_total <= 0 then
    return null; -- nothing to receive (goods given away)
  end if;
  insert into app.cashflow_items (company_code, type_code, partner_id, order_id, invoice_number, amount, currency_code, opened_on, due_date, opened_by)
  values (d.company_code, 'customer_invoice', d.partner_id, d.order_id, d.invoice_number, d.gross_total, d.currency_code, d.issue_date, d.due_date, p_user)
  returning cashflow_id into cf;
  select t.transition_id into tr
  from app.cashflow_items c join app.fsm_instances i on i.fsm_instance_id = c.fsm_instance_id
  join app.fsm_transitions t on t.type_code = 'cashflow' and t.event_code = 'invoice' and t.from_state_id = i.state_id
  where c.cashflow_id = cf;
  if tr is not null then
    perform app.fsm_move(i.fsm_instance_id, tr, p_user, jsonb_build_object('invoice', d.invoice_number), now())
    from app.cashflow_items i where i.cashflow_id = cf;
  end if;
  return cf;
end $$;

-- A credit note's effect on the receivable. What the customer still owes of the invoice is
-- lowered by the credit note first (the item's amount, as long as it stays above what was
-- paid and above zero); an unpaid invoice credited in full is cancelled where its workflow
-- allows; what is left — money already paid that goes back, or a closed item — becomes an
-- outgoing item of its own ('customer_credit_note', the credit note's number). A cashflow
-- amount is positive (cashflow_amount_positive), so a negative item is not an option, and a
-- direction 'out' item is what the cash flow already understands as money to pay.
create function app.credit_note_cashflow(p_note int, p_user int) returns void language plpgsql as $$
declare
  n record;
  it record;
  credit numeric;
  lowered numeric := 0;
  tr int;
begin
  select c.*, t.gross_total, inv.invoice_number as credited_number into n
  from app.invoices c join app.v_invoice_totals t on t.invoice_id = c.invoice_id join app.invoices inv on inv.invoice_id = c.credited_invoice_id
  where c.invoice_id = p_note;
  credit := n.gross_total;
  if credit <= 0 then
    return;
  end if;
  select c.cashflow_id, c.amount, c.fsm_instance_id, i.state_id, st.final_state,
         (select coalesce(sum(p.amount), 0) from app.cashflow_payments p where p.cashflow_id = c.cashflow_id) as paid
    into it
  from app.cashflow_items c join app.fsm_instances i on i.fsm_instance_id = c.fsm_instance_id join app.fsm_states st on st.state_id = i.state_id
  where c.company_code = n.company_code and c.type_code = 'customer_invoice' and c.order_id = n.order_id and c.invoice_number = n.credited_number
  order by c.cashflow_id limit 1
  for update of c;
  if found and not it.final_state then
    if it.amount - credit > 0 and it.amount - credit >= it.paid then
      lowered := credit;
      update app.cashflow_items set amount = amount - credit, note = concat_ws(' ', nullif(note, ''), n.invoice_number), row_version = row_version + 1
      where cashflow_id = it.cashflow_id;
    elsif it.paid = 0 and it.amount <= credit then
      select t.transition_id into tr from app.fsm_transitions t
      join app.fsm_states ts on ts.state_id = t.to_state_id
      where t.type_code = 'cashflow' and t.event_code = 'cancel' and t.from_state_id = it.state_id;
      if tr is not null then
        lowered := it.amount;
        update app.cashflow_items set note = concat_ws(' ', nullif(note, ''), n.invoice_number), row_version = row_version + 1 where cashflow_id = it.cashflow_id;
        perform app.fsm_move(it.fsm_instance_id, tr, p_user, jsonb_build_object('credit_note', n.invoice_number), now());
      end if;
    elsif it.paid > 0 and it.amount > it.paid then
      -- Lowered to what was paid (the item is then settled); the rest goes back.
      lowered := it.amount - it.paid;
      update app.cashflow_items set amount = it.paid, note = concat_ws(' ', nullif(note, ''), n.invoice_number), row_version = row_version + 1
      where cashflow_id = it.cashflow_id;
    end if;
  end if;
  if credit - lowered > 0 then
    insert into app.cashflow_items (company_code, type_code, partner_id, order_id, invoice_number, amount, currency_code, opened_on, due_date, opened_by, note)
    values (n.company_code, 'customer_credit_note', n.partner_id, n.order_id, n.invoice_number, credit - lowered, n.currency_code, n.issue_date, n.due_date, p_user, n.credited_number);
  end if;
end $$;

insert into app.cashflow_types (type_code, type_names, direction, position) values
  ('customer_credit_note', '{"en": "Customer credit note (out)", "de": "Kundengutschrift (Ausgang)", "hu": "Vevői jóváíró számla (kimenő)", "sk": "Dobropis odberateľovi (výdaj)", "ro": "Notă de credit client (plată)", "cs": "Dobropis odběrateli (výdaj)", "bg": "Кредитно известие към клиент (плащане)"}', 'out', 4)
on conflict do nothing;

-- Issues the invoice of a sales order on `p_day` (the order locked first: one invoice per
-- order). Null when there is nothing to invoice (no lines, no charges) or the order has its
-- invoice already (an event that issues came again, or the setting changed between events).
-- `p_receivable` false: no cashflow item (the demo data, whose orders have theirs already).
create function app.invoice_issue(p_order int, p_user int, p_day date default current_date, p_receivable boolean default true) returns int language plpgsql as $$
declare
  o record;
  inv int;
  digits int;
  lang text;
begin
  select so.*, coalesce(pa.payment_days, co.payment_days) as term, co.currency_code as company_currency, co.company_name, co.address_line_1 as co_address,
         co.zip_code as co_zip, co.city as co_city, co.country_code as co_country, co.vat_number as co_vat, co.registration_number as co_reg,
         co.iban as co_iban, co.email as co_email, co.phone as co_phone,
         coalesce(nullif(pa.label_name, ''), pa.partner_name) as buyer_name, pa.vat_number as buyer_vat,
         ad.first_name, ad.last_name, ad.address_line_1, ad.address_house_no, ad.zip_code, ad.city, ad.country_code,
         cur.currency_precision
    into o
  from app.sales_orders so
  join app.companies co on co.company_code = so.company_code
  join app.partners pa on pa.partner_id = so.partner_id
  join app.currencies cur on cur.currency_code = so.currency_code
  left join lateral (select a.* from app.partner_addresses a where a.partner_id = so.partner_id order by a.address_id limit 1) ad on true
  where so.order_id = p_order
  for update of so;
  if not found or exists (select 1 from app.invoices where order_id = p_order and kind = 'invoice') then
    return null;
  end if;
  if not exists (select 1 from app.sales_order_items where order_id = p_order) and o.delivery_price = 0 and o.payment_fee = 0 then
    return null;
  end if;
  digits := o.currency_precision;
  lang := o.language_code;
  insert into app.invoices (company_code, kind, order_id, order_reference, partner_id, language_code, issue_date, due_date, currency_code,
                            company_currency_code, rate, seller_name, seller_address_line_1, seller_zip_code, seller_city, seller_country_code,
                            seller_vat_number, seller_registration_number, seller_iban, seller_email, seller_phone,
                            buyer_name, buyer_contact, buyer_address_line_1, buyer_house_no, buyer_zip_code, buyer_city, buyer_country_code,
                            buyer_vat_number, buyer_email, issued_by)
  values (o.company_code, 'invoice', p_order, o.fsm_reference, o.partner_id, lang, p_day, p_day + o.term, o.currency_code,
          o.company_currency, case when o.currency_code = o.company_currency then 1 else app.rate_on(o.company_code, o.currency_code, p_day) end,
          o.company_name, coalesce(o.co_address, ''), coalesce(o.co_zip, ''), coalesce(o.co_city, ''), o.co_country,
          coalesce(o.co_vat, ''), coalesce(o.co_reg, ''), coalesce(o.co_iban, ''), coalesce(o.co_email, ''), coalesce(o.co_phone, ''),
          o.buyer_name, coalesce(nullif(trim(concat_ws(' ', o.first_name, o.last_name)), ''), ''), coalesce(o.address_line_1, ''),
          coalesce(o.address_house_no, ''), coalesce(o.zip_code, ''), coalesce(o.city, ''), o.country_code, o.buyer_vat, o.email, p_user)
  returning invoice_id into inv;

  -- The order's lines as v_sales_order_items rounds them, in their order.
  insert into app.invoice_lines (invoice_id, line_no, kind, order_item_id, product_code, description, quantity, unit_price, discount_percent, vat_rate, net_amount, vat_amount, gross_amount)
  select inv, row_number() over (order by x.item_id), 'item', x.item_id, x.product_code, app.name_in(p.product_name, lang, x.product_code),
         x.quantity, x.unit_price, x.discount_percent, x.vat_rate, x.net_amount, x.vat_amount, x.gross_amount
  from app.v_sales_order_items x join app.products p on p.product_code = x.product_code
  where x.order_id = p_order;

  -- The charges (gross), one line per VAT rate they are apportioned to (099's rule), named
  -- after the order's delivery or payment method (none: the line's kind, which a document names).
  insert into app.invoice_lines (invoice_id, line_no, kind, description, quantity, unit_price, vat_rate, net_amount, vat_amount, gross_amount)
  select inv, (select count(*) from app.invoice_lines where invoice_id = inv) + row_number() over (order by ch.pos, cp.rate desc), ch.kind, coalesce(ch.name, ch.kind),
         1, cp.gross - cp.vat, cp.rate, cp.gross - cp.vat, cp.vat, cp.gross
  from (values (1, 'delivery', o.delivery_price, (select app.name_in(dm.dm_names, lang, dm.dm_code) from app.delivery_methods dm where dm.dm_id = o.dm_id)),
               (2, 'payment_fee', o.payment_fee, (select app.name_in(pm.pm_names, lang, pm.pm_code) from app.payment_methods pm where pm.pm_id = o.pm_id))) as ch(pos, kind, gross, name)
  cross join lateral (
    select g.rates, g.nets, coalesce((select v.vat_rate from app.vats v where v.company_code = o.company_code and v.vat_default), 0) as default_rate
    from (select array_agg(x.vat_rate) as rates, array_agg(x.net_amount) as nets from app.v_sales_order_items x where x.order_id = p_order) g
  ) r
  cross join lateral app.charge_parts(ch.gross, r.rates, r.nets, digits, r.default_rate) cp
  where ch.gross > 0;

  update app.invoices set issued_at = now() where invoice_id = inv;
  if p_receivable then
    perform app.invoice_receivable(inv, p_user);
  end if;
  return inv;
end $$;

-- A credit note of an issued invoice on `p_day`: `p_lines` [{line_id, quantity}] reverses
-- those quantities of the invoice's lines, null every line's quantity not yet credited. A
-- line credited up to what is left takes what is left of its amounts (so an invoice
-- credited in full nets to zero to the cent); a part of a line is priced as the invoice
-- priced it. Due on its issue date. Refused with credit_note_limit past what is left, with
-- credit_note_nothing when nothing would be reversed.
create function app.credit_note_issue(p_invoice int, p_lines jsonb, p_user int, p_reason text default '', p_day date default current_date) returns int language plpgsql as $$
declare
  inv app.invoices;
  cn int;
  digits int;
begin
  select * into inv from app.invoices where invoice_id = p_invoice and kind = 'invoice' and issued_at is not null for update;
  if not found then
    raise exception 'invoice % is no issued invoice', p_invoice using errcode = '23514', constraint = 'invoice_company';
  end if;
  select currency_precision into digits from app.currencies where currency_code = inv.currency_code;
  insert into app.invoices (company_code, kind, credited_invoice_id, order_id, order_reference, partner_id, language_code, issue_date, due_date,
                            currency_code, company_currency_code, rate, seller_name, seller_address_line_1, seller_zip_code, seller_city,
                            seller_country_code, seller_vat_number, seller_registration_number, seller_iban, seller_email, seller_phone,
                            buyer_name, buyer_contact, buyer_address_line_1, buyer_house_no, buyer_zip_code, buyer_city, buyer_country_code,
                            buyer_vat_number, buyer_email, reason, issued_by)
  select inv.company_code, 'credit_note', inv.invoice_id, inv.order_id, inv.order_reference, inv.partner_id, inv.language_code, p_day, p_day,
         inv.currency_code, inv.company_currency_code,
         case when inv.currency_code = inv.company_currency_code then 1 else app.rate_on(inv.company_code, inv.currency_code, p_day) end,
         inv.seller_name, inv.seller_address_line_1, inv.seller_zip_code, inv.seller_city, inv.seller_country_code, inv.seller_vat_number,
         inv.seller_registration_number, inv.seller_iban, inv.seller_email, inv.seller_phone,
         inv.buyer_name, inv.buyer_contact, inv.buyer_address_line_1, inv.buyer_house_no, inv.buyer_zip_code, inv.buyer_city, inv.buyer_country_code,
         inv.buyer_vat_number, inv.buyer_email, coalesce(p_reason, ''), p_user
  returning invoice_id into cn;

  insert into app.invoice_lines (invoice_id, line_no, kind, credited_line_id, order_item_id, product_code, description, quantity, unit_price,
                                 discount_percent, vat_rate, net_amount, vat_amount, gross_amount)
  select cn, row_number() over (order by l.line_no), l.kind, l.line_id, l.order_item_id, l.product_code, l.description, q.qty, l.unit_price,
         l.discount_percent, l.vat_rate, a.net, a.vat, a.net + a.vat
  from app.invoice_lines l
  cross join lateral (
    select coalesce(sum(c.quantity), 0) as qty, coalesce(sum(c.net_amount), 0) as net, coalesce(sum(c.vat_amount), 0) as vat
    from app.invoice_lines c where c.credited_line_id = l.line_id
  ) done
  cross join lateral (
    select case when p_lines is null then l.quantity - done.qty
                else (select sum((e ->> 'quantity')::numeric) from jsonb_array_elements(p_lines) e where (e ->> 'line_id')::int = l.line_id) end as qty
  ) q
  cross join lateral (
    select case when q.qty = l.quantity - done.qty then l.net_amount - done.net
                else round(q.qty * l.unit_price * (100 - l.discount_percent) / 100, digits) end as net
  ) n
  cross join lateral (
    select n.net, case when q.qty = l.quantity - done.qty then l.vat_amount - done.vat else round(n.net * l.vat_rate / 100, digits) end as vat
  ) a
  where l.invoice_id = inv.invoice_id and q.qty is not null and (q.qty > 0 or p_lines is not null)
  order by l.line_no;

  if p_lines is not null and exists (
    select 1 from jsonb_array_elements(p_lines) e
    where not exists (select 1 from app.invoice_lines l where l.invoice_id = inv.invoice_id and l.line_id = (e ->> 'line_id')::int)) then
    raise exception 'a credit note reverses lines of the invoice it credits' using errcode = '23514', constraint = 'credit_note_limit';
  end if;
  if not exists (select 1 from app.invoice_lines where invoice_id = cn) then
    raise exception 'nothing of invoice % is left to credit', inv.invoice_number using errcode = '23514', constraint = 'credit_note_nothing';
  end if;
  update app.invoices set issued_at = now() where invoice_id = cn;
  perform app.credit_note_cashflow(cn, p_user);
  return cn;
end $$;

-- ---- reading ------------------------------------------------------------------------------

-- A document's totals: the sums of its rounded lines.
create view app.v_invoice_totals as
select i.invoice_id, coalesce(sum(l.net_amount), 0) as net_total, coalesce(sum(l.vat_amount), 0) as vat_total, coalesce(sum(l.gross_amount), 0) as gross_total
from app.invoices i left join app.invoice_lines l on l.invoice_id = i.invoice_id
group by i.invoice_id;

-- The VAT breakdown: per document and rate, the taxable amount, the VAT and the gross.
create view app.v_invoice_vat as
select l.invoice_id, i.company_code, l.vat_rate, sum(l.net_amount) as net_amount, sum(l.vat_amount) as vat_amount, sum(l.gross_amount) as gross_amount, i.currency_code
from app.invoice_lines l join app.invoices i on i.invoice_id = l.invoice_id
group by l.invoice_id, i.company_code, l.vat_rate, i.currency_code;

-- The list: invoices and credit notes, newest first, each with its totals; an invoice with
-- what its credit notes reversed and what is left, a credit note with the invoice it credits.
create view app.v_invoices as
select i.invoice_id, i.company_code, i.kind, i.invoice_number, ci.invoice_number as credited_invoice_number, i.order_id, i.order_reference,
       i.partner_id, i.buyer_name, i.buyer_vat_number, i.buyer_country_code, i.language_code, i.issue_date, i.due_date, i.currency_code, i.rate,
       t.net_total, t.vat_total, t.gross_total,
       coalesce(cr.credited_total, 0) as credited_total,
       case when i.kind = 'invoice' then t.gross_total - coalesce(cr.credited_total, 0) end as balance_total,
       i.reason, i.issued_at,
       (select coalesce(nullif(trim(u.first_name || ' ' || u.last_name), ''), u.user_name) from app.users u where u.user_id = i.issued_by) as issued_by,
       i.row_version
from app.invoices i
join app.v_invoice_totals t on t.invoice_id = i.invoice_id
left join app.invoices ci on ci.invoice_id = i.credited_invoice_id
left join lateral (
  select sum(ct.gross_total) as credited_total from app.invoices c join app.v_invoice_totals ct on ct.invoice_id = c.invoice_id where c.credited_invoice_id = i.invoice_id
) cr on true;

-- A document's lines with its company and currency; an invoice line with the quantity its credit notes reversed.
create view app.v_invoice_lines as
select l.line_id, l.invoice_id, i.company_code, l.line_no, l.kind, l.product_code, l.description, l.quantity,
       (select coalesce(sum(c.quantity), 0) from app.invoice_lines c where c.credited_line_id = l.line_id) as credited_quantity,
       l.unit_price, l.discount_percent, l.vat_rate, l.net_amount, l.vat_amount, l.gross_amount, i.currency_code, l.credited_line_id
from app.invoice_lines l join app.invoices i on i.invoice_id = l.invoice_id;

-- The order's columns as before (099), and its invoice's number.
create or replace view app.v_sales_orders as
select o.order_id, o.company_code, o.fsm_reference, o.fsm_instance_id, app.fsm_actions(i.state_id) as fsm_actions,
       s.state_code, s.state_names, s.final_state, o.partner_id, pa.partner_name, o.email, o.shop_id, o.pm_id, pm.pm_names, o.dm_id, dm.dm_names,
       o.opened_on, o.currency_code, coalesce(t.total_net, 0) as total_net, coalesce(t.total_vat, 0) as total_vat,
       coalesce(t.total_net + t.total_vat, 0) as total, o.tracking_number, o.ks_order_id, o.ks_invoice_no, o.ks_customer_id,
       o.valid_until, o.deleted, o.notification_sent, o.row_version, o.language_code,
       o.delivery_price, o.payment_fee, coalesce(t.total_net + t.total_vat, 0) + o.delivery_price + o.payment_fee as grand_total,
       cv.delivery_vat, cv.payment_fee_vat,
       coalesce(t.total_net + t.total_vat, 0) + o.delivery_price + o.payment_fee - (coalesce(t.total_vat, 0) + cv.delivery_vat + cv.payment_fee_vat) as grand_net,
       coalesce(t.total_vat, 0) + cv.delivery_vat + cv.payment_fee_vat as grand_vat,
       (select inv.invoice_number from app.invoices inv where inv.order_id = o.order_id and inv.kind = 'invoice') as invoice_number
from app.sales_orders o
join app.fsm_instances i on i.fsm_instance_id = o.fsm_instance_id
join app.fsm_states s on s.state_id = i.state_id
join app.partners pa on pa.partner_id = o.partner_id
join app.currencies cur on cur.currency_code = o.currency_code
left join app.payment_methods pm on pm.pm_id = o.pm_id
left join app.delivery_methods dm on dm.dm_id = o.dm_id
left join lateral (
  select sum(x.net_amount) as total_net, sum(x.vat_amount) as total_vat, array_agg(x.vat_rate) as rates, array_agg(x.net_amount) as nets
  from app.v_sales_order_items x where x.order_id = o.order_id
) t on true
cross join lateral (
  select coalesce((select v.vat_rate from app.vats v where v.company_code = o.company_code and v.vat_default), 0) as default_rate
) dv
cross join lateral (
  select app.charge_vat(o.delivery_price, t.rates, t.nets, cur.currency_precision, dv.default_rate) as delivery_vat,
         app.charge_vat(o.payment_fee, t.rates, t.nets, cur.currency_precision, dv.default_rate) as payment_fee_vat
) cv;
