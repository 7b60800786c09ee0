/**
 * What sorting texts in the language's collation costs the list engine (migration 028):
 * product_list sorted by a Czech name over PRODUCTS products of one company, a page of 100
 * at depth 0, by offset at half the rows and by keyset there, on PGlite and the PostgreSQL
 * server. Timed in process (`list()` on the server's db handle: SQL building, page query,
 * exact total), without and with an index on the (collated) name. Run on the code before
 * the collation it measures the byte ("C") order the engine used then. Not part of
 * `npm run bench`:
 *
 *   npx tsx tests/bench/textSortSql.ts      TEXT_PRODUCTS=100000  TEXT_RUNS=7  BENCH_PG_URL=…
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { list, parseList } from '../../src/server/actions/engine/list.ts';
import { screens } from '../../src/server/actions/engine/screens.ts';
import { configFromEnv } from '../../src/server/config.ts';
import { startServer } from '../../src/server/server.ts';
import { DEFAULT_PG_URL } from './api.ts';

const PRODUCTS = Number(process.env.TEXT_PRODUCTS ?? 100_000);
const RUNS = Number(process.env.TEXT_RUNS ?? 7);
const PG_URL = process.env.BENCH_PG_URL ?? DEFAULT_PG_URL;
const COMPANY = 'SK01';
const WORDS = ['Čaj', 'čokoláda', 'Cibule', 'chléb', 'Dýně', 'hrách', 'Šunka', 'žampion', 'Řepa', 'Zelí', 'mléko', 'Brambory', 'sůl', 'Ocet', 'Med', 'jablko'];

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
async function time(f: () => Promise<unknown>): Promise<number> {
  await f(); // plans, caches
  const ms: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    await f();
    ms.push(performance.now() - t);
  }
  return median(ms);
}

async function bench(engine: 'pglite' | 'postgres'): Promise<void> {
  let databaseUrl: string | undefined;
  let drop = async () => {};
  if (engine === 'postgres') {
    const name = `bo_textsort_${process.pid}_${randomBytes(3).toString('hex')}`;
    const c = new pg.Client({ connectionString: PG_URL });
    await c.connect();
    await c.query(`create database ${name}`);
    await c.end();
    const u = new URL(PG_URL);
    u.pathname = `/${name}`;
    databaseUrl = u.toString();
    drop = async () => {
      const d = new pg.Client({ connectionString: PG_URL });
      await d.connect();
      await d.query(`drop database if exists ${name} with (force)`);
      await d.end();
    };
  }
  const uiDir = mkdtempSync(join(tmpdir(), 'bo-textsort-ui-'));
  writeFileSync(join(uiDir, 'index.html'), '<!doctype html>');
  const running = await startServer({ ...configFromEnv({ DEMO_DATA: '1' }), uiDir, port: 0, dataDir: undefined, databaseUrl, demoProducts: 0, jwtSecret: undefined });
  try {
    const db = running.db;
    const words = `array[${WORDS.map((w) => `'${w}'`).join(', ')}]`;
    for (let from = 1; from <= PRODUCTS; from += 100_000) {
      await db.exec(`insert into app.products (product_code, company_code, product_name)
        select 'TS' || lpad(i::text, 7, '0'), '${COMPANY}',
          jsonb_build_object('en', 'Product ' || i, 'cs', (${words})[1 + i % 16] || ' ' || (${words})[1 + (i / 16) % 16] || ' ' || (i * 7919 % 100003))
        from generate_series(${from}, ${Math.min(PRODUCTS, from + 99_999)}) i`);
    }
    await db.exec('vacuum analyze app.products');
    const screen = screens.get('product_list')!;
    const scope = { company: COMPANY, language: 'cs' };
    const sortModel = [{ colId: 'product_name', sort: 'asc' }];
    const engineList = (payload: Record<string, unknown>) => list(db, screen, parseList({ sortModel, language: 'cs', count: 'exact', ...payload }), scope);
    const half = Math.floor(PRODUCTS / 2);
    // The keyset cursor as a client sends it: the row before the window, by the engine itself.
    const before = (await engineList({ startRow: half - 1, endRow: half })).rows[0]!;
    const after = [(before.product_name as Record<string, string>).cs, before.product_code];
    const collated = (await db.query(`select 1 from pg_collation where collname = 'text_cs'`)).rows.length > 0;
    const rows: string[] = [];
    const report = async (label: string) => {
      const t0 = await time(() => engineList({ startRow: 0, endRow: 100 }));
      const tHalf = await time(() => engineList({ startRow: half, endRow: half + 100 }));
      const tKeyset = await time(() => engineList({ startRow: half, endRow: half + 100, after }));
      rows.push(`| ${engine} | ${label} | ${t0.toFixed(1)} | ${tHalf.toFixed(1)} | ${tKeyset.toFixed(1)} |`);
    };
    const order = collated ? 'collation app.text_cs' : 'byte order ("C")';
    await report(order);
    const collate = collated ? ` collate app."text_cs"` : '';
    await db.exec(`create index products_name_cs on app.products (company_code, (product_name ->> 'cs')${collate}, product_code); analyze app.products`);
    await report(`${order} + index (company, name${collate}, code)`);
    console.log(rows.join('\n'));
  } finally {
    await running.close();
    rmSync(uiDir, { recursive: true, force: true });
    await drop();
  }
}

console.log(`${PRODUCTS.toLocaleString('en')} products, page of 100, ms (median of ${RUNS})`);
console.log('| engine | order | depth 0 | offset ½ | keyset ½ |\n|---|---|---|---|---|');
for (const engine of ['pglite', 'postgres'] as const) await bench(engine);
