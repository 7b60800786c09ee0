/**
 * Ask-AI in the browser (issue 25) with the OpenAI fake on 127.0.0.1 answering the SQL: on
 * /en/ai-query "top 5 brands by stock value" answers in the project's grid (the brands and
 * their values formatted in the locale, sorted by a header click), a chart of that series
 * and the SQL (folded); a refusal reads as the translated
 * error; the header's Ask-AI sidebar keeps the conversation across a reload; the saved
 * questions of /ai_content/ai_analytics are answered again ("Answer") and the route opens
 * with data in all seven languages; /ai-query too.
 */
import { readFileSync } from 'node:fs';
import { IntlMessageFormat } from 'intl-messageformat';
import { afterAll, describe, expect, it } from 'vitest';
import type { Locator } from 'playwright';
import { LANGS, LOCALE, type Lang } from '../../src/core/langs.ts';
import { configFromEnv } from '../../src/server/config.ts';
import { startEngineFake, type EngineFake } from '../fakes/engineFake.ts';
import { browserSuite, signIn } from './browser.ts';
import { gridPage } from './gridPage.ts';

let fake: EngineFake;
const t = browserSuite({ width: 1600, height: 1000 }, async () => {
  fake = await startEngineFake();
  const { engines } = configFromEnv({ OPENAI_API_KEY: 'k-e2e', OPENAI_BASE_URL: fake.url });
  return { engines, aiRetryBaseMs: 5, aiRatePerMinute: 1000 };
});
afterAll(() => fake?.close());
const { bodyRows, row } = gridPage(
  () => t.page,
  () => t.server,
);
const catalogue = (lang: string) => JSON.parse(readFileSync(`locales/${lang}.json`, 'utf8')) as Record<string, string>;
const en = catalogue('en');
const say = (lang: string, key: string, values: Record<string, string | number> = {}) => new IntlMessageFormat(catalogue(lang)[key]!, lang).format(values) as string;
const TOP_BRANDS = 'select brand_name, round(sum(stock_value), 2) as stock_value from ai.stock where brand_name is not null group by brand_name order by stock_value desc limit 5';
const sqlAnswer = (sql: string) => ({
  json: { model: 'gpt-4o', choices: [{ message: { role: 'assistant', content: JSON.stringify({ sql }) } }], usage: { prompt_tokens: 50, completion_tokens: 20 } },
});

/** The top 5 brands by stock value as the database says, with their values. */
async function topBrandValues(): Promise<{ brand: string; value: number }[]> {
  const r = await t.server.db.query<{ brand_name: string; value: number }>(
    `select brand_name, round(sum(stock_value), 2)::float8 as value from app.v_stock_value where company_code = 'SK01' and brand_name is not null group by 1 order by 2 desc limit 5`,
  );
  return r.rows.map((x) => ({ brand: x.brand_name, value: x.value }));
}
const topBrands = async () => (await topBrandValues()).map((x) => x.brand);
/** A number as the grid's number columns show it in the language (format.ts: up to 3 decimals). */
const shown = (lang: Lang, n: number) => new Intl.NumberFormat(LOCALE[lang], { maximumFractionDigits: 3 }).format(n);

/** An answer's grid: its header texts and a column's cells in row order (by aria-rowindex: the body is virtual). */
function answerGrid(scope: Locator) {
  const grid = scope.getByRole('grid');
  const column = (field: string) =>
    grid.locator(`[role=row][data-key] [role=gridcell][data-field="${field}"]`).evaluateAll((cells) =>
      cells
        .map((c) => [Number(c.closest('[role=row]')!.getAttribute('aria-rowindex')), (c as HTMLElement).innerText] as const)
        .sort((a, b) => a[0] - b[0])
        .map((x) => x[1]),
    );
  return {
    grid,
    rows: () => grid.locator('[role=row][data-key]').count(),
    headers: () => grid.locator('[role=columnheader][data-field] .grid-hlabel').allInnerTexts(),
    header: (field: string) => grid.locator(`[role=columnheader][data-field="${field}"]`),
    column,
  };
}

