/**
 * API benchmark: `api_action product_list list`, a 100-row page at depth 0, 500,000 and
 * 999,900 of a 1,000,000-product company, against the equivalent raw SQL through the
 * same db handle; on PGlite (in memory) and on a scratch database of the PostgreSQL server.
 *
 * The real server (`startServer`, port 0) with the demo reference data and no demo
 * products; the million products come from one `generate_series` insert per 100k rows.
 * The engine is timed from an HTTP client that does not share the server's event loop, as
 * a browser does not: a worker thread with node:http and a keep-alive socket
 * (httpClient.ts), timing from the request's start to its answer parsed (HTTP, auth,
 * validation, SQL, total, JSON both ways). For the default count it is also timed in
 * process (`listJson()` on the same db handle, as api_action calls it: payload parsing, SQL
 * building, page query, total; no HTTP, no session). The raw SQL is timed in process (`db.query` on the same db
 * handle, on the server's thread), the page query only.
 */
import { bareJsonEndpoint, type BareJsonEndpoint } from './bareJson.ts';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import productList from '../../screens/products/product_list.ts';
import { listJson, parseList } from '../../src/server/actions/engine/list.ts';
import { screens } from '../../src/server/actions/engine/screens.ts';
import { configFromEnv } from '../../src/server/config.ts';
import { startServer, type Running } from '../../src/server/server.ts';
import { httpClient, type HttpClient } from './httpClient.ts';
import { prng } from './prng.ts';
import { perEngine, summarize, type Summary } from './stats.ts';

export type ApiEngine = 'pglite' | 'postgres';
export type SortKind = 'key' | 'nonkey';
export type PageMode = 'offset' | 'keyset';

export interface ApiCase {
  sort: SortKind;
  depth: number;
  mode: PageMode;
  /** The engine's total: 'exact' (count(*)) or 'estimate' (the default: the planner's estimate above a threshold). */
  count: 'exact' | 'estimate';
}

export interface ApiCaseResult extends ApiCase {
  engineMs: Summary;
  /** The engine's list() in process (default count only): the engine without HTTP and session. */
  inProcessMs?: Summary;
  rawMs: Summary;
  /** The raw SQL behind a hand-written endpoint (rawEndpoint): the same page as an HTTP client sees it. */
  rawHttpMs?: Summary;
  /** The rows the engine answered equal the raw SQL's (codes, in order). */
  same: boolean;
  runs: number;
  total: number | undefined;
  totalExact: boolean | undefined;
}

export interface ApiEngineResult {
  engine: ApiEngine;
  version: string;
  products: number;
  insertMs: number;
  /** Whether the engine accepted `count: 'estimate'` (absent in older payload schemas). */
  estimateSupported: boolean;
  cases: ApiCaseResult[];
  /** A bare node:http server answering a ready 100-row page (bytes below) to the same client: the transport's floor. */
  httpFloorMs?: Summary;
  httpFloorBytes?: number;
  error?: string;
}

const COMPANY = 'SK01';
/** A page query faster than this is timed `fastRuns` times: a median of 10 runs of a 1 ms page moves with one scheduler hiccup. */
export const FAST_MS = 20;
/** A page query slower than this is timed `slowRuns` times (keeps the bench near 10 minutes on 2 cores). */
export const SLOW_MS = 2000;
/** Above this the page query dwarfs the total: the engine is timed with the default (exact) count only. */
export const EXACT_ONLY_MS = 1000;
const PAGE = 100;
/** Untimed list requests (and raw queries) before the first case. */
const WARM_UP = 50;
const ADMIN = 'admin@example.com';
const PASSWORD = 'demo-password';
/** The non-key sort column: a money column without an index (the usual grid sort). */
const NONKEY = 'selling_price_shop';

export const DEFAULT_PG_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

const keyField = productList.source.key as string;
const fields = [...new Set([keyField, ...Object.keys(productList.columns), productList.source.version!])];
const relation = productList.source.relation;

