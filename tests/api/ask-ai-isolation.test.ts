/**
 * Ask-AI cannot see past the session's company (issue 42), on both engines: every `ai.*`
 * view is a security barrier, so a user's predicate runs only on the rows the view's own
 * company filter kept — the cast-error and division-by-zero oracles of the outside test
 * (which read another company's rows through the database's error text on a PostgreSQL
 * server) answer as if the other companies did not exist; a query cannot read or change the
 * setting the views filter on, and the setting lives only in the runner's transaction; a
 * database error reaches the answer as a code, never as its text.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAiSql } from '../../src/server/ai/runner.ts';
import { checkAiSqlViews } from '../../src/server/ai/sqlGuard.ts';
import { AI_VIEWS } from '../../src/server/ai/views.ts';
import type { Db, Queryable } from '../../src/server/db/types.ts';
import { startEngineFake, type EngineFake } from '../fakes/engineFake.ts';
import { engines, serverHelpers, startTestServer, type Json, type TestServer } from './harness.ts';

const sqlAnswer = (sql: string) => ({ json: { model: 'gpt-4o', choices: [{ message: { role: 'assistant', content: JSON.stringify({ sql }) } }] } });
/** Words of PostgreSQL's error texts the oracles provoke. */
const DB_ERROR_TEXT = /invalid input syntax|division by zero|ERROR|syntax for type/i;

