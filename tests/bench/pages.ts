/**
 * `pages` part of `npm run bench` (issue 27 point 2, issue 28 point 5): first pages and
 * search-as-you-type through the real server against bare `node:http` endpoints in the
 * same run, on PGlite and on a scratch database of the PostgreSQL server.
 *
 * Server pages: the demo data (DEMO_PRODUCTS, default 24,000: SK01 holds 20,000 products),
 * for product_list, stock_free_and_reserved, sales_orders and partner_list, every sortable
 * column ascending and descending and a few filters, the first page (rows 0–100) as the
 * grid asks for it (`/rpc/api_action` over HTTP from a client thread, httpClient.ts). The
 * anchor is the same SQL behind a bare endpoint: the statements the engine ran for that
 * request (recorded from the db handle on an untimed request, the estimate cache warm),
 * run one after another on the same db handle by a node:http server that answers their
 * rows as JSON. Beside it, the page statement alone (what the page costs without its total).
 *
 * Search: the catalogue grown to BENCH_SEARCH_PRODUCTS (default 100,000) products (copies of
 * the seeded SK01 products under new codes), products_brief searched per keystroke of a few
 * typed words, a code prefix and typos, against an index-served trigram query (the
 * hand-written search: the candidate text of migration 083 `like '%word%'` per word, or
 * `<%` for a typo, best word similarity first, 50 rows) behind a bare endpoint.
 */
import { bareJsonEndpoint, type BareJsonEndpoint } from './bareJson.ts';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { screens } from '../../src/server/actions/engine/screens.ts';
import { configFromEnv } from '../../src/server/config.ts';
import type { Db } from '../../src/server/db/types.ts';
import { startServer, type Running } from '../../src/server/server.ts';
import type { ApiEngine } from './api.ts';
import { httpClient, type HttpClient } from './httpClient.ts';
import { prng } from './prng.ts';
import { perEngine, ratio, summarize, type Summary } from './stats.ts';

const COMPANY = 'SK01';
const ADMIN = 'admin@example.com';
const PASSWORD = 'demo-password';
const PAGE = 100;
const SEARCH_PAGE = 50;
/** Issue 27: the first page within this many times the same SQL behind a bare endpoint; issue 28: a keystroke within this many times the trigram query. */
export const PAGES_TARGET = 1.5;
/** The screens of the part: the products, the stock per product (a row per product), sales orders, partners. */
export const PAGE_FORMS = ['product_list', 'stock_free_and_reserved', 'sales_orders', 'partner_list'] as const;

export interface PagesCase {
  form: string;
  /** What the case asks: 'default order', 'selling_price_shop desc', 'filter: name contains "oak"'. */
  label: string;
  payload: Record<string, unknown>;
}

export interface PagesCaseResult extends PagesCase {
  /** The engine over HTTP (client thread): request → answer parsed. */
  engineMs: Summary;
  /** The same statements behind a bare node:http endpoint. */
  rawMs: Summary;
  /** The page statement alone behind the bare endpoint. */
  pageMs: Summary;
  /** engine / raw (medians). */
  ratio: number;
  /** Statements the engine ran (page, parts, total). */
  statements: number;
  /** The first statement's plan reads an index (EXPLAIN names one) rather than sorting every row. */
  indexed: boolean;
  rows: number;
  total: number | undefined;
  error?: string;
}

export interface SearchCaseResult {
  text: string;
  engineMs: Summary;
  /** The index-served trigram query behind a bare endpoint. */
  trigramMs: Summary;
  ratio: number;
  rows: number;
  /** Rows the trigram query answered. */
  trigramRows: number;
  /** The engine's rows are among the trigram query's matches (its candidates), or both found none. */
  agrees: boolean;
  firstRow: string;
  error?: string;
}

export interface PagesEngineResult {
  engine: ApiEngine;
  version: string;
  /** Products of the database and of the company of the pages (SK01). */
  products: number;
  companyProducts: number;
  seedMs: number;
  cases: PagesCaseResult[];
  search?: { products: number; companyProducts: number; growMs: number; cases: SearchCaseResult[] };
  error?: string;
}