/** The million products: deterministic values, references spread over the seeded reference rows. */
function insertSql(from: number, to: number): string {
  return `
with ref as (
  select (select array_agg(brand_id order by brand_id) from app.brands) b,
         (select array_agg(mf_id order by mf_id) from app.manufacturers) m,
         (select array_agg(pt_id order by pt_id) from app.product_types) t,
         (select array_agg(product_category_id order by product_category_id) from app.product_categories) c,
         (select array_agg(vat_id order by vat_id) from app.vats where company_code = '${COMPANY}') v,
         (select array_agg(country_code order by country_code) from app.countries) k
)
insert into app.products (product_code, company_code, product_name, supplier_product_code, brand_id, mf_id, pt_id,
  main_product_category_id, vat_id, purchase_price_base, selling_price_shop, min_margin, exp_margin,
  max_discount_limit_percent, order_qty, keep_in_stock, active, country_of_origin, weight)
select 'BM' || lpad(i::text, 7, '0'), '${COMPANY}',
       jsonb_build_object('en', 'Bench product ' || i, 'de', 'Testprodukt ' || i, 'sk', 'Testovací produkt ' || i),
       'S-' || (i * 7 % 100000),
       b[1 + i % cardinality(b)], m[1 + i % cardinality(m)], t[1 + i % cardinality(t)],
       c[1 + (i / 7) % cardinality(c)], v[1 + i % cardinality(v)],
       ((i::bigint * 7919) % 1000003) / 200.0, ((i::bigint * 7919) % 1000003) / 100.0,
       10 + i % 20, 25 + i % 30, i % 50, i % 300, i % 3, i % 10 <> 0, k[1 + i % cardinality(k)],
       (i % 50000) / 1000.0
from generate_series(${from}, ${to}) i, ref`;
}

interface Bench {
  running: Running;
  token: string;
  client: HttpClient;
  close(): Promise<void>;
}

