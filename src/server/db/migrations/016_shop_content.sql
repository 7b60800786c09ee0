-- Storefront content: meta descriptions kept with every write of page content, and the
-- second-generation content pages (/shops/2frontendPages) built from column blocks
-- (/shops/2frontendPages/colDefs): a 12-column row layout, each block with a width,
-- a type and rich text per language.

-- The SQL twin of src/core/seo.ts metaDescription, so the stored value cannot miss a
-- write path (engine set, bulk set, undo, import, SQL): script/style blocks and tags
-- become spaces, six entities are decoded in one pass (&amp; last, so '&amp;lt;' stays
-- '&lt;'), whitespace runs (JavaScript's \s set) become one space, trimmed; over 170
-- characters it is cut to 167 + '...'. tests/api/shop-content.test.ts holds both equal.
-- '<{1,1}?' makes the whole pattern non-greedy: the first closing tag ends a block.
create function app.meta_description(html text) returns text language sql immutable parallel safe as $$
  select case when char_length(s) > 170 then left(s, 167) || '...' else s end
  from (
    select btrim(regexp_replace(
      replace(replace(replace(replace(replace(replace(
        regexp_replace(regexp_replace(coalesce(html, ''), '<{1,1}?(script|style)[^>]*>.*?</\1>', ' ', 'gi'), '<[^>]*>', ' ', 'g'),
        '&lt;', '<'), '&gt;', '>'), '&quot;', '"'), '&#39;', ''''), '&nbsp;', ' '), '&amp;', '&'),
      '[ \t\n\v\f\r\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+', ' ', 'g'), ' ') as s
  ) t
$$;

-- Per language: {"en": "<p>…</p>", …} → {"en": "…", …}.
create function app.meta_descriptions(body jsonb) returns jsonb language sql immutable parallel safe as $$
  select coalesce(jsonb_object_agg(key, app.meta_description(value)), '{}'::jsonb)
  from jsonb_each_text(case when jsonb_typeof(body) = 'object' then body else '{}'::jsonb end)
$$;

-- Frontend pages: the meta description follows the body on every insert and update.
alter table app.frontend_pages add column meta_description jsonb not null default '{}';

create function app.frontend_pages_meta() returns trigger language plpgsql as $$
begin
  new.meta_description := app.meta_descriptions(new.page_body);
  return new;
end $$;

create trigger frontend_pages_meta before insert or update on app.frontend_pages
  for each row execute function app.frontend_pages_meta();

update app.frontend_pages set page_body = page_body;

create or replace view app.v_frontend_pages as
select f.page_id, f.shop_id, s.company_code, f.page_code, f.page_title, f.page_body, f.active, f.updated_at, f.row_version,
       f.meta_description
from app.frontend_pages f join app.shops s on s.shop_id = f.shop_id;

-- Second-generation pages: a page per shop; its content is its column blocks.
create table app.content_pages (
  content_page_id serial primary key,
  shop_id int not null references app.shops on delete cascade,
  page_code text not null check (page_code ~ '^[a-z0-9][a-z0-9-]*$'),
  page_title jsonb not null default '{}',
  meta_description jsonb not null default '{}',
  position int not null default 0,
  active boolean not null default true,
  updated_at timestamptz not null default now(),
  row_version int not null default 1,
  unique (shop_id, page_code)
);

create trigger content_pages_touch_updated_at before update on app.content_pages
  for each row execute function app.touch_updated_at();

-- A block: its place on the page (position; widths of consecutive blocks fill rows of
-- 12), what it shows (text, image, video) and its texts per language.
create table app.content_page_columns (
  col_def_id serial primary key,
  content_page_id int not null references app.content_pages on delete cascade,
  position int not null default 0,
  col_width int not null default 12 check (col_width between 1 and 12),
  block_type text not null default 'text' check (block_type in ('text', 'image', 'video')),
  block_title jsonb not null default '{}',
  block_body jsonb not null default '{}',
  media_url text not null default '' check (media_url ~ '^((https://|/)\S*)?$'),
  link_url text not null default '' check (link_url ~ '^((https?://|/)\S*)?$'),
  css_class text not null default '' check (css_class ~ '^[a-z0-9 _-]*$'),
  active boolean not null default true,
  row_version int not null default 1,
  check (block_type = 'text' or media_url <> '')
);
create index content_page_columns_page on app.content_page_columns (content_page_id, position);

-- A page's meta description per language: its active blocks' texts in page order.
create function app.content_page_meta(page int) returns void language sql as $$
  update app.content_pages p set meta_description = m.meta
  from (
    select coalesce(jsonb_object_agg(lang, app.meta_description(body)), '{}'::jsonb) as meta
    from (
      select e.key as lang, string_agg(e.value, ' ' order by c.position, c.col_def_id) as body
      from app.content_page_columns c cross join lateral jsonb_each_text(c.block_body) e
      where c.content_page_id = page and c.active
      group by e.key
    ) b
  ) m
  where p.content_page_id = page and p.meta_description is distinct from m.meta
$$;

create function app.content_page_columns_meta() returns trigger language plpgsql as $$
begin
  if tg_op <> 'INSERT' then perform app.content_page_meta(old.content_page_id); end if;
  if tg_op <> 'DELETE' and (tg_op = 'INSERT' or new.content_page_id is distinct from old.content_page_id) then
    perform app.content_page_meta(new.content_page_id);
  end if;
  return null;
end $$;

create trigger content_page_columns_meta after insert or update or delete on app.content_page_columns
  for each row execute function app.content_page_columns_meta();

create view app.v_content_pages as
select p.content_page_id, p.shop_id, s.company_code, s.hostname || '/' || p.page_code as page_label, p.page_code,
       p.page_title, p.meta_description, p.position, p.active, p.updated_at, p.row_version,
       (select count(*)::int from app.content_page_columns c where c.content_page_id = p.content_page_id) as column_count
from app.content_pages p join app.shops s on s.shop_id = p.shop_id;

create view app.v_content_page_columns as
select c.col_def_id, c.content_page_id, p.shop_id, s.company_code, c.position, c.col_width, c.block_type,
       c.block_title, c.block_body, c.media_url, c.link_url, c.css_class, c.active, c.row_version
from app.content_page_columns c
join app.content_pages p on p.content_page_id = c.content_page_id
join app.shops s on s.shop_id = p.shop_id;
