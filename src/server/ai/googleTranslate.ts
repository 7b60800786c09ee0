/**
 * Google Cloud Translation — Basic (v2), its REST wire format: POST {GOOGLE_TRANSLATE_URL}
 * with the API key as the `key` query parameter and a JSON body `{q: [...], source, target,
 * format: 'text' | 'html'}`; the answer is `data.translations[].translatedText`, one per `q`
 * in order. One call translates into one target language; at most 128 texts a call.
 */
import * as v from 'valibot';
import { badAnswer, engineFetch } from './engineFetch.ts';
import type { ConfiguredEngine } from './engines.ts';

/** Google's limit of `q` values in one request. */
export const GOOGLE_MAX_TEXTS = 128;
/** Characters in one request: Google advises short requests (a longer single text goes alone). */
export const GOOGLE_MAX_CHARS = 30_000;

const Answer = v.object({ data: v.object({ translations: v.array(v.object({ translatedText: v.string() })) }) });

export interface EngineCallOptions {
  timeoutMs: number;
  aiRetryBaseMs: number;
}

export async function googleTranslate(engine: ConfiguredEngine, texts: string[], from: string, to: string, html: boolean, opts: EngineCallOptions): Promise<string[]> {
  // The key rides in the URL (Google's `key` parameter): engineFetch logs only the path, never the URL.
  const keyed = { ...engine, url: `${engine.url}${engine.url.includes('?') ? '&' : '?'}key=${encodeURIComponent(engine.key)}` };
  const answer = await engineFetch(
    keyed,
    {
      path: '',
      headers: { 'content-type': 'application/json; charset=utf-8', accept: 'application/json' },
      body: { q: texts, source: from, target: to, format: html ? 'html' : 'text' },
      timeoutMs: opts.timeoutMs,
      backoffMs: opts.aiRetryBaseMs,
    },
    (json) => v.parse(Answer, json),
  );
  const out = answer.data.translations.map((t) => t.translatedText);
  if (out.length !== texts.length) throw badAnswer(engine, `${out.length} translations for ${texts.length} texts`);
  return out;
}
