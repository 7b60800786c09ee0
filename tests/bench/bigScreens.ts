/**
 * `screens` part of `npm run bench` (issue 49 point 3): the five biggest screens of the
 * demo data — the menu screens whose relation holds the most rows of the company SK01 —
 * their first page sorted by every sortable column (ascending) and filtered by a typical
 * filter per filterable column type, through the real server over HTTP against the same
 * SQL behind a bare `node:http` endpoint (pages.ts `timeCase`: the statements the engine
 * ran for that very request, same parameters, same db handle, rows answered as JSON),
 * interleaved, medians; on PGlite and on a scratch database of the PostgreSQL server.
 */
import { kindOf } from '../../src/core/query/kinds.ts';
import { screens, type Screen } from '../../src/server/actions/engine/screens.ts';
import type { Db } from '../../src/server/db/types.ts';
import type { ApiEngine } from './api.ts';
import { bareEndpoint, start, timeCase, type PagesCase, type PagesCaseResult } from './pages.ts';
import { perEngine } from './stats.ts';

const COMPANY = 'SK01';
/** Issue 49 point 3: the first page within this many times the same SQL behind a bare endpoint. */
export const SCREENS_TARGET = 1.3;
const BIGGEST = 5;

export interface BigScreen {
  form: string;
  relation: string;
  /** The company's rows in the screen's relation. */
  rows: number;
}

export interface BigScreensEngineResult {
  engine: ApiEngine;
  version: string;
  seedMs: number;
  screens: BigScreen[];
  cases: PagesCaseResult[];
  error?: string;
}

export interface BigScreensOptions {
  engines: ApiEngine[];
  runs: number;
  /** Runs of a case whose call takes over a second. */
  slowRuns: number;
  products: number;
  pgUrl: string;
  log: (s: string) => void;
  /** Only these forms (BENCH_SCREENS): a quicker look at one screen. */
  only?: string[];
}

const q = (name: string) => `"${name.replace(/"/g, '""')}"`;
const rel = (s: Screen) => s.source.relation.split('.').map(q).join('.');

/** The menu screens over a company's rows (no parameters), biggest first, the first `BIGGEST`. */
async function biggest(db: Db): Promise<BigScreen[]> {
  const out: BigScreen[] = [];
  for (const s of screens.values()) {
    if (!s.menu || !s.source.company || s.source.params?.length || s.access === 'authenticated') continue;
    const n = await db.query<{ n: number }>(`select count(*)::int as n from ${rel(s)} where ${q(s.source.company)} = $1`, [COMPANY]);
    out.push({ form: s.form, relation: s.source.relation, rows: Number(n.rows[0]!.n) });
  }
  return out.sort((a, b) => b.rows - a.rows || a.form.localeCompare(b.form)).slice(0, BIGGEST);
}

/** A word-part of a text value that most rows do not hold: three letters of its longest word. */
function textPart(v: unknown): string | undefined {
  const text = v !== null && typeof v === 'object' ? ((v as Record<string, unknown>).en ?? Object.values(v)[0]) : v;
  if (typeof text !== 'string') return undefined;
  const word = text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .sort((a, b) => b.length - a.length)[0];
  return word && word.length >= 3 ? word.slice(1, 4) : word || undefined;
}

/**
 * A typical filter of a column, from the company's own values: a text or multi-language
 * text contains three letters of a value; a number, money or date is above the median; a
 * true/false is true; a looked-up key is its most frequent value (a set filter).
 */
