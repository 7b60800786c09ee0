-- The company's chat engine for AI content (issue 25): what the AI dialogs (catalogue texts,
-- recipe and house drafts, mail drafts) start on and what a call without a picked engine
-- uses, when the server has its key. At most one per company: marking one takes the mark
-- from the other (its row version moves on). OpenAI is every company's to begin with.
alter table app.chatgpt_settings add column is_default boolean not null default false;
create unique index chatgpt_settings_one_default on app.chatgpt_settings (company_code) where is_default;

create function app.chatgpt_settings_one_default() returns trigger language plpgsql as $$
begin
  if new.is_default then
    update app.chatgpt_settings set is_default = false, row_version = row_version + 1
    where company_code = new.company_code and engine <> new.engine and is_default;
  end if;
  return new;
end $$;
create trigger chatgpt_settings_one_default before insert or update of is_default on app.chatgpt_settings
  for each row execute function app.chatgpt_settings_one_default();

update app.chatgpt_settings set is_default = true where engine = 'openai';

create or replace function app.chatgpt_settings_for_company() returns trigger language plpgsql as $$
begin
  insert into app.chatgpt_settings (company_code, engine, models, default_model, is_default)
  values (new.company_code, 'openai', 'gpt-4o, gpt-4o-mini, gpt-4.1', 'gpt-4o', true),
         (new.company_code, 'deepseek', 'deepseek-chat, deepseek-reasoner', 'deepseek-chat', false)
  on conflict do nothing;
  return new;
end $$;
