-- Shipping paid sales orders (issue 22): the courier export (orders ready to ship with the
-- delivery address, weight and cash-on-delivery amount a carrier's parcel import needs,
-- tracking numbers read back into the orders) and CMR consignment notes (spec §3 "CMR").

-- The carrier's code for a delivery method: in a Packeta import the "pickup point or
-- carrier ID" column (its home-delivery service in the recipient's country). Empty: the
-- method is not shipped by the parcel carrier (pickup in store, pallet freight).
alter table app.delivery_methods add column carrier_id text not null default '';

-- Orders ready to ship: paid (the workflow cleared them for shipping; cash on delivery is
-- collected by the carrier), not marked deleted, by a method the carrier serves. The
-- recipient's address is the customer's first address; the weight the items' product
-- weights (kg); the COD amount the order's total when paid by cash on delivery.
create view app.v_courier_orders as
select o.order_id, o.company_code, o.fsm_reference, o.fsm_instance_id, app.fsm_actions(i.state_id) as fsm_actions, s.state_code, s.state_names,
       o.partner_id, pa.partner_name, ad.first_name, ad.last_name, ad.address_line_1, ad.address_house_no, ad.zip_code, ad.city, ad.country_code, ad.phone,
       o.email, coalesce(w.weight, 0) as weight, t.total, case when pm.pm_code = 'cod' then t.total else 0 end as cod_amount, o.currency_code,
       dm.carrier_id, sh.shop_name, o.tracking_number, o.row_version
from app.sales_orders o
join app.fsm_instances i on i.fsm_instance_id = o.fsm_instance_id
join app.fsm_states s on s.state_id = i.state_id
join app.partners pa on pa.partner_id = o.partner_id
join app.delivery_methods dm on dm.dm_id = o.dm_id
join app.shops sh on sh.shop_id = o.shop_id
left join app.payment_methods pm on pm.pm_id = o.pm_id
left join lateral (select a.* from app.partner_addresses a where a.partner_id = o.partner_id order by a.address_id limit 1) ad on true
left join lateral (select round(sum(it.quantity * coalesce(p.weight, 0)), 3) as weight
                   from app.sales_order_items it join app.products p on p.product_code = it.product_code where it.order_id = o.order_id) w on true
left join lateral (select coalesce(sum(x.net_amount + x.vat_amount), 0) as total from app.v_sales_order_items x where x.order_id = o.order_id) t on true
where s.state_code = 'paid' and not o.deleted and dm.carrier_id <> '';

