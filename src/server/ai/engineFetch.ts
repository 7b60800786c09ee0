/**
 * One call to an engine over HTTP (ofetch), the way every engine is called: a timeout,
 * retries with exponential backoff on 429 and 5xx (and on a connection failure), a
 * Retry-After the engine sends honoured up to the backoff cap, and each failure turned into
 * a translated error naming the engine — never its key, its request headers or its body:
 *
 *   timeout              504 engine_timeout {engine, seconds}
 *   429 after retries    503 engine_rate_limited {engine}
 *   other status / down  502 engine_failed {engine, status}   (status 0: not reached)
 *   unreadable answer    502 engine_bad_answer {engine}        (parse or shape: `parse` throws)
 *
 * Failures are logged with the engine, the path and the status only.
 */
import { FetchError, ofetch } from 'ofetch';
import { HttpError } from '../http/errors.ts';
import type { ConfiguredEngine } from './engines.ts';
import { log as logger } from '../obs/log.ts';

export interface EngineRequest {
  /** The path after the engine's URL ('' for the URL itself), e.g. '/chat/completions'. */
  path: string;
  method?: 'GET' | 'POST';
  headers: Record<string, string>;
  /** A JSON body (object) or a form (URLSearchParams). */
  body?: Record<string, unknown> | URLSearchParams;
  /** Total time for one attempt (ms). */
  timeoutMs: number;
  /** Retries after the first attempt (429, 5xx, connection failures); default 3. */
  retries?: number;
  /** The first retry's wait (ms), doubled per retry (config.aiRetryBaseMs). */
  backoffMs: number;
  signal?: AbortSignal;
}

/** The longest wait between two attempts, whatever Retry-After says. */
const MAX_WAIT_MS = 20_000;

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const t = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => (clearTimeout(t), reject(signal.reason as Error)), { once: true });
  });

/** Retry-After in ms (seconds or an HTTP date), if the answer has one. */
function retryAfterMs(headers: Headers | undefined): number | undefined {
  const v = headers?.get('retry-after');
  if (!v) return undefined;
  const s = Number(v);
  if (Number.isFinite(s)) return Math.max(0, s * 1000);
  const at = Date.parse(v);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}

export const badAnswer = (engine: ConfiguredEngine, why: string): HttpError => {
  logger.error(`engine ${engine.name}: unreadable answer (${why})`);
  return new HttpError(502, 'engine_bad_answer', `${engine.label} answered in a form that could not be read`, {}, undefined, { engine: engine.label });
};

/**
 * The engine's answer (JSON, else text) passed through `parse`, which throws (anything) when
 * the answer is not the shape expected: that is engine_bad_answer.
 */
export async function engineFetch<T>(engine: ConfiguredEngine, req: EngineRequest, parse: (answer: unknown) => T): Promise<T> {
  const retries = req.retries ?? 3;
  const url = `${engine.url}${req.path}`;
  for (let attempt = 0; ; attempt++) {
    let answer: unknown;
    try {
      answer = await ofetch(url, {
        method: req.method ?? 'POST',
        headers: req.headers,
        body: req.body,
        timeout: req.timeoutMs,
        retry: 0,
        signal: req.signal,
        // Text first: a malformed JSON answer is the engine's fault, said as such below.
        responseType: 'text',
      });
    } catch (e) {
      const status = e instanceof FetchError ? (e.status ?? 0) : 0;
      const timedOut = e instanceof FetchError && (e.cause as Error | undefined)?.name === 'TimeoutError';
      if (timedOut) {
        logger.error(`engine ${engine.name}: ${req.path || '/'} timed out after ${req.timeoutMs} ms`);
        throw new HttpError(504, 'engine_timeout', `${engine.label} did not answer in time`, {}, undefined, { engine: engine.label, seconds: Math.round(req.timeoutMs / 1000) });
      }
      if (req.signal?.aborted) throw e;
      const retryable = status === 0 || status === 429 || status >= 500;
      if (retryable && attempt < retries) {
        const backoff = req.backoffMs * 2 ** attempt;
        const wait = Math.min(MAX_WAIT_MS, Math.max(backoff, retryAfterMs(e instanceof FetchError ? e.response?.headers : undefined) ?? 0));
        await sleep(wait, req.signal);
        continue;
      }
      logger.error(`engine ${engine.name}: ${req.path || '/'} failed with status ${status || 'none (not reached)'} after ${attempt + 1} attempt(s)`);
      if (status === 429) throw new HttpError(503, 'engine_rate_limited', `${engine.label} is rate limiting this server`, {}, undefined, { engine: engine.label });
      throw new HttpError(502, 'engine_failed', `${engine.label} answered with status ${status || 'none (not reached)'}`, {}, undefined, { engine: engine.label, status });
    }
    let json: unknown = answer;
    if (typeof answer === 'string') {
      try {
        json = JSON.parse(answer);
      } catch {
        throw badAnswer(engine, 'not JSON');
      }
    }
    try {
      return parse(json);
    } catch (e) {
      throw e instanceof HttpError ? e : badAnswer(engine, e instanceof Error ? e.message : 'unexpected shape');
    }
  }
}
