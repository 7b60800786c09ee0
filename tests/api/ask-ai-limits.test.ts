/**
 * Ask-AI's limits (issue 42) on both engines: the `lpad`/`string_agg` memory bomb of the
 * outside test is refused by the guard; one the guard lets through (a long text aggregated
 * over a million rows) ends as `ai_query_out_of_memory` — on PGlite the sandbox's
 * memory cap, then the sandbox thread is ended so the memory returns; on a PostgreSQL
 * server the database's own limit — and the server answers the next question. The query
 * timeout is long here (AI_QUERY_TIMEOUT_MS) so that only the memory limit can end the bomb,
 * however loaded the machine (ask-ai.test.ts covers the 5 s timeout). An answer larger than
 * the byte cap is refused without reaching the server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AI_QUERY_MAX_BYTES } from '../../src/server/ai/runner.ts';
import { startEngineFake, type EngineFake } from '../fakes/engineFake.ts';
import { engines, serverHelpers, startTestServer, type TestServer } from './harness.ts';

const sqlAnswer = (sql: string) => ({ json: { model: 'gpt-4o', choices: [{ message: { role: 'assistant', content: JSON.stringify({ sql }) } }] } });

describe.each(engines)('Ask-AI limits on %s', (engine) => {
  let s: TestServer;
  let fake: EngineFake;
  let admin: string;
  const { one } = serverHelpers(() => s);
  const ask = async (sql: string) => {
    fake.reset();
    fake.answer(() => sqlAnswer(sql));
    return s.post('/ai/query', { question: 'How large can it get?', options: {} }, { token: admin });
  };
  const brands = async () => Number((await one('select count(*) as n from app.brands')).n);

  beforeAll(async () => {
    fake = await startEngineFake();
    s = await startTestServer(engine, { env: { OPENAI_API_KEY: 'k-lim', OPENAI_BASE_URL: fake.url, AI_RETRY_BASE_MS: '5', AI_RATE_PER_MINUTE: '1000', AI_QUERY_TIMEOUT_MS: '120000' } });
    admin = (await s.login('admin@example.com')).token;
  });
  afterAll(async () => {
    await s?.close();
    await fake?.close();
  });

  it("refuses the outside test's lpad/string_agg bomb before it runs", async () => {
    const t0 = Date.now();
    const r = await ask("select string_agg(lpad('x', 100000000, 'y'), '') from generate_series(1,100)");
    expect([r.status, r.body.error, r.body.params]).toEqual([400, 'ai_sql_function', { function: 'lpad with a length other than a number up to 1000' }]);
    expect(Date.now() - t0).toBeLessThan(5_000);
  });

  it('stops a bomb the guard allows as out of memory, gives the memory back and answers the next question', async () => {
    // Warm: the sandbox (PGlite) runs and the baseline includes it.
    expect((await ask('select count(*)::int as n from ai.brands')).body.rows).toEqual([[await brands()]]);
    const before = process.memoryUsage().rss;
    const r = await ask("with t as (select string_agg(product_name || product_code, '') as s from ai.products) select length(string_agg(t.s, '')) as n from t, generate_series(1, 1000000) as g");
    expect([r.status, r.body.error], JSON.stringify(r.body)).toEqual([413, 'ai_query_out_of_memory']);
    expect(JSON.stringify(r.body)).not.toMatch(/enlarge|string buffer|out of memory/i);
    // PGlite's memory never shrinks: the thread that held it is ended, so this process gives back more than the bomb took.
    if (engine === 'pglite') await expect.poll(() => process.memoryUsage().rss, { timeout: 10_000, interval: 100 }).toBeLessThan(before);
    const next = await ask('select count(*)::int as n from ai.brands');
    expect([next.status, next.body.rows]).toEqual([200, [[await brands()]]]);
  }, 180_000);

  it('refuses an answer larger than the byte cap (fewer rows than the row cap), measured before it leaves the database', async () => {
    const r = await ask("select lpad(product_code, 1000, '-') as a, rpad(product_code, 1000, '+') as b from ai.products order by product_code limit 900");
    expect([r.status, r.body.error, r.body.params]).toEqual([413, 'ai_query_too_large', { kilobytes: AI_QUERY_MAX_BYTES / 1024 }]);
    const small = await ask("select lpad(product_code, 1000, '-') as a from ai.products order by product_code limit 100");
    expect([small.status, small.body.rows.length]).toEqual([200, 100]);
  });
});
