/**
 * The master-detail panel and the grid state as a user meets them (issue 19 points 3, 7,
 * 8, 12): the panel names and follows the active row's product (Ctrl+End, paste…), an edit
 * in it lands on that product; closed, it stays closed until the user opens it again, and
 * the focus comes back to the grid; the product's history holds its detail forms' edits;
 * filters cleared right before a language switch stay cleared.
 */
import type { Json } from '../api/harness.ts';
import { beforeEach, describe, expect, it } from 'vitest';
import { browserSuite } from './browser.ts';
import { gridPage } from './gridPage.ts';

const s = browserSuite({ width: 1600, height: 1000 });

beforeEach(async () => {
  await s.server.db.query('delete from app.user_grid_states');
});

const { grid, bodyRows, cell, rowKeys, focused, paste, tool, openProducts } = gridPage(
  () => s.page,
  () => s.server,
);

// The rows the grid holds (aria-rowcount less the header rows), not the window it draws: a
// language's longer words change the toolbar's height and so how many rows are drawn.
const rowTotal = async () => Number(await grid().getAttribute('aria-rowcount'));
const filterInput = (field: string) => grid().locator(`[data-filter-field="${field}"] input`);
const savedFilters = async () => (await s.server.db.query<{ state: Json }>(`select state from app.user_grid_states where form = 'product_list'`)).rows[0]?.state?.columnFilters ?? null;

describe('grid state and language', () => {
  it.each([
    ['after the filter applied', false],
    ["within the filter input's pause", true],
  ])('keeps filters cleared right before a language switch (in the new language and after a reload): %s', async (_, quick) => {
    await openProducts();
    const all = await rowTotal();
    await filterInput('product_code').fill('P00001');
    await expect.poll(rowTotal).toBeLessThan(all);
    // The filter is saved (800 ms after the change).
    await expect.poll(savedFilters, { timeout: 5_000 }).not.toBeNull();
    expect(JSON.stringify(await savedFilters())).toContain('P00001');

    // Cleared, and the language switched at once (well within the state's save delay).
    await filterInput('product_code').fill('');
    if (!quick) await expect.poll(rowTotal).toBe(all);
    // A user's click on the language menu takes the focus from the filter input first.
    else await s.page.locator('select.language-select').focus();
    await s.page.locator('select.language-select').selectOption('de');
    await s.page.waitForURL((u) => u.pathname.startsWith('/de/'));
    await expect.poll(() => bodyRows().count()).toBeGreaterThan(5);
    // Still cleared in the new language…
    expect(await filterInput('product_code').inputValue()).toBe('');
    await expect.poll(rowTotal).toBe(all);
    // …and after a reload.
    await expect.poll(async () => JSON.stringify(await savedFilters()), { timeout: 5_000 }).not.toContain('P00001');
    await s.page.reload();
    await expect.poll(() => bodyRows().count()).toBeGreaterThan(5);
    expect(await filterInput('product_code').inputValue()).toBe('');
    await expect.poll(rowTotal).toBe(all);
  });

  /** Opens the product list with a saved state (a descending code sort) whose answer waits for the returned release. */
  async function openWithStateHeld(): Promise<() => void> {
    await s.server.db.query(
      `insert into app.user_grid_states (user_id, form, state)
       select user_id, 'product_list', '{"v":1,"sort":[{"colId":"product_code","sort":"desc"}]}'::jsonb from app.users where user_email = 'admin@example.com'`,
    );
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await s.page.route('**/rpc/api_action', async (route) => {
      const body = route.request().postDataJSON() as { entity?: string; action?: string };
      if (body.entity === 'grid_state' && body.action === 'list') await held;
      await route.fallback();
    });
    const { signIn } = await import('./browser.ts');
    await signIn(s.page, s.server.url, 'admin@example.com');
    await s.page.goto(`${s.server.url}/en/products/product_list`);
    return release;
  }

  it('keeps a filter typed before the saved state arrived, applied on it', async () => {
    // A saved state with a sort, answered late: the user types a filter meanwhile.
    const release = await openWithStateHeld();
    await filterInput('product_code').fill('P00001');
    await filterInput('product_code').press('Enter');
    release();
    // The restored sort and the typed filter, both: P000019 first (descending), every row a match.
    await expect.poll(() => rowKeys(1)).toEqual(['P000019']);
    expect(await filterInput('product_code').inputValue()).toBe('P00001');
    expect((await bodyRows().evaluateAll((rs) => rs.map((r) => r.getAttribute('data-key')))).every((k) => k!.startsWith('P00001'))).toBe(true);
  });

  it('keeps the focus and the keys of a user typing in a filter while the saved state arrives', async () => {
    const release = await openWithStateHeld();
    await filterInput('product_code').click();
    await s.page.keyboard.type('P000');
    // The saved state arrives within the filter's pause; the user goes on typing.
    release();
    await expect.poll(() => bodyRows().count()).toBeGreaterThan(0);
    await s.page.keyboard.type('01');
    expect(await filterInput('product_code').inputValue()).toBe('P00001');
    expect(await filterInput('product_code').evaluate((el) => el === document.activeElement)).toBe(true);
    await expect.poll(() => rowKeys(1)).toEqual(['P000019']);
    expect((await bodyRows().evaluateAll((rs) => rs.map((r) => r.getAttribute('data-key')))).every((k) => k!.startsWith('P00001'))).toBe(true);
  });
});

