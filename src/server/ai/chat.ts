/**
 * Chat completions, OpenAI's wire format (POST {base}/chat/completions, `Authorization:
 * Bearer`), spoken by OpenAI, DeepSeek and any OpenAI-compatible server (OPENAI_BASE_URL):
 * the one way the server asks a model (translation, replies, Ask-AI, AI content). The answer
 * is checked: the first choice's message content must be a string, and with
 * `response_format: json_object` it must parse as JSON (else engine_bad_answer).
 * Streaming (server-sent chunks) is added beside this where the UI shows a reply as it comes.
 */
import * as v from 'valibot';
import type { Config } from '../config.ts';
import { badAnswer, engineFetch } from './engineFetch.ts';
import type { ConfiguredEngine } from './engines.ts';

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface ChatRequest {
  model: string;
  messages: ChatMessage[];
  temperature?: number;
  top_p?: number;
  max_tokens?: number;
  /** OpenAI's JSON mode; DeepSeek's reasoner takes none (the caller leaves it out). */
  response_format?: { type: 'json_object' | 'text' };
}

export interface ChatAnswer {
  content: string;
  model: string;
  promptTokens: number;
  completionTokens: number;
}

/** DeepSeek's reasoning model: the one its JSON work uses (translation, AI content; spec §7: a reasoner model). */
export const DEEPSEEK_REASONER = 'deepseek-reasoner';

/** DeepSeek's temperature scale is 1.5 × OpenAI's for the same effect, up to its maximum 2. */
export const deepseekTemperature = (t: number): number => Math.min(2, Math.round(t * 1.5 * 1000) / 1000);

/**
 * A request for a JSON answer as the engine takes it: OpenAI's as written (JSON mode);
 * DeepSeek's (spec §7) on its reasoner, the temperature × 1.5, without response_format (the
 * prompt asks for JSON; `replyJson` reads a fenced block too).
 */
export function jsonRequest(engine: Pick<ConfiguredEngine, 'name'>, req: Omit<ChatRequest, 'response_format'>): ChatRequest {
  if (engine.name !== 'deepseek') return { ...req, response_format: { type: 'json_object' } };
  return { ...req, model: DEEPSEEK_REASONER, ...(req.temperature === undefined ? {} : { temperature: deepseekTemperature(req.temperature) }) };
}

/** The JSON of a reply (a ```json fenced block too: DeepSeek answers so without JSON mode); else engine_bad_answer. */
export function replyJson(engine: ConfiguredEngine, reply: string): unknown {
  const fenced = /^\s*```(?:json)?\s*\n([\s\S]*?)\n?```\s*$/.exec(reply);
  try {
    return JSON.parse(fenced ? fenced[1]! : reply) as unknown;
  } catch {
    throw badAnswer(engine, 'the reply is not the JSON asked for');
  }
}

/** Spec §9: an AI call waits at most 120 s. */
export const CHAT_TIMEOUT_MS = 120_000;

const Completion = v.object({
  model: v.optional(v.string()),
  choices: v.pipe(v.array(v.object({ message: v.object({ content: v.string() }) })), v.minLength(1)),
  usage: v.optional(v.object({ prompt_tokens: v.optional(v.number()), completion_tokens: v.optional(v.number()) })),
});

export async function chatComplete(engine: ConfiguredEngine, req: ChatRequest, opts: Pick<Config, 'aiRetryBaseMs'> & { timeoutMs?: number; signal?: AbortSignal }): Promise<ChatAnswer> {
  const answer = await engineFetch(
    engine,
    {
      path: '/chat/completions',
      headers: { authorization: `Bearer ${engine.key}`, 'content-type': 'application/json', accept: 'application/json' },
      body: { ...req },
      timeoutMs: opts.timeoutMs ?? CHAT_TIMEOUT_MS,
      backoffMs: opts.aiRetryBaseMs,
      ...(opts.signal ? { signal: opts.signal } : {}),
    },
    (json) => v.parse(Completion, json),
  );
  const content = answer.choices[0]!.message.content;
  if (req.response_format?.type === 'json_object') {
    try {
      JSON.parse(content);
    } catch {
      throw badAnswer(engine, 'the reply is not the JSON asked for');
    }
  }
  return { content, model: answer.model ?? req.model, promptTokens: answer.usage?.prompt_tokens ?? 0, completionTokens: answer.usage?.completion_tokens ?? 0 };
}
