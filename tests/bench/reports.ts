/**
 * Reports over the stock ledger (issue 23 "Speed"): the first 100-row page of the reports
 * `stock_value` and `company_stocks` with 1,000,000 movements in company SK01's ledger, the
 * engine (`api_action <form> list` through the real server) against the raw SQL of the same
 * report query, on PGlite (in memory) and on a scratch database of the PostgreSQL server.
 *
 * The server: `startServer` (port 0) with the demo data and few products (the seed makes
 * shelves, storages and home storages); then the million movements in statements of 100,000
 * rows (`insert … select … from generate_series`), spread over eighteen months, +3 and −1
 * in turns on the same (product, home storage) so no level goes below zero, and `vacuum analyze`.
 *
 * The raw SQL is the engine's own page statement: `list()` is run once on a recording
 * handle and its first statement (the page: the view, `company_code = $1`, the descriptor's
 * sort with the key as tie-breaker, `limit 100`) is what the raw side runs — the same
 * report query, so the ratio is the engine's overhead. The engine may add a total: a page
 * that is full (100 rows) needs one, answered by the planner's estimate above 100,000 rows
 * (an EXPLAIN, cached 10 s) and by `count(*)` below it; a page of fewer rows is the end of
 * the list and is its own total. The raw side is timed as the page alone (the target's
 * anchor) and as the page plus the engine's count statement (what the engine does, when it
 * counts), both behind a bare node:http endpoint (as api.ts `rawEndpoint`) and in process.
 */
import { bareJsonEndpoint, type BareJsonEndpoint } from './bareJson.ts';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { list, parseList } from '../../src/server/actions/engine/list.ts';
import { screens } from '../../src/server/actions/engine/screens.ts';
import { configFromEnv } from '../../src/server/config.ts';
import type { Queryable } from '../../src/server/db/types.ts';
import { startServer, type Running } from '../../src/server/server.ts';
import type { ApiEngine } from './api.ts';
import { httpClient, type HttpClient } from './httpClient.ts';
import { prng } from './prng.ts';
import { perEngine, summarize, type Summary } from './stats.ts';

export const REPORT_FORMS = ['stock_value', 'company_stocks'] as const;
export type ReportForm = (typeof REPORT_FORMS)[number];

export interface ReportCaseResult {
  form: ReportForm;
  relation: string;
  /** The engine over HTTP (default count). */
  engineMs: Summary;
  /** The raw page statement behind the bare endpoint. */
  rawHttpMs: Summary;
  /** The raw page statement and then the engine's count statement behind the bare endpoint (when the engine counts). */
  rawHttpCountMs?: Summary;
  /** The raw page statement in process, on the server's db handle. */
  rawMs: Summary;
  /** The raw count statement in process. */
  rawCountMs?: Summary;
  runs: number;
  /** The page's rows (the engine's). */
  pageRows: number;
  total: number | undefined;
  totalExact: boolean | undefined;
  /** What the engine ran per request beside the page: 'none' (short page), 'count', or 'estimate'. */
  engineTotal: 'none' | 'count' | 'estimate';
  /** The engine answered the rows the raw SQL did (keys, in order). */
  same: boolean;
  /** The raw page statement, as run. */
  sql: string;
  countSql?: string;
  /** EXPLAIN (ANALYZE) of the raw page statement. */
  plan: string;
  countPlan?: string;
}

export interface ReportEngineResult {
  engine: ApiEngine;
  version: string;
  /** Movements in the ledger (all companies), and SK01's. */
  ledgerRows: number;
  companyLedgerRows: number;
  insertMs: number;
  /** Products, storages and shelves of SK01. */
  products: number;
  storages: number;
  shelves: number;
  cases: ReportCaseResult[];
  error?: string;
}

export interface ReportOptions {
  engines: ApiEngine[];
  /** Timed runs per report (each step once per run, in a seeded random order). */
  runs: number;
  /** Runs of a report whose untimed raw query took over SLOW_MS. */
  slowRuns: number;
  movements: number;
  pgUrl: string;
  log: (s: string) => void;
}

