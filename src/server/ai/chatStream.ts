/**
 * Streamed chat completions: the same request as chat.ts with `stream: true`, read as
 * OpenAI's server-sent events (`data: {"choices":[{"delta":{"content":"…"}}]}` … `data:
 * [DONE]`), so the browser can show a reply as it comes. The call is made, retried and its
 * failures said exactly as engineFetch does (429/5xx and a connection failure retried with
 * backoff and Retry-After; engine_timeout, engine_rate_limited, engine_failed,
 * engine_bad_answer; never the key) up to the moment the engine starts answering: only then
 * does `openChatStream` return, so a refusal is still an ordinary error answer. After that the
 * deltas come from `chunks`; a failure mid-stream (timeout, a broken event) throws from it.
 */
import { HttpError } from '../http/errors.ts';
import type { ChatRequest } from './chat.ts';
import { CHAT_TIMEOUT_MS } from './chat.ts';
import { badAnswer } from './engineFetch.ts';
import type { ConfiguredEngine } from './engines.ts';
import { log as logger } from '../obs/log.ts';

interface StreamEnd {
  model: string;
  promptTokens: number;
  completionTokens: number;
}

export interface ChatStream {
  /** The reply's text pieces in order; returns the model and the tokens once the engine says [DONE]. */
  chunks: AsyncGenerator<string, StreamEnd>;
  /** Stops reading (the browser went away). */
  cancel(): void;
}

const MAX_WAIT_MS = 20_000;
const RETRIES = 3;

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const t = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(t), reject(signal.reason as Error)), { once: true });
  });

function retryAfterMs(v: string | null): number | undefined {
  if (!v) return undefined;
  const s = Number(v);
  if (Number.isFinite(s)) return Math.max(0, s * 1000);
  const at = Date.parse(v);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}

const timeoutError = (engine: ConfiguredEngine, ms: number) => {
  logger.error(`engine ${engine.name}: /chat/completions (stream) timed out after ${ms} ms`);
  return new HttpError(504, 'engine_timeout', `${engine.label} did not answer in time`, {}, undefined, { engine: engine.label, seconds: Math.round(ms / 1000) });
};

/** One `data:` event's delta text and, on the last chunk of an OpenAI stream with include_usage, the tokens. */
function readEvent(engine: ConfiguredEngine, data: string): { text: string; model?: string; usage?: { prompt_tokens?: number; completion_tokens?: number } } {
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    throw badAnswer(engine, 'a stream event is not JSON');
  }
  if (typeof json !== 'object' || json === null || !Array.isArray((json as { choices?: unknown }).choices)) throw badAnswer(engine, 'a stream event without choices');
  const e = json as { model?: unknown; choices: { delta?: { content?: unknown } }[]; usage?: { prompt_tokens?: number; completion_tokens?: number } | null };
  const content = e.choices[0]?.delta?.content;
  if (content !== undefined && content !== null && typeof content !== 'string') throw badAnswer(engine, 'a stream delta that is not text');
  return { text: typeof content === 'string' ? content : '', ...(typeof e.model === 'string' ? { model: e.model } : {}), ...(e.usage ? { usage: e.usage } : {}) };
}

export async function openChatStream(engine: ConfiguredEngine, req: ChatRequest, opts: { aiRetryBaseMs: number; timeoutMs?: number }): Promise<ChatStream> {
  const timeoutMs = opts.timeoutMs ?? CHAT_TIMEOUT_MS;
  const cancel = new AbortController();
  // One deadline for the whole reply, retries and streaming included (spec §9: 120 s).
  const signal = AbortSignal.any([cancel.signal, AbortSignal.timeout(timeoutMs)]);
  const body = JSON.stringify({ ...req, stream: true, stream_options: { include_usage: true } });
  let res: Response;
  for (let attempt = 0; ; attempt++) {
    let status = 0;
    let retryAfter: string | null = null;
    try {
      res = await fetch(`${engine.url}/chat/completions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${engine.key}`, 'content-type': 'application/json', accept: 'text/event-stream' },
        body,
        signal,
      });
      if (res.ok) break;
      status = res.status;
      retryAfter = res.headers.get('retry-after');
      await res.body?.cancel();
    } catch (e) {
      if (signal.aborted && !cancel.signal.aborted) throw timeoutError(engine, timeoutMs);
      if (cancel.signal.aborted) throw e;
    }
    if ((status === 0 || status === 429 || status >= 500) && attempt < RETRIES) {
      const wait = Math.min(MAX_WAIT_MS, Math.max(opts.aiRetryBaseMs * 2 ** attempt, retryAfterMs(retryAfter) ?? 0));
      try {
        await sleep(wait, signal);
      } catch {
        throw timeoutError(engine, timeoutMs);
      }
      continue;
    }
    logger.error(`engine ${engine.name}: /chat/completions (stream) failed with status ${status || 'none (not reached)'} after ${attempt + 1} attempt(s)`);
    if (status === 429) throw new HttpError(503, 'engine_rate_limited', `${engine.label} is rate limiting this server`, {}, undefined, { engine: engine.label });
    throw new HttpError(502, 'engine_failed', `${engine.label} answered with status ${status || 'none (not reached)'}`, {}, undefined, { engine: engine.label, status });
  }
  if (!res.body) throw badAnswer(engine, 'no stream');
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();

  async function* chunks(): AsyncGenerator<string, StreamEnd> {
    const end: StreamEnd = { model: req.model, promptTokens: 0, completionTokens: 0 };
    let buffer = '';
    try {
      for (;;) {
        let read: ReadableStreamReadResult<string>;
        try {
          read = await reader.read();
        } catch (e) {
          if (signal.aborted && !cancel.signal.aborted) throw timeoutError(engine, timeoutMs);
          throw cancel.signal.aborted ? e : badAnswer(engine, 'the stream broke off');
        }
        if (read.done) throw badAnswer(engine, 'the stream ended without [DONE]');
        buffer += read.value;
        // Events end with a blank line; each line of one is a field ("data: …").
        let cut: number;
        while ((cut = buffer.search(/\r?\n\r?\n/)) >= 0) {
          const event = buffer.slice(0, cut);
          buffer = buffer.slice(cut).replace(/^\r?\n\r?\n/, '');
          const data = event
            .split(/\r?\n/)
            .filter((l) => l.startsWith('data:'))
            .map((l) => l.slice(5).replace(/^ /, ''))
            .join('\n');
          if (data === '') continue; // a comment or keep-alive
          if (data === '[DONE]') return end;
          const e = readEvent(engine, data);
          if (e.model) end.model = e.model;
          if (e.usage) {
            end.promptTokens = e.usage.prompt_tokens ?? 0;
            end.completionTokens = e.usage.completion_tokens ?? 0;
          }
          if (e.text) yield e.text;
        }
      }
    } finally {
      cancel.abort();
      reader.releaseLock();
    }
  }
  return { chunks: chunks(), cancel: () => cancel.abort() };
}
