/**
 * Customers' documents and the order's Documents tab in the browser (issue 47, point 2): on
 * /de/sales/sales_orders an order picked prints its order confirmation in a new tab — in the
 * customer's language (English), though the user works in German — and "PDF herunterladen"
 * saves the server's PDF, which the order keeps: its Documents tab lists the copy. There a
 * file is uploaded ("Datei hochladen"), downloaded ("Herunterladen") under its name and
 * removed with the grid's Delete.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { browserSuite, signIn } from './browser.ts';
import { gridPage } from './gridPage.ts';

const t = browserSuite({ width: 1600, height: 1000 });
const { row, cell } = gridPage(
  () => t.page,
  () => t.server,
);
const de = JSON.parse(readFileSync('locales/de.json', 'utf8')) as Record<string, string>;
const run = async (cmd: string, args: string[]) => (await promisify(execFile)(cmd, args, { encoding: 'utf8' })).stdout;
/** A small real PDF (the upload reads the content, not only the name). */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

describe('sales documents', () => {
  it('prints an order’s confirmation in the customer’s language from its row, keeps the PDF on its Documents tab, where a file is uploaded, downloaded and removed', async () => {
    const db = t.server.db;
    const order = (
      await db.query<{ order_id: number; fsm_reference: string }>(
        `select o.order_id, o.fsm_reference from app.v_sales_orders o where company_code = 'SK01' and not deleted and o.total > 0 order by opened_on desc, order_id desc limit 1`,
      )
    ).rows[0]!;
    await db.query(`update app.sales_orders set language_code = 'en' where order_id = $1`, [order.order_id]);
    await signIn(t.page, t.server.url, 'admin@example.com', 'de');
    await t.page.goto(`${t.server.url}/de/sales/sales_orders`);
    const id = String(order.order_id);
    await expect.poll(() => row(id).count(), { timeout: 10_000 }).toBe(1);
    await row(id).locator('[role=checkbox]').first().click();
    const button = t.page.locator('.screen-grid[data-form="sales_orders"] > .grid-toolbar .grid-bulk-print-order-confirmations');
    await expect.poll(() => button.innerText()).toBe(`${de['print.order_confirmations_action']} (1)`);
    const [printed] = await Promise.all([t.context.waitForEvent('page'), button.click()]);
    await printed.waitForURL((u) => u.pathname === '/de/print/order_confirmations_print');
    const title = `Order confirmation ${order.fsm_reference}`;
    await expect.poll(() => printed.locator('.print-document .print-title').first().innerText(), { timeout: 15_000 }).toBe(title);
    const [download] = await Promise.all([printed.waitForEvent('download'), printed.getByRole('button', { name: de['print.download_pdf'] }).click()]);
    expect(download.suggestedFilename()).toBe(`${title}.pdf`);
    expect(await run('pdftotext', [(await download.path())!, '-'])).toContain(title);
    await printed.close();

    // The order's Documents tab lists the kept copy.
    await cell(id, 'email').click();
    const detail = t.page.locator('.grid-detail');
    await detail.getByRole('tab', { name: de['screens.sales_order_documents.title'] }).click();
    const docs = detail.locator('.screen-grid[data-form="sales_order_documents"]');
    const fileNames = () => docs.locator('[role=row][data-key] [role=gridcell][data-field="file_name"]').allInnerTexts();
    await expect.poll(fileNames, { timeout: 10_000 }).toContain(`${title}.pdf`);
    const before = (await fileNames()).length;

    // Upload a file to the order.
    const upload = docs.locator('.grid-bulk-file-upload');
    expect(await upload.innerText()).toBe(de['grid.bulk_file_upload']);
    await docs.getByTestId('file-upload-input').setInputFiles({ name: 'Bestellung des Kunden.pdf', mimeType: 'application/pdf', buffer: PDF });
    await expect.poll(fileNames, { timeout: 10_000 }).toContain('Bestellung des Kunden.pdf');
    expect((await fileNames()).length).toBe(before + 1);
    const uploaded = (await db.query<{ doc_id: number }>(`select doc_id from app.sales_order_documents where order_id = $1 and file_name = 'Bestellung des Kunden.pdf'`, [order.order_id])).rows[0]!;

    // Download it under its name.
    const box = docs.locator(`[role=row][data-key="${uploaded.doc_id}"] [role=checkbox]`).first();
    await box.click();
    await expect.poll(() => box.getAttribute('aria-checked')).toBe('true');
    const [file] = await Promise.all([t.page.waitForEvent('download'), docs.locator('.grid-bulk-file-download').click()]);
    expect(file.suggestedFilename()).toBe('Bestellung des Kunden.pdf');
    expect(readFileSync((await file.path())!).equals(PDF)).toBe(true);

    // Remove it with the grid's Delete.
    await docs.locator('button.grid-delete').click();
    const dialog = t.page.getByRole('dialog');
    await dialog.getByRole('button', { name: de['common.delete'] }).click();
    await expect.poll(fileNames, { timeout: 10_000 }).not.toContain('Bestellung des Kunden.pdf');
    expect((await db.query('select 1 from app.sales_order_documents where doc_id = $1', [uploaded.doc_id])).rowCount).toBe(0);
  }, 120_000);
});
