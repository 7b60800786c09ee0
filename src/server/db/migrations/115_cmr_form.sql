-- The CMR note as the convention's A4 form (issue 47, point 2): the boxes the form has and
-- the note did not (12 volume, 13 sender's instructions, 14 instructions as to payment for
-- carriage, 17 successive carriers, 19 special agreements); the note printed as a print
-- document (/print/cmr_notes_print, src/server/print/cmrNote.ts) instead of the grid of
-- boxes that cut its texts (the cmr_print screen, its view and box titles: the titles are
-- catalogue keys print.cmr_box_* now); an order chosen by its reference (sales_orders_brief).

alter table app.cmr_notes
  -- Box 12: volume in m³.
  add column volume numeric(12, 3) not null default 0,
  -- Box 13: the sender's instructions (customs and other formalities).
  add column sender_instructions text not null default '',
  -- Box 14: instructions as to payment for carriage (carriage paid, carriage forward).
  add column payment_instructions text not null default '',
  -- Box 17: successive carriers (name, address, country).
  add column successive_carriers text not null default '',
  -- Box 19: special agreements.
  add column special_agreements text not null default '';
alter table app.cmr_notes add constraint cmr_volume_not_negative check (volume >= 0);

-- A new note from its order, as before (097); the place of taking over now names the
-- company's city (its address, 106) when it has one.
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
      select concat_ws(', ', c.company_name, nullif(c.city, ''), c.country_code) into new.taking_over_place from app.companies c where c.company_code = new.company_code;
    end if;
    new.cmr_number := app.next_document_no(new.company_code, 'CMR', extract(year from new.taking_over_date)::int);
  elsif new.company_code is distinct from old.company_code or new.cmr_number is distinct from old.cmr_number then
    raise exception 'a CMR note keeps its company and number' using errcode = '23514', constraint = 'cmr_fixed';
  end if;
  return new;
end $$;

-- The printed note is the print document; the grid of boxes goes, with its page and grants.
drop view app.v_cmr_print;
drop table app.cmr_boxes;
delete from app.backend_pages where url = '/sales/cmr_print';

drop view app.v_cmr_notes;
create view app.v_cmr_notes as
select n.cmr_id, n.company_code, n.cmr_number, n.order_id, o.fsm_reference as order_reference, n.invoice_no, n.consignee, n.place_of_delivery,
       n.taking_over_place, n.taking_over_date, n.marks, n.packages, n.packing, n.hs_name, n.hs_code, n.weight, n.volume, n.carrier,
       n.successive_carriers, n.remarks, n.sender_instructions, n.payment_instructions, n.special_agreements,
       -- The printed note, relative to the list's page (/<lang>/sales/cmr): the link keeps the UI language.
       '../print/cmr_notes_print?cmr_id=' || n.cmr_id as print_url, n.row_version
from app.cmr_notes n
left join app.sales_orders o on o.order_id = n.order_id;

-- The orders a note may name, by the reference users see (and the customer's name beside it).
create view app.v_sales_orders_brief as
select o.order_id, o.company_code, o.fsm_reference || ' · ' || p.partner_name as order_name
from app.sales_orders o join app.partners p on p.partner_id = o.partner_id
where not o.deleted;
