/**
 * The chat engines in the browser (issue 25): the ChatGPT twin page shows two replies as they
 * stream from the engine fake on 127.0.0.1, side by side, and saves them as conversations,
 * private to who asked (another user with the page's rights sees and deletes only hers); an
 * engine without its key says so on its side; the ChatGPT settings show this month's tokens
 * beside the budget an admin sets there (issue 42); the prompts, ChatGPT settings, conversations
 * and twin pages open for admin in all seven languages with their data.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGS } from '../../src/core/langs.ts';
import { configFromEnv } from '../../src/server/config.ts';
import { startEngineFake, type EngineFake } from '../fakes/engineFake.ts';
import { browserSuite, openInApp, signIn } from './browser.ts';

const catalogue = (lang: string) => JSON.parse(readFileSync(`locales/${lang}.json`, 'utf8')) as Record<string, string>;
const sse = (model: string, pieces: string[]) => [...pieces.map((content) => `data: ${JSON.stringify({ model, choices: [{ index: 0, delta: { content } }] })}\n\n`), 'data: [DONE]\n\n'];

let fake: EngineFake;
beforeAll(async () => void (fake = await startEngineFake()));
afterAll(() => fake?.close());

describe('the ChatGPT twin with both engines', () => {
  const t = browserSuite(undefined, async () => {
    fake ??= await startEngineFake();
    const engines = configFromEnv({}).engines;
    return { engines: { ...engines, openai: { key: 'sk-e2e-openai', url: fake.url }, deepseek: { key: 'sk-e2e-deepseek', url: fake.url } }, aiRetryBaseMs: 5 };
  });

  it('streams the two replies side by side as they come, and keeps them in GPT chats', async () => {
    const OPENAI = ['Spring', ' into', ' the', ' garden', ' sale'];
    const DEEPSEEK = ['Green', ' thumb', ' days'];
    fake.reset();
    fake.answer((r) => {
      const model = (r.body as { model: string }).model;
      return { chunks: sse(model, model.startsWith('deepseek') ? DEEPSEEK : OPENAI), chunkDelayMs: 400 };
    });
    await signIn(t.page, t.server.url, 'admin@example.com');
    await t.page.goto(`${t.server.url}/en/settings/chatgpt_twin`);
    await expect.poll(() => t.page.locator('h1.page-title').innerText()).toBe('ChatGPT twin');
    const one = t.page.getByTestId('twin-reply-1');
    const two = t.page.getByTestId('twin-reply-2');
    await t.page.getByLabel('Use a saved prompt').selectOption({ label: 'marketing · Newsletter subject' });
    await expect.poll(() => t.page.getByLabel('System prompt (optional)').inputValue()).toContain('newsletter subject lines');
    await t.page.getByLabel('Prompt', { exact: true }).fill('Name a spring sale');
    await t.page.getByRole('button', { name: 'Ask both' }).click();
    // Part of each reply shows before the whole has come.
    await expect.poll(() => one.innerText(), { timeout: 10_000 }).toMatch(/^Spring( into)?$/);
    await expect.poll(() => two.innerText(), { timeout: 10_000 }).toMatch(/^Green( thumb)?$/);
    await expect.poll(() => one.innerText(), { timeout: 10_000 }).toBe('Spring into the garden sale');
    await expect.poll(() => two.innerText(), { timeout: 10_000 }).toBe('Green thumb days');
    // Each side asked its own engine and model, streaming.
    const models = fake.requests.map((r) => (r.body as { model: string; stream: boolean }).model).sort();
    expect(models).toEqual(['deepseek-chat', 'gpt-4o']);
    expect(fake.requests.every((r) => (r.body as { stream: boolean }).stream === true)).toBe(true);
    for (const r of fake.requests)
      expect((r.body as { messages: { role: string; content: string }[] }).messages[0]).toMatchObject({ role: 'system', content: expect.stringContaining('newsletter subject lines') });
    await expect.poll(() => t.page.locator('.chat-twin-meta').count()).toBe(2);

    await t.page.goto(`${t.server.url}/en/settings/gpt_chats`);
    const rows = t.page.getByRole('grid').first().locator('[role=row][data-key]');
    await expect.poll(() => rows.filter({ hasText: 'Name a spring sale' }).count(), { timeout: 10_000 }).toBe(2);
    // Each named by its engine (the grid's engine names).
    await expect.poll(() => rows.filter({ hasText: 'Name a spring sale' }).filter({ hasText: 'DeepSeek' }).count()).toBe(1);

    // Private to who asked: a user with the page's rights but not its `perms` sees and deletes only her own.
    const page = (await t.server.db.query<{ page_code: string }>(`select page_code from app.backend_pages where url = '/settings/gpt_chats'`)).rows[0]!.page_code;
    await t.server.db.query(
      `insert into app.user_pages (user_id, page_code, can_list, can_delete) values (2, $1, true, true) on conflict (user_id, page_code) do update set can_list = true, can_delete = true, can_perms = false`,
      [page],
    );
    const own = (
      await t.server.db.query<{ id: number }>(
        `insert into app.gpt_chats (company_code, user_id, engine, model, title) values ('SK01', 2, 'openai', 'gpt-4o', 'Carls eigene Frage') returning gpt_chat_id as id`,
      )
    ).rows[0]!.id;
    const other = await t.browser.newContext({ viewport: { width: 1400, height: 900 } });
    try {
      const page = await other.newPage();
      await signIn(page, t.server.url, 'catalog@example.com', 'de');
      await page.goto(`${t.server.url}/de/settings/gpt_chats`);
      const hers = page.getByRole('grid').first().locator('[role=row][data-key]');
      await expect.poll(() => hers.count(), { timeout: 10_000 }).toBe(1);
      expect(await hers.first().getAttribute('data-key')).toBe(String(own));
      await hers.first().getByRole('checkbox').click();
      await page.locator('button.grid-delete').click();
      await page.getByRole('dialog').getByRole('button', { name: 'Löschen' }).click();
      await expect.poll(() => hers.count(), { timeout: 10_000 }).toBe(0);
    } finally {
      await other.close();
    }
    expect((await t.server.db.query('select 1 from app.gpt_chats where gpt_chat_id = $1', [own])).rows).toHaveLength(0);
    // The admin's conversations are still there.
    expect((await t.server.db.query(`select 1 from app.gpt_chats where title = 'Name a spring sale'`)).rows).toHaveLength(2);
  }, 90_000);
});

describe('the chat pages without engine keys', () => {
  const t = browserSuite();

  it('the twin page says per side which engine is not configured, in the user’s language', async () => {
    await signIn(t.page, t.server.url, 'admin@example.com', 'de');
    await t.page.goto(`${t.server.url}/de/settings/chatgpt_twin`);
    const side = t.page.getByTestId('twin-side-2');
    await expect.poll(() => side.locator('[role=status]').innerText()).toContain('DEEPSEEK_API_KEY');
    const de = catalogue('de')['server.not_configured']!.replace('{engine}', 'DeepSeek').replace('{variable}', 'DEEPSEEK_API_KEY');
    // One sentence, naming the variable once (issue 43: it was said twice).
    expect(await side.locator('[role=status]').innerText()).toBe(de);
    const openai = await t.page.getByTestId('twin-side-1').locator('[role=status]').innerText();
    expect(openai.split('OPENAI_API_KEY').length - 1).toBe(1);
  }, 60_000);

  it('Ask AI says before a question that it is not set up, naming OPENAI_API_KEY, on its page and in the sidebar (issue 43)', async () => {
    await signIn(t.page, t.server.url, 'admin@example.com');
    await t.page.goto(`${t.server.url}/en/ai-query`);
    const notice = t.page.locator('.ai-query [role=status]');
    const said = 'Ask AI is not set up on this server: an administrator sets OPENAI_API_KEY (the key of OpenAI) and restarts the server. Until then questions cannot be answered.';
    // allInnerTexts does not wait for the notice: a page that never shows it fails here with what it shows, not at the test's time-out.
    await expect.poll(() => notice.allInnerTexts()).toEqual([said]);
    // Nothing was asked: the page said it as it opened.
    expect(await t.page.locator('.ai-query textarea').inputValue()).toBe('');
    expect(await t.page.locator('.ai-query textarea').isDisabled()).toBe(true);
    expect(await t.page.locator('.ai-query textarea').getAttribute('aria-describedby')).toBe(await notice.getAttribute('id'));
    expect(await t.page.locator('.ai-query button[type=submit]').isDisabled()).toBe(true);
    // The header's sidebar says the same when it opens.
    await t.page.getByRole('button', { name: 'Ask AI' }).click();
    await expect.poll(() => t.page.locator('.ai-chat [role=status]').allInnerTexts()).toEqual([said]);
  }, 60_000);

  it('the ChatGPT settings show this month’s tokens beside the budget, and the admin sets the budget (issue 42)', async () => {
    await t.server.db.query(`insert into app.ai_usage (user_id, company_code, engine, operation, prompt_tokens, completion_tokens, ok) values (1, 'SK01', 'deepseek', 'reply', 1200, 34, true)`);
    const used = Number(
      (
        await t.server.db.query<{ n: number }>(
          `select sum(prompt_tokens + completion_tokens) as n from app.ai_usage where company_code = 'SK01' and engine = 'deepseek' and at >= date_trunc('month', now())`,
        )
      ).rows[0]!.n,
    );
    await signIn(t.page, t.server.url, 'admin@example.com');
    await t.page.goto(`${t.server.url}/en/settings/chatgpt`);
    const cell = (field: string) => t.page.getByRole('grid').first().locator(`[role=row][data-key="deepseek"] [role=gridcell][data-field="${field}"]`);
    await expect.poll(() => t.page.locator('[role=columnheader][data-field="month_tokens"]').innerText()).toContain('Tokens this month');
    await expect.poll(async () => Number((await cell('month_tokens').innerText()).replace(/\D/g, ''))).toBe(used);
    expect(Number((await cell('monthly_token_budget').innerText()).replace(/\D/g, ''))).toBe(1_000_000);
    await cell('monthly_token_budget').dblclick();
    await cell('monthly_token_budget').locator('input').fill('250000');
    await cell('monthly_token_budget').locator('input').press('Enter');
    await expect
      .poll(async () => (await t.server.db.query<{ b: number }>(`select monthly_token_budget as b from app.chatgpt_settings where company_code = 'SK01' and engine = 'deepseek'`)).rows[0]!.b)
      .toBe(250_000);
  }, 60_000);

  it('opens the prompts, ChatGPT settings, conversations and twin pages in all seven languages with data', async () => {
    await signIn(t.page, t.server.url, 'admin@example.com');
    const problems: string[] = [];
    t.page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
    for (const lang of LANGS) {
      // A language's first page loaded, the others opened in the app, as its menu does (routeWalk.ts).
      for (const [i, path] of ['/ai_content/prompts', '/settings/chatgpt', '/settings/gpt_chats', '/settings/chatgpt_twin'].entries()) {
        const url = `${t.server.url}/${lang}${path}`;
        if (i === 0) await t.page.goto(url);
        else await openInApp(t.page, url);
        const page = await t.server.db.query<{ title: string }>('select page_title ->> $2 as title from app.backend_pages where url = $1', [path, lang]);
        await expect.poll(() => t.page.locator('h1.page-title').innerText(), { message: url }).toBe(page.rows[0]!.title);
        const data = path === '/settings/chatgpt_twin' ? t.page.locator('.chat-twin-side') : t.page.getByRole('grid').first().locator('[role=row][data-key]');
        await expect.poll(() => data.count(), { message: `${url}: data`, timeout: 10_000 }).toBeGreaterThan(1);
        const alerts = await t.page.locator('.toast-danger, .alert-danger').allInnerTexts();
        if (alerts.length) problems.push(`${url}: ${alerts.join(' | ')}`);
      }
    }
    // The prompts page lists the translation prompt of each source language.
    await t.page.goto(`${t.server.url}/en/ai_content/prompts`);
    const rows = t.page.getByRole('grid').first().locator('[role=row][data-key]');
    await expect.poll(() => rows.filter({ hasText: 'Translation from Bulgarian' }).count(), { timeout: 10_000 }).toBe(1);
    expect(problems).toEqual([]);
  }, 300_000);
});
