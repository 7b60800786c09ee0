-- Machine translation engines per company (issue 25, /settings/gtranslate): which engines a
-- company may use and which one the grid's and the forms' translate action uses (its
-- default, at most one per company). A company without rows uses Google Translate.
create table app.translation_engines (
  translation_engine_id serial primary key,
  company_code text not null references app.companies on delete cascade,
  engine text not null check (engine in ('google', 'deepl')),
  enabled boolean not null default true,
  is_default boolean not null default false,
  row_version int not null default 1,
  unique (company_code, engine)
);
-- The default is one the company may use.
alter table app.translation_engines add constraint translation_engine_default_enabled check (enabled or not is_default);
create unique index translation_engines_one_default on app.translation_engines (company_code) where is_default;

-- Making an engine the default takes the mark from the company's other default (its row
-- version moves on, so an edit of that row made before is refused as stale).
create function app.translation_engines_one_default() returns trigger language plpgsql as $$
begin
  if new.is_default then
    update app.translation_engines set is_default = false, row_version = row_version + 1
    where company_code = new.company_code and translation_engine_id <> new.translation_engine_id and is_default;
  end if;
  return new;
end $$;
create trigger translation_engines_one_default before insert or update of is_default on app.translation_engines
  for each row execute function app.translation_engines_one_default();

-- Whether the server has each engine's API key: written by the server as it starts
-- (src/server/ai/engineStatus.ts), never the key itself. Processes of one deployment share
-- one environment, so the last one started speaks for them all.
create table app.engine_status (
  engine text primary key check (engine in ('google', 'deepl', 'openai', 'deepseek')),
  configured boolean not null,
  updated_at timestamptz not null default now()
);

-- The settings grid: each engine with whether it is configured and this month's use
-- (app.ai_usage of the company, successful or not: failed calls are counted too).
create view app.v_translation_engines as
select e.translation_engine_id, e.company_code, e.engine, e.enabled, e.is_default,
       coalesce(s.configured, false) as configured,
       coalesce(u.characters, 0) as month_characters,
       coalesce(u.calls, 0) as month_calls,
       e.row_version
from app.translation_engines e
left join app.engine_status s on s.engine = e.engine
left join lateral (
  select sum(a.characters)::int as characters, count(*)::int as calls
  from app.ai_usage a
  where a.company_code = e.company_code and a.engine = e.engine and a.at >= date_trunc('month', now())
) u on true;