-- A CMR consignment note (CMR convention, the road consignment note): per company,
-- usually for a sales order (its customer the consignee unless another is written), with
-- the goods as they travel: invoice, description (HS name), packages, packing, weight.
create table app.cmr_notes (
  cmr_id serial primary key,
  company_code text not null references app.companies,
  -- CMR-<year>-<cmr_id>: set on insert.
  cmr_number text not null default '',
  order_id int references app.sales_orders on delete set null,
  invoice_no text not null default '',
  -- Box 2: name and address, as many lines as needed (default: the order's customer and address).
  consignee text not null default '',
  -- Box 3: place of delivery of the goods.
  place_of_delivery text not null default '',
  -- Box 4: place and date of taking over the goods (default: the company's country, today).
  taking_over_place text not null default '',
  taking_over_date date not null default current_date,
  -- Boxes 6–9: marks, number of packages, method of packing, nature of the goods (HS name); 10 statistical number (HS code).
  marks text not null default '',
  packages int not null default 1,
  packing text not null default '',
  hs_name text not null default '',
  hs_code text not null default '',
  -- Box 11: gross weight in kg.
  weight numeric(12, 3) not null default 0,
  -- Box 16: the carrier (name, address).
  carrier text not null default '',
  -- Box 18: carrier's reservations and observations; box 13: sender's instructions.
  remarks text not null default '',
  row_version int not null default 1,
  unique (company_code, cmr_number)
);
alter table app.cmr_notes add constraint cmr_packages_positive check (packages >= 1);
alter table app.cmr_notes add constraint cmr_weight_not_negative check (weight >= 0);
create index cmr_notes_company on app.cmr_notes (company_code, cmr_id desc);
create index cmr_notes_order on app.cmr_notes (order_id) where order_id is not null;

-- A new note: its number; from its order when not written: the invoice number, the
-- consignee and place of delivery (customer's first address), the weight of the items.
-- The order is the note's company's.
create function app.cmr_notes_before_write() returns trigger language plpgsql as $$
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
    new.cmr_number := 'CMR-' || extract(year from new.taking_over_date)::int || '-' || lpad(new.cmr_id::text, 6, '0');
  elsif new.company_code is distinct from old.company_code or new.cmr_number is distinct from old.cmr_number then
    raise exception 'a CMR note keeps its company and number' using errcode = '23514', constraint = 'cmr_fixed';
  end if;
  return new;
end $$;
create trigger cmr_notes_before_write before insert or update on app.cmr_notes
  for each row execute function app.cmr_notes_before_write();

create view app.v_cmr_notes as
select n.cmr_id, n.company_code, n.cmr_number, n.order_id, o.fsm_reference as order_reference, n.invoice_no, n.consignee, n.place_of_delivery,
       n.taking_over_place, n.taking_over_date, n.marks, n.packages, n.packing, n.hs_name, n.hs_code, n.weight, n.carrier, n.remarks,
       -- The printed note, relative to the list's page (/<lang>/sales/cmr): the link keeps the UI language.
       'cmr_print?cmr_id=' || n.cmr_id as print_url, n.row_version
from app.cmr_notes n
left join app.sales_orders o on o.order_id = n.order_id;

-- The boxes of the CMR form that the printed note fills, named in every UI language (the
-- form's own titles; a note crosses borders, so each reader gets them in their language).
create table app.cmr_boxes (
  box_no int primary key,
  box_key text not null unique,
  box_names jsonb not null
);
insert into app.cmr_boxes (box_no, box_key, box_names) values
  (1, 'sender', '{"en": "Sender (name, address, country)", "de": "Absender (Name, Anschrift, Land)", "hu": "Feladó (név, cím, ország)", "sk": "Odosielateľ (meno, adresa, krajina)", "ro": "Expeditor (nume, adresă, țară)", "cs": "Odesílatel (jméno, adresa, země)", "bg": "Изпращач (име, адрес, държава)"}'),
  (2, 'consignee', '{"en": "Consignee (name, address, country)", "de": "Empfänger (Name, Anschrift, Land)", "hu": "Címzett (név, cím, ország)", "sk": "Príjemca (meno, adresa, krajina)", "ro": "Destinatar (nume, adresă, țară)", "cs": "Příjemce (jméno, adresa, země)", "bg": "Получател (име, адрес, държава)"}'),
  (3, 'place_of_delivery', '{"en": "Place of delivery of the goods", "de": "Auslieferungsort des Gutes", "hu": "Az áru kiszolgáltatásának helye", "sk": "Miesto určenia zásielky", "ro": "Locul de livrare a mărfii", "cs": "Místo určení zásilky", "bg": "Място на доставка на стоката"}'),
  (4, 'taking_over', '{"en": "Place and date of taking over the goods", "de": "Ort und Tag der Übernahme des Gutes", "hu": "Az áru átvételének helye és ideje", "sk": "Miesto a dátum prevzatia zásielky", "ro": "Locul și data încărcării mărfii", "cs": "Místo a datum převzetí zásilky", "bg": "Място и дата на приемане на стоката"}'),
  (5, 'documents', '{"en": "Documents attached", "de": "Beigefügte Dokumente", "hu": "Mellékelt okmányok", "sk": "Priložené doklady", "ro": "Documente anexate", "cs": "Přiložené doklady", "bg": "Приложени документи"}'),
  (6, 'marks', '{"en": "Marks and numbers", "de": "Kennzeichen und Nummern", "hu": "Jelek és számok", "sk": "Značky a čísla", "ro": "Mărci și numere", "cs": "Značky a čísla", "bg": "Маркировка и номера"}'),
  (7, 'packages', '{"en": "Number of packages", "de": "Anzahl der Packstücke", "hu": "Darabszám", "sk": "Počet kusov", "ro": "Număr de colete", "cs": "Počet kusů", "bg": "Брой пакети"}'),
  (8, 'packing', '{"en": "Method of packing", "de": "Art der Verpackung", "hu": "Csomagolás módja", "sk": "Spôsob balenia", "ro": "Mod de ambalare", "cs": "Způsob balení", "bg": "Вид на опаковката"}'),
  (9, 'goods', '{"en": "Nature of the goods", "de": "Bezeichnung des Gutes", "hu": "Az áru megnevezése", "sk": "Druh tovaru", "ro": "Natura mărfii", "cs": "Druh zboží", "bg": "Вид на стоката"}'),
  (10, 'statistical_number', '{"en": "Statistical number", "de": "Statistiknummer", "hu": "Statisztikai szám", "sk": "Štatistické číslo", "ro": "Număr statistic", "cs": "Statistické číslo", "bg": "Статистически номер"}'),
  (11, 'gross_weight', '{"en": "Gross weight (kg)", "de": "Bruttogewicht (kg)", "hu": "Bruttó súly (kg)", "sk": "Hmotnosť brutto (kg)", "ro": "Greutate brută (kg)", "cs": "Hmotnost brutto (kg)", "bg": "Бруто тегло (кг)"}'),
  (16, 'carrier', '{"en": "Carrier (name, address, country)", "de": "Frachtführer (Name, Anschrift, Land)", "hu": "Fuvarozó (név, cím, ország)", "sk": "Dopravca (meno, adresa, krajina)", "ro": "Transportator (nume, adresă, țară)", "cs": "Dopravce (jméno, adresa, země)", "bg": "Превозвач (име, адрес, държава)"}'),
  (18, 'remarks', '{"en": "Carrier''s reservations and observations", "de": "Vorbehalte und Bemerkungen der Frachtführer", "hu": "A fuvarozó fenntartásai és észrevételei", "sk": "Výhrady a poznámky dopravcu", "ro": "Rezerve și observații ale transportatorului", "cs": "Výhrady a poznámky dopravce", "bg": "Резерви и забележки на превозвача"}');

-- The printed note: its boxes in the form's order, each with its text. The sender (box 1)
-- is the company with its country. Read through the print page's screen, filtered by cmr_id.
create view app.v_cmr_print as
select n.cmr_id * 100 + b.box_no as print_id, n.cmr_id, n.company_code, n.cmr_number, b.box_no, b.box_names,
       case b.box_key
         when 'sender' then concat_ws(e'\n', c.company_name, c.country_code)
         when 'consignee' then n.consignee
         when 'place_of_delivery' then n.place_of_delivery
         when 'taking_over' then concat_ws(', ', nullif(n.taking_over_place, ''), to_char(n.taking_over_date, 'YYYY-MM-DD'))
         when 'documents' then n.invoice_no
         when 'marks' then n.marks
         when 'packages' then n.packages::text
         when 'packing' then n.packing
         when 'goods' then n.hs_name
         when 'statistical_number' then n.hs_code
         when 'gross_weight' then to_char(n.weight, 'FM999999990.000')
         when 'carrier' then n.carrier
         when 'remarks' then n.remarks
       end as box_text
from app.cmr_notes n
join app.companies c on c.company_code = n.company_code
cross join app.cmr_boxes b;
