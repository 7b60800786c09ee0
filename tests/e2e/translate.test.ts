/**
 * Machine translation in the browser (issue 25) against a fake Google Translate and DeepL on
 * 127.0.0.1: a product's name, English only, translated from the product grid into the six
 * other languages (one engine call per language, the key as Google's `key` parameter) and
 * saved; an engine that keeps failing says so in the UI language and changes nothing; a
 * form's Translate button fills its empty languages; "Translate texts" takes a product's
 * name and descriptions into the other languages in one action; the translation engines' settings
 * (/settings/gtranslate) open with data in all seven languages.
 */
import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { LANGS } from '../../src/core/langs.ts';
import { configFromEnv } from '../../src/server/config.ts';
import { startEngineFake, type EngineFake, type FakeRequest } from '../fakes/engineFake.ts';
import { browserSuite, signIn } from './browser.ts';
import { gridPage } from './gridPage.ts';

const KEY = 'google-e2e-secret';
let fake: EngineFake;
const t = browserSuite({ width: 1600, height: 900 }, async () => {
  fake = await startEngineFake();
  const { engines } = configFromEnv({ GOOGLE_TRANSLATE_API_KEY: KEY, GOOGLE_TRANSLATE_URL: fake.url, DEEPL_AUTH_KEY: 'deepl-e2e-secret', DEEPL_API_URL: fake.url });
  return { engines, aiRetryBaseMs: 5 };
});
afterAll(() => fake?.close());
const { bodyRows, row, cell, tool, rowKeys, product, openProducts } = gridPage(
  () => t.page,
  () => t.server,
);
const catalogue = (lang: string) => JSON.parse(readFileSync(`locales/${lang}.json`, 'utf8')) as Record<string, string>;

const googleEcho = (r: FakeRequest) => {
  const b = r.body as { q: string[]; target: string };
  return { json: { data: { translations: b.q.map((q) => ({ translatedText: `[${b.target}] ${q}` })) } } };
};

/** The product of `key` named in English only, the grid reloaded to show it. */
async function englishOnly(key: string, name: string): Promise<void> {
  await t.server.db.query('update app.products set product_name = $2 where product_code = $1', [key, JSON.stringify({ en: name })]);
  await t.page.reload();
  // In another UI language the cell shows the English text with its language marked.
  await expect.poll(() => cell(key, 'product_name').innerText()).toContain(name);
}

