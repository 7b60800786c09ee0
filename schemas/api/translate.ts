/** Machine translation (POST /api/gt, /api/deepl, /api/{openai,deepseek}/translate_text, /api/translate). */
import * as v from 'valibot';
import { aiModel, lang, systemPrompt } from './fields.ts';
import { bodyInvalid, bodyTooLarge, engineErrors, type HttpRoute } from './http.ts';

/** The text to translate: one string, or several named fields ({product_name: '…', description: '…'}). */
export const TranslateText = v.union(
  [
    v.pipe(v.string(), v.maxLength(50_000, 'text is at most 50,000 characters')),
    v.pipe(v.record(v.pipe(v.string(), v.regex(/^[a-z_][a-z0-9_]*$/, 'a field name')), v.pipe(v.string(), v.maxLength(50_000))), v.maxEntries(50)),
  ],
  'text must be a string or an object of field → string',
);
export const GtInput = v.strictObject({
  text: TranslateText,
  from: lang,
  to: v.pipe(v.array(lang), v.minLength(1, 'to must name at least one language'), v.maxLength(20)),
});
export const DeeplInput = v.strictObject({ text: TranslateText, from: lang, to: lang });
/** `to`: one language, or several (one engine call per language, issue 25). */
export const AiTranslateInput = v.strictObject({
  text: TranslateText,
  from: lang,
  to: v.union([lang, v.pipe(v.array(lang), v.minLength(1, 'to must name at least one language'), v.maxLength(20))]),
  model: aiModel,
  system_prompt: v.optional(systemPrompt),
});
/** Google Translate and DeepL: the translation keyed by language code. */
export const TranslateOutput = v.record(v.string(), TranslateText);
/** OpenAI and DeepSeek: `content` keyed by language code (then field). */
export const AiTranslateOutput = v.object({ content: v.record(v.string(), TranslateText) });
/**
 * The translation routes: a signed-in user; the body is validated (400 naming the field);
 * an engine without its API key answers 503 `not_configured`.
 */
export const translateRoutes = {
  '/api/gt': { operationId: 'translate_gt', input: GtInput, output: TranslateOutput },
  '/api/deepl': { operationId: 'translate_deepl', input: DeeplInput, output: TranslateOutput },
  '/api/openai/translate_text': { operationId: 'translate_openai', input: AiTranslateInput, output: AiTranslateOutput },
  '/api/deepseek/translate_text': { operationId: 'translate_deepseek', input: AiTranslateInput, output: AiTranslateOutput },
  /** The company's default translation engine (/settings/gtranslate): what the grid's and the forms' translate action call. */
  '/api/translate': { operationId: 'translate_default', input: GtInput, output: TranslateOutput },
} as const;
export type TranslatePath = keyof typeof translateRoutes;

const translateSummaries: Record<TranslatePath, string> = {
  '/api/gt': 'Translates text with Google Translate into several languages; answers the text keyed by language code.',
  '/api/deepl': 'Translates text with DeepL into one language; answers the text keyed by language code.',
  '/api/openai/translate_text': 'Translates text with an OpenAI model into one language; answers `content` keyed by language code.',
  '/api/deepseek/translate_text': 'Translates text with a DeepSeek model into one language; answers `content` keyed by language code.',
  '/api/translate': "Translates text with the company's default engine (settings: translation engines) into several languages; answers the text keyed by language code.",
};

/** The translation routes (src/server/http/translate.ts). */
export const translateHttpRoutes: readonly HttpRoute[] = (Object.keys(translateRoutes) as TranslatePath[]).map((path) => ({
  method: 'post',
  path,
  operationId: translateRoutes[path].operationId,
  tag: 'translate',
  summary: translateSummaries[path],
  description: 'HTML texts keep their markup (sanitized as stored rich text is). Never a made-up translation: an engine failure is an error.',
  auth: 'data',
  body: { kind: 'json', schema: translateRoutes[path].input },
  answers: { 200: { description: 'The translation.', content: [{ kind: 'json', schema: translateRoutes[path].output }] } },
  errors: {
    400: bodyInvalid,
    403: 'No `list` on /settings/gtranslate, or no company (`forbidden`); the company switched the engine off (`engine_disabled`); a chat model off the company’s allow list (`ai_model_not_allowed`).',
    413: bodyTooLarge,
    ...engineErrors,
  },
}));
