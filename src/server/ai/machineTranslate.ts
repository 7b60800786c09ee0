/**
 * Machine translation by Google Translate or DeepL (POST /api/gt, /api/deepl and the
 * company's default engine): a text (one string or named fields) from one language into
 * several, one engine call per target language and batch, the languages at once. Per
 * request: the engine's key (else 503 not_configured), the company's consent (403
 * engine_disabled), its monthly character budget (429 ai_budget_used_up, budget.ts), the
 * user's rate limit; per engine call: its characters logged as usage,
 * whether it worked or not. The first failure fails the whole request: nothing is answered
 * half-translated, so nothing is written.
 */
import type { Config } from '../config.ts';
import type { Queryable } from '../db/types.ts';
import type { Session } from '../rpc/context.ts';
import { requireEngineBudget } from './budget.ts';
import { deeplTranslate, DEEPL_MAX_CHARS, DEEPL_MAX_TEXTS } from './deepl.ts';
import { configuredEngine } from './engines.ts';
import { googleTranslate, GOOGLE_MAX_CHARS, GOOGLE_MAX_TEXTS, type EngineCallOptions } from './googleTranslate.ts';
import { takeAiCall } from './rateLimit.ts';
import { checkEngineEnabled, type MachineEngine } from './translationEngines.ts';
import { batches, charactersOf, rebuild, segmentsOf, type TranslateText } from './translationTexts.ts';
import { logUsage } from './usage.ts';
import type { ConfiguredEngine } from './engines.ts';

type Call = (engine: ConfiguredEngine, texts: string[], from: string, to: string, html: boolean, opts: EngineCallOptions) => Promise<string[]>;

const WIRES: Record<MachineEngine, { call: Call; maxTexts: number; maxChars: number }> = {
  google: { call: googleTranslate, maxTexts: GOOGLE_MAX_TEXTS, maxChars: GOOGLE_MAX_CHARS },
  deepl: { call: deeplTranslate, maxTexts: DEEPL_MAX_TEXTS, maxChars: DEEPL_MAX_CHARS },
};

export interface TranslateDeps {
  db: Queryable;
  config: Pick<Config, 'engines' | 'aiRatePerMinute' | 'aiRetryBaseMs' | 'translateTimeoutMs'>;
}

/** The translation keyed by target language, each in the request's shape (a string, or the same fields). */
export async function machineTranslate(
  deps: TranslateDeps,
  session: Pick<Session, 'userId' | 'company'>,
  name: MachineEngine,
  text: TranslateText,
  from: string,
  to: readonly string[],
): Promise<Record<string, TranslateText>> {
  const engine = configuredEngine(deps.config, name);
  await checkEngineEnabled(deps.db, session.company, name);
  await requireEngineBudget(deps.db, session.company, name);
  await takeAiCall(deps.db, session.userId, engine, deps.config.aiRatePerMinute);
  const wire = WIRES[name];
  const segments = segmentsOf(text);
  const opts = { timeoutMs: deps.config.translateTimeoutMs, aiRetryBaseMs: deps.config.aiRetryBaseMs };
  const usage = (characters: number, ok: boolean) => logUsage(deps.db, { userId: session.userId, company: session.company, engine: name, operation: 'translate', characters, ok });

  const intoOne = async (lang: string): Promise<TranslateText> => {
    // The source language itself needs no call (the engines refuse a pair of one language).
    if (lang === from) return text;
    const translated: string[] = [];
    for (const b of batches(segments, wire.maxTexts, wire.maxChars)) {
      const texts = b.indexes.map((i) => segments[i]!.text);
      const characters = charactersOf(segments.filter((_, i) => b.indexes.includes(i)));
      let got: string[];
      try {
        got = await wire.call(engine, texts, from, lang, b.html, opts);
      } catch (e) {
        await usage(characters, false);
        throw e;
      }
      await usage(characters, true);
      b.indexes.forEach((i, k) => (translated[i] = got[k]!));
    }
    return rebuild(text, segments, translated);
  };

  const langs = [...new Set(to)];
  const settled = await Promise.allSettled(langs.map(intoOne));
  const failed = settled.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) throw failed.reason;
  return Object.fromEntries(langs.map((l, i) => [l, (settled[i] as PromiseFulfilledResult<TranslateText>).value]));
}