describe('machine translation', () => {
  it('translates a product’s name into the six other languages from the product grid', async () => {
    await openProducts();
    const [key] = await rowKeys(1);
    await englishOnly(key!, 'Claw hammer XL');
    fake.reset();
    fake.answer(googleEcho);
    await row(key!).getByRole('checkbox', { name: 'Select row' }).click();
    await tool('button.grid-translate').click();
    await expect.poll(async () => Object.keys((await product(key!)).product_name).length, { timeout: 10_000 }).toBe(7);
    expect((await product(key!)).product_name).toEqual({
      en: 'Claw hammer XL',
      de: '[de] Claw hammer XL',
      hu: '[hu] Claw hammer XL',
      sk: '[sk] Claw hammer XL',
      ro: '[ro] Claw hammer XL',
      cs: '[cs] Claw hammer XL',
      bg: '[bg] Claw hammer XL',
    });
    // One call per target language, with the key as Google's parameter (never sent to the browser).
    expect(fake.requests.map((r) => (r.body as { target: string }).target).sort()).toEqual(['bg', 'cs', 'de', 'hu', 'ro', 'sk']);
    for (const r of fake.requests) {
      expect(r.query.get('key')).toBe(KEY);
      expect(r.body).toMatchObject({ q: ['Claw hammer XL'], source: 'en', format: 'text' });
    }
    expect(await t.page.content()).not.toContain(KEY);
  });

  it('translates a product’s name and descriptions into the six other languages in one action (Translate texts)', async () => {
    await openProducts();
    const [, , key] = await rowKeys(3);
    await t.server.db.query('update app.products set product_name = $2, description_short = $3, description = $4 where product_code = $1', [
      key,
      JSON.stringify({ en: 'Bench vice' }),
      JSON.stringify({ en: 'Cast iron' }),
      JSON.stringify({ en: 'A heavy vice for the workbench.' }),
    ]);
    await t.page.reload();
    await expect.poll(() => cell(key!, 'product_name').innerText()).toContain('Bench vice');
    fake.reset();
    fake.answer(googleEcho);
    await row(key!).getByRole('checkbox', { name: 'Select row' }).click();
    await tool('button.grid-bulk-translate-texts').click();
    const dialog = t.page.getByRole('dialog');
    await expect.poll(() => dialog.getByRole('heading').innerText()).toBe('Translate texts');
    expect(await dialog.getByTestId('translate-texts-from').inputValue()).toBe('en');
    await dialog.getByTestId('translate-texts-run').click();
    await expect.poll(() => t.page.locator('.toast-success .toast-text').allInnerTexts(), { timeout: 10_000 }).toContain('6 product languages written.');
    const stored = await product(key!);
    for (const l of ['de', 'hu', 'sk', 'ro', 'cs', 'bg']) {
      expect(stored.product_name[l]).toBe(`[${l}] Bench vice`);
      expect(stored.description_short[l]).toBe(`[${l}] Cast iron`);
      expect(stored.description[l]).toBe(`[${l}] A heavy vice for the workbench.`);
    }
    // All three texts in one request per language.
    expect(fake.requests.length).toBe(6);
    for (const r of fake.requests) expect((r.body as { q: string[] }).q.sort()).toEqual(['A heavy vice for the workbench.', 'Bench vice', 'Cast iron']);
  });

  it('says an engine’s failure in the UI language and leaves the product as it was', async () => {
    await openProducts('de');
    const [, key] = await rowKeys(2);
    await englishOnly(key!, 'Rubber mallet');
    const before = await product(key!);
    fake.reset();
    fake.answer(() => ({ status: 500, text: 'down' }));
    await row(key!)
      .getByRole('checkbox', { name: catalogue('de')['grid.select_row'] })
      .click();
    await tool('button.grid-translate').click();
    const said = catalogue('de')['server.engine_failed']!.replace('{engine}', 'Google Translate').replace('{status}', '500');
    await expect.poll(() => t.page.locator('.toast-danger .toast-text').allInnerTexts(), { timeout: 10_000 }).toContain(said);
    expect(fake.requests.length).toBeGreaterThan(0);
    expect(await product(key!)).toEqual(before);
  });

  it('fills a form’s empty languages in one action with its Translate button', async () => {
    await openProducts();
    fake.reset();
    fake.answer(googleEcho);
    await tool('button').filter({ hasText: /^Add$/ }).click();
    const dialog = t.page.getByRole('dialog');
    await dialog.locator('[id$="product_name-en"]').fill('Spirit level');
    await dialog.locator('[id$="product_name-de"]').fill('Wasserwaage');
    await dialog.getByRole('button', { name: catalogue('en')['grid.translate'], exact: true }).click();
    await expect.poll(() => dialog.locator('[id$="product_name-bg"]').inputValue(), { timeout: 10_000 }).toBe('[bg] Spirit level');
    // The typed German stays; the five empty languages are filled, one call each.
    expect(await dialog.locator('[id$="product_name-de"]').inputValue()).toBe('Wasserwaage');
    for (const lang of ['hu', 'sk', 'ro', 'cs']) expect(await dialog.locator(`[id$="product_name-${lang}"]`).inputValue()).toBe(`[${lang}] Spirit level`);
    expect(fake.requests.map((r) => (r.body as { target: string }).target).sort()).toEqual(['bg', 'cs', 'hu', 'ro', 'sk']);
  });

  it('opens the translation engines’ settings with data in all seven languages', async () => {
    await signIn(t.page, t.server.url, 'admin@example.com');
    const problems: string[] = [];
    t.page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
    const google = (await t.server.db.query<{ id: number }>("select translation_engine_id as id from app.translation_engines where company_code = 'SK01' and engine = 'google'")).rows[0]!;
    for (const lang of LANGS) {
      const url = `${t.server.url}/${lang}/settings/gtranslate`;
      await t.page.goto(url);
      const texts = catalogue(lang);
      await expect.poll(() => t.page.locator('h1.page-title').innerText(), { message: url }).toBe(texts['screens.gtranslate.title']);
      await expect.poll(() => bodyRows().count(), { message: `${url}: rows`, timeout: 10_000 }).toBe(2);
      await expect.poll(() => cell(String(google.id), 'engine').innerText(), { message: url }).toBe(texts['options.translation_engine.google']);
      // The server has Google's key: configured (the key itself is nowhere on the page).
      expect(await cell(String(google.id), 'configured').locator('[data-value]').getAttribute('data-value')).toBe('true');
      expect(Number((await cell(String(google.id), 'month_characters').innerText()).replace(/\D/g, ''))).toBeGreaterThan(0);
      expect(await t.page.content()).not.toContain(KEY);
      const alerts = await t.page.locator('.toast-danger, .alert-danger').allInnerTexts();
      if (alerts.length) problems.push(`${url}: ${alerts.join(' | ')}`);
    }
    expect(problems).toEqual([]);
  }, 120_000);
});
