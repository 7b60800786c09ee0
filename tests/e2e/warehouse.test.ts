/**
 * A warehouse day in the browser (issue 23), as the warehouse user in German: a purchase
 * order sent to its supplier arrives — "Annehmen" on /de/warehouse/arriving_shipments takes
 * its lines onto the products' home storages (the stock ledger and the products' stock
 * grow, the order closes as received); "Kommissionierliste erstellen" on
 * /de/warehouse/pick_lists gathers the paid orders' goods; a line picked in the detail grid
 * takes its goods off the storage; the list prints (the print layout in a new tab, its PDF
 * downloaded: the text holds its number and product codes). The ledger screen shows both
 * movements, and the stock value report and its chart follow the receipt.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { browserSuite, signIn } from './browser.ts';
import { gridPage } from './gridPage.ts';

const t = browserSuite({ width: 1800, height: 1000 });
const { bodyRows, row, cell, header } = gridPage(
  () => t.page,
  () => t.server,
);
const de = JSON.parse(readFileSync('locales/de.json', 'utf8')) as Record<string, string>;
const pdfText = async (file: string) => (await promisify(execFile)('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' })).stdout;
const q = async <T extends object>(sql: string, args: unknown[] = []) => (await t.server.db.query<T>(sql, args)).rows;

describe('warehouse', () => {
  it('receives a purchase order, makes a pick list and picks a line, each in the stock ledger (German, warehouse user)', async () => {
    const db = t.server.db;
    // A purchase order of SK01 sent to its supplier and confirmed: two lines of products with a home storage.
    const supplier = (await q<{ partner_id: number }>("select partner_id from app.partners where company_code = 'SK01' and is_supplier and not deleted order by partner_id limit 1"))[0]!.partner_id;
    const products = await q<{ product_code: string; stock_qty: string }>(
      `select p.product_code, p.stock_qty::text from app.products p where p.company_code = 'SK01' and p.active
         and exists (select 1 from app.product_pack_storages s where s.product_code = p.product_code) order by p.product_code offset 300 limit 2`,
    );
    const po = (
      await q<{ po_id: number; fsm_instance_id: number; fsm_reference: string }>(
        "insert into app.purchase_orders (company_code, partner_id, eta) values ('SK01', $1, current_date) returning po_id, fsm_instance_id::int, fsm_reference",
        [supplier],
      )
    )[0]!;
    for (const p of products) await db.query('insert into app.purchase_order_items (po_id, product_code, quantity) values ($1, $2, 12)', [po.po_id, p.product_code]);
    await db.query(
      `select app.fsm_move(i.fsm_instance_id, t.transition_id, 1, '{}'::jsonb, now()) from app.fsm_instances i
       join app.fsm_transitions t on t.type_code = i.type_code and t.event_code = 'order' and t.from_state_id = i.state_id where i.fsm_instance_id = $1`,
      [po.fsm_instance_id],
    );
    // Confirmed by the supplier: its row offers Receive, so the toolbar's Receive takes it (an ordered one is refused).
    await db.query(
      `select app.fsm_move(i.fsm_instance_id, t.transition_id, 1, '{}'::jsonb, now()) from app.fsm_instances i
       join app.fsm_transitions t on t.type_code = i.type_code and t.event_code = 'confirm' and t.from_state_id = i.state_id where i.fsm_instance_id = $1`,
      [po.fsm_instance_id],
    );

    await signIn(t.page, t.server.url, 'warehouse@example.com', 'de');
    await t.page.goto(`${t.server.url}/de/warehouse/arriving_shipments`);
    await expect.poll(() => bodyRows().count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await expect.poll(() => t.page.locator('h1').first().innerText()).toContain(de['screens.arriving_shipments.title']);
    for (const field of ['fsm_reference', 'eta', 'container_no', 'received_qty']) await expect.poll(() => header(field).innerText(), { message: field }).toContain(de[`fields.${field}`]);
    const key = String(po.po_id);
    await expect.poll(() => row(key).count()).toBe(1);
    await row(key).getByRole('checkbox', { name: de['grid.select_row'] }).click();
    await t.page.getByRole('button', { name: new RegExp(`^${de['grid.bulk_receive']}`) }).click();
    const dialog = t.page.getByRole('dialog');
    await expect.poll(() => dialog.locator('.dialog-title').innerText()).toMatch(/\b1\b/);
    await dialog.getByRole('button', { name: de['grid.bulk_receive'] }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(async () => (await q<{ state_code: string }>('select state_code from app.v_purchase_orders where po_id = $1', [po.po_id]))[0]!.state_code, { timeout: 10_000 }).toBe('received');
    // Received in full: the order leaves the list, the stock of both products grew by 12 in the ledger.
    await expect.poll(() => row(key).count(), { timeout: 10_000 }).toBe(0);
    for (const p of products) {
      const now = (await q<{ stock_qty: string }>('select stock_qty::text from app.products where product_code = $1', [p.product_code]))[0]!;
      expect(Number(now.stock_qty)).toBe(Number(p.stock_qty) + 12);
    }

    // Pick lists: one made of the paid orders' goods, its first line picked in the detail grid.
    await t.page.goto(`${t.server.url}/de/warehouse/pick_lists`);
    await expect.poll(() => bodyRows().count(), { timeout: 15_000 }).toBeGreaterThan(0);
    const before = (await q<{ n: number }>('select max(pick_list_id)::int as n from app.pick_lists'))[0]!.n;
    await t.page.getByRole('button', { name: de['grid.bulk_pick_list_create'] }).click();
    await expect.poll(async () => (await q<{ n: number }>('select max(pick_list_id)::int as n from app.pick_lists'))[0]!.n, { timeout: 10_000 }).toBeGreaterThan(before);
    const list = (await q<{ pick_list_id: number; pick_list_no: string }>('select pick_list_id, pick_list_no from app.pick_lists order by pick_list_id desc limit 1'))[0]!;
    await expect.poll(() => row(String(list.pick_list_id)).count(), { timeout: 10_000 }).toBe(1);
    expect(await cell(String(list.pick_list_id), 'pick_list_no').innerText()).toBe(list.pick_list_no);
    await cell(String(list.pick_list_id), 'order_refs').click();
    const detail = t.page.locator('.grid-detail .screen-grid[data-form="pick_list_items"]');
    await expect.poll(() => detail.locator('[role=row][data-key]').count(), { timeout: 10_000 }).toBeGreaterThan(0);
    const lines = await q<{ pick_item_id: number; product_code: string; storage_id: number; quantity: string }>(
      `select i.pick_item_id, it.product_code, i.storage_id, i.quantity::text from app.pick_list_items i join app.sales_order_items it using (item_id)
       join app.storages s on s.storage_id = i.storage_id join app.shelves sh on sh.shelf_id = s.shelf_id
       where i.pick_list_id = $1 order by sh.walk_order, sh.shelf_code, s.position, i.pick_item_id`,
      [list.pick_list_id],
    );
    // In walking order on the screen as in the database.
    const drawn = await detail.locator('[role=row][data-key]').evaluateAll((rs) => rs.map((r) => Number(r.getAttribute('data-key'))));
    expect(drawn).toEqual(lines.map((l) => l.pick_item_id));
    const line = lines[0]!;
    const onHand = async () =>
      Number((await q<{ q: string }>('select on_hand::text as q from app.stock_levels where product_code = $1 and storage_id = $2', [line.product_code, line.storage_id]))[0]!.q);
    const had = await onHand();
    const pickCell = detail.locator(`[role=row][data-key="${line.pick_item_id}"] [role=gridcell][data-field="picked_qty"]`);
    await pickCell.dblclick();
    const input = pickCell.locator('input');
    await expect.poll(() => input.count()).toBe(1);
    await input.fill(line.quantity.replace(/\.?0+$/, ''));
    await t.page.keyboard.press('Enter');
    await expect.poll(onHand, { timeout: 10_000 }).toBe(had - Number(line.quantity));

    // The list prints: ticked, "Drucken" opens its print page; the PDF holds its number and codes.
    await row(String(list.pick_list_id)).getByRole('checkbox', { name: de['grid.select_row'] }).click();
    const [printed] = await Promise.all([t.context.waitForEvent('page'), t.page.locator('.screen-grid[data-form="pick_lists"] > .grid-toolbar .grid-bulk-print-pick-lists').click()]);
    const doc = printed.locator('.print-document');
    await expect.poll(() => doc.locator('h1, h2').first().innerText(), { timeout: 15_000 }).toContain(list.pick_list_no);
    await expect.poll(() => doc.locator('svg').count()).toBeGreaterThan(0);
    const [download] = await Promise.all([printed.waitForEvent('download'), printed.getByRole('button', { name: de['print.download_pdf'] }).click()]);
    const text = await pdfText((await download.path())!);
    expect(text).toContain(list.pick_list_no);
    for (const l of lines.slice(0, 10)) expect(text).toContain(l.product_code);
    await printed.close();

    // The ledger shows the receipt and the pick, newest first.
    await t.page.goto(`${t.server.url}/de/warehouse/stock_movements`);
    await expect.poll(() => bodyRows().count(), { timeout: 15_000 }).toBeGreaterThan(2);
    const kinds = await bodyRows().evaluateAll((rs) => rs.slice(0, 3).map((r) => r.querySelector('[data-field="kind"]')?.textContent));
    expect(kinds).toEqual([de['options.kind.pick'], de['options.kind.receipt'], de['options.kind.receipt']]);

    // The stock value report (as admin: reports are not the warehouse's) holds the received goods; its chart follows a filter.
    await t.context.clearCookies(); // signed out (the session's cookies gone)
    await signIn(t.page, t.server.url, 'admin@example.com', 'de');
    await t.page.goto(`${t.server.url}/de/reports/stock_value`);
    await expect.poll(() => bodyRows().count(), { timeout: 15_000 }).toBeGreaterThan(0);
    const brand = (await q<{ brand_name: string }>('select b.brand_name from app.products p join app.brands b using (brand_id) where p.product_code = $1', [products[0]!.product_code]))[0]!.brand_name;
    const chart = t.page.locator('.report-chart-canvas');
    await expect.poll(() => chart.getAttribute('data-state'), { timeout: 15_000 }).toBe('ready');
    expect(await chart.locator('canvas').count()).toBe(1);
    await t.page.locator('[data-filter-field="product_code"] input').fill(products[0]!.product_code);
    await expect.poll(() => bodyRows().count(), { timeout: 10_000 }).toBe(1);
    const value = (await q<{ v: number }>('select round(stock_qty * coalesce(purchase_price_base, 0), 4)::float8 as v from app.products where product_code = $1', [products[0]!.product_code]))[0]!.v;
    await expect.poll(async () => JSON.parse((await chart.getAttribute('data-categories')) ?? '[]'), { timeout: 15_000 }).toEqual([brand]);
    const shown = JSON.parse((await chart.getAttribute('data-values'))!) as number[];
    expect(shown[0]).toBeCloseTo(value, 2);
  }, 180_000);
});
