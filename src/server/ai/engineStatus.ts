/**
 * Which engines this server has an API key for, written as it starts into app.engine_status
 * (migration 061): the settings grid (/settings/gtranslate) shows it as "configured". A yes
 * or no only: the key stays in the environment.
 */
import type { Config } from '../config.ts';
import type { Queryable } from '../db/types.ts';
import { ENGINES, isConfigured, type EngineName } from './engines.ts';

export async function recordEngineStatus(db: Queryable, config: Pick<Config, 'engines'>): Promise<void> {
  const names = Object.keys(ENGINES) as EngineName[];
  await db.query(
    `insert into app.engine_status (engine, configured)
     select * from unnest($1::text[], $2::boolean[])
     on conflict (engine) do update set configured = excluded.configured, updated_at = now()`,
    [names, names.map((n) => isConfigured(config, n))],
  );
}
