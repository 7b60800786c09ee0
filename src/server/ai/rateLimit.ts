/**
 * Calls per user and engine within a minute (config.aiRatePerMinute): a sliding window kept
 * in the database (app.take_rate, migration 080), so every app process on one database
 * counts the same limit (WORKERS=N, or several servers behind a balancer). Over the limit:
 * 429 `ai_rate_limited` with the seconds until a call is free again.
 */
import type { Queryable } from '../db/types.ts';
import { HttpError } from '../http/errors.ts';
import type { ConfiguredEngine } from './engines.ts';

/** Takes one call of `bucket` within `perMinute`; answers 0 when taken, else the seconds until one is free. */
export async function takeRate(db: Queryable, bucket: string, perMinute: number, now?: Date): Promise<number> {
  const r = await db.query<{ wait: number }>(`select app.take_rate($1, $2, interval '1 minute', coalesce($3::timestamptz, clock_timestamp())) as wait`, [
    bucket,
    perMinute,
    now?.toISOString() ?? null,
  ]);
  return Number(r.rows[0]!.wait);
}

export async function takeAiCall(db: Queryable, userId: number, engine: Pick<ConfiguredEngine, 'name' | 'label'>, perMinute: number, now?: Date): Promise<void> {
  if (perMinute <= 0) return;
  const seconds = await takeRate(db, `ai:${userId}:${engine.name}`, perMinute, now);
  if (seconds > 0) {
    throw new HttpError(429, 'ai_rate_limited', `Too many calls to ${engine.label}: try again in ${seconds} s`, { 'Retry-After': String(seconds) }, undefined, { engine: engine.label, seconds });
  }
}
