/** Chat engine replies (POST /api/openai/get_reply, /api/deepseek/get_reply; src/server/ai/chatReply.ts) and the engines' state. */
import * as v from 'valibot';
import { AI_MAX_TOKENS } from '../../src/core/aiLimits.ts';
import { aiModel, systemPrompt } from './fields.ts';

const replyFields = {
  content: v.pipe(v.string(), v.nonEmpty('content is required'), v.maxLength(100_000, 'content is at most 100,000 characters')),
  system_prompt: v.optional(systemPrompt),
  temperature: v.optional(v.pipe(v.number(), v.minValue(0), v.maxValue(2))),
  top_p: v.optional(v.pipe(v.number(), v.minValue(0), v.maxValue(1))),
  /** At most AI_MAX_TOKENS here, and at most the company's max_tokens (/settings/chatgpt): over it 400 `ai_max_tokens`. */
  max_tokens: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(AI_MAX_TOKENS))),
  model: v.optional(aiModel),
  /** Relay the reply as server-sent events (`delta`, then `done` or `error`) instead of one JSON answer. */
  stream: v.optional(v.boolean()),
  /** Keep the question and the reply as a conversation of the user (/settings/gpt_chats). */
  save: v.optional(v.boolean()),
};
const ResponseFormat = v.union([v.picklist(['json_object', 'text']), v.strictObject({ type: v.picklist(['json_object', 'text']) })], 'response_format must be json_object or text');
export const OpenaiReplyInput = v.strictObject({ ...replyFields, response_format: v.optional(ResponseFormat) });
/** DeepSeek: the same body without response_format. */
export const DeepseekReplyInput = v.strictObject(replyFields);
export const ReplyOutput = v.object({
  content: v.string(),
  model: v.string(),
  usage: v.object({ prompt_tokens: v.number(), completion_tokens: v.number() }),
  /** The conversation it was saved in (save: true), else null. */
  gpt_chat_id: v.nullable(v.number()),
});
export const replyRoutes = {
  '/api/openai/get_reply': { operationId: 'reply_openai', input: OpenaiReplyInput, output: ReplyOutput },
  '/api/deepseek/get_reply': { operationId: 'reply_deepseek', input: DeepseekReplyInput, output: ReplyOutput },
} as const;
export type ReplyPath = keyof typeof replyRoutes;
/**
 * GET /api/chat/engines (`list` on the twin page): per chat engine, whether this server has its key, the company's
 * allowed models and default (the twin page's pickers), its max_tokens, and this month's tokens against its budget.
 */
const ChatEngineState = v.object({
  configured: v.boolean(),
  env: v.string(),
  models: v.array(v.string()),
  default_model: v.string(),
  max_tokens: v.number(),
  monthly_token_budget: v.number(),
  month_tokens: v.number(),
});
export const ChatEnginesOutput = v.object({ openai: ChatEngineState, deepseek: ChatEngineState });
