-- AI content (issue 25): product texts an AI engine proposes, reviewed before they reach
-- the product, and the recipe and house content items with candidate images.
--
-- A proposal is never the product's text: accepting it writes the product through the
-- product_translations screen's path (engine/write.ts), so the product change log records
-- who changed which text from what to what; the proposal keeps that entry's id.

create table app.ai_proposals (
  proposal_id serial primary key,
  company_code text not null references app.companies,
  product_code text not null references app.products on delete cascade,
  -- The product's text fields (migration 014's product_translations): a short and a long description.
  field_name text not null check (field_name in ('description_short', 'description')),
  language_code text not null references app.languages,
  proposed_text text not null check (length(proposed_text) between 1 and 20000),
  state text not null default 'proposed' check (state in ('proposed', 'accepted', 'rejected')),
  engine text not null,
  model text not null,
  created_by int references app.users on delete set null,
  created_at timestamptz not null default now(),
  decided_by int references app.users on delete set null,
  decided_at timestamptz,
  -- The product change log entry an accept wrote (null: not accepted, or the text was already the same).
  log_id bigint,
  row_version int not null default 1
);
create index ai_proposals_company on app.ai_proposals (company_code, state, created_at desc);
create index ai_proposals_product on app.ai_proposals (product_code, field_name, language_code) where state = 'proposed';

-- A decided proposal is history: its text no longer changes (the grid edits only open ones).
create function app.ai_proposal_open() returns trigger language plpgsql as $$
begin
  if old.state <> 'proposed' and new.proposed_text is distinct from old.proposed_text then
    raise exception 'a proposal that was accepted or rejected cannot be edited'
      using errcode = '23514', constraint = 'ai_proposal_decided';
  end if;
  return new;
end $$;
create trigger ai_proposal_open before update on app.ai_proposals for each row execute function app.ai_proposal_open();

-- The review grid: each proposal beside the product's current text in that field and language.
create view app.v_ai_proposals as
select a.proposal_id, a.company_code, a.product_code, p.product_name, a.field_name, a.language_code,
       case a.field_name when 'description_short' then p.description_short ->> a.language_code
                         else p.description ->> a.language_code end as current_text,
       a.proposed_text, a.state, a.engine, a.model,
       cu.user_name as created_by_name, a.created_at, du.user_name as decided_by_name, a.decided_at, a.log_id, a.row_version
from app.ai_proposals a
join app.products p on p.product_code = a.product_code
left join app.users cu on cu.user_id = a.created_by
left join app.users du on du.user_id = a.decided_by;

-- The catalogue to generate from: each product's text completeness per language (how many
-- of name, short and long description are filled: 0–3) and its open proposals.
create function app.texts_filled(name jsonb, short jsonb, long jsonb, lang text) returns int
language sql immutable parallel safe as $$
  select (coalesce(name ->> lang, '') <> '')::int + (coalesce(short ->> lang, '') <> '')::int + (coalesce(long ->> lang, '') <> '')::int
$$;

create view app.v_ai_catalog as
select p.product_code, p.company_code, p.product_name, p.brand_id, p.active,
       app.texts_filled(p.product_name, p.description_short, p.description, 'en') as texts_en,
       app.texts_filled(p.product_name, p.description_short, p.description, 'de') as texts_de,
       app.texts_filled(p.product_name, p.description_short, p.description, 'hu') as texts_hu,
       app.texts_filled(p.product_name, p.description_short, p.description, 'sk') as texts_sk,
       app.texts_filled(p.product_name, p.description_short, p.description, 'ro') as texts_ro,
       app.texts_filled(p.product_name, p.description_short, p.description, 'cs') as texts_cs,
       app.texts_filled(p.product_name, p.description_short, p.description, 'bg') as texts_bg,
       (select count(*)::int from app.ai_proposals a where a.product_code = p.product_code and a.state = 'proposed') as open_proposals
from app.products p;

-- select_preview: the texts with open proposals to choose from (product, field, language),
-- how many candidates each has and the text the product holds now.
create view app.v_ai_select_preview as
select g.product_code || '|' || g.field_name || '|' || g.language_code as candidate_group,
       g.company_code, g.product_code, p.product_name, g.field_name, g.language_code, g.candidates,
       case g.field_name when 'description_short' then p.description_short ->> g.language_code
                         else p.description ->> g.language_code end as current_text,
       g.last_proposed_at
from (
  select company_code, product_code, field_name, language_code, count(*)::int as candidates, max(created_at) as last_proposed_at
  from app.ai_proposals where state = 'proposed'
  group by company_code, product_code, field_name, language_code
) g
join app.products p on p.product_code = g.product_code;

-- Recipes and houses (spec: "recipe and house (image_uri, selected_image_uri)"): a title and
-- a rich text per language, candidate image URIs and the one picked from them.
create table app.recipes (
  recipe_id serial primary key,
  company_code text not null references app.companies,
  title jsonb not null default '{}',
  body jsonb not null default '{}',
  -- The candidate image URIs, a list.
  image_uri jsonb not null default '[]' check (jsonb_typeof(image_uri) = 'array'),
  selected_image_uri text,
  row_version int not null default 1
);
create table app.houses (
  house_id serial primary key,
  company_code text not null references app.companies,
  title jsonb not null default '{}',
  body jsonb not null default '{}',
  -- The candidate image URIs, a list.
  image_uri jsonb not null default '[]' check (jsonb_typeof(image_uri) = 'array'),
  selected_image_uri text,
  row_version int not null default 1
);
-- The pick is one of the candidates (one rule, said the same for both).
alter table app.recipes add constraint selected_image_candidate check (selected_image_uri is null or image_uri ? selected_image_uri);
alter table app.houses add constraint selected_image_candidate check (selected_image_uri is null or image_uri ? selected_image_uri);
create index recipes_company on app.recipes (company_code);
create index houses_company on app.houses (company_code);
