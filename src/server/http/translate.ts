/**
 * Machine translation routes (spec §7): POST /api/gt, /api/deepl, /api/openai/translate_text,
 * /api/deepseek/translate_text. Wired now, engines later: a signed-in user, a valid body
 * (400 naming the field), then 503 — `not_configured` naming the environment variable when
 * the engine has no API key, `not_available` while the engine is not implemented. Never a
 * made-up translation.
 */
import type { Context, Hono } from 'hono';
import { translateRoutes, type TranslatePath } from '../../../schemas/api.ts';
import { chatTranslate } from '../ai/chatTranslate.ts';
import { configuredEngine, type EngineName } from '../ai/engines.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/types.ts';
import type { Session } from '../rpc/context.ts';
import { HttpError, checkInputText, parseInput } from './errors.ts';

const engines: Record<TranslatePath, EngineName> = {
  '/api/gt': 'google',
  '/api/deepl': 'deepl',
  '/api/openai/translate_text': 'openai',
  '/api/deepseek/translate_text': 'deepseek',
};

export function mountTranslate(app: Hono, deps: { config: Config; db: Db }, requireSession: (c: Context) => Promise<Session>, readJson: (c: Context) => Promise<unknown>): void {
  for (const path of Object.keys(translateRoutes) as TranslatePath[]) {
    app.post(path, async (c) => {
      const session = await requireSession(c);
      const body = await readJson(c);
      checkInputText(body, 'body');
      const input = parseInput(translateRoutes[path].input, body, 'body');
      // The chat engines (src/server/ai/chatTranslate.ts): one call per target language.
      if (path === '/api/openai/translate_text' || path === '/api/deepseek/translate_text')
        return c.json(await chatTranslate(deps, session, engines[path] as 'openai' | 'deepseek', input as Parameters<typeof chatTranslate>[3]));
      const engine = configuredEngine(deps.config, engines[path]);
      throw new HttpError(503, 'not_available', `${engine.label} translation is not available yet on this server`, {}, undefined, { engine: engine.label });
    });
  }
}
