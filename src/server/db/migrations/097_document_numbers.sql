-- Document numbers per company (issue 43, finding 8). Sales orders (SO), purchase orders
-- (PO), CMR notes (CMR) and pick lists (PL) were numbered <type>-<year>-<the row's serial
-- id>: one sequence for all companies, so a company's numbers jumped (PO-…081, then
-- PO-…252) whenever another company wrote one. A sequence cannot run per company; a counter
-- row per company, type and year can:
--
--   app.document_counters (company, type, year) → the last number given.
--   app.next_document_no(company, type, year) takes the next one: an upsert of that row,
--   which locks it until the inserting transaction ends. A second document of the same
--   company, type and year waits for the first to commit (and then takes the next number)
--   or to roll back (and then takes the same number): no two documents get one number, and
--   a rolled-back insert leaves no gap. Other companies, types and years do not wait.
--
-- The format stays <type>-<year>-<number, 6 digits or more>; the year is the document's (an
-- order's opened_on, a CMR note's taking-over date, a pick list's creation), and numbering
-- starts again at 1 in each year. Existing documents keep their numbers: each counter starts
-- at the company's highest number of that type and year, so none is given twice.

create table app.document_counters (
  company_code text not null references app.companies on delete cascade,
  doc_type text not null check (doc_type in ('SO', 'PO', 'CMR', 'PL')),
  year int not null check (year between 1 and 9999),
  last_no int not null check (last_no >= 0),
  primary key (company_code, doc_type, year)
);

create function app.next_document_no(p_company text, p_type text, p_year int) returns text language plpgsql as $$
declare
  n int;
begin
  insert into app.document_counters as c (company_code, doc_type, year, last_no) values (p_company, p_type, p_year, 1)
  on conflict (company_code, doc_type, year) do update set last_no = c.last_no + 1
  returning c.last_no into n;
  return p_type || '-' || p_year || '-' || lpad(n::text, greatest(6, length(n::text)), '0');
end $$;

-- The counters of the documents there are: the highest number per company, type and year
-- (numbers of another shape, none so far, are left out: the unique keys below keep them apart).
insert into app.document_counters (company_code, doc_type, year, last_no)
select company_code, m[1], m[2]::int, max(m[3]::bigint)::int
from (
  select company_code, regexp_match(fsm_reference, '^(SO)-(\d{4})-(\d{1,9})$') as m from app.sales_orders
  union all
  select company_code, regexp_match(fsm_reference, '^(PO)-(\d{4})-(\d{1,9})$') from app.purchase_orders
  union all
  select company_code, regexp_match(cmr_number, '^(CMR)-(\d{4})-(\d{1,9})$') from app.cmr_notes
  union all
  select company_code, regexp_match(pick_list_no, '^(PL)-(\d{4})-(\d{1,9})$') from app.pick_lists
) d
where m is not null
group by company_code, m[1], m[2];

-- Sales orders, purchase orders and CMR notes are unique per company already (038, 048,
-- 044); pick lists now too.
alter table app.pick_lists add constraint pick_lists_company_code_pick_list_no_key unique (company_code, pick_list_no);

-- The triggers as they were (038, 048, 044, 049), each number now from its company's counter;
-- a document keeps its number.
create or replace function app.sales_orders_before_write() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    if new.shop_id is null then
      select shop_id into new.shop_id from app.shops where company_code = new.company_code order by shop_id limit 1;
    end if;
    if new.currency_code is null then
      select coalesce(s.currency_code, c.currency_code) into new.currency_code
      from app.companies c left join app.shops s on s.shop_id = new.shop_id where c.company_code = new.company_code;
    end if;
    if new.fsm_instance_id is null then
      new.fsm_instance_id := app.fsm_create('sales_order', new.company_code, null, now());
    end if;
    new.fsm_reference := app.next_document_no(new.company_code, 'SO', extract(year from new.opened_on)::int);
  elsif new.fsm_instance_id is distinct from old.fsm_instance_id or new.company_code is distinct from old.company_code then
    raise exception 'an order keeps its company and workflow instance' using errcode = '23514', constraint = 'sales_order_fixed';
  elsif new.fsm_reference is distinct from old.fsm_reference then
    raise exception 'a document keeps its number' using errcode = '23514', constraint = 'document_number_fixed';
  end if;
  if not exists (select 1 from app.partners where partner_id = new.partner_id and company_code = new.company_code)
     or not exists (select 1 from app.shops where shop_id = new.shop_id and company_code = new.company_code)
     or (new.pm_id is not null and not exists (select 1 from app.payment_methods where pm_id = new.pm_id and company_code = new.company_code))
     or (new.dm_id is not null and not exists (select 1 from app.delivery_methods where dm_id = new.dm_id and company_code = new.company_code))
     or not exists (select 1 from app.fsm_instances where fsm_instance_id = new.fsm_instance_id and company_code = new.company_code and type_code = 'sales_order') then
    raise exception 'the partner, shop, methods and workflow of an order are its company''s' using errcode = '23514', constraint = 'sales_order_company';
  end if;
  return new;