const COMPANY = 'SK01';
const PAGE = 100;
const WARM_UP = 10;
const STEP = 100_000;
const SLOW_MS = 1000;
const ADMIN = 'admin@example.com';
const PASSWORD = 'demo-password';
/** Few products: the ledger, not the catalogue, is what grows here. */
const DEMO_PRODUCTS = 2000;
/** Eighteen months, as the demo ledger. */
const HISTORY_DAYS = 548;

/**
 * Movements `from`..`to` (1-based) of `total`: each pair of numbers (2k, 2k+1) moves the
 * same (product, home storage) +3 then −1 — every statement of even length nets +2 per
 * pair, so stock_levels' `on_hand >= 0` holds at every statement's end. Kinds in turn
 * (receipt and transfer in, pick and correction out); the time spread over eighteen months
 * by a multiplicative hash of the number, so neighbouring rows are far apart in time.
 */
function movementsSql(from: number, to: number, total: number): string {
  return `
with homes as (
  select row_number() over (order by ps.product_code, ps.storage_id) - 1 as n, ps.product_code, ps.storage_id
  from app.product_pack_storages ps where ps.company_code = '${COMPANY}' and ps.pack_no = 1
), k as (select count(*) as n from homes)
insert into app.stock_movements (company_code, product_code, storage_id, quantity, kind, doc_id, reason, moved_at)
select '${COMPANY}', h.product_code, h.storage_id,
       case when i % 2 = 0 then 3 else -1 end,
       (array['receipt', 'pick', 'transfer', 'correction'])[1 + i % 4],
       i, 'bench',
       now() - interval '1 second' * (((i::bigint * 2654435761) % ${total}) * ${HISTORY_DAYS} * 86400.0 / ${total})
from generate_series(${from}, ${to}) i
cross join k
join homes h on h.n = (i / 2) % k.n`;
}

interface Bench {
  running: Running;
  token: string;
  client: HttpClient;
  close(): Promise<void>;
}

