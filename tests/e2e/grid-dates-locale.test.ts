/**
 * Grid dates in the UI language (issue 43): a German grid shows a day as German writes it
 * (05.03.2027), its editor starts with that text and reads what German writes as well as
 * yyyy-MM-dd; a Hungarian one writes year first (2027. 03. 07.).
 */
import { describe, expect, it } from 'vitest';
import { browserSuite, signIn } from './browser.ts';

const t = browserSuite();

describe('grid dates in the UI language', () => {
  it('shows and reads dates the German way (and yyyy-MM-dd) in the grid, year first in Hungarian', async () => {
    const po = (
      await t.server.db.query<{ po_id: number; fsm_reference: string }>(
        `update app.purchase_orders set etd = date '2027-03-01', eta = date '2027-03-05'
         where po_id = (select po_id from app.purchase_orders where company_code = 'SK01' order by po_id limit 1) returning po_id, fsm_reference`,
      )
    ).rows[0]!;
    const stored = async () => (await t.server.db.query<{ eta: string }>('select eta from app.purchase_orders where po_id = $1', [po.po_id])).rows[0]!.eta;
    await signIn(t.page, t.server.url, 'admin@example.com', 'de');
    await t.page.goto(`${t.server.url}/de/purchasing/purchase_orders`);
    const grid = t.page.getByRole('grid').first();
    await grid.locator('[data-filter-field="fsm_reference"] input').fill(po.fsm_reference);
    const cell = (field: string) => grid.locator(`[role=row][data-key="${po.po_id}"] [role=gridcell][data-field="${field}"]`);
    await expect.poll(() => cell('eta').innerText(), { timeout: 10_000 }).toBe('05.03.2027');
    expect(await cell('etd').innerText()).toBe('01.03.2027');

    // The editor starts with the cell's text and reads a day as German writes it…
    await cell('eta').dblclick();
    const editor = t.page.locator('input.cell-editor');
    expect(await editor.inputValue()).toBe('05.03.2027');
    await editor.fill('6.3.2027');
    await editor.press('Enter');
    await expect.poll(stored).toBe('2027-03-06');
    await expect.poll(() => cell('eta').innerText()).toBe('06.03.2027');

    // …and yyyy-MM-dd.
    await cell('eta').dblclick();
    await editor.fill('2027-03-07');
    await editor.press('Enter');
    await expect.poll(stored).toBe('2027-03-07');
    await expect.poll(() => cell('eta').innerText()).toBe('07.03.2027');

    // Hungarian writes the year first.
    await t.page.goto(`${t.server.url}/hu/purchasing/purchase_orders`);
    await grid.locator('[data-filter-field="fsm_reference"] input').fill(po.fsm_reference);
    await expect.poll(() => cell('eta').innerText(), { timeout: 10_000 }).toBe('2027. 03. 07.');
  });
});
