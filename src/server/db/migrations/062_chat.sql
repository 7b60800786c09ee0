-- The chat engines (issue 25): prompts, each company's ChatGPT settings, and conversations.
--
-- Prompts belong to a company (its own voice and projects). A prompt of the project
-- 'gpt_translation_prompt' with a language_code is the translation prompt for texts in that
-- source language (spec §5: prompts.gpt_translation_prompt keyed by source language): the
-- translate routes use it when the request brings no system_prompt.
create table app.gpt_prompts (
  gpt_prompt_id serial primary key,
  company_code text not null references app.companies on delete cascade,
  title text not null,
  project text not null default '',
  gpt_prompt text not null,
  -- The source language a translation prompt is for; null for any other prompt.
  language_code text references app.languages,
  row_version int not null default 1,
  constraint gpt_prompt_title check (length(title) between 1 and 200),
  constraint gpt_prompt_project check (length(project) <= 100),
  constraint gpt_prompt_text check (length(gpt_prompt) between 1 and 20000)
);
-- One translation prompt per company and source language.
create unique index gpt_prompts_translation on app.gpt_prompts (company_code, language_code) where project = 'gpt_translation_prompt';
create index gpt_prompts_company on app.gpt_prompts (company_code, project);

-- The projects prompts are grouped by (the project_prompts_brief filter).
create view app.v_project_prompts as
select company_code, project, count(*)::int as prompt_count
from app.gpt_prompts
where project <> ''
group by company_code, project;

-- Per company and chat engine: the models offered in pickers, the default one, the defaults
-- of a reply (spec §9: gpt-4o, 0.5, 1, 500) and how many replies a user may ask a day
-- (0: no limit). Every company has its two rows (the trigger below), so the screen only edits.
create table app.chatgpt_settings (
  company_code text not null references app.companies on delete cascade,
  engine text not null check (engine in ('openai', 'deepseek')),
  models text not null,
  default_model text not null,
  temperature numeric(3, 2) not null default 0.5 check (temperature between 0 and 2),
  top_p numeric(3, 2) not null default 1 check (top_p between 0 and 1),
  max_tokens int not null default 500 check (max_tokens between 1 and 32000),
  daily_limit int not null default 0 check (daily_limit between 0 and 100000),
  row_version int not null default 1,
  primary key (company_code, engine),
  constraint chatgpt_models check (models ~ '^[A-Za-z0-9._:/-]+(, ?[A-Za-z0-9._:/-]+)*$' and length(models) <= 1000),
  constraint chatgpt_default_model check (default_model ~ '^[A-Za-z0-9._:/-]+$' and length(default_model) <= 100)
);

create function app.chatgpt_settings_for_company() returns trigger language plpgsql as $$
begin
  insert into app.chatgpt_settings (company_code, engine, models, default_model)
  values (new.company_code, 'openai', 'gpt-4o, gpt-4o-mini, gpt-4.1', 'gpt-4o'),
         (new.company_code, 'deepseek', 'deepseek-chat, deepseek-reasoner', 'deepseek-chat')
  on conflict do nothing;
  return new;
end $$;
create trigger companies_chatgpt_settings after insert on app.companies for each row execute function app.chatgpt_settings_for_company();
insert into app.chatgpt_settings (company_code, engine, models, default_model)
select company_code, 'openai', 'gpt-4o, gpt-4o-mini, gpt-4.1', 'gpt-4o' from app.companies
union all
select company_code, 'deepseek', 'deepseek-chat, deepseek-reasoner', 'deepseek-chat' from app.companies;

-- Conversations with the chat engines (the twin page and replies save into them): one per
-- question asked with saving, its messages in order. A chat belongs to its user and the
-- company it was asked in.
create table app.gpt_chats (
  gpt_chat_id serial primary key,
  company_code text not null references app.companies on delete cascade,
  user_id int references app.users on delete set null,
  engine text not null check (engine in ('openai', 'deepseek')),
  model text not null,
  title text not null,
  created_at timestamptz not null default now(),
  row_version int not null default 1
);
create index gpt_chats_company on app.gpt_chats (company_code, created_at desc);

create table app.gpt_chat_messages (
  gpt_chat_message_id serial primary key,
  gpt_chat_id int not null references app.gpt_chats on delete cascade,
  role text not null check (role in ('system', 'user', 'assistant')),
  content text not null,
  prompt_tokens int not null default 0,
  completion_tokens int not null default 0,
  created_at timestamptz not null default now()
);
create index gpt_chat_messages_chat on app.gpt_chat_messages (gpt_chat_id, gpt_chat_message_id);

create view app.v_gpt_chats as
select c.gpt_chat_id, c.company_code, c.title, c.engine, c.model, c.user_id,
       coalesce(nullif(trim(u.first_name || ' ' || u.last_name), ''), u.user_name) as user_name,
       c.created_at,
       (select count(*)::int from app.gpt_chat_messages m where m.gpt_chat_id = c.gpt_chat_id) as message_count,
       (select coalesce(sum(m.prompt_tokens + m.completion_tokens), 0)::int from app.gpt_chat_messages m where m.gpt_chat_id = c.gpt_chat_id) as tokens,
       c.row_version
from app.gpt_chats c
left join app.users u on u.user_id = c.user_id;

create view app.v_gpt_chat_messages as
select m.gpt_chat_message_id, m.gpt_chat_id, c.company_code, m.role, m.content, m.prompt_tokens, m.completion_tokens, m.created_at
from app.gpt_chat_messages m
join app.gpt_chats c on c.gpt_chat_id = m.gpt_chat_id;
