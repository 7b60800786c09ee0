-- Accounts on sales orders, invoices and cash-flow items (issue 47, point 6).
--
-- A company marks one of its accounts (106) as its default: what a new sales order is booked
-- to when none is given, and an incoming cash-flow item with no order. Marking one takes the
-- mark from the other (as 072 does for the AI engines). A sales order names one of its own
-- company's accounts (the key holds the company with it, as 107 does for purchase orders);
-- an invoice keeps the account of its order as it was when issued (a credit note its
-- invoice's): the accounting export reads it from there, never from the order as it is now.
-- A cash-flow item is booked to its order's account, else (money coming in) the company's
-- default; an outgoing item without an order is left to the user.

-- ---- the company's default account -------------------------------------------------------

alter table app.accounts add column is_default boolean not null default false;
create unique index accounts_one_default on app.accounts (company_code) where is_default;

create function app.accounts_one_default() returns trigger language plpgsql as $$
begin
  if new.is_default then
    update app.accounts set is_default = false, row_version = row_version + 1
    where company_code = new.company_code and account_id <> new.account_id and is_default;
  end if;
  return new;
end $$;
create trigger accounts_one_default before insert or update of is_default on app.accounts
  for each row execute function app.accounts_one_default();

-- ---- sales orders --------------------------------------------------------------------------

alter table app.sales_orders
  add column account_id int,
  add constraint sales_orders_account foreign key (company_code, account_id) references app.accounts (company_code, account_id);
create index sales_orders_account on app.sales_orders (account_id) where account_id is not null;

-- A new order without an account (the grid's add, the storefront's checkout, the demo) takes the company's default.
create function app.sales_orders_account_default() returns trigger language plpgsql as $$
begin
  if new.account_id is null then
    select a.account_id into new.account_id from app.accounts a where a.company_code = new.company_code and a.is_default;
  end if;
  return new;
end $$;
create trigger sales_orders_account_default before insert on app.sales_orders
  for each row execute function app.sales_orders_account_default();

-- ---- invoices: the order's account when issued ---------------------------------------------

alter table app.invoices
  add column account_id int,
  add constraint invoices_account foreign key (company_code, account_id) references app.accounts (company_code, account_id);

create function app.invoices_account() returns trigger language plpgsql as $$
begin
  if new.credited_invoice_id is not null then
    select i.account_id into new.account_id from app.invoices i where i.invoice_id = new.credited_invoice_id and i.company_code = new.company_code;
  else
    select o.account_id into new.account_id from app.sales_orders o where o.order_id = new.order_id and o.company_code = new.company_code;
  end if;
  return new;
end $$;
create trigger invoices_account before insert on app.invoices
  for each row execute function app.invoices_account();

-- ---- cash-flow items -----------------------------------------------------------------------

-- The column (as 117 adds it with the payables; here for a tree without it).
alter table app.cashflow_items add column if not exists account_id int;
do $$
begin
  if not exists (select 1 from pg_constraint where conname = 'cashflow_items_account' and conrelid = 'app.cashflow_items'::regclass) then
    alter table app.cashflow_items add constraint cashflow_items_account foreign key (company_code, account_id) references app.accounts (company_code, account_id);
  end if;
end $$;
create index if not exists cashflow_items_account on app.cashflow_items (account_id) where account_id is not null;

-- A new item without an account: its order's (an invoice's receivable, a credit note's
-- refund), else, for money coming in, the company's default.
create function app.cashflow_items_account_default() returns trigger language plpgsql as $$
begin
  if new.account_id is null and new.order_id is not null then
    select o.account_id into new.account_id from app.sales_orders o where o.order_id = new.order_id and o.company_code = new.company_code;
  end if;
  if new.account_id is null and exists (select 1 from app.cashflow_types t where t.type_code = new.type_code and t.direction = 'in') then
    select a.account_id into new.account_id from app.accounts a where a.company_code = new.company_code and a.is_default;
  end if;
  return new;
end $$;
create trigger cashflow_items_account_default before insert on app.cashflow_items
  for each row execute function app.cashflow_items_account_default();

-- ---- the lists -----------------------------------------------------------------------------

-- 113's order list, and its account at the end.
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
       (select inv.invoice_number from app.invoices inv where inv.order_id = o.order_id and inv.kind = 'invoice') as invoice_number,
       o.account_id
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

-- 113's invoice list, and the account the document is booked to at the end.
create or replace view app.v_invoices as
select i.invoice_id, i.company_code, i.kind, i.invoice_number, ci.invoice_number as credited_invoice_number, i.order_id, i.order_reference,
       i.partner_id, i.buyer_name, i.buyer_vat_number, i.buyer_country_code, i.language_code, i.issue_date, i.due_date, i.currency_code, i.rate,
       t.net_total, t.vat_total, t.gross_total,
       coalesce(cr.credited_total, 0) as credited_total,
       case when i.kind = 'invoice' then t.gross_total - coalesce(cr.credited_total, 0) end as balance_total,
       i.reason, i.issued_at,
       (select coalesce(nullif(trim(u.first_name || ' ' || u.last_name), ''), u.user_name) from app.users u where u.user_id = i.issued_by) as issued_by,
       i.row_version, i.account_id
from app.invoices i
join app.v_invoice_totals t on t.invoice_id = i.invoice_id
left join app.invoices ci on ci.invoice_id = i.credited_invoice_id
left join lateral (
  select sum(ct.gross_total) as credited_total from app.invoices c join app.v_invoice_totals ct on ct.invoice_id = c.invoice_id where c.credited_invoice_id = i.invoice_id
) cr on true;
