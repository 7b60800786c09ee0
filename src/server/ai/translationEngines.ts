/**
 * The translation engines of a company (/settings/gtranslate, migration 061): whether it may
 * use an engine (an engine is refused only where its row says disabled), and the one its
 * grid's and forms' translate action uses: the default, else the first enabled row, else the
 * first of the machine translation engines the company has no row for.
 */
import type { Queryable } from '../db/types.ts';
import { HttpError } from '../http/errors.ts';
import { ENGINES } from './engines.ts';

/** The machine translation engines (machineTranslate.ts calls them). */
export type MachineEngine = 'google' | 'deepl';

/** The engines the translate action falls back to, in this order, when a company has no row for them. */
const FALLBACK_ENGINES: readonly MachineEngine[] = ['google', 'deepl'];

interface EngineRow {
  engine: MachineEngine;
  enabled: boolean;
  is_default: boolean;
}

async function rowsOf(db: Queryable, company: string | null): Promise<EngineRow[]> {
  if (!company) return [];
  const r = await db.query<EngineRow>('select engine, enabled, is_default from app.translation_engines where company_code = $1 order by is_default desc, translation_engine_id', [company]);
  return r.rows;
}

const disabled = (name: MachineEngine) =>
  new HttpError(403, 'engine_disabled', `${ENGINES[name].label} is not enabled for this company (settings: translation engines)`, {}, undefined, { engine: ENGINES[name].label });

/** Refuses an engine the company has disabled (403 `engine_disabled`). */
export async function checkEngineEnabled(db: Queryable, company: string | null, name: MachineEngine): Promise<void> {
  const rows = await rowsOf(db, company);
  if (rows.some((r) => r.engine === name && !r.enabled)) throw disabled(name);
}

/** The company's engine for the translate action (403 `engine_disabled` when it disabled them all). */
export async function defaultEngine(db: Queryable, company: string | null): Promise<MachineEngine> {
  const rows = await rowsOf(db, company);
  // Rows come default first, so the first enabled one is the default when there is one.
  const pick = rows.find((r) => r.enabled)?.engine ?? FALLBACK_ENGINES.find((e) => !rows.some((r) => r.engine === e));
  if (!pick) throw disabled(rows[0]!.engine);
  return pick;
}
