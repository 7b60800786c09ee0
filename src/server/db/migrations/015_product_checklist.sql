-- The product checklist (a detail grid of product_list): what a catalogue manager ticks off
-- before a product is ready to sell, per product, with who ticked each item and when.

create table app.checklist_items (
  item_code text primary key check (item_code ~ '^[a-z0-9_]{1,40}$'),
  item_names jsonb not null default '{}',
  position int not null default 0,
  active boolean not null default true,
  row_version int not null default 1
);

-- The state of an item for a product; no row = not done yet. Rows exist only for items
-- someone touched, so a million products cost nothing here.
create table app.product_checklist (
  product_code text not null references app.products on delete cascade on update cascade,
  item_code text not null references app.checklist_items on delete cascade,
  done boolean not null default false,
  done_by int references app.users on delete set null,
  done_at timestamptz,
  note text check (length(note) <= 500),
  row_version int not null default 1,
  primary key (product_code, item_code)
);

-- One row per product and active item. Items come from an array, names and state from
-- sub-selects (no other table joined, no outer join), so locking a row of the view (the
-- engine's `for update`) locks only the product.
create view app.v_product_checklist as
select x.product_code, x.company_code, x.item_code, x.position,
       (select ci.item_names from app.checklist_items ci where ci.item_code = x.item_code) as item_names,
       coalesce((x.s).done, false) as done, (x.s).note as note,
       (select coalesce(nullif(trim(u.first_name || ' ' || u.last_name), ''), u.user_name) from app.users u where u.user_id = (x.s).done_by) as done_by,
       (x.s).done_at as done_at, coalesce((x.s).row_version, 1) as row_version
from (
  select p.product_code, p.company_code, l.item_code, l.n::int as position,
         (select c from app.product_checklist c where c.product_code = p.product_code and c.item_code = l.item_code) as s
  from app.products p
  cross join unnest(array(select item_code from app.checklist_items where active order by position, item_code))
    with ordinality as l(item_code, n)
) x;

-- Writing a row of the view stores the item's state for the product.
create function app.write_product_checklist() returns trigger language plpgsql as $$
begin
  insert into app.product_checklist as c (product_code, item_code, done, note, row_version)
  values (old.product_code, old.item_code, coalesce(new.done, false), nullif(new.note, ''), new.row_version)
  on conflict (product_code, item_code) do update
  set done = excluded.done, note = excluded.note, row_version = excluded.row_version;
  return new;
end $$;

create trigger v_product_checklist_write instead of update on app.v_product_checklist
  for each row execute function app.write_product_checklist();

-- Who ticked an item and when: the actor and time of the change-log row the api_action
-- engine writes in the same transaction as the edit. `done` written true stamps the
-- state, written false clears the stamp.
create function app.stamp_product_checklist() returns trigger language plpgsql as $$
begin
  update app.product_checklist c
  set done_by = case when (l.after ->> 'done')::boolean then l.actor_user_id end,
      done_at = case when (l.after ->> 'done')::boolean then l.logged_at end
  from (
    select distinct on (entity_key) entity_key, actor_user_id, logged_at, after
    from logged
    where entity_name = 'product_checklist' and after ? 'done' and jsonb_typeof(entity_key) = 'array'
    order by entity_key, log_id desc
  ) l
  where c.product_code = l.entity_key ->> 0 and c.item_code = l.entity_key ->> 1;
  return null;
end $$;

create trigger product_change_log_checklist after insert on app.product_change_log
  referencing new table as logged for each statement execute function app.stamp_product_checklist();

insert into app.checklist_items (item_code, position, item_names) values
  ('texts_translated', 1, '{"en": "Name and descriptions in every language", "de": "Name und Beschreibungen in allen Sprachen", "hu": "Név és leírások minden nyelven", "sk": "Názov a popisy vo všetkých jazykoch", "ro": "Denumire și descrieri în toate limbile", "cs": "Název a popisy ve všech jazycích", "bg": "Име и описания на всички езици"}'),
  ('images_ready', 2, '{"en": "Images uploaded, cover chosen", "de": "Bilder hochgeladen, Titelbild gewählt", "hu": "Képek feltöltve, borítókép kiválasztva", "sk": "Obrázky nahrané, titulný obrázok zvolený", "ro": "Imagini încărcate, copertă aleasă", "cs": "Obrázky nahrány, titulní obrázek zvolen", "bg": "Снимките са качени, корицата е избрана"}'),
  ('prices_checked', 3, '{"en": "Prices and margins checked", "de": "Preise und Margen geprüft", "hu": "Árak és árrések ellenőrizve", "sk": "Ceny a marže skontrolované", "ro": "Prețuri și marje verificate", "cs": "Ceny a marže zkontrolovány", "bg": "Цените и надценките са проверени"}'),
  ('customs_data', 4, '{"en": "Customs data complete (HS code, country of origin)", "de": "Zolldaten vollständig (HS-Code, Ursprungsland)", "hu": "Vámadatok teljesek (VTSZ, származási ország)", "sk": "Colné údaje úplné (kód HS, krajina pôvodu)", "ro": "Date vamale complete (cod HS, țara de origine)", "cs": "Celní údaje úplné (kód HS, země původu)", "bg": "Митническите данни са пълни (код по ХС, държава на произход)"}'),
  ('packing_checked', 5, '{"en": "Packing and weights checked", "de": "Verpackung und Gewichte geprüft", "hu": "Csomagolás és súlyok ellenőrizve", "sk": "Balenie a hmotnosti skontrolované", "ro": "Ambalare și greutăți verificate", "cs": "Balení a hmotnosti zkontrolovány", "bg": "Опаковката и теглата са проверени"}'),
  ('specification_sheet', 6, '{"en": "Specification sheet attached", "de": "Datenblatt angehängt", "hu": "Termékadatlap csatolva", "sk": "Technický list priložený", "ro": "Fișă tehnică atașată", "cs": "Technický list přiložen", "bg": "Техническият лист е приложен"}'),
  ('published', 7, '{"en": "Published in the shops", "de": "In den Shops veröffentlicht", "hu": "Közzétéve a webáruházakban", "sk": "Zverejnené v e-shopoch", "ro": "Publicat în magazine", "cs": "Zveřejněno v e-shopech", "bg": "Публикуван в магазините"}');