async function start(engine: ApiEngine, pgUrl: string): Promise<Bench> {
  let databaseUrl: string | undefined;
  let drop = async () => {};
  if (engine === 'postgres') {
    const name = `bo_bench_rep_${process.pid}_${randomBytes(4).toString('hex')}`;
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
    running = await startServer({ ...configFromEnv({ DEMO_DATA: '1' }), uiDir, port: 0, dataDir: undefined, databaseUrl, demoProducts: DEMO_PRODUCTS, jwtSecret: undefined });
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
    const res = await fetch(`${running.url}/rpc/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: ADMIN, password: PASSWORD }),
    });
    if (res.status !== 200) throw new Error(`login: ${res.status} ${await res.text()}`);
    const { token } = (await res.json()) as { token: string };
    return { running, token, client, close };
  } catch (e) {
    await close();
    throw e;
  }
}

/**
 * A bare node:http server on the server's db handle (api.ts `rawEndpoint`): reads the JSON
 * body, runs the current statements one after the other, answers the first's rows (and the
 * second's `n` as the total) as JSON.
 */
function rawEndpoint(db: Queryable): Promise<BareJsonEndpoint<Statement[]>> {
  return bareJsonEndpoint<Statement[]>('/rpc/raw', [], async ([page, count]) => {
    const rows = (await db.query(page!.sql, page!.params)).rows;
    const total = count ? (await db.query<{ n: number }>(count.sql, count.params)).rows[0]?.n : rows.length;
    return { data: { rows, total } };
  });
}

interface Statement {
  sql: string;
  params: unknown[];
}

/** The statements the engine's list() runs for a payload (a recording handle), in order. */
async function engineStatements(db: Queryable, form: ReportForm, payload: Record<string, unknown>): Promise<Statement[]> {
  const seen: Statement[] = [];
  const recording: Queryable = {
    query: (sql, params) => {
      seen.push({ sql, params: [...(params ?? [])] });
      return db.query(sql, params);
    },
    exec: (sql) => db.exec(sql),
  };
  await list(recording, screens.get(form)!, parseList(payload), { company: COMPANY, language: 'en' });
  return seen;
}

async function explain(db: Queryable, s: Statement): Promise<string> {
  const r = await db.query<Record<string, unknown>>(`explain (analyze, buffers off) ${s.sql}`, s.params);
  return r.rows.map((row) => String(Object.values(row)[0])).join('\n');
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

async function benchEngine(engine: ApiEngine, o: ReportOptions): Promise<ReportEngineResult> {
  const b = await start(engine, o.pgUrl);
  try {
    const db = b.running.db;
    const one = async <T>(sql: string, params: unknown[] = []) => (await db.query<Record<string, T>>(sql, params)).rows[0]!;
    const version = String((await one<string>('select version() as v')).v ?? '').split(' on ')[0]!;
    const t = performance.now();
    for (let from = 1; from <= o.movements; from += STEP) {
      const to = Math.min(o.movements, from + STEP - 1);
      await db.exec(movementsSql(from, to, o.movements));
      o.log(`  ${engine}: ${to.toLocaleString('en')} movements`);
    }
    await db.exec('vacuum analyze');
    const insertMs = performance.now() - t;
    const counts = await one<number>(
      `select (select count(*)::int from app.stock_movements) as ledger, (select count(*)::int from app.stock_movements where company_code = $1) as company,
              (select count(*)::int from app.products where company_code = $1) as products, (select count(*)::int from app.storages where company_code = $1) as storages,
              (select count(*)::int from app.shelves where company_code = $1) as shelves`,
      [COMPANY],
    );
    o.log(`  ${engine}: ${counts.ledger!.toLocaleString('en')} movements (${COMPANY} ${counts.company!.toLocaleString('en')}) in ${(insertMs / 1000).toFixed(1)} s (${version})`);

    const payload = { startRow: 0, endRow: PAGE, language: 'en' };
    const post = (form: ReportForm, full: boolean) =>
      b.client.post(
        `${b.running.url}/rpc/api_action`,
        { 'content-type': 'application/json', accept: 'application/json', authorization: `Bearer ${b.token}`, 'x-company': COMPANY },
        JSON.stringify({ entity: form, action: 'list', payload }),
        full,
      );
    const raw = await rawEndpoint(db);
    const cases: ReportCaseResult[] = [];
    try {
      for (const form of REPORT_FORMS) {
        const screen = screens.get(form)!;
        const key = screen.source.key as string;
        const statements = await engineStatements(db, form, payload);
        const page = statements[0]!;
        const countStatement = statements.find((s) => /^select count\(\*\)/.test(s.sql));
        const engineTotal = countStatement ? 'count' : statements.some((s) => s.sql.startsWith('explain')) ? 'estimate' : 'none';
        const t0 = performance.now();
        const rawFirst = await db.query<Record<string, unknown>>(page.sql, page.params);
        const firstMs = performance.now() - t0;
        const first = await post(form, true);
        if (first.status !== 200) throw new Error(`${engine} ${form}: ${first.status} ${JSON.stringify(first.body).slice(0, 300)}`);
        const data = ((first.body ?? {}) as { data?: { rows?: Record<string, unknown>[]; total?: number; totalExact?: boolean } }).data ?? {};
        const keys = (rows: Record<string, unknown>[]) => rows.map((r) => String(r[key])).join(',');
        const same = keys(data.rows ?? []) === keys(rawFirst.rows);
        const runs = firstMs > SLOW_MS ? Math.min(o.runs, o.slowRuns) : o.runs;
        o.log(`  ${engine} ${form}: ${rawFirst.rows.length} rows, first raw ${firstMs.toFixed(1)} ms, total ${data.total} (${engineTotal}); ${runs} runs`);

        const engineMs: number[] = [];
        const rawMs: number[] = [];
        const rawCountMs: number[] = [];
        const rawHttpMs: number[] = [];
        const rawHttpCountMs: number[] = [];
        const body = JSON.stringify({ entity: form, action: 'list', payload });
        const rawHttp = async (s: Statement[], into: number[]) => {
          raw.set(s);
          const a = await b.client.post(raw.url, { 'content-type': 'application/json', authorization: `Bearer ${b.token}`, 'x-company': COMPANY }, body);
          if (a.status !== 200) throw new Error(`${engine} raw endpoint: ${a.status} ${JSON.stringify(a.body)}`);
          into.push(a.ms);
        };
        const steps: (() => Promise<void>)[] = [
          async () => {
            const r = await post(form, false);
            if (r.status !== 200) throw new Error(`${engine} ${form}: ${r.status} ${JSON.stringify(r.body).slice(0, 300)}`);
            engineMs.push(r.ms);
          },
          async () => {
            const t1 = performance.now();
            await db.query(page.sql, page.params);
            rawMs.push(performance.now() - t1);
          },
          () => rawHttp([page], rawHttpMs),
          ...(countStatement
            ? [
                () => rawHttp([page, countStatement], rawHttpCountMs),
                async () => {
                  const t1 = performance.now();
                  await db.query(countStatement.sql, countStatement.params);
                  rawCountMs.push(performance.now() - t1);
                },
              ]
            : []),
        ];
        // Warm-up, untimed: plans, caches and both threads' JIT on this report's path.
        const warm = runs === o.runs ? WARM_UP : 2;
        for (let i = 0; i < warm; i++) for (const s of steps) await s();
        for (const xs of [engineMs, rawMs, rawCountMs, rawHttpMs, rawHttpCountMs]) xs.length = 0;
        const random = prng(runs * 7919 + (form === 'stock_value' ? 0 : 1));
        for (let i = 0; i < runs; i++) for (const j of shuffled(steps.length, random)) await steps[j]!();

        const r: ReportCaseResult = {
          form,
          relation: screen.source.relation,
          engineMs: summarize(engineMs),
          rawHttpMs: summarize(rawHttpMs),
          ...(countStatement ? { rawHttpCountMs: summarize(rawHttpCountMs), rawCountMs: summarize(rawCountMs) } : {}),
          rawMs: summarize(rawMs),
          runs,
          pageRows: (data.rows ?? []).length,
          total: data.total,
          totalExact: data.totalExact,
          engineTotal,
          same,
          sql: page.sql,
          ...(countStatement ? { countSql: countStatement.sql, countPlan: await explain(db, countStatement) } : {}),
          plan: await explain(db, page),
        };
        cases.push(r);
        o.log(
          `  ${engine} ${form}: engine ${r.engineMs.median.toFixed(2)} ms, raw over HTTP ${r.rawHttpMs.median.toFixed(2)} ms${r.rawHttpCountMs ? ` (with the count ${r.rawHttpCountMs.median.toFixed(2)} ms)` : ''}, raw ${r.rawMs.median.toFixed(2)} ms → ${(r.engineMs.median / r.rawHttpMs.median).toFixed(2)}×${same ? '' : ' (ROWS DIFFER)'}`,
        );
      }
    } finally {
      await raw.close();
    }
    return {
      engine,
      version,
      ledgerRows: counts.ledger!,
      companyLedgerRows: counts.company!,
      insertMs,
      products: counts.products!,
      storages: counts.storages!,
      shelves: counts.shelves!,
      cases,
    };
  } finally {
    await b.close();
  }
}

export async function runReportBench(o: ReportOptions): Promise<ReportEngineResult[]> {
  return perEngine(
    o.engines,
    o.log,
    (engine) => benchEngine(engine, o),
    (engine, error) => ({ engine, version: '', ledgerRows: 0, companyLedgerRows: 0, insertMs: NaN, products: 0, storages: 0, shelves: 0, cases: [], error }),
  );
}
