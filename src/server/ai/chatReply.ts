/**
 * POST /api/openai/get_reply and /api/deepseek/get_reply (spec §7, §9): a reply of a chat
 * model to `content` under an optional system prompt. What the request leaves out comes from
 * the company's /settings/chatgpt row (else spec §9: gpt-4o, 0.5, 1, 500); DeepSeek takes no
 * response_format and its temperature is the request's × 1.5 (capped at 2, its maximum). Each
 * call (issue 42): `list` on the ChatGPT twin page and a company (proxyAccess.ts), a model of
 * the company's allow list (403 ai_model_not_allowed), max_tokens at most the company's
 * (400 ai_max_tokens), the company's monthly token budget (429 ai_budget_used_up), the
 * per-user daily and per-minute limits — all before the engine is called — then one usage
 * row (tokens), engineFetch's errors.
 *
 * `stream: true` relays the reply as server-sent events while the engine writes it: `delta`
 * events ({content}) in order, then `done` ({model, usage, gpt_chat_id}) — or `error` (the
 * error body: {error, message, params}) when the engine fails after it began. Failures before
 * it begins are ordinary error answers. `save: true` keeps the exchange in /settings/gpt_chats.
 */
import type { Context, Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import type * as v from 'valibot';
import { replyRoutes, type OpenaiReplyInput, type ReplyPath } from '../../../schemas/api.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/types.ts';
import { HttpError, checkInputText, parseInput } from '../http/errors.ts';
import type { Session } from '../rpc/context.ts';
import { chatComplete, deepseekTemperature, type ChatMessage, type ChatRequest } from './chat.ts';
import { AI_REPLY_PAGE } from '../../core/aiLimits.ts';
import { checkBudget, monthUse } from './budget.ts';
import { chatSettings, checkDailyLimit, checkMaxTokens, checkModel, saveChat, type ChatEngineName, type ChatSettings } from './chatSettings.ts';
import { openChatStream } from './chatStream.ts';
import { ENGINES, configuredEngine, isConfigured } from './engines.ts';
import { takeAiCall } from './rateLimit.ts';
import { proxyCompany } from './proxyAccess.ts';
import { logUsage } from './usage.ts';
import { log as logger } from '../obs/log.ts';

const engineOf: Record<ReplyPath, ChatEngineName> = { '/api/openai/get_reply': 'openai', '/api/deepseek/get_reply': 'deepseek' };

type ReplyInput = v.InferOutput<typeof OpenaiReplyInput>;

/** The engine request of a reply: the request's values, else the company's defaults; a model it does not allow or too many tokens refused. */
async function replyRequest(db: Db, company: string, name: ChatEngineName, input: ReplyInput): Promise<{ req: ChatRequest; settings: ChatSettings }> {
  const s = await chatSettings(db, company, name);
  const label = ENGINES[name].label;
  const model = input.model ?? s.defaultModel;
  checkModel(s, label, model);
  const maxTokens = input.max_tokens ?? s.maxTokens;
  checkMaxTokens(s, label, maxTokens);
  const messages: ChatMessage[] = [...(input.system_prompt?.trim() ? [{ role: 'system' as const, content: input.system_prompt }] : []), { role: 'user', content: input.content }];
  const temperature = input.temperature ?? s.temperature;
  const format = typeof input.response_format === 'string' ? input.response_format : input.response_format?.type;
  const req: ChatRequest = {
    model,
    messages,
    temperature: name === 'deepseek' ? deepseekTemperature(temperature) : temperature,
    top_p: input.top_p ?? s.topP,
    max_tokens: maxTokens,
    ...(name === 'openai' && format ? { response_format: { type: format } } : {}),
  };
  return { req, settings: s };
}

const errorBody = (e: HttpError) => ({ error: e.code, message: e.message, ...(e.params ? { params: e.params } : {}) });

export function mountChatReplies(app: Hono, deps: { db: Db; config: Config }, requireSession: (c: Context) => Promise<Session>, readJson: (c: Context) => Promise<unknown>): void {
  /** What the twin page offers: each engine's state (never its key), the company's models, and this month's tokens against its budget. */
  app.get('/api/chat/engines', async (c) => {
    const session = await requireSession(c);
    const company = await proxyCompany(deps.db, session, AI_REPLY_PAGE, 'chat engines');
    const state = async (name: ChatEngineName) => {
      const s = await chatSettings(deps.db, company, name);
      const used = await monthUse(deps.db, company, name, 'tokens');
      return {
        configured: isConfigured(deps.config, name),
        env: ENGINES[name].env,
        models: s.models,
        default_model: s.defaultModel,
        max_tokens: s.maxTokens,
        monthly_token_budget: s.monthlyTokenBudget,
        month_tokens: used,
      };
    };
    return c.json({ openai: await state('openai'), deepseek: await state('deepseek') });
  });
  for (const path of Object.keys(replyRoutes) as ReplyPath[]) {
    const name = engineOf[path];
    app.post(path, async (c) => {
      const session = await requireSession(c);
      const company = await proxyCompany(deps.db, session, AI_REPLY_PAGE, path);
      const body = await readJson(c);
      checkInputText(body, 'body');
      const input = parseInput(replyRoutes[path].input, body, 'body') as ReplyInput;
      const engine = configuredEngine(deps.config, name);
      const { req, settings } = await replyRequest(deps.db, company, name, input);
      await checkBudget(deps.db, company, name, 'tokens', settings.monthlyTokenBudget);
      await checkDailyLimit(deps.db, session.userId, name, engine.label, settings.dailyLimit);
      await takeAiCall(deps.db, session.userId, engine, deps.config.aiRatePerMinute);
      const usage = { userId: session.userId, company, engine: name, operation: 'reply' } as const;
      const opts = { aiRetryBaseMs: deps.config.aiRetryBaseMs, timeoutMs: deps.config.aiChatTimeoutMs };
      const save = async (reply: string, model: string, promptTokens: number, completionTokens: number) =>
        input.save ? saveChat(deps.db, { company, userId: session.userId, engine: name, model, messages: req.messages, reply, promptTokens, completionTokens }) : null;

      if (!input.stream) {
        try {
          const a = await chatComplete(engine, req, opts);
          await logUsage(deps.db, { ...usage, promptTokens: a.promptTokens, completionTokens: a.completionTokens, ok: true });
          const gpt_chat_id = await save(a.content, a.model, a.promptTokens, a.completionTokens);
          return c.json({ content: a.content, model: a.model, usage: { prompt_tokens: a.promptTokens, completion_tokens: a.completionTokens }, gpt_chat_id });
        } catch (e) {
          await logUsage(deps.db, { ...usage, ok: false });
          throw e;
        }
      }

      let stream: Awaited<ReturnType<typeof openChatStream>>;
      try {
        stream = await openChatStream(engine, req, opts);
      } catch (e) {
        await logUsage(deps.db, { ...usage, ok: false });
        throw e;
      }
      return streamSSE(c, async (sse) => {
        sse.onAbort(() => stream.cancel());
        let reply = '';
        try {
          for (;;) {
            const next = await stream.chunks.next();
            if (next.done) {
              const end = next.value;
              await logUsage(deps.db, { ...usage, promptTokens: end.promptTokens, completionTokens: end.completionTokens, ok: true });
              const gpt_chat_id = await save(reply, end.model, end.promptTokens, end.completionTokens);
              await sse.writeSSE({ event: 'done', data: JSON.stringify({ model: end.model, usage: { prompt_tokens: end.promptTokens, completion_tokens: end.completionTokens }, gpt_chat_id }) });
              return;
            }
            reply += next.value;
            await sse.writeSSE({ event: 'delta', data: JSON.stringify({ content: next.value }) });
          }
        } catch (e) {
          await logUsage(deps.db, { ...usage, ok: false });
          if (sse.aborted) return;
          const err = e instanceof HttpError ? e : new HttpError(502, 'engine_failed', `${engine.label} failed`, {}, undefined, { engine: engine.label, status: 0 });
          if (!(e instanceof HttpError)) logger.error(`engine ${name}: reply stream failed`);
          await sse.writeSSE({ event: 'error', data: JSON.stringify(errorBody(err)) });
        }
      });
    });
  }
}
