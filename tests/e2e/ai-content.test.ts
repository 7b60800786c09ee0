/**
 * The AI content area in the browser (issue 25), OpenAI and DeepSeek played by the engine
 * fake on 127.0.0.1: a product's short descriptions generated from /ai_content/ai_catalog by
 * the engine picked in the dialog (DeepSeek: its wire format) land as proposals, one is edited inline and accepted on /ai_content/ai_proposals and shows in the product's
 * Translations tab; select_preview compares two candidates side by side and the pick is
 * the product's text; a recipe's image is picked from its candidates. On a server without
 * a key, every AI content route opens for the admin with data in all seven languages and
 * says what to configure (OPENAI_API_KEY or DEEPSEEK_API_KEY), and so does the dialog.
 */
import { readFileSync } from 'node:fs';
import { IntlMessageFormat } from 'intl-messageformat';
import { afterAll, describe, expect, it } from 'vitest';
import { LANGS, LOCALE, type Lang } from '../../src/core/langs.ts';
import { configFromEnv } from '../../src/server/config.ts';
import { startEngineFake, type EngineFake } from '../fakes/engineFake.ts';
import type { Json, TestServer } from '../api/harness.ts';
import { browserSuite, openInApp, signIn, startUiServer } from './browser.ts';
import { gridPage } from './gridPage.ts';

let fake: EngineFake;
const t = browserSuite({ width: 1800, height: 1000 }, async () => {
  fake = await startEngineFake();
  const engines = configFromEnv({}).engines;
  return { engines: { ...engines, openai: { key: 'sk-e2e', url: fake.url }, deepseek: { key: 'sk-e2e-deepseek', url: fake.url } }, aiRetryBaseMs: 5 };
});
afterAll(() => fake?.close());
const { grid, bodyRows, row, cell } = gridPage(
  () => t.page,
  () => t.server,
);
const catalogue = (lang: string) => JSON.parse(readFileSync(`locales/${lang}.json`, 'utf8')) as Record<string, string>;
const en = catalogue('en');
const toolbar = (form: string) => t.page.locator(`.screen-grid[data-form="${form}"] > .grid-toolbar`);
/** The notice of a server without a chat engine, in the language ("OpenAI or DeepSeek … OPENAI_API_KEY or DEEPSEEK_API_KEY"). */
const notConfigured = (lang: Lang) => {
  const or = new Intl.ListFormat(LOCALE[lang], { type: 'disjunction' });
  return new IntlMessageFormat(catalogue(lang)['grid.bulk_ai_not_configured']!, lang).format({
    engine: or.format(['OpenAI', 'DeepSeek']),
    env: or.format(['OPENAI_API_KEY', 'DEEPSEEK_API_KEY']),
  }) as string;
};
const q = async (sql: string, args: unknown[] = []) => (await t.server.db.query<Record<string, Json>>(sql, args)).rows;