const panel = () => s.page.locator('.grid-detail');
const panelTitle = () => panel().locator('.grid-detail-product');
const detailGrid = (form: string) => panel().locator(`.screen-grid[data-form="${form}"]`);
const detailKeys = (form: string) =>
  detailGrid(form)
    .locator('[role=row][data-key]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-key')));
const productName = async (code: string) => (await s.server.db.query<{ n: string }>(`select product_name->>'en' as n from app.products where product_code = $1`, [code])).rows[0]!.n;
/** The product codes of the grid's query (SK01, by code) from the first. */
const codes = async () => (await s.server.db.query<{ c: string }>(`select product_code as c from app.products where company_code = 'SK01' order by product_code`)).rows.map((r) => r.c);
const translationKeys = (code: string) => ['en', 'de', 'hu', 'sk', 'ro', 'cs', 'bg'].map((l) => JSON.stringify([code, l]));

describe('the details panel follows the active row', () => {
  it('names the product it shows, follows Ctrl+End to the last row (not loaded yet), and an edit there lands on that product', async () => {
    // More rows than the grid keeps in memory: the last row is fetched after Ctrl+End.
    await s.server.db.query(
      `insert into app.products (product_code, company_code, product_name)
       select 'Z-BULK-' || lpad(n::text, 5, '0'), 'SK01', jsonb_build_object('en', 'Bulk ' || n) from generate_series(1, 2500) n`,
    );
    try {
      await ctrlEnd();
    } finally {
      await s.server.db.query(`delete from app.products where product_code like 'Z-BULK-%'`);
    }
  });

  async function ctrlEnd() {
    await openProducts();
    const [first] = await rowKeys(1);
    await cell(first!, 'product_name').click();
    await panel().getByRole('tab', { name: 'Translations' }).click();
    await expect.poll(async () => (await detailKeys('product_translations')).sort()).toEqual(translationKeys(first!).sort());
    expect(await panelTitle().innerText()).toBe(`${first} · ${await productName(first!)}`);

    await cell(first!, 'product_name').click();
    await s.page.keyboard.press('Control+End');
    const last = (await codes()).at(-1)!;
    await expect.poll(async () => (await focused())[0], { timeout: 10_000 }).toBe(last);
    await expect.poll(async () => (await detailKeys('product_translations')).sort(), { timeout: 5_000 }).toEqual(translationKeys(last).sort());
    expect(await panelTitle().innerText()).toBe(`${last} · ${await productName(last)}`);

    // An edit in the panel changes the product it names.
    const de = detailGrid('product_translations').locator(`[role=row][data-key='${JSON.stringify([last, 'de'])}'] [role=gridcell][data-field="product_name"]`);
    await de.dblclick();
    await de.locator('input').fill('Letztes Produkt');
    await s.page.keyboard.press('Enter');
    await expect.poll(async () => (await s.server.db.query<{ n: string }>(`select product_name->>'de' as n from app.products where product_code = $1`, [last])).rows[0]!.n).toBe('Letztes Produkt');
    expect((await s.server.db.query<{ n: string }>(`select product_name->>'de' as n from app.products where product_code = $1`, [first])).rows[0]!.n).not.toBe('Letztes Produkt');
  }

  it('follows a paste to the row it ends on, a click at once, a key after its pause', async () => {
    await openProducts();
    const [a, b, c] = await rowKeys(3);
    await cell(a!, 'exp_margin').click();
    await panel().getByRole('tab', { name: 'Translations' }).click();
    await expect.poll(async () => (await detailKeys('product_translations')).sort()).toEqual(translationKeys(a!).sort());
    await cell(a!, 'exp_margin').click();
    await paste('21\n22\n23');
    // The block's last row is the active one: the panel shows and names it.
    await expect.poll(async () => (await detailKeys('product_translations')).sort()).toEqual(translationKeys(c!).sort());
    expect(await panelTitle().innerText()).toBe(`${c} · ${await productName(c!)}`);
    await cell(b!, 'product_name').click();
    await expect.poll(async () => (await detailKeys('product_translations')).sort()).toEqual(translationKeys(b!).sort());
    expect(await panelTitle().innerText()).toBe(`${b} · ${await productName(b!)}`);
    // A keyboard move: after its short pause.
    await s.page.keyboard.press('ArrowDown');
    await expect.poll(() => panelTitle().innerText()).toBe(`${c} · ${await productName(c!)}`);
    await expect.poll(async () => (await detailKeys('product_translations')).sort()).toEqual(translationKeys(c!).sort());
  });
});

