/**
 * DeepL API v2, its wire format: POST {DEEPL_API_URL}/translate with the header
 * `Authorization: DeepL-Auth-Key <key>` and a JSON body `{text: [...], source_lang,
 * target_lang}` (`tag_handling: 'html'` for HTML, whose markup DeepL then keeps); the answer
 * is `translations[].text`, one per text in order. At most 50 texts a call.
 */
import * as v from 'valibot';
import { badAnswer, engineFetch } from './engineFetch.ts';
import type { ConfiguredEngine } from './engines.ts';
import type { EngineCallOptions } from './googleTranslate.ts';

/** DeepL's limit of texts in one request. */
export const DEEPL_MAX_TEXTS = 50;
/** Characters in one request (DeepL takes at most 128 KiB of body; a longer single text goes alone). */
export const DEEPL_MAX_CHARS = 30_000;

/** Our language codes as DeepL names them: a source language without a variant, English as a target British English (plain EN is deprecated there). */
const SOURCE: Record<string, string> = { en: 'EN', de: 'DE', hu: 'HU', sk: 'SK', ro: 'RO', cs: 'CS', bg: 'BG' };
const TARGET: Record<string, string> = { ...SOURCE, en: 'EN-GB' };

const deeplSource = (lang: string): string => SOURCE[lang] ?? lang.toUpperCase();
const deeplTarget = (lang: string): string => TARGET[lang] ?? lang.toUpperCase();

const Answer = v.object({ translations: v.array(v.object({ text: v.string() })) });

export async function deeplTranslate(engine: ConfiguredEngine, texts: string[], from: string, to: string, html: boolean, opts: EngineCallOptions): Promise<string[]> {
  const answer = await engineFetch(
    engine,
    {
      path: '/translate',
      headers: { authorization: `DeepL-Auth-Key ${engine.key}`, 'content-type': 'application/json', accept: 'application/json' },
      body: { text: texts, source_lang: deeplSource(from), target_lang: deeplTarget(to), ...(html ? { tag_handling: 'html' } : {}) },
      timeoutMs: opts.timeoutMs,
      backoffMs: opts.aiRetryBaseMs,
    },
    (json) => v.parse(Answer, json),
  );
  const out = answer.translations.map((t) => t.text);
  if (out.length !== texts.length) throw badAnswer(engine, `${out.length} translations for ${texts.length} texts`);
  return out;
}