async function start(engine: ApiEngine, pgUrl: string, products: number, log: (s: string) => void): Promise<Bench & { insertMs: number }> {
  let databaseUrl: string | undefined;
  let drop = async () => {};
  if (engine === 'postgres') {
    const name = `bo_bench_${process.pid}_${randomBytes(4).toString('hex')}`;
    const c = new pg.Client({ connectionString: pgUrl });
    await c.connect();
    await c.query(`create database ${name}`);
    await c.end();
    const u = new URL(pgUrl);
    u.pathname = `/${name}`;
    databaseUrl = u.toString();
    drop = async () => {
      const d = new pg.Client({ connectionString: pgUrl });
      await d.connect();
      await d.query(`drop database if exists ${name} with (force)`);
      await d.end();
    };
  }
  const uiDir = mkdtempSync(join(tmpdir(), 'bo-bench-ui-'));
  writeFileSync(join(uiDir, 'index.html'), '<!doctype html><div id="root"></div>');
  let running: Running;
  try {
    running = await startServer({ ...configFromEnv({ DEMO_DATA: '1' }), uiDir, port: 0, dataDir: undefined, databaseUrl, demoProducts: 0, jwtSecret: undefined });
  } catch (e) {
    rmSync(uiDir, { recursive: true, force: true });
    await drop();
    throw e;
  }
  const client = httpClient();
  const close = async () => {
    await client.close();
    await running.close();
    rmSync(uiDir, { recursive: true, force: true });
    await drop();
  };
  try {
    const t = performance.now();
    const step = 100_000;
    for (let from = 1; from <= products; from += step) {
      await running.db.exec(insertSql(from, Math.min(products, from + step - 1)));
      log(`  ${engine}: ${Math.min(products, from + step - 1).toLocaleString('en')} products`);
    }
    await running.db.exec('vacuum analyze app.products');
    const insertMs = performance.now() - t;
    const res = await fetch(`${running.url}/rpc/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: ADMIN, password: PASSWORD }),
    });
    if (res.status !== 200) throw new Error(`login: ${res.status} ${await res.text()}`);
    const { token } = (await res.json()) as { token: string };
    return { running, token, client, close, insertMs };
  } catch (e) {
    await close();
    throw e;
  }
}

interface ListAnswer {
  status: number;
  /** Timed in the client thread: request start → answer parsed. */
  ms: number;
  rows: Record<string, unknown>[];
  total: number | undefined;
  totalExact: boolean | undefined;
  error?: string;
}

/** One list request through the client thread; `full` brings the rows back (the check), else only the timing. */
async function engineList(b: Bench, payload: Record<string, unknown>, full = true): Promise<ListAnswer> {
  const a = await b.client.post(
    `${b.running.url}/rpc/api_action`,
    { 'content-type': 'application/json', accept: 'application/json', authorization: `Bearer ${b.token}`, 'x-company': COMPANY },
    JSON.stringify({ entity: 'product_list', action: 'list', payload }),
    full,
  );
  const body = (a.body ?? {}) as { data?: { rows?: Record<string, unknown>[]; total?: number; totalExact?: boolean } };
  const d = body.data ?? {};
  return { status: a.status, ms: a.ms, rows: d.rows ?? [], total: d.total, totalExact: d.totalExact, ...(a.status === 200 ? {} : { error: JSON.stringify(a.body).slice(0, 300) }) };
}

const orderOf = (sort: SortKind) => (sort === 'key' ? [keyField] : [NONKEY, keyField]);
const selectList = fields.map((f) => `"${f}"`).join(', ');

/** The raw SQL a hand-written page would run: offset, or keyset by a row comparison. */
function rawSql(c: ApiCase, after: unknown[] | undefined): { sql: string; params: unknown[] } {
  const order = orderOf(c.sort);
  const params: unknown[] = [COMPANY];
  let where = `company_code = $1`;
  if (c.mode === 'keyset' && after) {
    const ph = after.map((v) => {
      params.push(v);
      return `$${params.length}`;
    });
    where += ` and (${order.map((o) => `"${o}"`).join(', ')}) > (${ph.join(', ')})`;
  }
  const sql = `select ${selectList} from ${relation} where ${where} order by ${order.map((o) => `"${o}" asc`).join(', ')} limit ${PAGE}` + (c.mode === 'offset' ? ` offset ${c.depth}` : '');
  return { sql, params };
}

function enginePayload(c: ApiCase, after: unknown[] | undefined): Record<string, unknown> {
  const p: Record<string, unknown> = { language: 'en' };
  if (c.sort === 'nonkey') p.sortModel = [{ colId: NONKEY, sort: 'asc' }];
  if (c.mode === 'keyset') Object.assign(p, { startRow: 0, endRow: PAGE, after });
  else Object.assign(p, { startRow: c.depth, endRow: c.depth + PAGE });
  p.count = c.count; // explicit: the default is the estimate since the engine answers it above 100k rows
  return p;
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

/** The sort values of the row just before `depth` (the `after` of a keyset page). */
async function afterValues(b: Bench, c: ApiCase): Promise<unknown[] | undefined> {
  if (c.mode !== 'keyset' || c.depth === 0) return undefined;
  const order = orderOf(c.sort);
  const r = await b.running.db.query<Record<string, unknown>>(
    `select ${order.map((o) => `"${o}"`).join(', ')} from ${relation} where company_code = $1 order by ${order.map((o) => `"${o}" asc`).join(', ')} limit 1 offset ${c.depth - 1}`,
    [COMPANY],
  );
  const row = r.rows[0];
  return row ? order.map((o) => row[o]) : undefined;
}

/**
 * The transport's floor: a bare node:http server in this process answering `json` (ready,
 * no work beyond reading the request) to the same kind of client, timed the same way.
 */
async function httpFloor(json: string, runs: number): Promise<Summary> {
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(json) });
      res.end(json);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const client = httpClient();
  try {
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/rpc/api_action`;
    const body = JSON.stringify({ entity: 'product_list', action: 'list', payload: { startRow: 0, endRow: PAGE } });
    const ms: number[] = [];
    for (let i = 0; i < runs + 20; i++) {
      const a = await client.post(url, { 'content-type': 'application/json', authorization: 'Bearer x' }, body);
      if (i >= 20) ms.push(a.ms); // the first ones warm up both threads
    }
    return summarize(ms);
  } finally {
    await client.close();
    await new Promise<void>((r) => server.close(() => r()));
  }
}

/**
 * The raw page behind a hand-written endpoint: a bare node:http server in the server's
 * process that reads the request's JSON body, runs the current raw page on the same `db`
 * handle and answers its rows as JSON — what the page costs an HTTP client with no
 * framework, session or engine. The anchor for the engine over HTTP (both behind HTTP).
 */
function rawEndpoint(db: Running['db']): Promise<BareJsonEndpoint<{ sql: string; params: unknown[] } | undefined>> {
  return bareJsonEndpoint<{ sql: string; params: unknown[] } | undefined>('/rpc/api_action', undefined, async (raw) => ({ data: { rows: (await db.query(raw!.sql, raw!.params)).rows } }));
}

export interface ApiOptions {
  engines: ApiEngine[];
  runs: number;
  /** Runs of a page whose untimed first query took over SLOW_MS (the full sorts of PGlite); only the exact count there. */
  slowRuns: number;
  /** Runs of a page whose untimed first query took under FAST_MS. */
  fastRuns: number;
  products: number;
  pgUrl: string;
  log: (s: string) => void;
}

export function apiCases(products: number): ApiCase[] {
  const depths = [0, Math.floor(products / 2), products - PAGE];
  const cases: ApiCase[] = [];
  for (const sort of ['key', 'nonkey'] as const) {
    for (const depth of depths) cases.push({ sort, depth, mode: 'offset', count: 'exact' });
    // Depth 0 has no previous row: its keyset page is the offset page.
    for (const depth of depths.slice(1)) cases.push({ sort, depth, mode: 'keyset', count: 'exact' });
  }
  return cases;
}

async function benchEngine(engine: ApiEngine, o: ApiOptions): Promise<ApiEngineResult> {
  const b = await start(engine, o.pgUrl, o.products, o.log);
  try {
    const version = String((await b.running.db.query<{ v: string }>('select version() as v')).rows[0]?.v ?? '').split(' on ')[0]!;
    o.log(`  ${engine}: ${o.products.toLocaleString('en')} products inserted in ${(b.insertMs / 1000).toFixed(1)} s (${version})`);
    // Does this engine take count: 'estimate'? (A payload schema without it answers 400.)
    const probe = await engineList(b, { startRow: 0, endRow: PAGE, count: 'estimate' });
    const estimateSupported = probe.status === 200;
    const page = await b.client.post(
      `${b.running.url}/rpc/api_action`,
      { 'content-type': 'application/json', authorization: `Bearer ${b.token}`, 'x-company': COMPANY },
      JSON.stringify({ entity: 'product_list', action: 'list', payload: { startRow: 0, endRow: PAGE } }),
      true,
    );
    // Warm-up, untimed: both threads' JIT and the server's caches for the list path, so the
    // first case is not timed colder than the others.
    const warm = enginePayload({ sort: 'key', depth: 0, mode: 'offset', count: 'estimate' }, undefined);
    const warmRaw = rawSql({ sort: 'key', depth: 0, mode: 'offset', count: 'estimate' }, undefined);
    for (let i = 0; i < WARM_UP; i++) {
      await engineList(b, warm, false);
      await b.running.db.query(warmRaw.sql, warmRaw.params);
    }
    const floorJson = JSON.stringify(page.body);
    const httpFloorMs = await httpFloor(floorJson, 200);
    o.log(`  ${engine}: HTTP floor (bare node:http, ${floorJson.length.toLocaleString('en')} bytes): median ${httpFloorMs.median.toFixed(2)} ms`);
    const counts: ApiCase['count'][] = estimateSupported ? ['exact', 'estimate'] : ['exact'];
    const results: ApiCaseResult[] = [];
    const rawHttp = await rawEndpoint(b.running.db);
    try {
      // One raw query per (sort, depth, mode); the engine once per count mode beside it.
      for (const c of apiCases(o.products)) {
        const after = await afterValues(b, c);
        const raw = rawSql(c, after);
        // One untimed round each (plans, caches), and the check that both answer the same rows.
        const t0 = performance.now();
        const rawFirst = await b.running.db.query<Record<string, unknown>>(raw.sql, raw.params);
        const firstMs = performance.now() - t0;
        const runs = firstMs > SLOW_MS ? Math.min(o.runs, o.slowRuns) : firstMs < FAST_MS ? Math.max(o.runs, o.fastRuns) : o.runs;
        const variants = (firstMs > EXACT_ONLY_MS ? counts.slice(0, 1) : counts).map((count) => ({
          count,
          payload: enginePayload({ ...c, count }, after),
          ms: [] as number[],
          inProcess: [] as number[],
          first: undefined as ListAnswer | undefined,
        }));
        const screen = screens.get('product_list')!;
        const direct = (payload: Record<string, unknown>) => listJson(b.running.db, screen, parseList(payload), { company: COMPANY, language: 'en' }, { json: b.running.db.jsonRows });
        for (const v of variants) {
          v.first = await engineList(b, v.payload);
          if (v.first.status !== 200) throw new Error(`${engine} ${JSON.stringify(c)} ${v.count}: ${v.first.status} ${v.first.error}`);
        }
        const codes = (rows: Record<string, unknown>[]) => rows.map((r) => r[keyField]).join(',');
        const rawMs: number[] = [];
        const rawHttpMs: number[] = [];
        rawHttp.set(raw);
        const rawBody = JSON.stringify({ entity: 'product_list', action: 'list', payload: variants.at(-1)!.payload });
        const steps: (() => Promise<void>)[] = [
          async () => {
            const t = performance.now();
            await b.running.db.query(raw.sql, raw.params);
            rawMs.push(performance.now() - t);
          },
          async () => {
            const a = await b.client.post(rawHttp.url, { 'content-type': 'application/json', authorization: `Bearer ${b.token}`, 'x-company': COMPANY }, rawBody);
            if (a.status !== 200) throw new Error(`${engine} raw endpoint: ${a.status} ${JSON.stringify(a.body)}`);
            rawHttpMs.push(a.ms);
          },
          ...variants.map((v) => async () => {
            const r = await engineList(b, v.payload, false);
            if (r.status !== 200) throw new Error(`${engine}: ${r.status} ${r.error}`);
            v.ms.push(r.ms);
          }),
          ...variants
            .filter((v) => v.count === 'estimate')
            .map((v) => async () => {
              const t = performance.now();
              await direct(v.payload);
              v.inProcess.push(performance.now() - t);
            }),
        ];
        // A new order each round, so that no step always runs first (or on a cache another
        // warmed) or always right after the same one: a rotation keeps the cycle, and the
        // request after a 70 ms exact count is about 0.5 ms slower on the PostgreSQL server.
        const random = prng(runs * 7919 + c.depth + (c.sort === 'key' ? 0 : 1) + (c.mode === 'keyset' ? 2 : 0));
        for (let i = 0; i < runs; i++) for (const j of shuffled(steps.length, random)) await steps[j]!();
        for (const v of variants) {
          const r: ApiCaseResult = {
            ...c,
            count: v.count,
            engineMs: summarize(v.ms),
            ...(v.inProcess.length ? { inProcessMs: summarize(v.inProcess) } : {}),
            rawMs: summarize(rawMs),
            rawHttpMs: summarize(rawHttpMs),
            runs,
            same: v.first!.rows.length === PAGE && codes(v.first!.rows) === codes(rawFirst.rows),
            total: v.first!.total,
            totalExact: v.first!.totalExact,
          };
          results.push(r);
          o.log(
            `  ${engine} ${c.sort.padEnd(6)} ${c.mode.padEnd(6)} ${v.count.padEnd(8)} depth ${String(c.depth).padStart(7)}: engine ${r.engineMs.median.toFixed(2)} ms, raw over HTTP ${r.rawHttpMs!.median.toFixed(2)} ms, raw ${r.rawMs.median.toFixed(2)} ms${r.inProcessMs ? `, engine in process ${r.inProcessMs.median.toFixed(2)} ms` : ''}${r.same ? '' : ' (ROWS DIFFER)'}`,
          );
        }
      }
    } finally {
      await rawHttp.close();
    }
    return { engine, version, products: o.products, insertMs: b.insertMs, estimateSupported, cases: results, httpFloorMs, httpFloorBytes: Buffer.byteLength(floorJson) };
  } finally {
    await b.close();
  }
}

export async function runApiBench(o: ApiOptions): Promise<ApiEngineResult[]> {
  return perEngine(
    o.engines,
    o.log,
    (engine) => benchEngine(engine, o),
    (engine, error) => ({ engine, version: '', products: o.products, insertMs: NaN, estimateSupported: false, cases: [], error }),
  );
}
