/**
 * A rule of the record refusing a save is said where it belongs (issue 43): ETA before ETD
 * in a purchase order's form is said under the ETA field, which takes the focus (in view in
 * a short window), ETD is marked too, and "not saved" is not said twice; in the grid the
 * refused cell is flagged with the rule's text and gets the focus back.
 */
import { describe, expect, it } from 'vitest';
import { browserSuite, signIn } from './browser.ts';

// A short window: the form scrolls, so its ETA field is off screen until it is brought into view.
const t = browserSuite({ width: 1200, height: 520 });
const RULE = 'ETA must be on or after ETD: the goods cannot arrive before they leave.';

const grid = () => t.page.locator('.screen-grid[data-form="purchase_orders"]').getByRole('grid').first();
const inView = (sel: string) =>
  t.page.evaluate((s) => {
    const el = document.querySelector(s);
    if (!el) return false;
    const r = el.getBoundingClientRect();
    return r.top >= 0 && r.bottom <= innerHeight;
  }, sel);

describe('a record rule at its field', () => {
  it('says ETA before ETD at the ETA field of the form, focused and in view, ETD marked, "not saved" not twice', async () => {
    await signIn(t.page, t.server.url, 'admin@example.com');
    await t.page.goto(`${t.server.url}/en/purchasing/purchase_orders`);
    await expect.poll(() => grid().locator('[role=row][data-key]').count(), { timeout: 10_000 }).toBeGreaterThan(0);
    await t.page.locator('.screen-grid[data-form="purchase_orders"] > .grid-toolbar .grid-add').click();
    const dialog = t.page.getByRole('dialog');
    const partner = dialog.locator('select[id$="-partner_id"]');
    await expect.poll(() => partner.locator('option').count(), { timeout: 5000 }).toBeGreaterThan(1);
    await partner.selectOption({ index: 1 });
    await dialog.locator('input[id$="-etd"]').fill('2027-05-10');
    const eta = dialog.locator('input[id$="-eta"]');
    await eta.fill('2027-05-01');
    // The top of the form in view when saving: the ETA field is not.
    await dialog.locator('select[id$="-partner_id"]').focus();
    await dialog.getByRole('button', { name: 'Save' }).click();

    const error = dialog.locator('[id$="-eta-error"]');
    // allInnerTexts: a missing message fails here with what was there, not after Playwright's 30 s wait for the element.
    await expect.poll(() => error.allInnerTexts(), { timeout: 5000 }).toEqual([RULE]);
    await expect.poll(() => t.page.evaluate(() => document.activeElement?.id ?? '')).toMatch(/-eta$/);
    expect(await inView('.dialog input[id$="-eta"]')).toBe(true);
    expect(await eta.getAttribute('aria-invalid')).toBe('true');
    // ETD is part of the rule: marked, described by the same message.
    const etd = dialog.locator('input[id$="-etd"]');
    expect(await etd.getAttribute('aria-invalid')).toBe('true');
    expect(await etd.getAttribute('aria-describedby')).toBe(await error.getAttribute('id'));
    expect(await dialog.locator('.alert-danger').count()).toBe(0);
    expect((await dialog.innerText()).match(/not saved/gi)?.length ?? 0).toBeLessThanOrEqual(1);
    expect(await t.server.db.query(`select 1 from app.purchase_orders where etd = date '2027-05-10' and eta = date '2027-05-01'`).then((r) => r.rows.length)).toBe(0);

    // Put right, the message goes and the order is saved.
    await eta.fill('2027-05-20');
    await expect.poll(() => error.count()).toBe(0);
    expect(await etd.getAttribute('aria-invalid')).toBeNull();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => t.page.getByRole('dialog').count()).toBe(0);
    expect(await t.server.db.query(`select 1 from app.purchase_orders where etd = date '2027-05-10' and eta = date '2027-05-20'`).then((r) => r.rows.length)).toBe(1);
  });

  it('flags the refused cell of the grid with the rule, and gives it the focus back', async () => {
    const po = (
      await t.server.db.query<{ po_id: number; fsm_reference: string }>(
        `update app.purchase_orders set etd = date '2027-05-10', eta = date '2027-05-20'
         where po_id = (select po_id from app.purchase_orders where company_code = 'SK01' order by po_id limit 1) returning po_id, fsm_reference`,
      )
    ).rows[0]!;
    await signIn(t.page, t.server.url, 'admin@example.com');
    await t.page.goto(`${t.server.url}/en/purchasing/purchase_orders`);
    await grid().locator('[data-filter-field="fsm_reference"] input').fill(po.fsm_reference);
    const cell = grid().locator(`[role=row][data-key="${po.po_id}"] [role=gridcell][data-field="eta"]`);
    await expect.poll(() => cell.innerText(), { timeout: 10_000 }).toBe('2027-05-20');

    await cell.dblclick();
    const editor = t.page.locator('input.cell-editor');
    await editor.fill('01/05/2027');
    await editor.press('Enter');
    await expect.poll(() => cell.getAttribute('aria-invalid'), { timeout: 5000 }).toBe('true');
    expect(await cell.getAttribute('title')).toBe(RULE);
    expect(await cell.innerText()).toBe('2027-05-20'); // the stored day again
    await expect
      .poll(() => t.page.evaluate(() => [document.activeElement?.closest('[role=row]')?.getAttribute('data-key'), document.activeElement?.getAttribute('data-field')]))
      .toEqual([String(po.po_id), 'eta']);
    const toast = t.page.locator('.toast-danger .toast-text').first();
    await expect.poll(() => toast.innerText()).toContain(RULE);
    expect((await toast.innerText()).match(/not saved/gi)?.length ?? 0).toBeLessThanOrEqual(1);
    expect((await t.server.db.query<{ eta: string }>('select eta from app.purchase_orders where po_id = $1', [po.po_id])).rows[0]!.eta).toBe('2027-05-20');
  });
});
