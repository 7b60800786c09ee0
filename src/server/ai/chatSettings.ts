/**
 * What the chat engines read from the database (migration 062): a company's settings per
 * engine (/settings/chatgpt: defaults of a reply, the per-user daily limit; issue 42: the
 * models it allows, max_tokens as the ceiling too, the monthly token budget), the translation
 * prompt of a source language (/ai_content/prompts, project 'gpt_translation_prompt'), and the
 * conversations replies are saved into (/settings/gpt_chats).
 */
import { DEFAULT_MONTHLY_TOKENS } from '../../core/aiLimits.ts';
import type { Queryable } from '../db/types.ts';
import { HttpError } from '../http/errors.ts';
import type { ChatMessage } from './chat.ts';

export type ChatEngineName = 'openai' | 'deepseek';

export interface ChatSettings {
  /** The models a request may name (the list, and the default model). */
  models: string[];
  defaultModel: string;
  temperature: number;
  topP: number;
  /** A reply's default max_tokens and its ceiling. */
  maxTokens: number;
  dailyLimit: number;
  /** Tokens (prompt + completion) the company may use a month (budget.ts). */
  monthlyTokenBudget: number;
}

/** Spec §9 (and DeepSeek's chat model), migrations 062 and 088: used where a company has no row. */
const CHAT_DEFAULTS: Record<ChatEngineName, ChatSettings> = {
  openai: { models: ['gpt-4o', 'gpt-4o-mini', 'gpt-4.1'], defaultModel: 'gpt-4o', temperature: 0.5, topP: 1, maxTokens: 500, dailyLimit: 200, monthlyTokenBudget: DEFAULT_MONTHLY_TOKENS },
  deepseek: { models: ['deepseek-chat', 'deepseek-reasoner'], defaultModel: 'deepseek-chat', temperature: 0.5, topP: 1, maxTokens: 500, dailyLimit: 200, monthlyTokenBudget: DEFAULT_MONTHLY_TOKENS },
};

/** The models of a settings row's comma-separated list, with the default model (first, when the list lacks it). */
function modelList(models: string, defaultModel: string): string[] {
  const listed = models
    .split(',')
    .map((m) => m.trim())
    .filter(Boolean);
  return listed.includes(defaultModel) ? listed : [defaultModel, ...listed];
}

/** The translation prompt's project (spec §5 prompts.gpt_translation_prompt). */
const TRANSLATION_PROJECT = 'gpt_translation_prompt';

export async function chatSettings(db: Queryable, company: string | null, engine: ChatEngineName): Promise<ChatSettings> {
  if (!company) return CHAT_DEFAULTS[engine];
  const r = await db.query<{ models: string; default_model: string; temperature: number; top_p: number; max_tokens: number; daily_limit: number; monthly_token_budget: number }>(
    'select models, default_model, temperature, top_p, max_tokens, daily_limit, monthly_token_budget from app.chatgpt_settings where company_code = $1 and engine = $2',
    [company, engine],
  );
  const s = r.rows[0];
  return s
    ? {
        models: modelList(s.models, s.default_model),
        defaultModel: s.default_model,
        temperature: Number(s.temperature),
        topP: Number(s.top_p),
        maxTokens: s.max_tokens,
        dailyLimit: s.daily_limit,
        monthlyTokenBudget: s.monthly_token_budget,
      }
    : CHAT_DEFAULTS[engine];
}

/** 403 `ai_model_not_allowed` for a model the company's list does not name. */
export function checkModel(s: ChatSettings, label: string, model: string): void {
  if (!s.models.includes(model)) throw new HttpError(403, 'ai_model_not_allowed', `${label}: the model ${model} is not allowed for this company`, {}, undefined, { engine: label, model });
}

/** 400 `ai_max_tokens` for a reply asking more tokens than the company's ceiling (refused, not clamped: the caller learns the limit). */
export function checkMaxTokens(s: ChatSettings, label: string, maxTokens: number): void {
  if (maxTokens > s.maxTokens) throw new HttpError(400, 'ai_max_tokens', `${label}: max_tokens is at most ${s.maxTokens} for this company`, {}, undefined, { engine: label, max: s.maxTokens });
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