describe('Ask-AI', () => {
  it('answers "top 5 brands by stock value" on /ai-query in the grid (sorted by a header click), a chart and the SQL; a refusal is said in the language', async () => {
    fake.reset();
    fake.answer(() => sqlAnswer(TOP_BRANDS));
    await signIn(t.page, t.server.url, 'admin@example.com');
    await t.page.goto(`${t.server.url}/en/ai-query`);
    await t.page.getByLabel(en['ai.question']!).fill('Top 5 brands by stock value');
    await t.page.getByRole('button', { name: en['ai.ask'], exact: true }).click();
    const answer = answerGrid(t.page.locator('.ai-answer'));
    // On PGlite each question starts its sandbox (a PGlite on a worker thread, ai/sandbox.ts): seconds on a busy machine.
    await expect.poll(() => answer.rows(), { timeout: 45_000 }).toBe(5);
    expect(await answer.headers()).toEqual(['brand_name', 'stock_value']);
    const top = await topBrandValues();
    expect(await answer.column('ai_c0')).toEqual(top.map((x) => x.brand));
    expect(await answer.column('ai_c1')).toEqual(top.map((x) => shown('en', x.value)));
    expect(top.some((x) => x.value >= 1000 && shown('en', x.value).includes(','))).toBe(true); // grouped thousands
    expect(await t.page.locator('.ai-answer .grid-count').innerText()).toBe(say('en', 'grid.rows', { count: 5 }));
    // Sorted in the browser by a header click: the smallest value first.
    await answer.header('ai_c1').locator('.grid-sort').click();
    await expect.poll(() => answer.header('ai_c1').getAttribute('aria-sort')).toBe('ascending');
    const ascending = [...top].sort((a, b) => a.value - b.value);
    await expect.poll(() => answer.column('ai_c0')).toEqual(ascending.map((x) => x.brand));
    expect(await answer.column('ai_c1')).toEqual(ascending.map((x) => shown('en', x.value)));
    // The series is drawn: the chart's labels are the brands.
    const chart = t.page.locator('.ai-chart');
    await expect.poll(() => chart.getAttribute('data-labels'), { timeout: 15_000 }).toBe(JSON.stringify(await topBrands()));
    expect(await chart.getAttribute('data-series')).toBe(JSON.stringify(['stock_value']));
    await expect.poll(() => chart.locator('canvas').count()).toBeGreaterThan(0);
    // The SQL, folded until asked for.
    const sql = t.page.locator('.ai-sql');
    expect(await sql.locator('pre').isVisible()).toBe(false);
    await sql.locator('summary').click();
    expect(await sql.locator('pre').innerText()).toBe(TOP_BRANDS);
    expect((fake.requests[0]!.body as { messages: { content: string }[] }).messages.at(-1)!.content).toBe('Top 5 brands by stock value');

    // A single value is no series: a grid without a chart.
    fake.answer(() => sqlAnswer('select count(*)::int as brands from ai.brands'));
    await t.page.getByRole('button', { name: en['ai.ask'], exact: true }).click();
    await expect.poll(() => answer.headers()).toEqual(['brands']);
    expect(await t.page.locator('.ai-chart').count()).toBe(0);

    // A query the guard refuses reads as the translated error, no answer.
    fake.answer(() => sqlAnswer('select user_email, password_hash from app.users'));
    await t.page.getByRole('button', { name: en['ai.ask'], exact: true }).click();
    await expect.poll(() => t.page.getByRole('alert').innerText()).toBe(say('en', 'server.ai_sql_relation', { relation: 'app.users' }));
    expect(await t.page.locator('.ai-answer').count()).toBe(0);
  }, 150_000);

  it('keeps the sidebar conversation: asked from the header, still there after a reload, in German', async () => {
    await t.server.db.query('delete from app.ai_chat_messages');
    fake.reset();
    fake.answerInTurn(sqlAnswer(TOP_BRANDS), sqlAnswer('select pg_sleep(10)'));
    const de = catalogue('de');
    await signIn(t.page, t.server.url, 'admin@example.com', 'de');
    await t.page.goto(`${t.server.url}/de/products/brands`);
    await expect.poll(() => bodyRows().count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await t.page.getByRole('button', { name: de['ai.chat_title'] }).click();
    const side = t.page.getByRole('dialog', { name: de['ai.chat_title'] });
    await expect.poll(() => side.locator('.ai-chat-empty').innerText()).toBe(de['ai.chat_empty']);
    await side.getByLabel(de['ai.question']!).fill('Top 5 brands by stock value');
    await side.getByRole('button', { name: de['ai.ask'], exact: true }).click();
    const sideAnswer = answerGrid(side.locator('.ai-chat-assistant'));
    await expect.poll(() => sideAnswer.rows(), { timeout: 15_000 }).toBe(5);
    // German numbers: 1.234,5
    expect(await sideAnswer.column('ai_c1')).toEqual((await topBrandValues()).map((x) => shown('de', x.value)));
    await expect.poll(() => side.locator('.ai-chat-assistant .ai-chart').count()).toBe(1);
    await side.getByLabel(de['ai.question']!).fill('Und warte kurz');
    await side.getByRole('button', { name: de['ai.ask'], exact: true }).click();
    await expect.poll(() => side.locator('.ai-chat-system').innerText()).toContain(say('de', 'server.ai_sql_function', { function: 'pg_sleep' }));
    // The second question went with the first turn.
    expect((fake.requests[1]!.body as { messages: { role: string }[] }).messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user']);

    await t.page.reload();
    await t.page.getByRole('button', { name: de['ai.chat_title'] }).click();
    const again = t.page.getByRole('dialog', { name: de['ai.chat_title'] });
    await expect.poll(() => again.locator('.ai-chat-message').evaluateAll((els) => els.map((e) => e.getAttribute('data-role'))), { timeout: 15_000 }).toEqual(['user', 'assistant', 'user', 'system']);
    expect(await again.locator('.ai-chat-user').first().innerText()).toContain('Top 5 brands by stock value');
    await again.getByRole('button', { name: de['ai.chat_clear'] }).click();
    await expect.poll(() => again.locator('.ai-chat-empty').count()).toBe(1);
  }, 150_000);

  it('answers a saved question of AI analytics again, and the AI routes open with data in all seven languages', async () => {
    fake.reset();
    await signIn(t.page, t.server.url, 'admin@example.com');
    await t.page.goto(`${t.server.url}/en/ai_content/ai_analytics`);
    await expect.poll(() => bodyRows().count(), { timeout: 15_000 }).toBeGreaterThan(0);
    const q = (await t.server.db.query<{ id: number }>(`select question_id as id from app.ai_analytics where company_code = 'SK01' and question = 'Top 5 brands by stock value'`)).rows[0]!;
    await row(String(q.id)).getByRole('checkbox', { name: en['grid.select_row'] }).click();
    await t.page.getByRole('button', { name: en['ai.analytics_run'], exact: true }).click();
    const dialog = t.page.getByRole('dialog', { name: en['ai.analytics_answer'] });
    await expect.poll(() => answerGrid(dialog).column('ai_c0'), { timeout: 15_000 }).toEqual(await topBrands());
    await expect.poll(() => dialog.locator('.ai-chart').count()).toBe(1);
    expect(fake.requests.length).toBe(0); // the saved SQL, no model
    await dialog.getByRole('button', { name: en['common.close'] }).click();
    await expect.poll(() => row(String(q.id)).locator('[role=gridcell][data-field="last_row_count"]').innerText()).toBe('5');

    const problems: string[] = [];
    for (const lang of LANGS) {
      const c = catalogue(lang);
      const url = `${t.server.url}/${lang}/ai_content/ai_analytics`;
      await t.page.goto(url);
      await expect.poll(() => t.page.locator('h1.page-title').innerText(), { message: url }).toBe(c['screens.ai_analytics.title']);
      await expect.poll(() => bodyRows().count(), { message: `${url}: rows`, timeout: 10_000 }).toBeGreaterThan(0);
      const ask = `${t.server.url}/${lang}/ai-query`;
      await t.page.goto(ask);
      await expect.poll(() => t.page.locator('h1.page-title').innerText(), { message: ask }).toBe(c['ai.title']);
      await expect.poll(() => t.page.getByRole('button', { name: c['ai.ask'], exact: true }).count(), { message: ask }).toBe(1);
      const alerts = await t.page.locator('.toast-danger, .alert-danger').allInnerTexts();
      if (alerts.length) problems.push(`${lang}: ${alerts.join(' | ')}`);
    }
    expect(problems).toEqual([]);
  }, 180_000);
});
