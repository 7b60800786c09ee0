/**
 * The choice lists of ref columns in a real browser: the Country filter and editor list
 * countries by name in the UI language (not by ISO code), and the Brand filter's "(empty)"
 * lists exactly the products without a brand, on the client row model (company SK01 as
 * seeded, ≤ 2,000 products, in memory) and on the server row model (600 more products),
 * through a reload too (the filter is saved with the grid state).
 */
import type { Request } from 'playwright';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BLANK_CHOICE } from '../../src/app/grid/filters.ts';
import { browserSuite } from './browser.ts';
import { gridPage } from './gridPage.ts';

const s = browserSuite({ width: 1600, height: 900 });
const { grid, bodyRows, cell, rowKeys, openProducts } = gridPage(
  () => s.page,
  () => s.server,
);

/** Products of SK01 left without a brand (a few more than the seed may have). */
const BRANDLESS = ['BL-1', 'BL-2', 'BL-3'];

beforeAll(async () => {
  await s.server.db.query(
    `insert into app.products (product_code, company_code, product_name, min_margin, exp_margin)
     select code, 'SK01', jsonb_build_object('en', 'Brandless ' || code), 10, 20 from unnest($1::text[]) as code`,
    [BRANDLESS],
  );
});
beforeEach(async () => {
  await s.server.db.query('delete from app.user_grid_states');
});

/** A choice column's set filter (SetFilter.tsx): its button, and the popover's list once opened. */
const choiceFilter = (field: string) => grid().locator(`[data-filter-field="${field}"] button.grid-set-filter`);
const choiceList = (field: string) => s.page.locator(`[data-set-filter="${field}"] .grid-set-item`);
async function openChoices(field: string) {
  if ((await choiceFilter(field).getAttribute('aria-expanded')) !== 'true') await choiceFilter(field).click();
  await choiceList(field).first().waitFor();
}
async function closeChoices() {
  await s.page.keyboard.press('Escape');
}
const optionTexts = async (field: string) => {
  await openChoices(field);
  const texts = await choiceList(field).allInnerTexts();
  await closeChoices();
  return texts;
};

async function brandless(): Promise<string[]> {
  const r = await s.server.db.query<{ product_code: string }>(`select product_code from app.products where company_code = 'SK01' and brand_id is null`);
  return r.rows.map((x) => x.product_code).sort();
}

/** The keys of the rows the grid shows (all of them: the filter leaves a few). */
async function shownKeys(): Promise<string[]> {
  return (await bodyRows().evaluateAll((els) => els.map((e) => e.getAttribute('data-key')!))).sort();
}

/** product_list list calls of the page, with their filter models. */
function recordFilters() {
  const models: Record<string, unknown>[] = [];
  s.page.on('request', (r: Request) => {
    if (!r.url().endsWith('/rpc/api_action')) return;
    const body = r.postDataJSON() as { entity: string; action: string; payload: { filterModel?: Record<string, unknown> } };
    if (body.entity === 'product_list' && body.action === 'list') models.push(body.payload.filterModel ?? {});
  });
  return models;
}

/** Picks "(empty)" in the Brand filter: the rows are exactly the products without a brand. */
async function pickBrandless(): Promise<string[]> {
  const expected = await brandless();
  expect(expected.length).toBeGreaterThanOrEqual(BRANDLESS.length);
  await openChoices('brand_id');
  await choiceList('brand_id')
    .and(s.page.locator(`[data-value="${BLANK_CHOICE}"]`))
    .locator('input')
    .check();
  await closeChoices();
  await expect.poll(shownKeys).toEqual(expected);
  for (const k of expected) expect(await cell(k, 'brand_id').innerText()).toBe('');
  return expected;
}

/** The filter is saved with the grid state and applied again after a reload. */
async function keptAfterReload(expected: string[]): Promise<void> {
  await expect
    .poll(async () => {
      const r = await s.server.db.query<{ state: { columnFilters?: { id: string; value: string }[] } }>(`select state from app.user_grid_states where form = 'product_list'`);
      return r.rows[0]?.state.columnFilters?.find((f) => f.id === 'brand_id')?.value;
    })
    .toBe(BLANK_CHOICE);
  await s.page.reload();
  await expect.poll(() => choiceFilter('brand_id').getAttribute('title')).toBe('(empty)');
  await expect.poll(shownKeys).toEqual(expected);
}

const rowCount = async () => Number(await grid().getAttribute('aria-rowcount')) - 2;

describe('choice lists of ref columns', () => {
  it('lists countries by name in the UI language, in the filter and the editor (English, German)', async () => {
    const countries = (await s.server.db.query<{ country_code: string }>('select country_code from app.countries')).rows.length;
    await openProducts('en');
    for (const [lang, locale] of [
      ['en', 'en-GB'],
      ['de', 'de-DE'],
    ] as const) {
      await s.page.goto(`${s.server.url}/${lang}/products/product_list`);
      await expect.poll(async () => (await optionTexts('country_of_origin')).length).toBe(countries + 1);
      const [empty, ...names] = await optionTexts('country_of_origin');
      expect(empty).toBe(lang === 'en' ? '(empty)' : '(leer)');
      expect(names).toEqual([...names].sort(new Intl.Collator(locale, { numeric: true }).compare));
      // By name, not by code: the codes of the list are not in order.
      await openChoices('country_of_origin');
      const codes = await choiceList('country_of_origin').evaluateAll((els) => els.slice(1).map((e) => e.getAttribute('data-value')!));
      await closeChoices();
      expect(codes).not.toEqual([...codes].sort());
    }
    // The select editor lists them the same way ('Deutschland (DE)').
    const [key] = await rowKeys(1);
    await cell(key!, 'country_of_origin').dblclick();
    const editor = cell(key!, 'country_of_origin').locator('select');
    await expect.poll(() => editor.count()).toBe(1);
    const labels = (await editor.locator('option').allInnerTexts()).filter((t) => t !== '');
    expect(labels.length).toBe(countries);
    expect(labels).toEqual([...labels].sort(new Intl.Collator('de-DE', { numeric: true }).compare));
  });

  it('filters the products without a brand in memory (client row model), through a reload', async () => {
    // In memory once the whole source and the client model's code have come.
    const whole = s.page.waitForResponse((r) => r.url().endsWith('/rpc/api_action') && ((r.request().postDataJSON() as { payload?: { endRow?: number } }).payload?.endRow ?? 0) > 1000);
    const code = s.page.waitForResponse((r) => /\/clientRows-[^/]*\.js$/.test(r.url()));
    await openProducts();
    expect(await rowCount()).toBeLessThanOrEqual(2000);
    await Promise.all([whole, code]);
    await expect.poll(() => grid().getAttribute('data-row-model')).toBe('client');
    const models = recordFilters();
    const expected = await pickBrandless();
    expect(models.filter((m) => 'brand_id' in m)).toEqual([]);
    await keptAfterReload(expected);
  });

  it('filters the products without a brand on the server row model, through a reload', async () => {
    await s.server.db.query(
      `insert into app.products (product_code, company_code, product_name, brand_id, min_margin, exp_margin)
       select 'CX-' || lpad(i::text, 4, '0'), 'SK01', jsonb_build_object('en', 'Choice ' || i), (select min(brand_id) from app.brands), 10, 20
       from generate_series(1, 600) as i`,
    );
    await openProducts();
    expect(await rowCount()).toBeGreaterThan(2000);
    const models = recordFilters();
    const expected = await pickBrandless();
    expect(models).toContainEqual({ brand_id: { filterType: 'set', values: [null] } });
    await keptAfterReload(expected);
  });
});
