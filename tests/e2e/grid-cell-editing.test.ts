/**
 * Inline cell editing habits found by exploratory testing: a money editor in another view
 * currency edits the amount shown, in that currency, and says what it stores; select editors move with keys and commit on
 * Enter/Tab/leave/pointer pick, Esc cancels; number editors check the column's rules
 * like the Fill dialog and open in the UI language's decimal separator; focus returns to
 * the grid after Fill (Ctrl+Z undoes it); a new sort or filter clears the cell range.
 */
import type { Locator, Request } from 'playwright';
import { beforeEach, describe, expect, it } from 'vitest';
import { browserSuite, signIn } from './browser.ts';
import { gridPage } from './gridPage.ts';

const t = browserSuite({ width: 1600, height: 900 });

beforeEach(async () => {
  // Each test starts from the descriptor's layout (sorts and filters are saved per user).
  await t.server.db.query('delete from app.user_grid_states');
});

const { grid, header, bodyRows, row, cell, tool, rowKeys, focused, viewDrawn, product, openProducts } = gridPage(
  () => t.page,
  () => t.server,
);

/** The product list's set calls. */
function recordSets() {
  const calls: unknown[] = [];
  t.page.on('request', (r: Request) => {
    if (!r.url().endsWith('/rpc/api_action')) return;
    const body = r.postDataJSON() as { entity: string; action: string };
    if (body.entity === 'product_list' && body.action === 'set') calls.push(body);
  });
  return calls;
}

/**
 * Where an editor's message is drawn: under or above its cell, whether it is the topmost
 * thing at its centre (not hidden by the next row), and whether it is inside the viewport.
 */
function drawn(message: Locator) {
  return message.evaluate((el: HTMLElement) => {
    const r = el.getBoundingClientRect();
    const cellBox = el.closest('[role=gridcell]')!.getBoundingClientRect();
    const viewport = el.closest('.grid-viewport')!.getBoundingClientRect();
    el.style.pointerEvents = 'auto'; // hit testing skips it otherwise
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    el.style.pointerEvents = '';
    return {
      side: r.top >= cellBox.bottom ? 'below' : r.bottom <= cellBox.top ? 'above' : 'over',
      onTop: !!hit && el.contains(hit),
      fits: r.height > 8 && r.top >= viewport.top && r.bottom <= viewport.bottom,
    };
  });
}

/** product_list in a HUF view; its first product's EUR price set to 53.99 and shown converted. */
async function firstProductInHuf(): Promise<string> {
  await openProducts();
  await t.page.getByRole('combobox', { name: 'Currency' }).selectOption('HUF');
  const [k1] = await rowKeys(1);
  await t.server.db.query('update app.products set selling_price_shop = 53.99 where product_code = $1', [k1!]);
  await t.page.reload();
  await expect.poll(() => cell(k1!, 'selling_price_shop').innerText()).toMatch(/HUF|Ft/);
  return k1!;
}

