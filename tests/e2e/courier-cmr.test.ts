/**
 * Shipping in the browser (issue 22): /de/sales/courier lists the orders ready to ship
 * under German headers; "Für Packeta exportieren" downloads the carrier's import file;
 * a tracking file read back fills the known orders and lists the rows it could not apply,
 * in German. /de/sales/cmr_print?cmr_id=… prints a CMR note as an A4 document (210 mm),
 * its boxes titled in German — and only for a signed-in user.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { browserSuite, signIn } from './browser.ts';
import { gridPage } from './gridPage.ts';

const t = browserSuite({ width: 1800, height: 1000 });
const { header, bodyRows, cell } = gridPage(
  () => t.page,
  () => t.server,
);
const de = JSON.parse(readFileSync('locales/de.json', 'utf8')) as Record<string, string>;

describe('courier and CMR', () => {
  it('exports the orders ready to ship for Packeta and reads tracking numbers back', async () => {
    await signIn(t.page, t.server.url, 'admin@example.com');
    const ready = (await t.server.db.query<{ order_id: number; fsm_reference: string }>(`select order_id, fsm_reference from app.v_courier_orders where company_code = 'SK01' order by order_id`)).rows;
    expect(ready.length).toBeGreaterThan(0);
    await t.page.goto(`${t.server.url}/de/sales/courier`);
    await expect.poll(() => bodyRows().count(), { timeout: 10_000 }).toBe(ready.length);
    for (const field of ['fsm_reference', 'weight', 'cod_amount', 'tracking_number', 'zip_code']) {
      await expect.poll(() => header(field).innerText(), { message: field }).toContain(de[`fields.${field}`]);
    }

    const [download] = await Promise.all([t.page.waitForEvent('download'), t.page.getByRole('button', { name: de['grid.bulk_courier_export'] }).click()]);
    expect(download.suggestedFilename()).toMatch(/^packeta-SK01-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync((await download.path())!, 'utf8');
    expect(csv.split('\r\n').slice(0, 1)).toEqual(['version 7']);
    expect(
      csv
        .split('\r\n')
        .filter((l) => l.startsWith(';'))
        .map((l) => l.split(';')[1]),
    ).toEqual(ready.map((r) => r.fsm_reference));

    const first = ready[0]!;
    const file = `reference;tracking_number\r\n${first.fsm_reference};Z0001112223\r\nSO-1999-000001;Z9\r\n`;
    await t.page.getByTestId('courier-tracking-file').setInputFiles({ name: 'tracking.csv', mimeType: 'text/csv', buffer: Buffer.from(file) });
    const dialog = t.page.getByRole('dialog');
    await expect.poll(() => dialog.locator('tr[data-code="unknown_reference"] td').allInnerTexts(), { timeout: 5000 }).toEqual(['3', 'SO-1999-000001', de['import.courier_unknown_reference']]);
    await dialog.getByRole('button', { name: de['common.close'] }).click();
    await expect.poll(() => cell(String(first.order_id), 'tracking_number').innerText(), { timeout: 5000 }).toBe('Z0001112223');
  }, 120_000);

  it('prints a CMR note as an A4 document with its boxes in German, for a signed-in user only', async () => {
    const note = (await t.server.db.query<{ cmr_id: number; consignee: string }>(`select cmr_id, consignee from app.cmr_notes where company_code = 'SK01' order by cmr_id limit 1`)).rows[0]!;
    const url = `${t.server.url}/de/sales/cmr_print?cmr_id=${note.cmr_id}`;
    await t.page.goto(url);
    await t.page.waitForURL((u) => u.pathname === '/de/login');

    await signIn(t.page, t.server.url, 'admin@example.com');
    await t.page.goto(url);
    const doc = t.page.locator('.layout-print .print-document');
    await expect.poll(() => doc.locator('[role=row][data-key]').count(), { timeout: 10_000 }).toBe(13);
    const boxes = await t.server.db.query<{ print_id: number; title: string; box_text: string }>(
      `select print_id, box_names ->> 'de' as title, box_text from app.v_cmr_print where cmr_id = $1 order by box_no`,
      [note.cmr_id],
    );
    expect(await cell(String(boxes.rows[1]!.print_id), 'box_names').innerText()).toBe('Empfänger (Name, Anschrift, Land)');
    expect(await cell(String(boxes.rows[0]!.print_id), 'box_text').innerText()).toContain('Dunaj Trade s.r.o.');
    // The document is 210 mm wide (96 px per inch), the print button is not printed.
    const width = await doc.evaluate((el) => el.getBoundingClientRect().width);
    expect(Math.abs(width - (210 / 25.4) * 96)).toBeLessThan(2);
    await expect.poll(() => t.page.locator('.print-toolbar.no-print button').innerText()).toBe(de['chrome.print']);
  }, 120_000);
});