export interface PagesOptions {
  engines: ApiEngine[];
  runs: number;
  products: number;
  searchProducts: number;
  pgUrl: string;
  log: (s: string) => void;
  /** Leave out the search half (BENCH_SKIP=search). */
  skipSearch?: boolean;
}

export interface Bench {
  running: Running;
  token: string;
  client: HttpClient;
  close(): Promise<void>;
}

export async function start(engine: ApiEngine, o: Pick<PagesOptions, 'pgUrl' | 'products'>): Promise<Bench & { seedMs: number }> {
  let databaseUrl: string | undefined;
  let drop = async () => {};
  if (engine === 'postgres') {
    const name = `bo_bench_pages_${process.pid}_${randomBytes(4).toString('hex')}`;
    const c = new pg.Client({ connectionString: o.pgUrl });
    await c.connect();
    await c.query(`create database ${name}`);
    await c.end();
    const u = new URL(o.pgUrl);
    u.pathname = `/${name}`;
    databaseUrl = u.toString();
    drop = async () => {
      const d = new pg.Client({ connectionString: o.pgUrl });
      await d.connect();
      await d.query(`drop database if exists ${name} with (force)`);
      await d.end();
    };
  }
  const uiDir = mkdtempSync(join(tmpdir(), 'bo-bench-ui-'));
  writeFileSync(join(uiDir, 'index.html'), '<!doctype html><div id="root"></div>');
  const t = performance.now();
  let running: Running;
  try {
    running = await startServer({ ...configFromEnv({ DEMO_DATA: '1' }), uiDir, port: 0, dataDir: undefined, databaseUrl, demoProducts: o.products, jwtSecret: undefined });
  } catch (e) {
    rmSync(uiDir, { recursive: true, force: true });
    await drop();
    throw e;
  }
  const seedMs = performance.now() - t;
  const client = httpClient();
  const close = async () => {
    await client.close();
    await running.close();
    rmSync(uiDir, { recursive: true, force: true });
    await drop();
  };
  try {
    await running.db.exec('vacuum analyze');
    const res = await fetch(`${running.url}/rpc/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: ADMIN, password: PASSWORD }) });
    if (res.status !== 200) throw new Error(`login: ${res.status} ${await res.text()}`);
    const { token } = (await res.json()) as { token: string };
    return { running, token, client, close, seedMs };
  } catch (e) {
    await close();
    throw e;
  }
}

type Statement = { sql: string; params: unknown[] };

/**
 * Records the statements run on `db` while `f` runs (the server's handlers call the same
 * handle's `query`). EXPLAIN (the estimated total, cached by the engine) is left out.
 */
async function recording<T>(db: Db, f: () => Promise<T>): Promise<{ value: T; statements: Statement[] }> {
  const statements: Statement[] = [];
  const query = db.query;
  (db as { query: Db['query'] }).query = ((sql: string, params?: readonly unknown[]) => {
    if (!/^\s*explain\b/i.test(sql)) statements.push({ sql, params: [...(params ?? [])] });
    return query.call(db, sql, params);
  }) as Db['query'];
  try {
    return { value: await f(), statements };
  } finally {
    (db as { query: Db['query'] }).query = query;
  }
}

/**
 * A bare node:http endpoint on the server's db handle: reads the request's JSON body, runs
 * the current statements one after another and answers the first one's rows (and the
 * others' as `more`) as JSON — what the SQL costs an HTTP client with no framework,
 * session or engine.
 */
export function bareEndpoint(db: Db): Promise<BareJsonEndpoint<Statement[]>> {
  return bareJsonEndpoint<Statement[]>('/rpc/api_action', [], async (statements) => {
    const results = [];
    for (const s of statements) results.push((await db.query(s.sql, s.params)).rows);
    return { data: { rows: results[0], more: results.slice(1) } };
  });
}

/** The cases of a screen: its default order, each sortable column both ways, and (product_list) filters. */
export function pageCases(form: string): PagesCase[] {
  const screen = screens.get(form);
  if (!screen) throw new Error(`no screen ${form}`);
  const cases: PagesCase[] = [{ form, label: 'default order', payload: {} }];
  for (const [f, c] of Object.entries(screen.columns)) {
    if (c.sortable === false || c.type === 'json') continue;
    for (const sort of ['asc', 'desc'] as const) cases.push({ form, label: `${f} ${sort}`, payload: { sortModel: [{ colId: f, sort }] } });
  }
  if (form === 'product_list') {
    cases.push(
      { form, label: 'filter: name contains "oak"', payload: { filterModel: { product_name: { filterType: 'text', type: 'contains', filter: 'oak' } } } },
      { form, label: 'filter: active', payload: { filterModel: { active: { filterType: 'set', values: [true] } } } },
      {
        form,
        label: 'filter: selling price > 100, by price desc',
        payload: { filterModel: { selling_price_shop: { filterType: 'number', type: 'greaterThan', filter: 100 } }, sortModel: [{ colId: 'selling_price_shop', sort: 'desc' }] },
      },
      { form, label: 'filter: keep in stock 1, by name', payload: { filterModel: { keep_in_stock: { filterType: 'set', values: [1] } }, sortModel: [{ colId: 'product_name', sort: 'asc' }] } },
    );
  }
  if (form === 'sales_orders') cases.push({ form, label: 'filter: not deleted', payload: { filterModel: { deleted: { filterType: 'set', values: [false] } } } });
  return cases;
}

/** 0 … n-1 in a random order (Fisher–Yates). */
function shuffled(n: number, random: () => number): number[] {
  const out = Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/**
 * Whether a statement's plan reads its rows in order from an index: the first sort or scan
 * node of its EXPLAIN (top down) is an index scan or an incremental sort, not a Sort of
 * every row nor a sequential scan.
 */
async function usesIndex(db: Db, s: Statement): Promise<boolean> {
  const r = await db.query<Record<string, unknown>>(`explain ${s.sql}`, s.params);
  for (const line of r.rows.map((x) => String(Object.values(x)[0]))) {
    const node = /(Incremental Sort|Sort|Seq Scan|Index Only Scan|Index Scan|Bitmap Heap Scan)\b/.exec(line.replace(/Sort (Key|Method)/, ''))?.[1];
    if (node) return node !== 'Sort' && node !== 'Seq Scan';
  }
  return false;
}

async function timeSteps(runs: number, seed: number, steps: (() => Promise<void>)[]): Promise<void> {
  const random = prng(seed);
  // One untimed round (plans, caches), then `runs` rounds, each in a new order.
  for (const s of steps) await s();
  for (let i = 0; i < runs; i++) for (const j of shuffled(steps.length, random)) await steps[j]!();
}

/**
 * One case timed: the engine's list call over HTTP against the statements it ran (recorded
 * on an untimed call) behind the bare endpoint, and the page statement alone; interleaved
 * rounds in a seeded random order, medians.
 */
export async function timeCase(
  b: Bench,
  bare: BareJsonEndpoint<Statement[]>,
  engine: ApiEngine,
  c: PagesCase,
  seed: number,
  runs: number,
  log: (s: string) => void,
  slow?: { overMs: number; runs: number },
): Promise<PagesCaseResult> {
  const { form } = c;
  const headers = { 'content-type': 'application/json', accept: 'application/json', authorization: `Bearer ${b.token}`, 'x-company': COMPANY };
  const body = JSON.stringify({ entity: form, action: 'list', payload: { startRow: 0, endRow: PAGE, language: 'en', ...c.payload } });
  const engineCall = async () => {
    const a = await b.client.post(`${b.running.url}/rpc/api_action`, headers, body, true);
    if (a.status !== 200) throw new Error(`${form} ${c.label}: ${a.status} ${JSON.stringify(a.body).slice(0, 300)}`);
    return a;
  };
  try {
    await engineCall(); // the estimate cache and plans warm
    const { value: first, statements: all } = await recording(b.running.db, engineCall);
    // The list's own statements (page, parts, total): those reading the screen's relation, not the session's.
    const relation = screens
      .get(form)!
      .source.relation.split('.')
      .map((x) => `"${x}"`)
      .join('.');
    const statements = all.filter((st) => st.sql.includes(relation));
    if (!statements.length || !/ limit \d+/.test(statements[0]!.sql)) throw new Error(`no page statement recorded: ${all.map((st) => st.sql.slice(0, 80)).join(' | ')}`);
    if (process.env.BENCH_PAGES_DEBUG) for (const st of all) log(`    ${st.sql.slice(0, 160)} ${JSON.stringify(st.params).slice(0, 80)}`);
    const data = (first.body as { data?: { rows?: unknown[]; total?: number } }).data ?? {};
    const engineMs: number[] = [];
    const rawMs: number[] = [];
    const pageMs: number[] = [];
    const bareCall = (which: Statement[], into: number[]) => async () => {
      bare.set(which);
      const a = await b.client.post(bare.url, headers, body);
      if (a.status !== 200) throw new Error(`bare endpoint: ${a.status} ${JSON.stringify(a.body).slice(0, 300)}`);
      into.push(a.ms);
    };
    // A page whose call takes seconds (a sort of computed values) is timed fewer times.
    await timeSteps(slow && first.ms > slow.overMs ? Math.min(runs, slow.runs) : runs, seed, [
      async () => {
        engineMs.push((await engineCall()).ms);
      },
      bareCall(statements, rawMs),
      bareCall(statements.slice(0, 1), pageMs),
    ]);
    engineMs.shift();
    rawMs.shift();
    pageMs.shift();
    const r: PagesCaseResult = {
      ...c,
      engineMs: summarize(engineMs),
      rawMs: summarize(rawMs),
      pageMs: summarize(pageMs),
      ratio: NaN,
      statements: statements.length,
      indexed: statements[0] ? await usesIndex(b.running.db, statements[0]) : false,
      rows: data.rows?.length ?? 0,
      total: data.total,
    };
    r.ratio = ratio(r.engineMs.median, r.rawMs.median);
    log(
      `  ${engine} ${form} ${c.label}: engine ${r.engineMs.median.toFixed(2)} ms, same SQL ${r.rawMs.median.toFixed(2)} ms (${r.ratio.toFixed(2)}×), page alone ${r.pageMs.median.toFixed(2)} ms, ${r.statements} statements${r.indexed ? ', index' : ''}`,
    );
    return r;
  } catch (e) {
    const error = e instanceof Error ? e.message : String(e);
    log(`  ${engine} ${form} ${c.label}: FAILED ${error}`);
    const none = summarize([]);
    return { ...c, engineMs: none, rawMs: none, pageMs: none, ratio: NaN, statements: 0, indexed: false, rows: 0, total: undefined, error };
  }
}

async function pageBench(b: Bench, engine: ApiEngine, o: PagesOptions): Promise<PagesCaseResult[]> {
  const bare = await bareEndpoint(b.running.db);
  const out: PagesCaseResult[] = [];
  try {
    let seed = 1;
    for (const form of PAGE_FORMS) for (const c of pageCases(form)) out.push(await timeCase(b, bare, engine, c, seed++, o.runs, o.log));
  } finally {
    await bare.close();
  }
  return out;
}

/** Keystrokes of a few typed words, a code prefix, a whole code and typos (the seed's names: "Oak", "Mirror", "Dumbbell"). */
export function searchTexts(code: string): string[] {
  return ['o', 'oa', 'oak', 'oak ', 'oak t', 'oak ta', 'oak tab', 'mirror cab', code.slice(0, 4), code.slice(0, 6), code, 'dumbell', 'miror cabinet'];
}

/** The candidate text of migration 083, as the hand-written query writes it. */
const CANDIDATE = `app.search_text(coalesce(product_code, ''), product_name)`;

/**
 * The hand-written search's conditions: every word through the trigram index (`like
 * '%word%'`; a word under three characters is the same LIKE without the index's help), or
 * for a typo `word <% text` (word similarity); placeholders from $`first` on.
 */
function trigramWhere(text: string, typo: boolean, first: number): { conds: string; params: unknown[] } {
  const params: unknown[] = [];
  const conds = [...new Set(text.trim().toLowerCase().split(/\s+/))].map((w) => {
    const typoWord = typo && [...w].length >= 3 && /^\p{L}+$/u.test(w);
    params.push(typoWord ? w : `%${w.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    return typoWord ? `$${first + params.length - 1} <% ${CANDIDATE}` : `${CANDIDATE} like $${first + params.length - 1}`;
  });
  return { conds: conds.join(' and '), params };
}

/** The hand-written search: the trigram conditions, best word similarity to the whole text first, 50 rows. */
function trigramSql(text: string, typo: boolean): Statement {
  const w = trigramWhere(text, typo, 3);
  return {
    sql: `select product_code, product_name from app.products where company_code = $1 and ${w.conds} order by word_similarity($2, ${CANDIDATE}) desc, product_code limit ${SEARCH_PAGE}`,
    params: [COMPANY, text.trim().toLowerCase(), ...w.params],
  };
}

/** Adds copies of the company's seeded products (new codes, prices moved) until the database holds `target` products. */
async function grow(db: Db, target: number, log: (s: string) => void): Promise<void> {
  const have = Number((await db.query<{ n: number }>('select count(*)::int as n from app.products')).rows[0]!.n);
  const base = Number((await db.query<{ n: number }>('select count(*)::int as n from app.products where company_code = $1', [COMPANY])).rows[0]!.n);
  let copy = 0;
  for (let left = target - have; left > 0;) {
    copy++;
    const n = Math.min(left, base);
    await db.exec(`insert into app.products (product_code, company_code, product_name, supplier_product_code, brand_id, mf_id, pt_id, main_product_category_id, vat_id,
        purchase_price_base, selling_price_shop, min_margin, exp_margin, max_discount_limit_percent, keep_in_stock, active, country_of_origin, weight)
      select product_code || '-${copy}', company_code, product_name, supplier_product_code, brand_id, mf_id, pt_id, main_product_category_id, vat_id,
        purchase_price_base * ${1 + copy / 100}, selling_price_shop * ${1 + copy / 100}, min_margin, exp_margin, max_discount_limit_percent, keep_in_stock, active, country_of_origin, weight
      from app.products where company_code = '${COMPANY}' and product_code !~ '-' order by product_code limit ${n}`);
    left -= n;
    log(`  grown to ${(target - left).toLocaleString('en')} products`);
  }
  await db.exec('vacuum analyze app.products');
}

async function searchBench(b: Bench, engine: ApiEngine, o: PagesOptions): Promise<NonNullable<PagesEngineResult['search']>> {
  const t = performance.now();
  await grow(b.running.db, o.searchProducts, o.log);
  const growMs = performance.now() - t;
  const count = async (where = '') => Number((await b.running.db.query<{ n: number }>(`select count(*)::int as n from app.products ${where}`)).rows[0]!.n);
  const products = await count();
  const companyProducts = await count(`where company_code = '${COMPANY}'`);
  const code = (await b.running.db.query<{ c: string }>(`select product_code as c from app.products where company_code = $1 order by product_code offset 123 limit 1`, [COMPANY])).rows[0]!.c;
  const headers = { 'content-type': 'application/json', accept: 'application/json', authorization: `Bearer ${b.token}`, 'x-company': COMPANY };
  const bare = await bareEndpoint(b.running.db);
  const cases: SearchCaseResult[] = [];
  try {
    let seed = 100;
    for (const text of searchTexts(code)) {
      const body = JSON.stringify({ entity: 'products_brief', action: 'list', payload: { search: text, startRow: 0, endRow: SEARCH_PAGE, language: 'en' } });
      try {
        const first = await b.client.post(`${b.running.url}/rpc/api_action`, headers, body, true);
        if (first.status !== 200) throw new Error(`${first.status} ${JSON.stringify(first.body).slice(0, 300)}`);
        const rows = ((first.body as { data: { rows: { product_code: string; product_name: Record<string, string> }[] } }).data.rows ?? []) as {
          product_code: string;
          product_name: Record<string, string>;
        }[];
        let typo = false;
        let trigram = trigramSql(text, typo);
        let found = (await b.running.db.query<{ product_code: string }>(trigram.sql, trigram.params)).rows;
        if (!found.length) {
          trigram = trigramSql(text, (typo = true));
          found = (await b.running.db.query<{ product_code: string }>(trigram.sql, trigram.params)).rows;
        }
        // The engine's rows are candidates of the hand-written query too (they may rank differently).
        const w = trigramWhere(text, typo, 3);
        const candidates = new Set(
          (
            await b.running.db.query<{ product_code: string }>(`select product_code from app.products where company_code = $1 and product_code = any($2::text[]) and ${w.conds}`, [
              COMPANY,
              rows.map((r) => r.product_code),
              ...w.params,
            ])
          ).rows.map((r) => r.product_code),
        );
        const engineMs: number[] = [];
        const trigramMs: number[] = [];
        // A hand-written search does not know a typo in advance either: the LIKE query, then (when it found nothing) the similarity one.
        bare.set(typo ? [trigramSql(text, false), trigram] : [trigram]);
        await timeSteps(o.runs, seed++, [
          async () => {
            const a = await b.client.post(`${b.running.url}/rpc/api_action`, headers, body);
            if (a.status !== 200) throw new Error(`engine: ${a.status}`);
            engineMs.push(a.ms);
          },
          async () => {
            const a = await b.client.post(bare.url, headers, body);
            if (a.status !== 200) throw new Error(`trigram endpoint: ${a.status} ${JSON.stringify(a.body).slice(0, 300)}`);
            trigramMs.push(a.ms);
          },
        ]);
        engineMs.shift();
        trigramMs.shift();
        const r: SearchCaseResult = {
          text,
          engineMs: summarize(engineMs),
          trigramMs: summarize(trigramMs),
          ratio: NaN,
          rows: rows.length,
          trigramRows: found.length,
          agrees: rows.every((x) => candidates.has(x.product_code)) && rows.length > 0 === found.length > 0,
          firstRow: rows[0] ? `${rows[0].product_code} ${rows[0].product_name.en ?? ''}` : '',
        };
        r.ratio = ratio(r.engineMs.median, r.trigramMs.median);
        cases.push(r);
        o.log(
          `  ${engine} search "${text}": engine ${r.engineMs.median.toFixed(2)} ms (${r.rows} rows), trigram query ${r.trigramMs.median.toFixed(2)} ms (${r.trigramRows} rows): ${r.ratio.toFixed(2)}×${r.agrees ? '' : ' (DISAGREE)'}`,
        );
      } catch (e) {
        const error = e instanceof Error ? e.message : String(e);
        o.log(`  ${engine} search "${text}": FAILED ${error}`);
        const none = summarize([]);
        cases.push({ text, engineMs: none, trigramMs: none, ratio: NaN, rows: 0, trigramRows: 0, agrees: false, firstRow: '', error });
      }
    }
  } finally {
    await bare.close();
  }
  return { products, companyProducts, growMs, cases };
}

async function benchEngine(engine: ApiEngine, o: PagesOptions): Promise<PagesEngineResult> {
  o.log(`  ${engine}: seeding the demo data (${o.products.toLocaleString('en')} products)`);
  const b = await start(engine, o);
  try {
    const version = String((await b.running.db.query<{ v: string }>('select version() as v')).rows[0]?.v ?? '').split(' on ')[0]!;
    const products = Number((await b.running.db.query<{ n: number }>('select count(*)::int as n from app.products')).rows[0]!.n);
    const companyProducts = Number((await b.running.db.query<{ n: number }>('select count(*)::int as n from app.products where company_code = $1', [COMPANY])).rows[0]!.n);
    o.log(`  ${engine}: ${version}, seeded in ${(b.seedMs / 1000).toFixed(1)} s; ${companyProducts.toLocaleString('en')} of ${products.toLocaleString('en')} products in ${COMPANY}`);
    const cases = await pageBench(b, engine, o);
    const search = o.skipSearch ? undefined : await searchBench(b, engine, o);
    return { engine, version, products, companyProducts, seedMs: b.seedMs, cases, ...(search ? { search } : {}) };
  } finally {
    await b.close();
  }
}

export async function runPagesBench(o: PagesOptions): Promise<PagesEngineResult[]> {
  return perEngine(
    o.engines,
    o.log,
    (engine) => benchEngine(engine, o),
    (engine, error) => ({ engine, version: '', products: 0, companyProducts: 0, seedMs: NaN, cases: [], error }),
  );
}