describe.each(engines)('Ask-AI company isolation on %s', (engine) => {
  let s: TestServer;
  let fake: EngineFake;
  let admin: string;
  let others: string[];
  const { rows, one } = serverHelpers(() => s);
  const ask = async (sql: string) => {
    fake.reset();
    fake.answer(() => sqlAnswer(sql));
    return s.post('/ai/query', { question: 'What do the numbers say?', options: {} }, { token: admin });
  };
  /** Nothing of another company and no database error text anywhere in the answer (but the query it echoes, which is the asker's own). */
  const expectNothingLeaked = (body: Json, secrets: string[] = []) => {
    const text = JSON.stringify({ ...body, sql: undefined });
    for (const code of others) expect(text, code).not.toContain(code);
    for (const secret of secrets) expect(text).not.toContain(secret);
    expect(text).not.toMatch(DB_ERROR_TEXT);
  };

  beforeAll(async () => {
    fake = await startEngineFake();
    s = await startTestServer(engine, { env: { OPENAI_API_KEY: 'k-iso', OPENAI_BASE_URL: fake.url, AI_RETRY_BASE_MS: '5', AI_RATE_PER_MINUTE: '1000' } });
    admin = (await s.login('admin@example.com')).token;
    others = (await rows(`select company_code from app.companies where company_code <> 'SK01' order by 1`)).map((r) => r.company_code as string);
    expect(others.length).toBeGreaterThan(0);
  });
  afterAll(async () => {
    await s?.close();
    await fake?.close();
  });

  it('every view of schema ai is a security barrier, and they are the views the server offers', async () => {
    const views = await rows(
      `select c.relname, coalesce('security_barrier=true' = any (c.reloptions), false) as barrier
       from pg_class c where c.relnamespace = 'ai'::regnamespace and c.relkind in ('v', 'm') order by 1`,
    );
    expect(views.map((v) => v.relname).sort()).toEqual(Object.keys(AI_VIEWS).sort());
    expect(views.filter((v) => !v.barrier).map((v) => v.relname)).toEqual([]);
  });

  it("the cast-error oracle reads no other company's rows through any view", async () => {
    const probe: Record<string, string> = {
      products: 'product_code',
      stock: 'product_code',
      sales: 'order_reference',
      partners: 'partner_name',
      purchase_orders: 'po_reference',
    };
    for (const [view, column] of Object.entries(probe)) {
      const sql = `select 1 as x from ai.${view} where (case when company_code <> 'SK01' then (company_code || '|' || ${column}::text)::int end) = 1`;
      const r = await ask(sql);
      expect([r.status, r.body.rows], `${view}: ${JSON.stringify(r.body)}`).toEqual([200, []]);
      expectNothingLeaked(r.body);
    }
  });

  it("the oracle through a view's joins (another company's partners and order lines) reads nothing", async () => {
    const partner = await one(
      `select partner_name from app.partners where company_code <> 'SK01' and not deleted and partner_name not in (select partner_name from app.partners where company_code = 'SK01') order by partner_id limit 1`,
    );
    const item = await one(
      `select it.product_code from app.v_sales_order_items it join app.sales_orders o on o.order_id = it.order_id
       where o.company_code <> 'SK01' and it.product_code not in (select it2.product_code from app.v_sales_order_items it2 join app.sales_orders o2 on o2.order_id = it2.order_id where o2.company_code = 'SK01')
       order by it.item_id limit 1`,
    );
    const secrets = [partner.partner_name as string, item.product_code as string];
    const cases = [
      `select 1 as x from ai.sales where (case when partner_name = '${secrets[0]!.replace(/'/g, "''")}' then (partner_name || '|leak')::int end) = 1`,
      `select 1 as x from ai.sales where (case when product_code = '${secrets[1]}' then (product_code || '|leak')::int end) = 1`,
      `select 1 as x from ai.products where (case when product_code = '${secrets[1]}' then (product_code || '|leak')::int end) = 1`,
    ];
    for (const sql of cases) {
      const r = await ask(sql);
      expect([r.status, r.body.rows], `${sql}: ${JSON.stringify(r.body)}`).toEqual([200, []]);
      expectNothingLeaked(r.body, secrets);
    }
  });

  it("the division-by-zero oracle answers the same whatever another company's purchase price is", async () => {
    const target = await one(`select product_code, purchase_price_base::float8 as price from app.products where company_code <> 'SK01' and purchase_price_base > 1 order by product_code limit 1`);
    const mine = Number((await one(`select count(*) as n from app.products where company_code = 'SK01'`)).n);
    // Above and below the hidden price: an answer that differed (or failed on one side) would read it bit by bit.
    const answers = [];
    for (const bound of [0, Math.floor(target.price as number) - 1, Math.ceil(target.price as number) + 1, 1e9]) {
      const r = await ask(`select count(*)::int as n from ai.products where 1 / (case when product_code = '${target.product_code}' and purchase_price > ${bound} then 0 else 1 end) = 1`);
      expectNothingLeaked(r.body, [target.product_code as string]);
      answers.push([r.status, r.body.rows]);
    }
    expect(answers).toEqual(Array(4).fill([200, [[mine]]]));
  });

  it('a query can neither read nor change the company setting: the guard refuses every way to it', async () => {
    const cases: [string, string][] = [
      ["select current_setting('askai.companies')", 'ai_sql_function'],
      ["select current_setting('askai.companies', true)", 'ai_sql_function'],
      ["select set_config('askai.companies', 'SK01,CZ01', true)", 'ai_sql_function'],
      ["select pg_catalog.set_config('askai.companies', 'CZ01', false)", 'ai_sql_function'],
      ["select count(*) from ai.products where set_config('askai.companies', 'CZ01', true) is not null", 'ai_sql_function'],
      ["with s as (select set_config('askai.companies', 'CZ01', true) as x) select * from s, ai.products", 'ai_sql_function'],
      ['select ai.companies()', 'ai_sql_function'],
      ['select companies()', 'ai_sql_function'],
      ["set askai.companies = 'CZ01'", 'ai_sql_not_select'],
      ["set local askai.companies to 'CZ01'", 'ai_sql_not_select'],
      ['reset askai.companies', 'ai_sql_not_select'],
      ['reset all', 'ai_sql_not_select'],
      ['show askai.companies', 'ai_sql_not_select'],
      ['discard all', 'ai_sql_not_select'],
      ["select * from pg_settings where name = 'askai.companies'", 'ai_sql_relation'],
    ];
    for (const [sql, code] of cases) {
      const r = await ask(sql);
      expect([r.status, r.body.error], sql).toEqual([400, code]);
    }
  });

  it("the runner's settings live only in its read-only transaction", async () => {
    // One connection of the test's own (a PostgreSQL server's pool could hand the runner another), so what stays on it is seen.
    const own = await singleConnection(s);
    try {
      const settings = `select coalesce(current_setting('askai.companies', true), '') as companies, coalesce(current_setting('askai.lang', true), '') as lang, current_setting('transaction_read_only') as ro,
                current_setting('search_path') as path, current_setting('statement_timeout') as timeout, current_setting('work_mem') as work_mem`;
      const first = (await own.db.query(settings)).rows[0];
      const checked = await checkAiSqlViews('select count(*)::int as n from ai.partners', ['partners']);
      const r = await runAiSql(own.db, checked, { companies: ['SK01'], lang: 'en' });
      expect(r.rows).toEqual([[Number((await one(`select count(*) as n from app.partners where company_code = 'SK01' and not deleted`)).n)]]);
      // The scope, the timeout, work_mem and the search path were the transaction's only.
      expect((await own.db.query(settings)).rows[0]).toEqual(first);
      expect(first).toMatchObject({ companies: '', lang: '', ro: 'off' });
      // Outside the runner's transaction the views are empty: nothing is scoped by default.
      expect((await own.db.query('select count(*)::int as n from ai.products')).rows).toEqual([{ n: 0 }]);
    } finally {
      await own.close();
    }
  });

  it('a database error reaches the answer as a code and a generic reason, never as its text', async () => {
    for (const sql of ['select no_such_column from ai.brands', 'select 1 / 0 as x', "select 'abc'::int as x", "select (product_code || '|x')::int from ai.products"]) {
      const r = await ask(sql);
      expect([r.status, r.body.error, r.body.params ?? {}], sql).toEqual([400, 'ai_sql_failed', {}]);
      expect(r.body.message).toBe("The AI's query could not be run");
      expect(JSON.stringify(r.body)).not.toMatch(/no_such_column|does not exist|division by zero|invalid input syntax|"abc"/);
    }
    // The sidebar keeps the refusal as a code too.
    fake.reset();
    fake.answer(() => sqlAnswer('select 1 / 0 as x'));
    const chat = await s.post('/ai/chat', { question: 'Divide' }, { token: admin });
    const last = chat.body.messages.at(-1);
    expect([last.role, last.error.code, last.error.params ?? {}]).toEqual(['system', 'ai_sql_failed', {}]);
    expect(JSON.stringify(last)).not.toContain('division by zero');
  });
});

/** A Db over one connection of the test's own (PGlite: the server's only one). */
async function singleConnection(s: TestServer): Promise<{ db: Db; close(): Promise<void> }> {
  if (!s.databaseUrl) return { db: s.db, close: async () => {} };
  const client = new pg.Client({ connectionString: s.databaseUrl });
  await client.connect();
  const q: Queryable = {
    query: async <T>(sql: string, params: readonly unknown[] = []) => {
      const r = await client.query(sql, params as unknown[]);
      return { rows: r.rows as T[], rowCount: r.rowCount ?? r.rows.length };
    },
    exec: async (sql: string) => void (await client.query(sql)),
  };
  const db: Db = {
    ...q,
    engine: 'postgres',
    jsonRows: false,
    async transaction(fn) {
      await client.query('begin');
      try {
        const result = await fn(q);
        await client.query('commit');
        return result;
      } catch (e) {
        await client.query('rollback');
        throw e;
      }
    },
    listen: () => Promise.reject(new Error('not here')),
    close: () => client.end(),
  };
  return { db, close: () => client.end() };
}
