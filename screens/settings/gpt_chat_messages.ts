import { defineScreen } from '../../schemas/screen.ts';

/** Detail of gpt_chats: a conversation's messages in order (system prompt, question, reply); private to who asked, as the conversation. */
export default defineScreen({
  form: 'gpt_chat_messages',
  page: '/settings/gpt_chats',
  source: {
    relation: 'app.v_gpt_chat_messages',
    key: 'gpt_chat_message_id',
    company: 'company_code',
    owner: 'user_id',
    sort: [{ colId: 'gpt_chat_message_id', sort: 'asc' }],
  },
  columns: {
    gpt_chat_message_id: { type: 'int', hidden: true },
    gpt_chat_id: { type: 'int', hidden: true },
    role: { label: 'chat_role', options: ['system', 'user', 'assistant'], width: 100 },
    content: { label: 'chat_content', width: 250 },
    prompt_tokens: { type: 'int', width: 100 },
    completion_tokens: { type: 'int', width: 100 },
    created_at: { label: 'chat_asked_at', type: 'datetime', width: 150 },
  },
});
