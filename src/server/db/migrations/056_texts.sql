-- Texts an administrator changes without a deploy (issue 24): the UI catalogue in the
-- database with overrides per language (captions), the translation table over both, the
-- texts print documents carry (obd_texts). Packing templates exist since 002.

-- The catalogues (locales/*.json) as the running code ships them: one row per key, its texts
-- per language. Written only by the server at start (src/server/texts/sync.ts), which keeps
-- it equal to the files; `catalogue_hash` says which files it holds.
create table app.catalogue_texts (
  text_key text primary key,
  texts jsonb not null default '{}'
);
create table app.catalogue_sync (
  id boolean primary key default true check (id),
  catalogue_hash text not null
);

-- An administrator's text instead of the catalogue's, for one key in one language. A key that
-- leaves the catalogue takes its overrides with it.
create table app.captions (
  text_key text not null references app.catalogue_texts on delete cascade,
  language_code text not null references app.languages,
  caption_text text not null check (btrim(caption_text) <> ''),
  updated_at timestamptz not null default now(),
  row_version int not null default 1,
  primary key (text_key, language_code)
);

create function app.captions_touch() returns trigger language plpgsql as $$
begin
  new.updated_at := now();
  return new;
end $$;
create trigger captions_touch before update on app.captions for each row execute function app.captions_touch();

-- The captions grid: each override beside the catalogue's text it replaces and English's.
create view app.v_captions as
select c.text_key, c.language_code, c.caption_text, k.texts ->> c.language_code as catalogue_text, k.texts ->> 'en' as english_text, c.updated_at, c.row_version
from app.captions c
join app.catalogue_texts k using (text_key);

-- The keys as a lookup (the captions form picks one).
create view app.v_catalogue_keys as
select text_key, texts ->> 'en' as english_text from app.catalogue_texts;

-- Whether a key's text in a language is missing (the translation table's filter): the
-- effective text (override, else catalogue) is empty, or it reads exactly like English and
-- has letters — unless an administrator wrote that text as an override (a decision).
create function app.text_missing(eff jsonb, ov jsonb, lang text) returns boolean language sql immutable as $$
  select coalesce(btrim(eff ->> lang), '') = ''
      or (not ov ? lang and eff ->> lang = eff ->> 'en' and eff ->> lang ~ '[[:alpha:]]')
$$;

-- Every key × language side by side, the effective text (override, else catalogue). Locking a
-- row locks the catalogue row only (the overrides come from scalar subqueries), so the
-- engine's `for update` works; writes go through the trigger below.
create view app.v_translation_table as
select x.text_key,
       x.eff ->> 'en' as en, x.eff ->> 'de' as de, x.eff ->> 'hu' as hu, x.eff ->> 'ro' as ro,
       x.eff ->> 'sk' as sk, x.eff ->> 'cs' as cs, x.eff ->> 'bg' as bg,
       app.text_missing(x.eff, x.ov, 'de') as missing_de, app.text_missing(x.eff, x.ov, 'hu') as missing_hu,
       app.text_missing(x.eff, x.ov, 'ro') as missing_ro, app.text_missing(x.eff, x.ov, 'sk') as missing_sk,
       app.text_missing(x.eff, x.ov, 'cs') as missing_cs, app.text_missing(x.eff, x.ov, 'bg') as missing_bg,
       (select array_to_string(array_agg(upper(c.language_code) order by c.language_code), ' ') from app.captions c where c.text_key = x.text_key) as overridden
from (
  select k.text_key, k.texts || y.ov as eff, y.ov
  from app.catalogue_texts k,
  lateral (select coalesce((select jsonb_object_agg(c.language_code, c.caption_text) from app.captions c where c.text_key = k.text_key), '{}'::jsonb) as ov) y
) x;

-- A cell written is an override of that language; a cell emptied removes it (the catalogue's
-- text shows again).
create function app.write_translation_table() returns trigger language plpgsql as $$
declare
  lang text;
  was text;
  now_ text;
begin
  foreach lang in array array['en', 'de', 'hu', 'ro', 'sk', 'cs', 'bg'] loop
    was := to_jsonb(old) ->> lang;
    now_ := to_jsonb(new) ->> lang;
    if now_ is distinct from was then
      if coalesce(btrim(now_), '') = '' then
        delete from app.captions where text_key = old.text_key and language_code = lang;
      else
        insert into app.captions (text_key, language_code, caption_text) values (old.text_key, lang, now_)
        on conflict (text_key, language_code) do update set caption_text = excluded.caption_text, row_version = app.captions.row_version + 1;
      end if;
    end if;
  end loop;
  return new;
end $$;
create trigger v_translation_table_write instead of update on app.v_translation_table
  for each row execute function app.write_translation_table();

-- Texts the print documents carry, per company, document and place, in every language
-- (sanitized rich text, like other multi-language html columns).
create table app.obd_texts (
  obd_text_id serial primary key,
  company_code text not null references app.companies,
  document_type text not null,
  placement text not null,
  obd_text jsonb not null default '{}',
  active boolean not null default true,
  row_version int not null default 1,
  constraint obd_text_document check (document_type in ('order', 'invoice', 'delivery_note', 'pick_list', 'arriving_shipment')),
  constraint obd_text_placement check (placement in ('header', 'footer', 'terms')),
  constraint obd_text_unique unique (company_code, document_type, placement)
);