end $$;

create or replace function app.purchase_orders_before_write() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    if new.currency_code is null then
      select currency_code into new.currency_code from app.companies where company_code = new.company_code;
    end if;
    if new.fsm_instance_id is null then
      new.fsm_instance_id := app.fsm_create('purchase_order', new.company_code, null, now());
    end if;
    new.fsm_reference := app.next_document_no(new.company_code, 'PO', extract(year from new.opened_on)::int);
  elsif new.fsm_instance_id is distinct from old.fsm_instance_id or new.company_code is distinct from old.company_code then
    raise exception 'a purchase order keeps its company and workflow instance' using errcode = '23514', constraint = 'purchase_order_fixed';
  elsif new.fsm_reference is distinct from old.fsm_reference then
    raise exception 'a document keeps its number' using errcode = '23514', constraint = 'document_number_fixed';
  end if;
  if not exists (select 1 from app.partners where partner_id = new.partner_id and company_code = new.company_code and is_supplier) then
    raise exception 'the supplier must be a supplier of the order''s company' using errcode = '23514', constraint = 'purchase_order_supplier';
  end if;
  if not exists (select 1 from app.fsm_instances where fsm_instance_id = new.fsm_instance_id and company_code = new.company_code and type_code = 'purchase_order') then
    raise exception 'the workflow instance must be the order''s company''s' using errcode = '23514', constraint = 'purchase_order_fixed';
  end if;
  return new;
end $$;

create or replace function app.cmr_notes_before_write() returns trigger language plpgsql as $$
declare
  o record;
begin
  if new.order_id is not null then
    select so.ks_invoice_no, pa.partner_name, ad.first_name, ad.last_name, ad.address_line_1, ad.address_house_no, ad.zip_code, ad.city, ad.country_code,
           (select round(sum(it.quantity * coalesce(p.weight, 0)), 3) from app.sales_order_items it join app.products p on p.product_code = it.product_code where it.order_id = so.order_id) as weight
      into o
    from app.sales_orders so join app.partners pa on pa.partner_id = so.partner_id
    left join lateral (select a.* from app.partner_addresses a where a.partner_id = so.partner_id order by a.address_id limit 1) ad on true
    where so.order_id = new.order_id and so.company_code = new.company_code;
    if not found then
      raise exception 'the order of a CMR note is its company''s' using errcode = '23514', constraint = 'cmr_company';
    end if;
    if tg_op = 'INSERT' then
      if new.invoice_no = '' then new.invoice_no := o.ks_invoice_no; end if;
      if new.consignee = '' then
        -- The contact's name unless it is the partner's own (a private customer).
        new.consignee := concat_ws(e'\n', o.partner_name, nullif(nullif(trim(concat_ws(' ', o.first_name, o.last_name)), ''), o.partner_name),
                                   nullif(trim(concat_ws(' ', o.address_line_1, o.address_house_no)), ''),
                                   nullif(trim(concat_ws(' ', o.zip_code, o.city)), ''), o.country_code);
      end if;
      if new.place_of_delivery = '' then
        new.place_of_delivery := concat_ws(', ', nullif(o.city, ''), o.country_code);
      end if;
      if new.weight = 0 and o.weight is not null then new.weight := o.weight; end if;
    end if;
  end if;
  if tg_op = 'INSERT' then
    if new.taking_over_place = '' then
      select concat_ws(', ', c.company_name, c.country_code) into new.taking_over_place from app.companies c where c.company_code = new.company_code;
    end if;
    new.cmr_number := app.next_document_no(new.company_code, 'CMR', extract(year from new.taking_over_date)::int);
  elsif new.company_code is distinct from old.company_code or new.cmr_number is distinct from old.cmr_number then
    raise exception 'a CMR note keeps its company and number' using errcode = '23514', constraint = 'cmr_fixed';
  end if;
  return new;
end $$;

create or replace function app.pick_lists_before_write() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    new.created_by := coalesce(new.created_by, nullif(current_setting('app.user_id', true), '')::int);
    new.pick_list_no := app.next_document_no(new.company_code, 'PL', extract(year from new.created_at)::int);
  elsif new.company_code is distinct from old.company_code then
    raise exception 'a pick list keeps its company' using errcode = '23514', constraint = 'stock_company';
  elsif new.pick_list_no is distinct from old.pick_list_no then
    raise exception 'a document keeps its number' using errcode = '23514', constraint = 'document_number_fixed';
  end if;
  return new;
end $$;
