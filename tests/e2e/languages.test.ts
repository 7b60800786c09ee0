/**
 * Tried as a new user would, in each of the seven languages (issue 21 "done when"): a save a
 * database rule refuses, a bad paste (a value the column refuses, a name another row has),
 * a bad import file, the AI page without an engine and a page that does not exist read
 * entirely in that language — each text exactly the catalogue's, formatted with the
 * language's numbers and quotes.
 */
import { readFileSync } from 'node:fs';
import { createIntl } from '@formatjs/intl';
import { expect, it } from 'vitest';
import { LANGS, LOCALE, type Lang } from '../../src/core/langs.ts';
import { browserSuite, openInApp, signIn } from './browser.ts';
import { gridPage } from './gridPage.ts';

const t = browserSuite({ width: 1600, height: 900 });
const { bodyRows, cell, rowKeys, focused, paste } = gridPage(
  () => t.page,
  () => t.server,
);
const toasts = (variant: string) => t.page.locator(`.toast-${variant} .toast-text`).allInnerTexts();

/** The catalogue's text of a key in a language, as the browser formats it. */
function say(lang: Lang) {
  const messages = JSON.parse(readFileSync(`locales/${lang}.json`, 'utf8')) as Record<string, string>;
  const intl = createIntl({ locale: LOCALE[lang], messages });
  return (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
}

it.each(LANGS)('%s: a refused save, a bad paste, a bad import file, the AI page and a 404 are said in the language', async (lang) => {
  const s = say(lang);
  const { page, server } = t;
  // Each language starts as a new user would: no grid state (the filter below) from the one before.
  await server.db.query('delete from app.user_grid_states');
  await signIn(page, server.url, 'admin@example.com', lang);

  // A save a database rule refuses: a root category under its own child.
  await page.goto(`${server.url}/${lang}/products/categories`);
  const pair = (
    await server.db.query<{ root: number; name: string }>(
      `select p.product_category_id as root, c.product_category_names->>$1 as name
       from app.product_categories p join app.product_categories c on c.parent_category_id = p.product_category_id
       where p.parent_category_id is null order by 1, c.product_category_id limit 1`,
      [lang],
    )
  ).rows[0]!;
  await expect.poll(() => bodyRows().count()).toBeGreaterThan(1);
  await page.locator('[data-filter-field="product_category_id"] input').fill(String(pair.root));
  await expect.poll(() => cell(String(pair.root), 'parent_category_id').count()).toBe(1);
  await cell(String(pair.root), 'parent_category_id').dblclick();
  const select = cell(String(pair.root), 'parent_category_id').locator('select');
  const value = await select.evaluate((el, name) => [...(el as HTMLSelectElement).options].find((o) => o.text.endsWith(name))!.value, pair.name);
  await select.selectOption(value);
  await expect.poll(() => toasts('danger')).toContain(s('messages.error_saving_data', { status: s('rules.category_cycle') }));

  // A bad paste: a margin over its limit (the number in the language's digits) is flagged, not sent.
  // The language's later pages are opened in the app, as its menu does (the first one was loaded).
  await openInApp(page, `${server.url}/${lang}/products/product_list`);
  await page.locator('.screen-grid[data-form="product_list"] .grid-body[data-drawn]').waitFor();
  const [k1] = await rowKeys(1);
  await cell(k1!, 'exp_margin').click();
  await expect.poll(focused).toEqual([k1, 'exp_margin']);
  await paste('5000');
  const flagged = cell(k1!, 'exp_margin');
  await expect.poll(() => flagged.getAttribute('aria-invalid')).toBe('true');
  expect(await flagged.getAttribute('title')).toBe(s('grid.pasted_refused', { text: '5000', reason: s('validation.max', { max: 1000 }) }));

  // A paste the server refuses: the name another brand has.
  await openInApp(page, `${server.url}/${lang}/products/brands`);
  await page.locator('.screen-grid[data-form="brands"] .grid-body[data-drawn]').waitFor();
  const [b1, b2] = await rowKeys(2);
  const taken = (await server.db.query<{ brand_name: string }>('select brand_name from app.brands where brand_id = $1', [b1])).rows[0]!.brand_name;
  const before = (await server.db.query<{ brand_name: string }>('select brand_name from app.brands where brand_id = $1', [b2])).rows[0]!.brand_name;
  await cell(b2!, 'brand_name').click();
  await expect.poll(focused).toEqual([b2, 'brand_name']);
  await paste(taken);
  await expect.poll(() => toasts('warning')).toContain(s('messages.already_exists'));
  expect((await server.db.query('select brand_name from app.brands where brand_id = $1', [b2])).rows[0]).toEqual({ brand_name: before });

  // A bad import file: empty, then not a workbook.
  await page.locator('.grid-toolbar button', { hasText: s('grid.import') }).click();
  const dialog = page.getByRole('dialog');
  const choose = async (name: string, mimeType: string, body: string) => {
    await dialog.locator('input[type=file]').setInputFiles({ name, mimeType, buffer: Buffer.from(body) });
    await dialog.getByRole('button', { name: s('transfer.next') }).click();
  };
  await choose('brands.csv', 'text/csv', '');
  await expect.poll(() => dialog.getByRole('alert').innerText()).toBe(s('server.file_empty'));
  await choose('brands.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'not a workbook');
  await expect.poll(() => dialog.getByRole('alert').innerText()).toBe(s('server.file_not_xlsx'));
  await page.keyboard.press('Escape');

  // The AI page of a server without an AI engine says so as it opens, naming the variable, before a question is typed.
  await openInApp(page, `${server.url}/${lang}/ai-query`);
  await expect.poll(() => page.locator('.ai-query [role=status]').allInnerTexts()).toEqual([s('ai.not_set_up', { engine: 'OpenAI', variable: 'OPENAI_API_KEY' })]);
  expect(await page.locator('.ai-query textarea').isDisabled()).toBe(true);

  // A page that does not exist, in the address's language.
  await openInApp(page, `${server.url}/${lang}/no/such/page`);
  await expect.poll(() => page.locator('.error-page h1').innerText()).toBe(s('errors.not_found_title'));
  expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);
  expect(await page.title()).toBe(`${s('errors.not_found_title')} · ${s('app.name')}`);
});

it("paints a screen's headers in the language before the catalogue's later part is in (the screen's own labels)", async () => {
  const manifest = JSON.parse(readFileSync(`${process.env.E2E_DIST ?? 'dist'}/.vite/manifest.json`, 'utf8')) as Record<string, { file: string }>;
  const later = manifest['locales/de.json?part=later']!.file;
  // The later part never arrives: what the list paints with must not need it.
  await t.page.route(`**/${later}`, (r) => r.abort());
  const s = say('de');
  await signIn(t.page, t.server.url, 'admin@example.com', 'de');
  await t.page.goto(`${t.server.url}/de/products/brands`);
  await expect.poll(() => bodyRows().count()).toBeGreaterThan(1);
  // Polled: the aborted part is a failed chunk load, and the app may reload the page once for it (chunkReload.ts).
  await expect
    .poll(() => t.page.getByRole('grid').first().locator('[role=columnheader] .grid-hlabel').allInnerTexts())
    .toEqual(['fields.brand_key', 'fields.brand_name', 'fields.active'].map((k) => s(k)));
});

it("loads the catalogue's later part on first need, not with the list (issue 49): a sort said without it, the add form with it", async () => {
  const manifest = JSON.parse(readFileSync(`${process.env.E2E_DIST ?? 'dist'}/.vite/manifest.json`, 'utf8')) as Record<string, { file: string }>;
  const later = manifest['locales/en.json?part=later']!.file;
  const asked: string[] = [];
  t.page.on('request', (r) => {
    if (r.url().endsWith(later)) asked.push(r.url());
  });
  const s = say('en');
  await t.server.db.query(`delete from app.user_grid_states where form = 'brands'`);
  await signIn(t.page, t.server.url, 'admin@example.com', 'en');
  await t.page.goto(`${t.server.url}/en/products/brands`);
  await expect.poll(() => bodyRows().count()).toBeGreaterThan(1);
  // A sort, said by the grid's live region in words of the first part.
  await t.page.locator('[role=columnheader][data-field="brand_name"] button.grid-sort').click();
  const announcer = t.page.locator('.screen-grid .grid-announcer').first();
  await expect.poll(() => announcer.innerText()).toContain(s('grid.announce_asc', { column: s('fields.brand_name') }));
  expect(asked).toEqual([]);
  // The add form speaks the later part (its title, its buttons): asked for now, and its words shown.
  await t.page.getByRole('button', { name: s('common.add') }).click();
  await expect.poll(() => t.page.getByRole('dialog').getByRole('heading').first().innerText()).toBe(s('screens.brands.new'));
  expect(asked).toHaveLength(1);
  await t.page.keyboard.press('Escape');
});

it("paints the product list's toolbar without the later part or Radix's dialog; a toolbar dialog opens with both (issue 49)", async () => {
  const manifest = JSON.parse(readFileSync(`${process.env.E2E_DIST ?? 'dist'}/.vite/manifest.json`, 'utf8')) as Record<string, { file: string }>;
  const wanted = [manifest['locales/en.json?part=later']!.file, manifest['src/app/actions/BulkDialogBody.tsx']!.file];
  const asked = new Set<string>();
  t.page.on('request', (r) => {
    for (const f of wanted) if (r.url().endsWith(f)) asked.add(f);
  });
  const s = say('en');
  await signIn(t.page, t.server.url, 'admin@example.com', 'en');
  await t.page.goto(`${t.server.url}/en/products/product_list`);
  await expect.poll(() => bodyRows().count()).toBeGreaterThan(1);
  // The actions' buttons say their words (the screen's labels bring them), not their keys.
  const translate = t.page.locator('.grid-toolbar button.grid-bulk-translate-texts');
  await expect.poll(() => translate.innerText()).toBe(s('grid.bulk_translate_texts'));
  expect(await t.page.locator('.grid-toolbar button.grid-bulk-shop-list').innerText()).toBe(s('grid.bulk_shop_list'));
  expect(await translate.getAttribute('title')).toBe(s('grid.bulk_translate_texts_pick'));
  expect([...asked]).toEqual([]);
  // Opened: Radix's dialog and the later part come, and the dialog says its words.
  const [key] = await rowKeys(1);
  await bodyRows()
    .and(t.page.locator(`[data-key="${key}"]`))
    .getByRole('checkbox', { name: 'Select row' })
    .click();
  await translate.click();
  const dialog = t.page.getByRole('dialog');
  await expect.poll(() => dialog.getByRole('heading').first().innerText()).toBe(s('grid.bulk_translate_texts'));
  expect(await dialog.getByTestId('translate-texts-run').innerText()).toBe(s('grid.bulk_translate_texts_run'));
  expect([...asked].sort()).toEqual([...wanted].sort());
  await t.page.keyboard.press('Escape');
  await expect.poll(() => dialog.count()).toBe(0);
});

it("says a paste's refusal in words when the paste comes before the catalogue's later part (it waits for it)", async () => {
  const manifest = JSON.parse(readFileSync(`${process.env.E2E_DIST ?? 'dist'}/.vite/manifest.json`, 'utf8')) as Record<string, { file: string }>;
  const later = manifest['locales/en.json?part=later']!.file;
  // The later part is held until the paste is in: the paste surely comes first.
  let asked!: () => void;
  const isAsked = new Promise<void>((r) => (asked = r));
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  await t.page.route(`**/${later}`, async (r) => {
    asked();
    await released;
    await r.continue();
  });
  const s = say('en');
  await signIn(t.page, t.server.url, 'admin@example.com', 'en');
  await t.page.goto(`${t.server.url}/en/products/product_list`);
  await expect.poll(() => bodyRows().count()).toBeGreaterThan(1);
  const [key] = await rowKeys(1);
  await cell(key!, 'exp_margin').click();
  await expect.poll(focused).toEqual([key, 'exp_margin']);
  await paste('5000');
  await isAsked;
  release();
  const bad = cell(key!, 'exp_margin');
  await expect.poll(() => bad.getAttribute('aria-invalid')).toBe('true');
  expect(await bad.getAttribute('title')).toBe(`“5000”: ${s('validation.max', { max: 1000 })}`);
  await t.page.unroute(`**/${later}`);
});
