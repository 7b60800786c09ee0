/**
 * What the chat engines read from the database (migration 062): a company's settings per
 * engine (/settings/chatgpt: defaults of a reply, the per-user daily limit), the translation
 * prompt of a source language (/ai_content/prompts, project 'gpt_translation_prompt'), and the
 * conversations replies are saved into (/settings/gpt_chats).
 */
import type { Queryable } from '../db/types.ts';
import { HttpError } from '../http/errors.ts';
import type { ChatMessage } from './chat.ts';

export type ChatEngineName = 'openai' | 'deepseek';

export interface ChatSettings {
  defaultModel: string;
  temperature: number;
  topP: number;
  maxTokens: number;
  dailyLimit: number;
}

/** Spec §9 (and DeepSeek's chat model): used where a company has no row. */
export const CHAT_DEFAULTS: Record<ChatEngineName, ChatSettings> = {
  openai: { defaultModel: 'gpt-4o', temperature: 0.5, topP: 1, maxTokens: 500, dailyLimit: 0 },
  deepseek: { defaultModel: 'deepseek-chat', temperature: 0.5, topP: 1, maxTokens: 500, dailyLimit: 0 },
};

/** The translation prompt's project (spec §5 prompts.gpt_translation_prompt). */
export const TRANSLATION_PROJECT = 'gpt_translation_prompt';

export async function chatSettings(db: Queryable, company: string | null, engine: ChatEngineName): Promise<ChatSettings> {
  if (!company) return CHAT_DEFAULTS[engine];
  const r = await db.query<{ default_model: string; temperature: number; top_p: number; max_tokens: number; daily_limit: number }>(
    'select default_model, temperature, top_p, max_tokens, daily_limit from app.chatgpt_settings where company_code = $1 and engine = $2',
    [company, engine],
  );
  const s = r.rows[0];
  return s ? { defaultModel: s.default_model, temperature: Number(s.temperature), topP: Number(s.top_p), maxTokens: s.max_tokens, dailyLimit: s.daily_limit } : CHAT_DEFAULTS[engine];
}

/** The company's chat engine for AI content (/settings/chatgpt `is_default`, migration 072), if it marked one. */
export async function companyChatEngine(db: Queryable, company: string | null): Promise<ChatEngineName | undefined> {
  if (!company) return undefined;
  const r = await db.query<{ engine: ChatEngineName }>('select engine from app.chatgpt_settings where company_code = $1 and is_default', [company]);
  return r.rows[0]?.engine;
}

/** 429 `ai_daily_limit` when the user has had the company's daily number of replies from this engine. */
export async function checkDailyLimit(db: Queryable, userId: number, engine: ChatEngineName, label: string, limit: number): Promise<void> {
  if (limit <= 0) return;
  const r = await db.query<{ n: number }>(
    `select count(*)::int as n from app.ai_usage
     where user_id = $1 and engine = $2 and operation = 'reply' and ok and at >= date_trunc('day', now())`,
    [userId, engine],
  );
  if ((r.rows[0]?.n ?? 0) >= limit) throw new HttpError(429, 'ai_daily_limit', `${label}: the daily limit of ${limit} replies is reached`, {}, undefined, { engine: label, limit });
}

/** The company's translation prompt for texts in `from`, if one is stored. */
export async function translationPrompt(db: Queryable, company: string | null, from: string): Promise<string | undefined> {
  if (!company) return undefined;
  const r = await db.query<{ gpt_prompt: string }>('select gpt_prompt from app.gpt_prompts where company_code = $1 and project = $2 and language_code = $3', [company, TRANSLATION_PROJECT, from]);
  return r.rows[0]?.gpt_prompt;
}

/** Saves a question and its reply as a new conversation of the user; its id. */
export async function saveChat(
  db: Queryable,
  chat: { company: string; userId: number; engine: ChatEngineName; model: string; messages: ChatMessage[]; reply: string; promptTokens: number; completionTokens: number },
): Promise<number> {
  const question = chat.messages.findLast((m) => m.role === 'user')?.content ?? '';
  const title = question.replace(/\s+/g, ' ').trim().slice(0, 100) || '…';
  const r = await db.query<{ gpt_chat_id: number }>(
    `with c as (insert into app.gpt_chats (company_code, user_id, engine, model, title) values ($1, $2, $3, $4, $5) returning gpt_chat_id),
     m as (
       insert into app.gpt_chat_messages (gpt_chat_id, role, content, prompt_tokens, completion_tokens)
       select c.gpt_chat_id, e.m->>'role', e.m->>'content', (e.m->>'prompt_tokens')::int, (e.m->>'completion_tokens')::int
       from c, jsonb_array_elements($6::jsonb) with ordinality as e(m, n)
       order by e.n
     )
     select gpt_chat_id from c`,
    [
      chat.company,
      chat.userId,
      chat.engine,
      chat.model,
      title,
      JSON.stringify([
        ...chat.messages.map((m, i) => ({ role: m.role, content: m.content, prompt_tokens: i === chat.messages.length - 1 ? chat.promptTokens : 0, completion_tokens: 0 })),
        { role: 'assistant', content: chat.reply, prompt_tokens: 0, completion_tokens: chat.completionTokens },
      ]),
    ],
  );
  return r.rows[0]!.gpt_chat_id;
}