describe('closing the details panel', () => {
  it('stays closed on clicks after ×, the focus back on the active cell; the toolbar button opens it again', async () => {
    await openProducts();
    const [a, b] = await rowKeys(2);
    await cell(a!, 'product_name').click();
    await expect.poll(() => panel().count()).toBe(1);
    await panel().locator('.grid-detail-close').click();
    await expect.poll(() => panel().count()).toBe(0);
    await expect.poll(focused).toEqual([a, 'product_name']);
    // The grid's keys work at once.
    await s.page.keyboard.press('ArrowDown');
    await expect.poll(focused).toEqual([b, 'product_name']);
    // A press opens the panel in the render that makes its cell active (masterDetail `onCellPress`): with each
    // cell focused (an effect after that render), a panel opened by it would be there.
    await cell(a!, 'exp_margin').click();
    await expect.poll(focused).toEqual([a, 'exp_margin']);
    await cell(b!, 'product_name').click();
    await expect.poll(focused).toEqual([b, 'product_name']);
    expect(await panel().count()).toBe(0);
    // Reopened on purpose, it shows the active row.
    const toggle = tool('button.grid-details-toggle');
    expect(await toggle.getAttribute('aria-pressed')).toBe('false');
    await toggle.click();
    await expect.poll(() => panelTitle().innerText()).toContain(b!);
    expect(await toggle.getAttribute('aria-pressed')).toBe('true');
    // Closed with the toolbar button too.
    await toggle.click();
    await expect.poll(() => panel().count()).toBe(0);
  });

  it('gives the focus back to the active cell after Delete clears cells and after rows are deleted', async () => {
    await openProducts();
    const [a] = await rowKeys(1);
    await cell(a!, 'supplier_product_code').click();
    await s.page.keyboard.press('Delete');
    await expect.poll(async () => (await s.server.db.query<{ v: string | null }>('select supplier_product_code as v from app.products where product_code = $1', [a])).rows[0]!.v).toBeNull();
    await expect.poll(focused).toEqual([a, 'supplier_product_code']);

    // A new product to delete through the toolbar's Delete and its question.
    await s.server.db.query(`insert into app.products (product_code, company_code, product_name) values ('0-DEL-ME', 'SK01', '{"en": "Delete me"}')`);
    await tool('button.grid-refresh').click();
    await expect.poll(() => cell('0-DEL-ME', 'product_name').count()).toBe(1);
    await grid().locator(`[role=row][data-key="0-DEL-ME"] [role=gridcell]`).first().click();
    await cell('0-DEL-ME', 'product_name').click();
    await tool('button.grid-delete').click();
    await s.page.locator('.dialog[role=dialog] .dialog-buttons button').last().click();
    await expect.poll(async () => (await s.server.db.query('select 1 from app.products where product_code = $1', ['0-DEL-ME'])).rows.length).toBe(0);
    await expect.poll(() => cell('0-DEL-ME', 'product_name').count()).toBe(0);
    await expect.poll(async () => (await focused())[1]).toBe('product_name');
  });
});

describe('change history of a product', () => {
  it('shows an edit made in its Translations tab', async () => {
    await openProducts();
    const [a] = await rowKeys(1);
    await cell(a!, 'product_name').click();
    await panel().getByRole('tab', { name: 'Translations' }).click();
    const de = detailGrid('product_translations').locator(`[role=row][data-key='${JSON.stringify([a, 'de'])}'] [role=gridcell][data-field="description_short"]`);
    await de.dblclick();
    await de.locator('input, textarea').first().fill('Kurz und gut');
    await s.page.keyboard.press('Enter');
    const logged = async () =>
      (
        await s.server.db.query<{ log_id: number }>(`select log_id::int as log_id from app.product_change_log where entity_name = 'product_translations' and entity_id = $1 order by log_id desc`, [
          `${a}/de`,
        ])
      ).rows[0]?.log_id;
    await expect.poll(logged).toBeTruthy();
    await panel().getByRole('tab', { name: 'Change history' }).click();
    const entry = detailGrid('product_changes').locator(`[role=row][data-key="${await logged()}"]`);
    await expect.poll(() => entry.count()).toBe(1);
    await expect.poll(() => entry.locator('[data-field="entity_name"]').innerText()).toBe('Translations');
    await expect.poll(() => entry.locator('[data-field="changes"]').innerText()).toContain('Kurz und gut');
  });
});
