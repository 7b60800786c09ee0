/** Chat engine replies (POST /api/openai/get_reply, /api/deepseek/get_reply; src/server/ai/chatReply.ts) and the engines' state. */
import * as v from 'valibot';
import { AI_MAX_TOKENS } from '../../src/core/aiLimits.ts';
import { ErrorBody } from './common.ts';
import { aiModel, systemPrompt } from './fields.ts';
import { bodyInvalid, bodyTooLarge, engineErrors, type HttpRoute } from './http.ts';

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

/** A streamed reply's part (event `delta`). */
export const ReplyDelta = v.object({ content: v.string() });
/** A streamed reply's end (event `done`): what the JSON answer says beside `content`. */
export const ReplyDone = v.object({ model: ReplyOutput.entries.model, usage: ReplyOutput.entries.usage, gpt_chat_id: ReplyOutput.entries.gpt_chat_id });

/** POST /api/{openai,deepseek}/get_reply and GET /api/chat/engines (src/server/ai/chatReply.ts). */
export const chatRoutes: readonly HttpRoute[] = [
  ...(Object.keys(replyRoutes) as ReplyPath[]).map((path): HttpRoute => ({
    method: 'post',
    path,
    operationId: replyRoutes[path].operationId,
    tag: 'ai',
    summary: `A chat model's reply (${path.includes('deepseek') ? 'DeepSeek: no response_format, temperature × 1.5' : 'OpenAI'}); 120 s timeout. With \`stream: true\` the answer is server-sent events: \`delta\` {content}…, then \`done\` {model, usage, gpt_chat_id} or \`error\` (an error body).`,
    auth: 'data',
    body: { kind: 'json', schema: replyRoutes[path].input },
    answers: {
      200: {
        description: 'The reply (JSON), or its events (text/event-stream) with `stream: true`.',
        content: [
          { kind: 'json', schema: replyRoutes[path].output },
          { kind: 'events', events: { delta: ReplyDelta, done: ReplyDone, error: ErrorBody } },
        ],
      },
    },
    errors: {
      400: `${bodyInvalid} max_tokens over the company's (\`ai_max_tokens\`).`,
      403: 'No `list` on /settings/chatgpt_twin, or no company (`forbidden`); a model off the company’s allow list (`ai_model_not_allowed`).',
      413: bodyTooLarge,
      ...engineErrors,
      429: `${engineErrors[429]} The user’s daily number of replies is reached (\`ai_daily_limit\`).`,
    },
  })),
  {
    method: 'get',
    path: '/api/chat/engines',
    operationId: 'chat_engines',
    tag: 'ai',
    summary:
      'Per chat engine (`list` on /settings/chatgpt_twin): whether this server has its key (never the key), the company’s allowed models, default model and max_tokens, and this month’s tokens against its budget.',
    auth: 'data',
    answers: { 200: { description: 'The chat engines.', content: [{ kind: 'json', schema: ChatEnginesOutput }] } },
    errors: { 403: 'No `list` on /settings/chatgpt_twin, or no company (`forbidden`).' },
  },
];
