-- The AI and translation proxies under a company's limits (issue 42): a monthly budget per
-- engine (tokens of a chat engine, characters of a translation engine, as app.ai_usage counts
-- them), a lower ceiling of a reply's max_tokens, and a per-user daily number of replies that
-- is no longer unlimited by default. The numbers match src/core/aiLimits.ts.

-- A chat engine's tokens (prompt + completion) a month, all of the company's calls counted.
alter table app.chatgpt_settings add column monthly_token_budget int not null default 1000000
  constraint chatgpt_monthly_token_budget check (monthly_token_budget between 0 and 1000000000);

-- max_tokens is the default of a reply and its ceiling: at most 4096 (was 32000).
update app.chatgpt_settings set max_tokens = 4096, row_version = row_version + 1 where max_tokens > 4096;
alter table app.chatgpt_settings drop constraint chatgpt_settings_max_tokens_check;
alter table app.chatgpt_settings add constraint chatgpt_max_tokens check (max_tokens between 1 and 4096);

-- 0 (no daily limit) was every company's default, never a choice: 200 replies a user a day.
alter table app.chatgpt_settings alter column daily_limit set default 200;
update app.chatgpt_settings set daily_limit = 200, row_version = row_version + 1 where daily_limit = 0;

-- A translation engine's characters a month (a company without a row for an engine gets the
-- same default in code: src/core/aiLimits.ts DEFAULT_MONTHLY_CHARACTERS).
alter table app.translation_engines add column monthly_character_budget int not null default 500000
  constraint translation_monthly_character_budget check (monthly_character_budget between 0 and 1000000000);

-- This month's use of a company's engine, read before each proxied call.
create index ai_usage_company_engine_at on app.ai_usage (company_code, engine, at);

-- The ChatGPT settings grid: each engine's row with this month's tokens beside its budget.
create view app.v_chatgpt_settings as
select c.company_code, c.engine, c.models, c.default_model, c.temperature, c.top_p, c.max_tokens, c.daily_limit, c.is_default,
       c.monthly_token_budget,
       coalesce(u.tokens, 0) as month_tokens,
       c.row_version
from app.chatgpt_settings c
left join lateral (
  select sum(a.prompt_tokens + a.completion_tokens)::bigint as tokens
  from app.ai_usage a
  where a.company_code = c.company_code and a.engine = c.engine and a.at >= date_trunc('month', now())
) u on true;

-- The translation engines grid: its budget beside this month's characters (appended: a
-- replaced view keeps its columns' order).
create or replace view app.v_translation_engines as
select e.translation_engine_id, e.company_code, e.engine, e.enabled, e.is_default,
       coalesce(s.configured, false) as configured,
       coalesce(u.characters, 0) as month_characters,
       coalesce(u.calls, 0) as month_calls,
       e.row_version,
       e.monthly_character_budget
from app.translation_engines e
left join app.engine_status s on s.engine = e.engine
left join lateral (
  select sum(a.characters)::int as characters, count(*)::int as calls
  from app.ai_usage a
  where a.company_code = e.company_code and a.engine = e.engine and a.at >= date_trunc('month', now())
) u on true;