async function typicalFilter(db: Db, s: Screen, field: string): Promise<Record<string, unknown> | undefined> {
  const col = s.columns[field]!;
  const kind = kindOf(s.valueType[field]!);
  const from = `${rel(s)} where ${q(s.source.company!)} = $1 and ${q(field)} is not null`;
  if (col.type === 'ref' || col.options) {
    const r = await db.query<{ v: unknown }>(`select ${q(field)} as v from ${from} group by 1 order by count(*) desc, 1 limit 1`, [COMPANY]);
    return r.rows[0] ? { filterType: 'set', values: [r.rows[0].v] } : undefined;
  }
  if (kind === 'bool') return { filterType: 'set', values: [true] };
  if (kind === 'text') {
    const r = await db.query<{ v: unknown }>(`select ${q(field)} as v from ${from} offset 7 limit 1`, [COMPANY]);
    const part = textPart(r.rows[0]?.v);
    return part ? { filterType: 'text', type: 'contains', filter: part } : undefined;
  }
  if (kind === 'number' || kind === 'date') {
    const r = await db.query<{ v: unknown }>(`select (percentile_disc(0.5) within group (order by ${q(field)}))::text as v from ${from}`, [COMPANY]);
    const v = r.rows[0]?.v;
    if (v === null || v === undefined) return undefined;
    return kind === 'date' ? { filterType: 'date', type: 'greaterThan', dateFrom: String(v).slice(0, 10) } : { filterType: 'number', type: 'greaterThan', filter: Number(v) };
  }
  return undefined;
}

/** A screen's cases: its default order, each sortable column ascending, one filter per filterable column type (the first column of that type). */
async function screenCases(db: Db, form: string): Promise<PagesCase[]> {
  const s = screens.get(form)!;
  const cases: PagesCase[] = [{ form, label: 'default order', payload: {} }];
  for (const [f, c] of Object.entries(s.columns)) if (c.sortable && c.type !== 'json') cases.push({ form, label: `${f} asc`, payload: { sortModel: [{ colId: f, sort: 'asc' }] } });
  const typed = new Set<string>();
  for (const [f, c] of Object.entries(s.columns)) {
    const type = c.options ? 'options' : c.type;
    if (!c.filterable || c.type === 'json' || typed.has(type)) continue;
    const filter = await typicalFilter(db, s, f);
    if (!filter) continue;
    typed.add(type);
    cases.push({ form, label: `filter (${type}): ${f} ${filterLabel(filter)}`, payload: { filterModel: { [f]: filter } } });
  }
  return cases;
}

function filterLabel(f: Record<string, unknown>): string {
  if (f.filterType === 'set') return `in ${JSON.stringify(f.values)}`;
  return `${String(f.type)} ${JSON.stringify(f.filter ?? f.dateFrom)}`;
}

async function benchEngine(engine: ApiEngine, o: BigScreensOptions): Promise<BigScreensEngineResult> {
  o.log(`  ${engine}: seeding the demo data (${o.products.toLocaleString('en')} products)`);
  const b = await start(engine, o);
  try {
    const version = String((await b.running.db.query<{ v: string }>('select version() as v')).rows[0]?.v ?? '').split(' on ')[0]!;
    const big = await biggest(b.running.db);
    o.log(`  ${engine}: ${version}; the biggest screens: ${big.map((x) => `${x.form} (${x.rows.toLocaleString('en')})`).join(', ')}`);
    const bare = await bareEndpoint(b.running.db);
    const cases: PagesCaseResult[] = [];
    try {
      let seed = 500;
      for (const s of big) {
        if (o.only && !o.only.includes(s.form)) continue;
        for (const c of await screenCases(b.running.db, s.form)) cases.push(await timeCase(b, bare, engine, c, seed++, o.runs, o.log, { overMs: 1000, runs: o.slowRuns }));
      }
    } finally {
      await bare.close();
    }
    return { engine, version, seedMs: b.seedMs, screens: big, cases };
  } finally {
    await b.close();
  }
}

export async function runBigScreensBench(o: BigScreensOptions): Promise<BigScreensEngineResult[]> {
  return perEngine(
    o.engines,
    o.log,
    (engine) => benchEngine(engine, o),
    (engine, error) => ({ engine, version: '', seedMs: NaN, screens: [], cases: [], error }),
  );
}
