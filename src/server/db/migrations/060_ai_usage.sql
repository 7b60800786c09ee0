-- What each call to a translation or AI engine cost (issue 25): characters sent to the
-- translation engines, tokens of the chat engines, per user, company and operation, and
-- whether it succeeded. Read for cost per engine and month; the keys are never stored.
create table app.ai_usage (
  usage_id bigserial primary key,
  at timestamptz not null default now(),
  user_id int references app.users on delete set null,
  company_code text references app.companies on delete set null,
  engine text not null check (engine in ('google', 'deepl', 'openai', 'deepseek')),
  -- what the call was for: 'translate', 'reply', 'ask_ai', 'ai_catalog', …
  operation text not null,
  characters int not null default 0,
  prompt_tokens int not null default 0,
  completion_tokens int not null default 0,
  ok boolean not null
);
create index ai_usage_engine_at on app.ai_usage (engine, at);
