/**
 * Shipping in the browser (issue 22): /de/sales/courier lists the orders ready to ship
 * under German headers; "Für Packeta exportieren" downloads the carrier's import file;
 * a tracking file read back fills the known orders and lists the rows it could not apply,
 * in German. /de/print/cmr_notes_print?cmr_id=… prints a CMR note as the convention's form,
 * its 24 boxes titled in German, and its PDF holds the full addresses — only for a
 * signed-in user.
 */
import { execFileSync } from 'node:child_process';
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

  it('prints a CMR note as the A4 form with its 24 boxes in German, for a signed-in user only; its PDF holds the full addresses', async () => {
    await t.server.db.query(`update app.companies set address_line_1 = 'Mlynská 5', zip_code = '040 01', city = 'Košice' where company_code = 'SK01'`);
    const note = (await t.server.db.query<{ cmr_id: number; consignee: string }>(`select cmr_id, consignee from app.cmr_notes where company_code = 'SK01' order by cmr_id limit 1`)).rows[0]!;
    const url = `${t.server.url}/de/print/cmr_notes_print?cmr_id=${note.cmr_id}`;
    await t.page.goto(url);
    await t.page.waitForURL((u) => u.pathname === '/de/login');

    await signIn(t.page, t.server.url, 'admin@example.com');
    await t.page.goto(url);
    const form = t.page.locator('.print-form');
    await expect.poll(() => form.locator('[data-box]').count(), { timeout: 10_000 }).toBe(24);
    const numbers = await form.locator('[data-box]').evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-box'))).sort((a, b) => a - b));
    expect(numbers).toEqual(Array.from({ length: 24 }, (_, i) => i + 1));
    const box = (no: number) => form.locator(`[data-box="${no}"]`);
    expect(await box(2).innerText()).toContain(de['print.cmr_box_2']);
    expect(await box(2).locator('.print-form-text').innerText()).toBe(note.consignee);
    expect(await box(1).innerText()).toContain('Dunaj Trade s.r.o.\nMlynská 5\n040 01 Košice');
    // The form is 190 mm wide (96 px per inch) inside the A4 document; the download button is not printed.
    const width = await form.evaluate((el) => el.getBoundingClientRect().width);
    expect(Math.abs(width - (190 / 25.4) * 96)).toBeLessThan(2);
    const [download] = await Promise.all([t.page.waitForEvent('download'), t.page.locator('.print-actions.no-print button').click()]);
    expect(download.suggestedFilename()).toMatch(/^CMR-\d{4}-\d{6}\.pdf$/);
    const text = execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', (await download.path())!, '-'], { encoding: 'utf8' });
    const lines = text.split('\n').map((l) => l.replace(/\s+/g, ' '));
    // Box 2 stands at the left: each consignee line begins a line of the page's text.
    for (const line of note.consignee.split('\n'))
      expect(
        lines.some((l) => l.trim().startsWith(line)),
        line,
      ).toBe(true);
    expect(text).toContain('Mlynská 5');
    expect(text).not.toContain('…');
  }, 120_000);
});