describe('ScreenGrid cell editing', () => {
  it('edits a money amount shown in another view currency in that currency, says what it stores, and stores it converted back', async () => {
    const k1 = await firstProductInHuf();
    const rate = Number((await t.server.db.query<{ rate: string }>(`select rate from app.company_currency_rates where company_code = 'SK01' and currency_code = 'HUF'`)).rows[0]!.rate);
    await cell(k1!, 'selling_price_shop').dblclick();
    const input = cell(k1!, 'selling_price_shop').locator('input');
    await expect.poll(() => input.count()).toBe(1);
    // The amount shown, in the currency shown, which the editor names.
    expect(await input.inputValue()).toBe(String(Math.round(53.99 / rate)));
    expect(await cell(k1!, 'selling_price_shop').locator('.cell-editor-unit').innerText()).toBe('HUF');
    expect(await input.getAttribute('aria-label')).toContain('HUF');
    expect(await input.getAttribute('title')).toContain('HUF');
    await input.fill('22000');
    // What it will store, in the stored currency, before it does: 22,000 Ft in euros to 4 decimals.
    const stored = Math.round(22000 * rate * 1e4) / 1e4;
    await expect.poll(() => cell(k1!, 'selling_price_shop').locator('.cell-editor-note').innerText()).toBe(`= €${stored}`);
    await t.page.keyboard.press('Enter');
    await expect.poll(async () => Number((await product(k1!)).selling_price_shop)).toBe(stored);
    await expect.poll(async () => (await cell(k1!, 'selling_price_shop').innerText()).replace(/\s/g, ' ').trim()).toBe('HUF 22,000');
    await t.page.getByRole('combobox', { name: 'Currency' }).selectOption('EUR');
  });

  it('filters money by the amounts shown in the view currency, and totals it in that currency', async () => {
    const k1 = await firstProductInHuf();
    const shownText = (await cell(k1!, 'selling_price_shop').innerText()).trim();
    const shownNumber = shownText.replace(/[^\d.,]/g, '').replace(/,/g, '');
    // '= the shown number' keeps the rows showing that amount (the stored EUR amounts differ).
    const prices = async () => new Set((await bodyRows().locator('[role=gridcell][data-field="selling_price_shop"]').allInnerTexts()).map((x) => x.trim()));
    await grid().locator('[data-filter-field="selling_price_shop"] input').fill(shownNumber);
    await expect.poll(prices).toEqual(new Set([shownText]));
    expect(await row(k1!).count()).toBe(1);
    // '>' the shown number: no row showing it or less.
    await grid().locator('[data-filter-field="selling_price_shop"] input').fill(`>${shownNumber}`);
    await expect.poll(async () => [...(await prices())].every((x) => Number(x.replace(/[^\d.]/g, '')) > Number(shownNumber))).toBe(true);
    expect((await prices()).size).toBeGreaterThan(0);
    expect(await row(k1!).count()).toBe(0);
    // Another view currency carries the filter into it: the same rows stay.
    const filterInput = grid().locator('[data-filter-field="selling_price_shop"] input');
    await t.page.getByRole('combobox', { name: 'Currency' }).selectOption('EUR');
    await expect.poll(() => filterInput.inputValue()).toMatch(/^>5[34]\.\d\d$/);
    await expect.poll(async () => [...(await prices())].every((x) => x.includes('€'))).toBe(true);
    expect(await row(k1!).count()).toBe(0);
    await t.page.getByRole('combobox', { name: 'Currency' }).selectOption('HUF');
    await expect.poll(() => filterInput.inputValue()).toMatch(/^>\d+(\.\d+)?$/);
    expect(Math.abs(Number((await filterInput.inputValue()).slice(1)) - Number(shownNumber))).toBeLessThan(1);
    // The totals row shows the view currency like the cells.
    await tool('button.grid-columns').click();
    await t.page.locator('.grid-chooser-totals input').check();
    await t.page.keyboard.press('Escape');
    const total = grid().locator('.grid-totals [role=gridcell][data-field="selling_price_shop"] .grid-totals-value');
    await expect.poll(() => total.innerText()).toMatch(/HUF|Ft/);
    await grid().locator('[data-filter-field="selling_price_shop"] input').fill('');
    await t.page.getByRole('combobox', { name: 'Currency' }).selectOption('EUR');
    await expect.poll(() => total.innerText()).toMatch(/€|EUR/);
  });

  it('keeps a money filter on the same rows when the grid is opened again in another view currency', async () => {
    const k1 = await firstProductInHuf();
    const shownNumber = (await cell(k1, 'selling_price_shop').innerText()).replace(/[^\d.,]/g, '').replace(/,/g, '');
    const filterInput = grid().locator('[data-filter-field="selling_price_shop"] input');
    await filterInput.fill(`>${shownNumber}`);
    await expect.poll(() => row(k1).count()).toBe(0);
    // The rows drawn once settled, in row order: a new view draws the rows in view first and its overscan a frame later
    // (a page load's first view draws as many as a window-high grid shows; a filter's, as many as the grid's own height).
    const shownRows = async () => {
      await expect.poll(viewDrawn).toBe(true);
      const rows = await bodyRows().evaluateAll((rs) => rs.map((r) => [Number(r.getAttribute('aria-rowindex')), r.getAttribute('data-key')] as const));
      return rows.sort((a, b) => a[0] - b[0]).map(([, key]) => key);
    };
    const before = await shownRows();
    expect(before.length).toBeGreaterThan(0);
    // Saved with the currency it was typed in.
    await expect
      .poll(async () => (await t.server.db.query<{ state: { currency?: string } }>(`select state from app.user_grid_states where form = 'product_list'`)).rows[0]?.state.currency, { timeout: 5000 })
      .toBe('HUF');
    // Another screen, the view currency switched there, then back.
    await t.page.goto(`${t.server.url}/en/products/brands`);
    await t.page.getByRole('combobox', { name: 'Currency' }).selectOption('EUR');
    await t.page.goto(`${t.server.url}/en/products/product_list`);
    await expect.poll(() => filterInput.inputValue()).toMatch(/^>5[34]\.\d\d$/);
    await expect.poll(async () => [...(await bodyRows().locator('[role=gridcell][data-field="selling_price_shop"]').allInnerTexts())].every((x) => x.includes('€'))).toBe(true);
    expect(await row(k1).count()).toBe(0);
    const after = await shownRows();
    expect(after.length).toBeGreaterThanOrEqual(before.length);
    expect(after.slice(0, before.length)).toEqual(before);
  });

  it('empties a range with Delete in one save (undone together), read-only cells left; Backspace edits the cell emptied; Ctrl+X cuts', async () => {
    await openProducts();
    const [k1, k2, k3] = await rowKeys(3);
    const codes = async () => Promise.all([k1!, k2!].map(async (k) => (await product(k)).supplier_product_code ?? null));
    const before = await codes();
    expect(before.every((c) => c)).toBe(true);
    const sets = recordSets();
    // Code (read-only: left as it is), name and supplier code of two rows: one save.
    await cell(k1!, 'product_code').click();
    await cell(k2!, 'supplier_product_code').click({ modifiers: ['Shift'] });
    await t.page.keyboard.press('Delete');
    await expect.poll(codes).toEqual([null, null]);
    await expect.poll(() => sets.length).toBe(1);
    // The name, emptied in the language shown, keeps its other languages (required in at least one).
    expect(Object.values((await product(k1!)).product_name as Record<string, string>).some((x) => x)).toBe(true);
    // One undo brings both back.
    await t.page.keyboard.press('Control+z');
    await expect.poll(codes).toEqual(before);

    // Backspace: the editor opens empty.
    await cell(k3!, 'supplier_product_code').click();
    await t.page.keyboard.press('Backspace');
    const input = cell(k3!, 'supplier_product_code').locator('input');
    await expect.poll(() => input.count()).toBe(1);
    expect(await input.inputValue()).toBe('');
    await t.page.keyboard.press('Escape');
    await expect.poll(() => input.count()).toBe(0);

    // Ctrl+X: the text on the clipboard, the cell emptied.
    const code3 = (await product(k3!)).supplier_product_code;
    await t.page.keyboard.press('Control+x');
    await expect.poll(async () => (await product(k3!)).supplier_product_code ?? null).toBeNull();
    expect(await t.page.locator('textarea.grid-clipboard').first().inputValue()).toBe(code3);
  });

  it('moves a select editor with keys without saving; Esc cancels, Enter and leaving commit, a pointer pick commits', async () => {
    await openProducts();
    const [k1, k2] = await rowKeys(2);
    const sets = recordSets();
    const brandCell = cell(k1!, 'brand_id');
    const select = brandCell.locator('select');
    const open = async () => {
      await brandCell.dblclick();
      await expect.poll(() => select.count()).toBe(1);
      // Wait for the options (the brands lookup).
      await expect.poll(() => select.evaluate((s: HTMLSelectElement) => s.options.length)).toBeGreaterThan(3);
    };
    /** A key that moves the choice (down, or up from the last option). */
    const moveKey = () => select.evaluate((s: HTMLSelectElement) => (s.selectedIndex < s.options.length - 1 ? 'ArrowDown' : 'ArrowUp'));
    const before = (await product(k1!)).brand_id;

    // ArrowDown moves the choice only; Esc cancels. The key's change event has been handled once the choice shows
    // moved (the select is controlled: a change not taken would be put back); a commit then would have closed the
    // editor and counted its save on the grid (data-saving) in that same render.
    await open();
    const first = await select.evaluate((s: HTMLSelectElement) => s.selectedIndex);
    await t.page.keyboard.press(await moveKey());
    await expect.poll(() => select.evaluate((s: HTMLSelectElement) => s.selectedIndex)).not.toBe(first);
    expect(await select.count()).toBe(1);
    expect(await grid().getAttribute('data-saving')).toBeNull();
    expect(sets).toHaveLength(0);
    // Esc closes the editor; a save it made would be on its way in that render: waited for, the server's value checked.
    await t.page.keyboard.press('Escape');
    await expect.poll(() => select.count()).toBe(0);
    await expect.poll(() => grid().getAttribute('data-saving')).toBeNull();
    expect(sets).toHaveLength(0);
    expect((await product(k1!)).brand_id).toBe(before);
    await expect.poll(focused).toEqual([k1, 'brand_id']);

    // Keys, then Enter: the choice is saved.
    await open();
    await t.page.keyboard.press(await moveKey());
    const chosen = await select.evaluate((s: HTMLSelectElement) => s.options[s.selectedIndex]!.text);
    await t.page.keyboard.press('Enter');
    await expect.poll(() => select.count()).toBe(0);
    await expect.poll(async () => (await product(k1!)).brand_id).not.toBe(before);
    await expect.poll(() => brandCell.innerText()).toBe(chosen);
    const second = (await product(k1!)).brand_id;

    // Keys, then leaving the editor (a click elsewhere): the changed choice is saved.
    await open();
    await t.page.keyboard.press(await moveKey());
    await cell(k2!, 'product_code').click();
    await expect.poll(() => select.count()).toBe(0);
    await expect.poll(async () => (await product(k1!)).brand_id).not.toBe(second);
    const third = (await product(k1!)).brand_id;

    // A pick from the list (no key): saved at once.
    await open();
    const pick = await select.evaluate((s: HTMLSelectElement) => {
      const i = s.selectedIndex > 1 ? 1 : s.options.length - 1;
      return { value: s.options[i]!.value, text: s.options[i]!.text };
    });
    await select.selectOption(pick.value);
    await expect.poll(() => select.count()).toBe(0);
    await expect.poll(async () => (await product(k1!)).brand_id).not.toBe(third);
    await expect.poll(() => brandCell.innerText()).toBe(pick.text);
  });

  it('checks a typed number against the column like the Fill dialog: flagged inline, the editor stays with the text, Esc cancels', async () => {
    await openProducts();
    const [k1] = await rowKeys(1);
    const before = (await product(k1!)).min_margin;
    const sets = recordSets();
    await cell(k1!, 'min_margin').dblclick();
    const input = cell(k1!, 'min_margin').locator('input');
    await input.fill('2000');
    await t.page.keyboard.press('Enter');
    await expect.poll(() => input.getAttribute('aria-invalid')).toBe('true');
    expect(await input.inputValue()).toBe('2000');
    // Enter was handled (flagged); a save it made would be on its way (data-saving) until answered: none, nothing sent.
    await expect.poll(() => grid().getAttribute('data-saving')).toBeNull();
    expect(sets).toHaveLength(0);
    expect(await t.page.locator('.toast-danger').count()).toBe(0);
    expect((await product(k1!)).min_margin).toBe(before);
    // The same message as the Fill dialog's, read out and drawn under the cell, over the row below.
    const message = cell(k1!, 'min_margin').locator('[role=alert]');
    expect(await message.innerText()).toBe('Must be at most 1,000');
    expect(await input.getAttribute('aria-describedby')).toBe(await message.getAttribute('id'));
    expect(await drawn(message)).toEqual({ side: 'below', onTop: true, fits: true });
    // Typing clears the flag; Esc cancels, nothing saved.
    await input.fill('20000');
    expect(await input.getAttribute('aria-invalid')).toBeNull();
    expect(await message.count()).toBe(0);
    await t.page.keyboard.press('Escape');
    await expect.poll(() => input.count()).toBe(0);
    expect((await product(k1!)).min_margin).toBe(before);
    expect(sets).toHaveLength(0);
    // A valid value still saves.
    await t.page.keyboard.press('Enter');
    await input.fill('999');
    await t.page.keyboard.press('Enter');
    await expect.poll(async () => (await product(k1!)).min_margin).toBe(999);
  });

  it("draws an editor's message above a cell at the bottom of the view, where there is no room below", async () => {
    await openProducts();
    const key = await grid().evaluate((viewport) => {
      const bottom = viewport.getBoundingClientRect().top + viewport.clientHeight;
      const rows = [...viewport.querySelectorAll<HTMLElement>('.grid-body > [role=row][data-key]')].filter((r) => r.getBoundingClientRect().bottom <= bottom);
      rows.sort((a, b) => a.getBoundingClientRect().bottom - b.getBoundingClientRect().bottom);
      return rows[rows.length - 1]!.dataset.key!;
    });
    await cell(key, 'min_margin').dblclick();
    const input = cell(key, 'min_margin').locator('input');
    await input.fill('2000');
    await t.page.keyboard.press('Enter');
    const message = cell(key, 'min_margin').locator('[role=alert]');
    await expect.poll(() => message.count()).toBe(1);
    expect(await drawn(message)).toEqual({ side: 'above', onTop: true, fits: true });
    await t.page.keyboard.press('Escape');
  });

  it('keeps every key typed while the code of an editor is still loading, and the Enter pressed then', async () => {
    await openProducts();
    const [k1, k2] = await rowKeys(2);
    // Hold back every script loaded from now on (the editors' chunks) until the keys and the Enter are typed.
    let release!: () => void;
    const typed = new Promise<void>((r) => (release = r));
    const held: string[] = [];
    await t.page.route(/\/assets\/.*\.js$/, async (r) => {
      held.push(r.request().url());
      await typed;
      // A script still held when the route is removed below was let through by Playwright then.
      await r.continue().catch(() => {});
    });
    await cell(k1!, 'supplier_product_code').click();
    // The focused grid asks for the editing code (GridView `preloadEditing`): it is on its way, held.
    await expect.poll(() => held.length).toBeGreaterThan(0);
    await t.page.keyboard.type('NEW-123', { delay: 40 });
    await t.page.keyboard.press('Enter');
    release();
    await expect.poll(async () => (await product(k1!)).supplier_product_code, { timeout: 5000 }).toBe('NEW-123');
    // The number editor (the same chunk, loaded now) and a typed decimal, as English writes it.
    await cell(k2!, 'weight').click();
    await t.page.keyboard.type('2.75', { delay: 40 });
    await t.page.keyboard.press('Enter');
    await expect.poll(async () => Number((await product(k2!)).weight), { timeout: 5000 }).toBe(2.75);
    await t.page.unroute(/\/assets\/.*\.js$/);
  });

  it('keeps an edit made in another company on the undo stack until the user is back there', async () => {
    await openProducts();
    const [k1] = await rowKeys(1);
    const before = Number((await product(k1!)).min_margin);
    const target = before === 7 ? 8 : 7;
    await cell(k1!, 'min_margin').dblclick();
    await cell(k1!, 'min_margin').locator('input').fill(String(target));
    await t.page.keyboard.press('Enter');
    await expect.poll(async () => Number((await product(k1!)).min_margin)).toBe(target);
    const company = t.page.getByRole('combobox', { name: 'Company' });
    await company.selectOption('HU01');
    await expect.poll(() => row(k1!).count()).toBe(0);
    await expect.poll(() => bodyRows().count()).toBeGreaterThan(1);
    await bodyRows().first().locator('[role=gridcell]').nth(2).click();
    await t.page.keyboard.press('Control+z');
    await expect.poll(() => t.page.locator('.toast-info .toast-text').allInnerTexts()).toContain('The last change was made in another company: switch back to it to undo it.');
    expect(Number((await product(k1!)).min_margin)).toBe(target);
    await company.selectOption('SK01');
    await expect.poll(() => row(k1!).count()).toBe(1);
    await cell(k1!, 'product_code').click();
    await t.page.keyboard.press('Control+z');
    await expect.poll(async () => Number((await product(k1!)).min_margin)).toBe(before);
  });

  it('sorts a looked-up column by the names it shows (the rows held in the browser and the server alike)', async () => {
    await openProducts();
    await header('brand_id').locator('.grid-sort').click();
    await expect.poll(() => header('brand_id').getAttribute('aria-sort')).toBe('ascending');
    const want = (
      await t.server.db.query<{ n: string | null }>(
        `select b.brand_name as n from app.products p left join app.brands b on b.brand_id = p.brand_id where p.company_code = 'SK01' order by b.brand_name, p.product_code limit 12`,
      )
    ).rows.map((r) => r.n ?? '');
    const shown = async () => (await bodyRows().locator('[role=gridcell][data-field="brand_id"]').allInnerTexts()).slice(0, 12).map((x) => x.trim());
    await expect.poll(shown).toEqual(want);
  });

  it('checks typed tags against the column as number editors do: a too-long tag list stays in its editor, flagged, nothing saved', async () => {
    await signIn(t.page, t.server.url, 'admin@example.com');
    await t.page.goto(`${t.server.url}/en/shops/banners`);
    const [k1] = await rowKeys(1);
    const before = (await t.server.db.query('select tags from app.banners where banner_id = $1', [k1])).rows[0];
    // 67 distinct tags typed as 200 characters are stored as 'a0, a1, …': 266 characters, over the column's 200.
    const typed = Array.from({ length: 67 }, (_, i) => `${'abcdefghij'[Math.floor(i / 10)]}${i % 10}`).join(',');
    expect(typed).toHaveLength(200);
    await cell(k1!, 'tags').dblclick();
    const input = cell(k1!, 'tags').locator('input');
    await input.fill(typed);
    await t.page.keyboard.press('Enter');
    await expect.poll(() => input.getAttribute('aria-invalid')).toBe('true');
    expect(await cell(k1!, 'tags').locator('[role=alert]').innerText()).toBe('At most 200 characters');
    expect(await input.inputValue()).toBe(typed);
    await t.page.keyboard.press('Escape');
    await expect.poll(() => input.count()).toBe(0);
    expect((await t.server.db.query('select tags from app.banners where banner_id = $1', [k1])).rows[0]).toEqual(before);
    expect(await t.page.locator('.toast-danger').count()).toBe(0);
  });

  it('filters dates by a day typed the German way, a comparison or a range; a date that does not exist is flagged', async () => {
    // The demo banners all end on one day: spread them over a few.
    await t.server.db.query(`update app.banners set valid_to = date '2027-01-01' + (banner_id % 4) * 31`);
    await signIn(t.page, t.server.url, 'admin@example.com', 'de');
    await t.page.goto(`${t.server.url}/de/shops/banners`);
    await expect.poll(() => bodyRows().count()).toBeGreaterThan(1);
    const days = (await t.server.db.query<{ d: string }>(`select distinct valid_to::text as d from app.banners where valid_to is not null order by 1`)).rows.map((r) => r.d);
    expect(days.length).toBeGreaterThan(2);
    const keysWhere = async (cond: string, ...args: unknown[]) =>
      (await t.server.db.query<{ k: string }>(`select banner_id::text as k from app.v_banners where company_code = 'SK01' and ${cond} order by 1`, args)).rows.map((r) => r.k);
    const shown = async () => (await bodyRows().evaluateAll((rows) => rows.map((r) => r.getAttribute('data-key')!))).sort();
    const input = grid().locator('[data-filter-field="valid_to"] input');
    expect(await input.getAttribute('placeholder')).toBe('JJJJ-MM-TT');
    const german = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;
    const last = days[days.length - 1]!;
    await input.fill(german(last));
    await expect.poll(shown).toEqual(await keysWhere('valid_to = $1', last));
    await input.fill(`<${german(last)}`);
    await expect.poll(shown).toEqual(await keysWhere('valid_to < $1', last));
    await input.fill(`${days[0]}..${german(last)}`);
    await expect.poll(shown).toEqual(await keysWhere('valid_to between $1 and $2', days[0], last));
    // Not a day: flagged, said not to be applied, and no earlier filter stays behind it.
    await input.fill('31.02.2026');
    await expect.poll(() => input.getAttribute('aria-invalid')).toBe('true');
    expect(await input.getAttribute('title')).toMatch(/^Geben Sie ein Datum/);
    expect(await grid().locator('[data-filter-field="valid_to"] .grid-filter-invalid').innerText()).toBe('Filter nicht angewendet');
    await expect.poll(shown).toEqual(await keysWhere('true'));
  });

  it('opens number editors with the UI language decimal separator (German: 0,69) and reads it back as the same number', async () => {
    await openProducts('de');
    const [k1] = await rowKeys(1);
    await t.server.db.query('update app.products set min_margin = 0.69, selling_price_shop = 53.99 where product_code = $1', [k1]);
    await t.page.reload();
    await expect.poll(() => cell(k1!, 'min_margin').innerText()).toBe('0,69');
    const sets = recordSets();
    await cell(k1!, 'min_margin').dblclick();
    const input = cell(k1!, 'min_margin').locator('input');
    expect(await input.inputValue()).toBe('0,69');
    await t.page.keyboard.press('Enter');
    await expect.poll(() => input.count()).toBe(0);
    await cell(k1!, 'selling_price_shop').dblclick();
    const money = cell(k1!, 'selling_price_shop').locator('input');
    expect(await money.inputValue()).toBe('53,99');
    await money.fill('54,5');
    await t.page.keyboard.press('Enter');
    await expect.poll(async () => Number((await product(k1!)).selling_price_shop)).toBe(54.5);
    expect(Number((await product(k1!)).min_margin)).toBe(0.69);
    // Playwright may hand the request event over after the database already shows the save.
    await expect.poll(() => sets.length).toBe(1);
    // The one save is the price's: the unchanged margin sent nothing (it would have gone first).
    expect(JSON.stringify(sets[0])).toContain('selling_price_shop');
    expect(JSON.stringify(sets[0])).not.toContain('min_margin');
  });

  it('gives the focus back to the active cell after Fill, so Ctrl+Z undoes the fill (not a header filter)', async () => {
    await openProducts();
    const keys = await rowKeys(3);
    const field = 'max_discount_limit_percent';
    const originals = await Promise.all(keys.map(async (k) => (await product(k))[field]));
    const value = originals.includes(7.5) ? 8.5 : 7.5;
    // A header filter typed and cleared: the browser's own undo would bring its text back.
    const codeFilter = grid().getByRole('textbox', { name: 'Product code' });
    await codeFilter.fill('P');
    await codeFilter.fill('');
    await expect.poll(() => bodyRows().count()).toBeGreaterThan(5);
    await cell(keys[0]!, 'min_margin').click();
    await cell(keys[2]!, 'min_margin').click({ modifiers: ['Shift'] });
    await expect.poll(() => grid().locator('.cell-in-range').count()).toBe(3);
    await tool('button.grid-fill').click();
    await t.page.locator('select.grid-fill-column').selectOption(field);
    await t.page.locator('input.grid-fill-value').fill(String(value));
    await t.page.locator('button.grid-fill-apply').click();
    await expect.poll(async () => Promise.all(keys.map(async (k) => (await product(k))[field]))).toEqual([value, value, value]);
    await expect.poll(focused).toEqual([keys[2], 'min_margin']);
    await t.page.keyboard.press('Control+z');
    await expect.poll(async () => Promise.all(keys.map(async (k) => (await product(k))[field]))).toEqual(originals);
    expect(await codeFilter.inputValue()).toBe('');

    // Esc closes the dialog into the grid as well.
    await tool('button.grid-fill').click();
    await expect.poll(() => t.page.locator('input.grid-fill-value').count()).toBe(1);
    await t.page.keyboard.press('Escape');
    await expect.poll(focused).toEqual([keys[2], 'min_margin']);
  });

  it('clears the cell range when the sort or the filter changes the rows', async () => {
    await openProducts();
    const keys = await rowKeys(4);
    const select = async () => {
      await cell(keys[1]!, 'min_margin').click();
      await cell(keys[3]!, 'min_margin').click({ modifiers: ['Shift'] });
      await expect.poll(() => grid().locator('.cell-in-range').count()).toBe(3);
    };
    await select();
    await header('product_code').locator('.grid-sort').click();
    await header('product_code').locator('.grid-sort').click();
    await expect.poll(() => header('product_code').getAttribute('aria-sort')).toBe('descending');
    await expect.poll(() => grid().locator('.cell-in-range').count()).toBe(0);
    // The active cell: the first row, same column.
    await expect.poll(() => grid().locator('[role=row][data-index="0"] .cell-active[data-field="min_margin"]').count()).toBe(1);

    await header('product_code').locator('.grid-sort').click();
    await expect.poll(() => header('product_code').getAttribute('aria-sort')).toBe('none');
    const again = await rowKeys(4);
    keys.splice(0, 4, ...again);
    await select();
    await grid().getByRole('textbox', { name: 'Product code' }).fill('P');
    await expect.poll(() => grid().locator('.cell-in-range').count()).toBe(0);
  });

  it('keeps every rendered row when a small source moves into the browser (the same view: nothing remounts)', async () => {
    // SK01's 1,667 demo products: the first block from the server, then all of them at once.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const isWhole = (r: Request) => {
      const body = r.postDataJSON() as { entity: string; action: string; payload?: { endRow?: number } };
      return r.url().endsWith('/rpc/api_action') && body.entity === 'product_list' && body.action === 'list' && (body.payload?.endRow ?? 0) > 100;
    };
    let whole = 0;
    await t.page.route('**/rpc/api_action', async (route) => {
      if (!isWhole(route.request())) return route.continue();
      whole++;
      await held;
      return route.continue();
    });
    await openProducts();
    await expect.poll(() => whole).toBe(1);
    // The rows beyond the viewport follow the first paint: wait until they are there.
    await expect.poll(viewDrawn).toBe(true);
    expect(await bodyRows().count()).toBeGreaterThan(20);
    await grid().evaluate((viewport) => {
      const w = window as unknown as { unmounted: Node[]; mo: MutationObserver };
      w.unmounted = [];
      w.mo = new MutationObserver((list) => list.forEach((m) => m.removedNodes.forEach((node) => w.unmounted.push(node))));
      w.mo.observe(viewport.querySelector('.grid-body')!, { childList: true });
    });
    const answered = t.page.waitForResponse((r) => isWhole(r.request()));
    release();
    await answered;
    // The rows in memory, and the view (the same one) drawn whole.
    await expect.poll(() => grid().getAttribute('data-row-model')).toBe('client');
    await expect.poll(viewDrawn).toBe(true);
    const unmounted = await t.page.evaluate(() => {
      const w = window as unknown as { unmounted: Node[]; mo: MutationObserver };
      w.mo.disconnect();
      return w.unmounted.filter((node) => !node.isConnected).length;
    });
    // The rows are in the browser now (before the observer stopped): a sort asks nobody.
    const lists: string[] = [];
    t.page.on('request', (r) => r.url().endsWith('/rpc/api_action') && (r.postDataJSON() as { entity: string }).entity === 'product_list' && lists.push(r.postData() ?? ''));
    await header('product_code').locator('.grid-sort').click();
    await expect.poll(() => header('product_code').getAttribute('aria-sort')).not.toBe('none');
    expect(lists).toEqual([]);
    expect(unmounted).toBe(0);
  });

  it('keeps the active cell on its column when columns are moved or hidden', async () => {
    await openProducts();
    const [k1] = await rowKeys(1);
    await cell(k1!, 'selling_price_shop').click();
    const active = () => grid().locator('[role=row][data-index="0"] .cell-active').getAttribute('data-field');
    await expect.poll(active).toBe('selling_price_shop');
    // Min. margin (right of it) dragged before Brand (left of it): the active column moves one to the right.
    const colIndex = async (f: string) => Number(await header(f).getAttribute('aria-colindex'));
    const brandAt = await colIndex('brand_id');
    const target = (await header('brand_id').boundingBox())!;
    await header('min_margin')
      .locator('.grid-hdrag')
      .dragTo(header('brand_id'), { targetPosition: { x: 5, y: target.height / 2 } });
    await expect.poll(() => colIndex('min_margin')).toBe(brandAt);
    await expect.poll(active).toBe('selling_price_shop');
    // A column left of it hidden in the chooser.
    await tool('button.grid-columns').click();
    await t.page.locator('.grid-chooser-item[data-field="mf_id"] input').uncheck();
    await t.page.keyboard.press('Escape');
    await expect.poll(() => header('mf_id').count()).toBe(0);
    await expect.poll(active).toBe('selling_price_shop');
  });
});
