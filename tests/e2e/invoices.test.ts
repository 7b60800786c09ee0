/**
 * Issue 47 point 1 in the browser: a company's invoices (issued by their orders' workflow,
 * tests/api/invoices.test.ts) on the invoices screen in German; "Gutschrift…" on a picked
 * invoice lists its lines with what is left to credit, written the German way; a quantity
 * German does not write is refused in the dialog; one line credited in part issues a credit
 * note, shown in the list and stored with that line only. The picked invoice downloads as its
 * e-invoice (UBL XML) and as its Factur-X PDF; "Export für die Buchhaltung…" takes a period typed the German way in the
 * forms' date inputs and downloads the archive holding that day's documents (issue 47, points 3
 * and 6; tests/api/e-invoice.test.ts checks the contents).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { browserSuite, signIn } from './browser.ts';

const t = browserSuite();
const de = JSON.parse(readFileSync('locales/de.json', 'utf8')) as Record<string, string>;
const grid = () => t.page.locator('.screen-grid[data-form="invoices"]').first();

describe('invoices and credit notes in the browser', () => {
  it('credits part of one line of a picked invoice in German', async () => {
    // An issued invoice of SK01 (the demo's delivered orders), its first line of more than one piece.
    const inv = (
      await t.server.db.query<{ invoice_id: number; invoice_number: string; line_id: number; line_no: number; quantity: string }>(
        `select i.invoice_id, i.invoice_number, l.line_id, l.line_no, l.quantity::text as quantity
         from app.invoices i join app.invoice_lines l on l.invoice_id = i.invoice_id
         where i.company_code = 'SK01' and i.kind = 'invoice' and l.quantity >= 2 and l.quantity = round(l.quantity)
           and not exists (select 1 from app.invoices c where c.credited_invoice_id = i.invoice_id)
         order by i.invoice_id, l.line_no limit 1`,
      )
    ).rows[0]!;
    await signIn(t.page, t.server.url, 'admin@example.com', 'de');
    await t.page.goto(`${t.server.url}/de/finance/invoices`);
    const row = grid().locator(`[role=row][data-key="${inv.invoice_id}"]`);
    // The list is newest first: find the invoice by its number.
    await t.page.getByRole('textbox', { name: de['fields.invoice_number'] }).fill(inv.invoice_number);
    await expect.poll(() => row.count(), { timeout: 15_000 }).toBe(1);
    const box = row.getByRole('checkbox');
    await box.click();
    await expect.poll(() => box.getAttribute('aria-checked')).toBe('true');

    await t.page.getByRole('button', { name: de['invoices.credit_note'] }).click();
    const dialog = t.page.getByRole('dialog');
    const qty = dialog.getByRole('textbox', { name: `${de['invoices.credit_quantity']} ${inv.line_no}` });
    await expect.poll(() => qty.inputValue(), { timeout: 10_000 }).toBe(String(Number(inv.quantity)));
    // Everything else left out; this line in part, first as German does not write a number.
    for (const input of await dialog.locator('tbody input').all()) await input.fill('');
    await qty.fill('1.5');
    await dialog.getByRole('button', { name: de['invoices.credit_note_issue'] }).click();
    await expect.poll(() => dialog.getByRole('alert').count()).toBe(1);
    expect((await t.server.db.query('select 1 from app.invoices where credited_invoice_id = $1', [inv.invoice_id])).rows).toHaveLength(0);
    await qty.fill('1');
    await dialog.getByRole('button', { name: de['invoices.credit_note_issue'] }).click();
    await expect.poll(() => dialog.count(), { timeout: 10_000 }).toBe(0);

    const cn = (
      await t.server.db.query<{ invoice_number: string; lines: number; quantity: string }>(
        `select c.invoice_number, count(l.*)::int as lines, sum(l.quantity)::text as quantity
         from app.invoices c join app.invoice_lines l on l.invoice_id = c.invoice_id where c.credited_invoice_id = $1 group by c.invoice_number`,
        [inv.invoice_id],
      )
    ).rows;
    expect(cn).toHaveLength(1);
    expect(cn[0]).toMatchObject({ lines: 1 });
    expect(Number(cn[0]!.quantity)).toBe(1);
    await expect.poll(() => t.page.locator('.toast-text').allInnerTexts(), { timeout: 10_000 }).toContain(de['invoices.credit_note_done']!.replace('{number}', cn[0]!.invoice_number));
    // Shown in the list (the filter cleared): the credit note naming its invoice.
    await t.page.getByRole('textbox', { name: de['fields.invoice_number'] }).fill(cn[0]!.invoice_number);
    const cnRow = grid().locator('[role=row][data-key]');
    await expect.poll(() => cnRow.locator('[role=gridcell][data-field="credited_invoice_number"]').allInnerTexts(), { timeout: 15_000 }).toEqual([inv.invoice_number]);

    // The invoice as its e-invoice: picked alone, downloaded as <number>.xml.
    await t.page.getByRole('textbox', { name: de['fields.invoice_number'] }).fill(inv.invoice_number);
    await expect.poll(() => row.count(), { timeout: 15_000 }).toBe(1);
    for (const picked of await grid().locator('[role=row][data-key] [role=checkbox][aria-checked="true"]').all()) await picked.click();
    await row.getByRole('checkbox').click();
    await expect.poll(() => row.getByRole('checkbox').getAttribute('aria-checked')).toBe('true');
    const [xml] = await Promise.all([t.page.waitForEvent('download'), t.page.getByRole('button', { name: de['invoices.einvoice'] }).click()]);
    expect(xml.suggestedFilename()).toBe(`${inv.invoice_number}.xml`);
    expect(readFileSync((await xml.path())!, 'utf8')).toContain(`<cbc:ID>${inv.invoice_number}</cbc:ID>`);
    // The same as a Factur-X PDF: <number>.pdf with factur-x.xml inside.
    const [fx] = await Promise.all([t.page.waitForEvent('download'), t.page.getByRole('button', { name: de['invoices.facturx'] }).click()]);
    expect(fx.suggestedFilename()).toBe(`${inv.invoice_number}.pdf`);
    expect(execFileSync('pdfdetach', ['-list', (await fx.path())!], { encoding: 'utf8' })).toMatch(/1: factur-x\.xml/);

    // The accounting export of the invoice's day, typed the German way.
    const day = (await t.server.db.query<{ d: string }>("select to_char(issue_date, 'DD.MM.YYYY') as d from app.invoices where invoice_id = $1", [inv.invoice_id])).rows[0]!.d;
    await t.page.getByRole('button', { name: de['invoices.accounting_export'] }).click();
    const exportDialog = t.page.getByRole('dialog');
    const from = exportDialog.getByRole('textbox', { name: de['invoices.export_from'] });
    await expect.poll(() => from.inputValue()).toMatch(/^\d{4}-\d{2}-01$/);
    await from.fill(day);
    await exportDialog.getByRole('textbox', { name: de['invoices.export_to'] }).fill(day);
    const [zip] = await Promise.all([t.page.waitForEvent('download'), exportDialog.getByRole('button', { name: de['invoices.export_download'] }).click()]);
    const iso = day.split('.').reverse().join('-');
    expect(zip.suggestedFilename()).toBe(`accounting-${iso}-${iso}.zip`);
    const files = Object.keys((await JSZip.loadAsync(readFileSync((await zip.path())!))).files);
    expect(files).toEqual(expect.arrayContaining(['invoices.csv', 'payments.csv', `ubl/${inv.invoice_number}.xml`]));
    await expect.poll(() => exportDialog.count(), { timeout: 10_000 }).toBe(0);
  });
});
