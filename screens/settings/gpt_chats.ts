import { defineScreen } from '../../schemas/screen.ts';

/**
 * Conversations with the chat engines (migration 062): each question asked with saving (the
 * twin page, replies) with who asked, the engine, the model and the tokens; its messages in
 * the detail grid. A conversation is private to who asked (`owner`): a user sees, renames and
 * deletes her own; one holding the page's `perms` right sees the company's, with who asked.
 */
export default defineScreen({
  form: 'gpt_chats',
  menu: { icon: 'message-square-text', order: 11 },
  source: {
    relation: 'app.v_gpt_chats',
    key: 'gpt_chat_id',
    write: 'app.gpt_chats',
    company: 'company_code',
    owner: 'user_id',
    version: 'row_version',
    sort: [{ colId: 'created_at', sort: 'desc' }],
  },
  columns: {
    gpt_chat_id: { type: 'int', hidden: true },
    created_at: { label: 'chat_asked_at', type: 'datetime', width: 150 },
    title: { label: 'chat_title', editable: true, required: true, maxLength: 200, width: 250 },
    user_name: { label: 'chat_user', width: 150 },
    engine: { label: 'chat_engine', options: ['openai', 'deepseek'], width: 100 },
    model: { label: 'chat_model', width: 150 },
    message_count: { label: 'chat_messages', type: 'int', width: 100 },
    tokens: { label: 'chat_tokens', type: 'int', total: 'sum', width: 100 },
  },
  actions: { delete: true },
  details: ['gpt_chat_messages'],
});