describe('AI content', () => {
  it('generates proposals from the catalogue, accepts one, and the product shows it in its texts', async () => {
    const code = (
      await q(
        `select product_code from app.products p where company_code = 'SK01' and active and not exists (select 1 from app.ai_proposals a where a.product_code = p.product_code) order by product_code desc limit 1`,
      )
    )[0]!.product_code as string;
    fake.answer((req) => {
      const user = JSON.parse((req.body as Json).messages[1].content);
      const texts = Object.fromEntries((user.languages as string[]).map((l) => [l, { description_short: `KI-Text ${l} für ${user.product.code}` }]));
      return { json: { model: 'gpt-4o', choices: [{ message: { content: JSON.stringify(texts) } }], usage: { prompt_tokens: 10, completion_tokens: 20 } } };
    });
    // The company's engine for AI content (/settings/chatgpt): DeepSeek.
    await q(`update app.chatgpt_settings set is_default = true where company_code = 'SK01' and engine = 'deepseek'`);
    await signIn(t.page, t.server.url, 'admin@example.com');
    await t.page.goto(`${t.server.url}/en/ai_content/ai_catalog`);
    await expect.poll(() => t.page.locator('h1.page-title').innerText()).toBe(en['screens.ai_catalog.title']);
    // The key is set: no notice.
    expect(await t.page.getByTestId('ai-engine-notice').count()).toBe(0);
    await grid().locator('[data-filter-field="product_code"] input').fill(code);
    await expect.poll(() => bodyRows().count(), { timeout: 10_000 }).toBe(1);
    await row(code).getByRole('checkbox', { name: en['grid.select_row'] }).click();
    await toolbar('ai_catalog')
      .getByRole('button', { name: /^Generate with AI/ })
      .click();
    const dialog = t.page.getByRole('dialog');
    await dialog.getByRole('checkbox', { name: en['fields.description'], exact: true }).uncheck();
    // The engine: the company's (DeepSeek) until the user picks another.
    const radio = (name: string) => dialog.getByRole('radio', { name, exact: true });
    await expect.poll(() => radio('DeepSeek').isChecked()).toBe(true);
    await radio('OpenAI').check();
    expect(await radio('DeepSeek').isChecked()).toBe(false);
    await radio('DeepSeek').check();
    await dialog.getByTestId('ai-generate-run').click();
    const said = new IntlMessageFormat(en['grid.bulk_ai_generated']!, 'en').format({ count: 7 }) as string;
    await expect.poll(() => t.page.locator('.toast-success').first().innerText(), { timeout: 15_000 }).toContain(said);
    expect(fake.requests.length).toBe(1);
    // DeepSeek's wire format: its key, its reasoner at 1.5 × the temperature, no response_format.
    expect(fake.requests[0]!.headers.authorization).toBe('Bearer sk-e2e-deepseek');
    const sent = fake.requests[0]!.body as Json;
    expect([sent.model, sent.temperature, 'response_format' in sent]).toEqual(['deepseek-reasoner', 0.75, false]);
    await q(`update app.chatgpt_settings set is_default = true where company_code = 'SK01' and engine = 'openai'`);
    const proposals = await q(`select proposal_id, language_code from app.ai_proposals where product_code = $1 order by language_code`, [code]);
    expect(proposals.map((p) => p.language_code).sort()).toEqual([...LANGS].sort());
    await expect.poll(() => cell(code, 'open_proposals').innerText(), { timeout: 10_000 }).toBe('7');

    // Reviewed and accepted: the German one.
    const de = String(proposals.find((p) => p.language_code === 'de')!.proposal_id);
    await t.page.goto(`${t.server.url}/en/ai_content/ai_proposals`);
    await grid().locator('[data-filter-field="product_code"] input').fill(code);
    await expect.poll(() => bodyRows().count(), { timeout: 10_000 }).toBe(7);
    expect(await cell(de, 'proposed_text').innerText()).toBe(`KI-Text de für ${code}`);
    expect(await cell(de, 'state').innerText()).toBe(en['options.state.proposed']);
    // Edited inline before it is accepted.
    const edited = `KI-Text de für ${code}, bearbeitet`;
    await cell(de, 'proposed_text').dblclick();
    await cell(de, 'proposed_text').locator('input, textarea').first().fill(edited);
    await cell(de, 'proposed_text').locator('input, textarea').first().press('Enter');
    await expect.poll(async () => (await q('select proposed_text as t from app.ai_proposals where proposal_id = $1', [Number(de)]))[0]!.t, { timeout: 10_000 }).toBe(edited);
    await row(de).getByRole('checkbox', { name: en['grid.select_row'] }).click();
    await toolbar('ai_proposals')
      .getByRole('button', { name: /^Accept/ })
      .click();
    await expect.poll(() => cell(de, 'state').innerText(), { timeout: 10_000 }).toBe(en['options.state.accepted']);
    expect((await q(`select description_short ->> 'de' as t from app.products where product_code = $1`, [code]))[0]!.t).toBe(edited);

    // In the product's texts.
    await t.page.goto(`${t.server.url}/en/products/product_list`);
    await t.page.getByRole('textbox', { name: 'Product code' }).fill(code);
    await expect.poll(() => bodyRows().count(), { timeout: 10_000 }).toBe(1);
    await cell(code, 'product_name').click();
    const panel = t.page.locator('.grid-detail');
    await panel.getByRole('tab', { name: 'Translations' }).click();
    const text = panel.locator(`.screen-grid[data-form="product_translations"] [role=row][data-key$=',"de"]'] [role=gridcell][data-field="description_short"]`);
    await expect.poll(() => text.innerText(), { timeout: 10_000 }).toBe(edited);
    expect(await t.page.locator('.toast-danger').count()).toBe(0);
  }, 120_000);

  it('select_preview compares the candidates side by side and the pick becomes the text; a recipe image is picked the same way', async () => {
    // A seeded text with two open candidates.
    const group = (await q(`select product_code, field_name, language_code from app.v_ai_select_preview where company_code = 'SK01' and candidates = 2 order by product_code limit 1`))[0]!;
    const candidates = await q(
      `select proposal_id, proposed_text from app.ai_proposals where product_code = $1 and field_name = $2 and language_code = $3 and state = 'proposed' order by proposal_id`,
      [group.product_code, group.field_name, group.language_code],
    );
    const key = `${group.product_code}|${group.field_name}|${group.language_code}`;
    await signIn(t.page, t.server.url, 'admin@example.com');
    await t.page.goto(`${t.server.url}/en/ai_content/select_preview`);
    const groups = (await q(`select count(*)::int as n from app.v_ai_select_preview where product_code = $1`, [group.product_code]))[0]!.n as number;
    await grid().locator('[data-filter-field="product_code"] input').fill(group.product_code);
    // The filter applied (a pick made before it would be cleared with it).
    await expect.poll(() => bodyRows().count(), { timeout: 10_000 }).toBe(groups);
    expect(await row(key).count()).toBe(1);
    await row(key).getByRole('checkbox', { name: en['grid.select_row'] }).click();
    await toolbar('select_preview').getByRole('button', { name: en['grid.bulk_ai_compare'] }).click();
    const compare = t.page.getByTestId('ai-compare');
    await expect.poll(() => compare.getByText(candidates[1]!.proposed_text).count(), { timeout: 10_000 }).toBe(1);
    const cards = compare.getByTestId('ai-candidate');
    const texts = await cards.allInnerTexts();
    expect(texts.filter((x) => x.includes(candidates[0]!.proposed_text) || x.includes(candidates[1]!.proposed_text)).length).toBe(2);
    await cards.filter({ hasText: candidates[1]!.proposed_text }).getByRole('button', { name: en['grid.bulk_ai_pick_this'] }).click();
    await expect.poll(() => t.page.getByTestId('ai-compare').count(), { timeout: 10_000 }).toBe(0);
    const product = await q(`select description_short ->> $2 as t from app.products where product_code = $1`, [group.product_code, group.language_code]);
    expect(product[0]!.t).toBe(candidates[1]!.proposed_text);
    const states = await q(`select state from app.ai_proposals where proposal_id = any($1) order by proposal_id`, [candidates.map((c) => c.proposal_id)]);
    expect(states.map((s) => s.state)).toEqual(['rejected', 'accepted']);
    await expect.poll(() => row(key).count(), { timeout: 10_000 }).toBe(0);

    // A recipe's image.
    const recipe = (await q(`select recipe_id, image_uri, selected_image_uri from app.recipes where company_code = 'SK01' order by recipe_id limit 1`))[0]!;
    const other = (recipe.image_uri as string[]).find((u) => u !== recipe.selected_image_uri)!;
    await t.page.goto(`${t.server.url}/en/ai_content/recipes`);
    await expect.poll(() => row(String(recipe.recipe_id)).count(), { timeout: 10_000 }).toBe(1);
    await row(String(recipe.recipe_id)).getByRole('checkbox', { name: en['grid.select_row'] }).click();
    await toolbar('recipes').getByRole('button', { name: en['grid.bulk_ai_pick_image'] }).click();
    const images = t.page.getByTestId('ai-candidate');
    await expect.poll(() => images.count(), { timeout: 10_000 }).toBe((recipe.image_uri as string[]).length);
    await images
      .filter({ has: t.page.locator(`img[alt="${other}"]`) })
      .getByRole('button', { name: en['grid.bulk_ai_pick_this'] })
      .click();
    await expect.poll(async () => (await q('select selected_image_uri as u from app.recipes where recipe_id = $1', [recipe.recipe_id]))[0]!.u, { timeout: 10_000 }).toBe(other);
    expect(await t.page.locator('.toast-danger').count()).toBe(0);
  }, 120_000);

  it('without a key, every AI content route opens with data in all seven languages and says to set OPENAI_API_KEY or DEEPSEEK_API_KEY, and so does the dialog', async () => {
    let bare: TestServer | undefined;
    try {
      bare = await startUiServer();
      await signIn(t.page, bare.url, 'admin@example.com');
      const problems: string[] = [];
      t.page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
      for (const lang of LANGS) {
        // A language's first route loaded, the others opened in the app, as its menu does (routeWalk.ts).
        for (const [i, form] of ['ai_catalog', 'ai_proposals', 'select_preview', 'recipes', 'houses'].entries()) {
          const url = `${bare.url}/${lang}/ai_content/${form}`;
          if (i === 0) await t.page.goto(url);
          else await openInApp(t.page, url);
          await expect.poll(() => t.page.locator('h1.page-title').innerText(), { message: url }).toBe(catalogue(lang)[`screens.${form}.title`]);
          await expect.poll(() => t.page.locator(`.screen-grid[data-form="${form}"] [role=row][data-key]`).count(), { message: `${url}: rows`, timeout: 10_000 }).toBeGreaterThan(0);
          const notice = t.page.getByTestId('ai-engine-notice');
          await expect.poll(() => notice.count(), { message: `${url}: notice` }).toBe(1);
          expect(await notice.innerText()).toBe(notConfigured(lang));
          const alerts = await t.page.locator('.toast-danger, .alert-danger').allInnerTexts();
          if (alerts.length) problems.push(`${url}: ${alerts.join(' | ')}`);
        }
      }
      expect(problems).toEqual([]);

      // The dialog says it too, and its run waits.
      await t.page.goto(`${bare.url}/en/ai_content/ai_catalog`);
      await expect.poll(() => bodyRows().count(), { timeout: 10_000 }).toBeGreaterThan(0);
      await bodyRows().first().getByRole('checkbox', { name: en['grid.select_row'] }).click();
      await toolbar('ai_catalog')
        .getByRole('button', { name: /^Generate with AI/ })
        .click();
      const dialog = t.page.getByRole('dialog');
      await expect.poll(() => dialog.getByRole('alert').innerText()).toBe(notConfigured('en'));
      expect(await dialog.getByTestId('ai-generate-run').isDisabled()).toBe(true);
    } finally {
      await bare?.close();
    }
  }, 240_000);
});
