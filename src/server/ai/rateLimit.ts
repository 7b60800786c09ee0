/**
 * Calls per user and engine within a minute (config.aiRatePerMinute): a sliding window kept
 * in this process. Over the limit: 429 `ai_rate_limited` with the seconds until a call is
 * free again. (Several app processes each keep their own window: issue 27.)
 */
import { HttpError } from '../http/errors.ts';
import type { ConfiguredEngine } from './engines.ts';

const WINDOW_MS = 60_000;
const calls = new Map<string, number[]>();

export function takeAiCall(userId: number, engine: Pick<ConfiguredEngine, 'name' | 'label'>, perMinute: number, now = Date.now()): void {
  if (perMinute <= 0) return;
  const key = `${userId}:${engine.name}`;
  const recent = (calls.get(key) ?? []).filter((t) => t > now - WINDOW_MS);
  if (recent.length >= perMinute) {
    const seconds = Math.max(1, Math.ceil((recent[0]! + WINDOW_MS - now) / 1000));
    calls.set(key, recent);
    throw new HttpError(429, 'ai_rate_limited', `Too many calls to ${engine.label}: try again in ${seconds} s`, { 'Retry-After': String(seconds) }, undefined, { engine: engine.label, seconds });
  }
  recent.push(now);
  calls.set(key, recent);
}
