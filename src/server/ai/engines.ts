/**
 * The four engines the back office talks to (issue 25): their names as users read them, the
 * environment variable that turns each on, and the configured engine of a call — or 503
 * `not_configured` naming the variable. Keys come only from the environment (config.ts) and
 * leave the server only in the engine's own request header.
 */
import { AI_CHAT_ENGINES, type AiChatEngine } from '../../core/aiContent.ts';
import { HttpError } from '../http/errors.ts';

export type EngineName = 'google' | 'deepl' | 'openai' | 'deepseek';

/** An engine's key (absent: not configured) and endpoint, as config.ts reads them from the environment. */
export interface EngineSetting {
  key: string | undefined;
  url: string;
}

/** The part of the server's config (config.ts `engines`) a call reads. */
type EngineConfig = { engines: Record<EngineName, EngineSetting> };

export const ENGINES: Record<EngineName, { label: string; env: string }> = {
  google: { label: 'Google Translate', env: 'GOOGLE_TRANSLATE_API_KEY' },
  deepl: { label: 'DeepL', env: 'DEEPL_AUTH_KEY' },
  openai: { label: 'OpenAI', env: 'OPENAI_API_KEY' },
  deepseek: { label: 'DeepSeek', env: 'DEEPSEEK_API_KEY' },
};

/** An engine ready to call: its key and endpoint. */
export interface ConfiguredEngine {
  name: EngineName;
  label: string;
  key: string;
  url: string;
}

export const isConfigured = (config: EngineConfig, name: EngineName): boolean => Boolean(config.engines[name].key);

/**
 * The chat engine of an AI content call: the one the user picked, else the company's
 * (/settings/chatgpt `is_default`) when it has a key, else the first with a key (OpenAI,
 * then DeepSeek); 503 `not_configured` naming the variable when it has none.
 */
export function chatEngine(config: EngineConfig, picked: AiChatEngine | undefined, company?: AiChatEngine): ConfiguredEngine {
  const usable = company && isConfigured(config, company) ? company : AI_CHAT_ENGINES.find((e) => isConfigured(config, e));
  return configuredEngine(config, picked ?? usable ?? 'openai');
}

/** The engine's key and endpoint; 503 `not_configured` (naming the variable to set) without a key. */
export function configuredEngine(config: EngineConfig, name: EngineName): ConfiguredEngine {
  const { key, url } = config.engines[name];
  const { label, env } = ENGINES[name];
  if (!key) throw new HttpError(503, 'not_configured', `${label} is not configured on this server (set ${env})`, {}, undefined, { engine: label, variable: env });
  return { name, label, key, url };
}
