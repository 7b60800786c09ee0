-- Conversations are private to who asked (issue 25, /settings/gpt_chats): the screens scope
-- their rows by `source.owner` = user_id (engine/owner.ts), so the messages' view carries
-- the conversation's user too (appended: the view's other columns stay as they were).
create or replace view app.v_gpt_chat_messages as
select m.gpt_chat_message_id, m.gpt_chat_id, c.company_code, m.role, m.content, m.prompt_tokens, m.completion_tokens, m.created_at, c.user_id
from app.gpt_chat_messages m
join app.gpt_chats c on c.gpt_chat_id = m.gpt_chat_id;

-- A user's own conversations, newest first (the list's scope and order).
create index gpt_chats_user on app.gpt_chats (user_id, company_code, created_at desc);
