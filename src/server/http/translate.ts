/**
 * Machine translation routes (spec §7): POST /api/gt, /api/deepl, /api/openai/translate_text,
 * /api/deepseek/translate_text, and /api/translate (the company's default engine, for the
 * grid's and the forms' translate action). Each: a signed-in user with `list` on the
 * translation engines' page (/settings/gtranslate) and a company (issue 42, else 403), a
 * valid body (400 naming the field), then its handler (the company's monthly budget of the
 * engine is checked there, before any engine call). Google Translate and DeepL translate (ai/machineTranslate.ts),
 * OpenAI and DeepSeek through chat completions (ai/chatTranslate.ts); an engine without its
 * API key answers 503 `not_configured` naming the environment variable. Never a made-up
 * translation.
 */
import type { Context, Hono } from 'hono';
import type * as v from 'valibot';
import { translateRoutes, type TranslatePath } from '../../../schemas/api.ts';
import { AI_TRANSLATE_PAGE } from '../../core/aiLimits.ts';
import { chatTranslate } from '../ai/chatTranslate.ts';
import { machineTranslate } from '../ai/machineTranslate.ts';
import { proxyCompany } from '../ai/proxyAccess.ts';
import { defaultEngine } from '../ai/translationEngines.ts';
import type { Deps, Session } from '../rpc/context.ts';
import { checkInputText, parseInput } from './errors.ts';

type Input<P extends TranslatePath> = v.InferOutput<(typeof translateRoutes)[P]['input']>;
type Output<P extends TranslatePath> = v.InferInput<(typeof translateRoutes)[P]['output']>;
type Handler<P extends TranslatePath> = (deps: Deps, session: Session, input: Input<P>) => Promise<Output<P>>;

/** The company's default engine (/settings/gtranslate: Google Translate or DeepL). */
const byDefault: Handler<'/api/translate'> = async (deps, s, input) => machineTranslate(deps, s, await defaultEngine(deps.db, s.company), input.text, input.from, input.to);

const handlers: { [P in TranslatePath]: Handler<P> } = {
  '/api/gt': (deps, s, input) => machineTranslate(deps, s, 'google', input.text, input.from, input.to),
  '/api/deepl': (deps, s, input) => machineTranslate(deps, s, 'deepl', input.text, input.from, [input.to]),
  // The chat engines (ai/chatTranslate.ts): one call per target language.
  '/api/openai/translate_text': (deps, s, input) => chatTranslate(deps, s, 'openai', input),
  '/api/deepseek/translate_text': (deps, s, input) => chatTranslate(deps, s, 'deepseek', input),
  '/api/translate': byDefault,
};

export function mountTranslate(app: Hono, deps: Deps, requireSession: (c: Context) => Promise<Session>, readJson: (c: Context) => Promise<unknown>): void {
  for (const path of Object.keys(translateRoutes) as TranslatePath[]) {
    app.post(path, async (c) => {
      const session = await requireSession(c);
      await proxyCompany(deps.db, session, AI_TRANSLATE_PAGE, path);
      const body = await readJson(c);
      checkInputText(body, 'body');
      const input = parseInput(translateRoutes[path].input, body, 'body');
      const handler = handlers[path] as Handler<TranslatePath>;
      return c.json(await handler(deps, session, input));
    });
  }
}
