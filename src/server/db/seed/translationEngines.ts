import type { Queryable } from '../types.ts';
import { insertRows } from './insert.ts';

/**
 * Demo translation engines (/settings/gtranslate): each company may use Google Translate and
 * DeepL; Dunaj and Vltava translate with Google by default, Tisza with DeepL. A few calls of
 * this month (dated back from the seeding time) give the usage columns data; the demo has no
 * key, so "configured" says what the server it runs on has.
 */
const engines = [
  { company_code: 'SK01', engine: 'google', enabled: true, is_default: true },
  { company_code: 'SK01', engine: 'deepl', enabled: true, is_default: false },
  { company_code: 'HU01', engine: 'google', enabled: true, is_default: false },
  { company_code: 'HU01', engine: 'deepl', enabled: true, is_default: true },
  { company_code: 'CZ01', engine: 'google', enabled: true, is_default: true },
  { company_code: 'CZ01', engine: 'deepl', enabled: false, is_default: false },
];

/** Calls: company, engine, characters, ok, hours before the seeding. */
const calls: [string, string, number, boolean, number][] = [
  ['SK01', 'google', 1240, true, 2],
  ['SK01', 'google', 860, true, 5],
  ['SK01', 'google', 310, false, 6],
  ['SK01', 'deepl', 2150, true, 8],
  ['HU01', 'deepl', 980, true, 3],
  ['HU01', 'deepl', 4420, true, 9],
  ['HU01', 'google', 150, true, 12],
  ['CZ01', 'google', 730, true, 4],
];

export async function seedTranslationEngines(tx: Queryable): Promise<void> {
  await insertRows(
    tx,
    'app.translation_engines',
    [
      ['company_code', 'text'],
      ['engine', 'text'],
      ['enabled', 'boolean'],
      ['is_default', 'boolean'],
    ],
    engines,
  );
  const admin = await tx.query<{ user_id: number }>(`select user_id from app.users where user_email = 'admin@example.com'`);
  const userId = admin.rows[0]?.user_id ?? null;
  // Never later than now (a seed just after midnight on the 1st stays in this month).
  await insertRows(
    tx,
    'app.ai_usage',
    [
      ['at', 'timestamptz'],
      ['user_id', 'int'],
      ['company_code', 'text'],
      ['engine', 'text'],
      ['operation', 'text'],
      ['characters', 'int'],
      ['ok', 'boolean'],
    ],
    calls.map(([company_code, engine, characters, ok, hours]) => ({
      at: new Date(Math.max(Date.now() - hours * 3_600_000, startOfMonth())).toISOString(),
      user_id: userId,
      company_code,
      engine,
      operation: 'translate',
      characters,
      ok,
    })),
  );
}

/** The month's first moment in UTC (the database's month of `now()` in a UTC session). */
function startOfMonth(): number {
  const d = new Date();
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
}
