/**
 * POST /api/openai/translate_text and /api/deepseek/translate_text (spec §7): a text (one
 * string, or named fields) translated by a chat model, ONE call per target language. The
 * system prompt is the request's, else the company's translation prompt of the source
 * language (/ai_content/prompts, project gpt_translation_prompt), else the one below; the
 * user message carries the text as JSON and asks for `{"<to>": <the same shape>}` back. The
 * answer is `content` keyed by language, then field. A reply that is not that JSON (another
 * shape, a missing field, prose) is engine_bad_answer and nothing is answered for any language.
 * DeepSeek's model is fixed to its reasoner, which takes no response_format. Before any call
 * (issue 42): the model sent must be on the company's allow list (403 ai_model_not_allowed)
 * and its monthly token budget not used up (429 ai_budget_used_up).
 */
import * as v from 'valibot';
import type { AiTranslateInput } from '../../../schemas/api.ts';
import type { Queryable } from '../db/types.ts';
import type { Config } from '../config.ts';
import type { Session } from '../rpc/context.ts';
import { DEEPSEEK_REASONER, chatComplete, jsonRequest, replyJson, type ChatRequest } from './chat.ts';
import { checkBudget } from './budget.ts';
import { chatSettings, checkModel, translationPrompt, type ChatEngineName } from './chatSettings.ts';
import { badAnswer } from './engineFetch.ts';
import { configuredEngine, type ConfiguredEngine } from './engines.ts';
import { takeAiCall } from './rateLimit.ts';
import { logUsage } from './usage.ts';

/** DeepSeek's reasoning model: the only one its translate route uses (spec §7). */
const DEEPSEEK_TRANSLATE_MODEL = DEEPSEEK_REASONER;

const DEFAULT_PROMPT =
  'You are a professional translator of product texts for web shops. Translate the values of the JSON you are given from the source language into the target language. ' +
  'Keep HTML markup, placeholders, numbers, units and product codes exactly as they are. Answer with JSON only.';

type Text = string | Record<string, string>;

/** The reply's `{"<to>": …}` parsed and checked against the shape sent; a fenced ```json block is read too. */
function readTranslation(engine: ConfiguredEngine, reply: string, to: string, text: Text): Text {
  const json = replyJson(engine, reply);
  const value = typeof json === 'object' && json !== null && !Array.isArray(json) ? (json as Record<string, unknown>)[to] : undefined;
  if (typeof text === 'string') {
    if (typeof value !== 'string') throw badAnswer(engine, `the reply has no text for "${to}"`);
    return value;
  }
  const shape = v.strictObject(Object.fromEntries(Object.keys(text).map((k) => [k, v.string()])));
  const r = v.safeParse(shape, value);
  if (!r.success) throw badAnswer(engine, `the reply's "${to}" is not the fields sent`);
  return r.output;
}

export async function chatTranslate(
  deps: { db: Queryable; config: Config },
  session: Session,
  name: ChatEngineName,
  input: v.InferOutput<typeof AiTranslateInput>,
): Promise<{ content: Record<string, Text> }> {
  const engine = configuredEngine(deps.config, name);
  const model = name === 'deepseek' ? DEEPSEEK_TRANSLATE_MODEL : input.model;
  if (session.company) {
    const settings = await chatSettings(deps.db, session.company, name);
    checkModel(settings, engine.label, model);
    await checkBudget(deps.db, session.company, name, 'tokens', settings.monthlyTokenBudget);
  }
  const targets = [...new Set(typeof input.to === 'string' ? [input.to] : input.to)].filter((l) => l !== input.from);
  const system = input.system_prompt?.trim() || (await translationPrompt(deps.db, session.company, input.from)) || DEFAULT_PROMPT;
  // Every call is counted before any is sent: over the limit, none goes.
  for (const _ of targets) await takeAiCall(deps.db, session.userId, engine, deps.config.aiRatePerMinute);
  const one = async (to: string): Promise<[string, Text]> => {
    // DeepSeek: its reasoner, without response_format (jsonRequest).
    const req: ChatRequest = jsonRequest(engine, {
      model,
      messages: [
        { role: 'system', content: system },
        {
          role: 'user',
          content: `Translate from "${input.from}" into "${to}". Answer with a JSON object {"${to}": …} holding the translation in the same shape.\n${JSON.stringify({ [input.from]: input.text })}`,
        },
      ],
    });
    const usage = { userId: session.userId, company: session.company, engine: name, operation: 'translate' } as const;
    try {
      const a = await chatComplete(engine, req, { aiRetryBaseMs: deps.config.aiRetryBaseMs, timeoutMs: deps.config.aiChatTimeoutMs });
      const text = readTranslation(engine, a.content, to, input.text);
      await logUsage(deps.db, { ...usage, promptTokens: a.promptTokens, completionTokens: a.completionTokens, ok: true });
      return [to, text];
    } catch (e) {
      await logUsage(deps.db, { ...usage, ok: false });
      throw e;
    }
  };
  const done = await Promise.allSettled(targets.map(one));
  const failed = done.find((d) => d.status === 'rejected');
  if (failed) throw failed.reason;
  return { content: Object.fromEntries(done.map((d) => (d as PromiseFulfilledResult<[string, Text]>).value)) };
}
