-- A CMR note made for an invoiced order names the invoice the order was issued (app.invoices,
-- migration 113) in its "invoice no", not only the shop's own number (ks_invoice_no): box 5's
-- documents attached, as the carrier and the customs read them. Otherwise as 115.
create or replace function app.cmr_notes_before_write() returns trigger language plpgsql as $$
declare
  o record;
begin
  if new.order_id is not null then
    -- The invoice issued for the order (113), else the shop's own number.
    select coalesce((select i.invoice_number from app.invoices i where i.order_id = so.order_id and i.kind = 'invoice' order by i.invoice_id desc limit 1), nullif(so.ks_invoice_no, ''), '') as invoice_no,
           pa.partner_name, ad.first_name, ad.last_name, ad.address_line_1, ad.address_house_no, ad.zip_code, ad.city, ad.country_code,
           (select round(sum(it.quantity * coalesce(p.weight, 0)), 3) from app.sales_order_items it join app.products p on p.product_code = it.product_code where it.order_id = so.order_id) as weight
      into o
    from app.sales_orders so join app.partners pa on pa.partner_id = so.partner_id
    left join lateral (select a.* from app.partner_addresses a where a.partner_id = so.partner_id order by a.address_id limit 1) ad on true
    where so.order_id = new.order_id and so.company_code = new.company_code;
    if not found then
      raise exception 'the order of a CMR note is its company''s' using errcode = '23514', constraint = 'cmr_company';
    end if;
    if tg_op = 'INSERT' then
      if new.invoice_no = '' then new.invoice_no := o.invoice_no; end if;
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
      select concat_ws(', ', c.company_name, nullif(c.city, ''), c.country_code) into new.taking_over_place from app.companies c where c.company_code = new.company_code;
    end if;
    new.cmr_number := app.next_document_no(new.company_code, 'CMR', extract(year from new.taking_over_date)::int);
  elsif new.company_code is distinct from old.company_code or new.cmr_number is distinct from old.cmr_number then
    raise exception 'a CMR note keeps its company and number' using errcode = '23514', constraint = 'cmr_fixed';
  end if;
  return new;
end $$;
