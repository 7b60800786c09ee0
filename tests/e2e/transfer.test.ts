import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { browserSuite, signIn } from './browser.ts';

const t = browserSuite();

const grid = () => t.page.getByRole('grid').first();

describe('grid export and import in the browser', () => {
  it('exports the filtered view as CSV and XLSX with the German headers and the rows the grid shows', async () => {
    // keep_in_stock of every kind among the rows, to see each written by its German name.
    await t.server.db.query(`update app.products set keep_in_stock = right(product_code, 1)::int % 3 where product_code ilike '%P00012%'`);
    await signIn(t.page, t.server.url, 'admin@example.com');
    await t.page.goto(`${t.server.url}/de/products/product_list`);
    await t.page.getByRole('textbox', { name: 'Produktcode' }).fill('P00012');
    const expected = await t.server.db.query<{ product_code: string; name: string; keep_in_stock: number }>(
      `select product_code, product_name->>'de' as name, keep_in_stock from app.products
       where company_code = 'SK01' and product_code ilike '%P00012%' order by product_code`,
    );
    const kis = (k: number) => ['Nein', 'Ja', 'Bestellt'][k];
    expect(expected.rows.length).toBeGreaterThan(1);
    await expect.poll(() => grid().locator('[role=row][data-key]').count()).toBe(expected.rows.length);

    await t.page.getByRole('button', { name: 'Exportieren' }).click();
    const [csvDownload] = await Promise.all([t.page.waitForEvent('download'), t.page.getByRole('menuitem', { name: 'CSV-Datei' }).click()]);
    expect(csvDownload.suggestedFilename()).toMatch(/^Produktliste-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync((await csvDownload.path())!, 'utf8');
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    const rows = Papa.parse<string[]>(csv.slice(1), { skipEmptyLines: true }).data;
    const headers = rows[0]!;
    expect(headers.slice(0, 2)).toEqual(['Produktcode', 'Produktname']);
    expect(rows.slice(1).map((r) => [r[0], r[1]])).toEqual(expected.rows.map((r) => [r.product_code, r.name]));
    // Option columns as the grid shows them: their names, as the grid's cells read.
    const stock = headers.indexOf('Lagerhaltung');
    expect(new Set(expected.rows.map((r) => r.keep_in_stock))).toEqual(new Set([0, 1, 2]));
    expect(rows.slice(1).map((r) => r[stock])).toEqual(expected.rows.map((r) => kis(r.keep_in_stock)));
    const shown = grid().locator(`[role=row][data-key="${expected.rows[0]!.product_code}"] .cell-kis`);
    expect(await shown.innerText()).toBe(rows[1]![stock]);

    await t.page.getByRole('button', { name: 'Exportieren' }).click();
    const [xlsxDownload] = await Promise.all([t.page.waitForEvent('download'), t.page.getByRole('menuitem', { name: /Excel/ }).click()]);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile((await xlsxDownload.path())!);
    const ws = wb.worksheets[0]!;
    expect(ws.name).toBe('Produktliste'); // the screen's title
    expect((ws.getRow(1).values as unknown[]).slice(1)).toEqual(headers);
    expect(ws.actualRowCount - 1).toBe(expected.rows.length);
    expect(ws.getRow(2).getCell(1).value).toBe(expected.rows[0]!.product_code);
    expect(ws.getRow(2).getCell(stock + 1).value).toBe(kis(expected.rows[0]!.keep_in_stock));
  });

  it("exports date-times at the wall time the grid shows them in the browser zone (Budapest): the CSV text and the XLSX wall time are the cells' day and time", async () => {
    // Instants whose Budapest day or hour differs from UTC's: across midnight, the autumn DST hour, QA's case.
    const instants = ['2026-12-31T23:30:00Z', '2026-10-25T01:30:00Z', '2026-11-24T09:16:12.667Z'];
    await t.server.db.query(
      `insert into app.product_change_log (entity_name, entity_id, log_action, company_code, logged_at)
       select 'brands', 'e2e-tz-' || n, 'set', 'SK01', x::timestamptz from unnest($1::text[]) with ordinality as u(x, n)`,
      [instants],
    );
    const context = await t.browser.newContext({ viewport: { width: 1400, height: 900 }, timezoneId: 'Europe/Budapest' });
    try {
      const page = await context.newPage();
      await signIn(page, t.server.url, 'admin@example.com');
      await page.goto(`${t.server.url}/en/reports/product_change_log`);
      const g = page.getByRole('grid').first();
      await g.locator('[data-filter-field="entity_id"] input').fill('e2e-tz-');
      const rows = g.locator('[role=row][data-key]');
      await expect.poll(() => rows.count()).toBe(3);
      const cells = await rows.locator('[role=gridcell][data-field="logged_at"]').allInnerTexts();
      // As English writes a day (the spec's yyyy-MM-dd), then the time; newest entry first.
      expect(cells).toEqual(['2026-11-24 10:16', '2026-10-25 02:30', '2027-01-01 00:30']);
      // Files carry the same wall times (year first, as they are read back by the import).
      const wall = cells;
      const ids = await rows.locator('[role=gridcell][data-field="entity_id"]').allInnerTexts();

      const download = async (item: RegExp) => {
        await page.getByRole('button', { name: 'Export' }).click();
        const [d] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: item }).click()]);
        return (await d.path())!;
      };
      const csv = Papa.parse<string[]>(readFileSync(await download(/CSV/), 'utf8').slice(1), { skipEmptyLines: true }).data;
      const at = csv[0]!.indexOf('Changed at');
      const id = csv[0]!.indexOf('Record');
      expect(csv.slice(1).map((r) => [r[id], r[at]])).toEqual(ids.map((x, i) => [x, wall[i]]));

      const wb = new ExcelJS.Workbook();
      await wb.xlsx.readFile(await download(/Excel/));
      const ws = wb.worksheets[0]!;
      const xlsx = [2, 3, 4].map((n) => ws.getRow(n).getCell(at + 1));
      // A date cell Excel reads as the wall time the grid shows (Excel has no zones).
      expect(xlsx.map((c) => (c.value as Date).toISOString().slice(0, 16).replace('T', ' '))).toEqual(wall);
      expect(xlsx[0]!.numFmt).toBe('yyyy-mm-dd hh:mm');
    } finally {
      await context.close();
    }
  });

  it('imports a CSV with one bad row: mapping, preview with the problem, report, the good rows written', async () => {
    await signIn(t.page, t.server.url, 'admin@example.com');
    await t.page.goto(`${t.server.url}/en/products/brands`);
    await expect.poll(() => grid().locator('[role=row][data-key]').count()).toBeGreaterThan(5);
    // The key column is told apart from the name (a descriptor `label`), so "Brand" maps to one field.
    expect(await grid().locator('[role=columnheader] .grid-hlabel').allInnerTexts()).toEqual(['Brand ID', 'Brand', 'Active']);
    await t.page.getByRole('button', { name: 'Import' }).click();
    const dialog = t.page.getByRole('dialog');
    await dialog.locator('input[type=file]').setInputFiles({
      name: 'brands.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('Brand;Active;Notes\nE2E Alpha;yes;first\n;no;the bad one\nE2E Beta;no;\n'),
    });
    await dialog.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => dialog.getByText('3 rows in the file.').count()).toBe(1);
    expect(await dialog.getByRole('combobox', { name: 'Field: Brand' }).inputValue()).toBe('brand_name');
    expect(await dialog.getByRole('combobox', { name: 'Field: Active' }).inputValue()).toBe('active');
    expect(await dialog.getByRole('combobox', { name: 'Field: Notes' }).inputValue()).toBe('');
    await dialog.getByRole('button', { name: 'Check the file' }).click();
    await expect.poll(() => dialog.locator('.import-summary').innerText()).toBe('3 rows: 2 new, 0 to update, 1 with problems (skipped).');
    const problem = dialog.locator('.import-errors tbody tr');
    await expect.poll(() => problem.count()).toBe(1);
    expect(await problem.locator('td').allInnerTexts()).toEqual(['3', 'Brand', 'This field is required']);
    expect((await t.server.db.query(`select 1 from app.brands where brand_name like 'E2E %'`)).rows).toHaveLength(0);

    const [report] = await Promise.all([t.page.waitForEvent('download'), dialog.getByRole('button', { name: /problem report/ }).click()]);
    // Named as the export names its files; the file's value beside the problem (the brand's key is generated: not in the file).
    expect(report.suggestedFilename()).toMatch(/^Brands-\d{4}-\d{2}-\d{2}-problems\.csv$/);
    expect(readFileSync((await report.path())!, 'utf8')).toBe('\uFEFFRow,Column,Value in the file,Problem\r\n3,Brand,,This field is required\r\n');

    await dialog.getByRole('button', { name: 'Import 2 rows' }).click();
    await expect.poll(() => dialog.locator('.import-summary').innerText()).toBe('Imported: 2 added, 0 updated; 1 row with problems was skipped.');
    const stored = await t.server.db.query<{ brand_name: string; active: boolean }>(`select brand_name, active from app.brands where brand_name like 'E2E %' order by brand_name`);
    expect(stored.rows).toEqual([
      { brand_name: 'E2E Alpha', active: true },
      { brand_name: 'E2E Beta', active: false },
    ]);
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await grid().locator('[data-filter-field="brand_name"] input').fill('E2E');
    await expect.poll(() => grid().locator('[role=row][data-key]').count()).toBe(2);
  });

  it('imports an exported German CSV back by option names: an unknown name flagged in the preview, the rest unchanged', async () => {
    await signIn(t.page, t.server.url, 'admin@example.com');
    await t.page.goto(`${t.server.url}/de/products/product_list`);
    const stored = async () =>
      (
        await t.server.db.query<{ product_code: string; keep_in_stock: number }>(
          `select product_code, keep_in_stock from app.products where company_code = 'SK01' and product_code ilike '%P00013%' order by 1`,
        )
      ).rows;
    const before = await stored();
    expect(before.length).toBeGreaterThan(2);
    await t.page.getByRole('textbox', { name: 'Produktcode' }).fill('P00013');
    // The export asks for what the grid shows: wait for the filter to be applied, not just for rows.
    // The rows of this filter, not merely as many (the saved view may still show the first test's P00012 rows, ten too).
    await expect
      .poll(async () =>
        (
          await grid()
            .locator('[role=row][data-key]')
            .evaluateAll((rs) => rs.map((r) => r.getAttribute('data-key')))
        ).sort(),
      )
      .toEqual(before.map((r) => r.product_code));

    await t.page.getByRole('button', { name: 'Exportieren' }).click();
    const [download] = await Promise.all([t.page.waitForEvent('download'), t.page.getByRole('menuitem', { name: 'CSV-Datei' }).click()]);
    const rows = Papa.parse<string[]>(readFileSync((await download.path())!, 'utf8').slice(1), { skipEmptyLines: true }).data;
    // The file holds the rows the grid shows.
    expect(
      rows
        .slice(1)
        .map((r) => r[0])
        .sort(),
    ).toEqual(before.map((r) => r.product_code));
    const stock = rows[0]!.indexOf('Lagerhaltung');
    const code = rows[0]!.indexOf('Produktcode');
    // Just the code and the stock column: one row another option by its name, one a word that names no option.
    const other = (w: string) => (w === 'Bestellt' ? 'Nein' : 'Bestellt');
    const file = rows.map((r, i) => [r[code]!, i === 2 ? 'Vielleicht' : i === 1 ? other(r[stock]!) : r[stock]!]);
    await t.page.getByRole('button', { name: 'Importieren' }).click();
    const dialog = t.page.getByRole('dialog');
    // A file the server cannot read: its refusal said in German, with the row it names.
    await dialog.locator('input[type=file]').setInputFiles({ name: 'p.csv', mimeType: 'text/csv', buffer: Buffer.from('Produktcode;Lagerhaltung\nP1;Ja\n"P2;Nein\n') });
    await dialog.getByRole('button', { name: 'Weiter' }).click();
    await expect.poll(() => dialog.getByRole('alert').innerText()).toBe('Zeile 3 der Datei kann nicht gelesen werden.');
    await dialog.locator('input[type=file]').setInputFiles({ name: 'p.csv', mimeType: 'text/csv', buffer: Buffer.from(Papa.unparse(file, { delimiter: ';' })) });
    await dialog.getByRole('button', { name: 'Weiter' }).click();
    expect(await dialog.getByRole('combobox', { name: 'Feld: Lagerhaltung' }).inputValue()).toBe('keep_in_stock');
    await dialog.getByRole('button', { name: 'Datei prüfen' }).click();
    const n = rows.length - 1;
    await expect.poll(() => dialog.locator('.import-summary').innerText()).toBe(`${n} Zeilen: 0 neu, 1 zu ändern, ${n - 2} unverändert, 1 mit Problemen (werden übersprungen).`);
    expect(await dialog.locator('.import-errors tbody tr td').allInnerTexts()).toEqual(['3', 'Lagerhaltung', '„Vielleicht“ ist keiner der Werte: Nein, Ja, Bestellt']);
    // The report names the row by its key and holds the refused value, under a name like the export's.
    const [report] = await Promise.all([t.page.waitForEvent('download'), dialog.getByRole('button', { name: /Problembericht/ }).click()]);
    expect(report.suggestedFilename()).toMatch(/^Produktliste-\d{4}-\d{2}-\d{2}-Probleme\.csv$/);
    expect(readFileSync((await report.path())!, 'utf8')).toBe(
      `\uFEFFZeile,Produktcode,Spalte,Wert in der Datei,Problem\r\n3,${rows[2]![code]},Lagerhaltung,Vielleicht,"„Vielleicht“ ist keiner der Werte: Nein, Ja, Bestellt"\r\n`,
    );

    // The other rows already hold the file's values: only the one renamed is written.
    await dialog.getByRole('button', { name: /^1 Zeile importieren$/ }).click();
    await expect.poll(() => dialog.locator('.import-summary').innerText()).toMatch(/^Importiert: 0 hinzugefügt, 1 geändert, \d+ unverändert;/);
    const changed = rows[1]![code]!;
    expect(await stored()).toEqual(before.map((r) => (r.product_code === changed ? { ...r, keep_in_stock: other(rows[1]![stock]!) === 'Bestellt' ? 2 : 0 } : r)));
  });
});
