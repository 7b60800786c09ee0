/**
 * The one formula guard (core/sheetGuard.ts, issue 42 point 5): its rule, the writers in the
 * browser (the import's problem report, the grid's copy as TSV) walked with every start, and
 * the registry of writers: every source file that writes a CSV, XLSX or tab-separated table is
 * found by what writing one takes, and must be a guarded writer with a test of it here or in
 * tests/api/sheet-guard.test.ts — a new writer without the guard fails this test.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseScreen } from '../../schemas/screen.ts';
import productList from '../../screens/products/product_list.ts';
import { guardCell, guardRow, unguardCell } from '../../src/core/sheetGuard.ts';
import { parseTsv } from '../../src/app/grid/features/clipboard/tsvParse.ts';
import { buildGridModel } from '../../src/app/grid/columns.ts';
import { pasteBlock } from '../../src/app/grid/features/clipboard/pasteFill.ts';
import { rangeText } from '../../src/app/grid/sheet.ts';
import { reportCsv } from '../../src/app/grid/transfer/importModel.ts';
import type { CellCtx, GridRow } from '../../src/app/grid/types.ts';
import Papa from 'papaparse';

/** What a spreadsheet would run (OWASP: = + - @ tab CR; also LF and the full-width forms); a plain number it reads as the number. */
const runs = (cell: string) => /^[=+\-@\t\r\n\uFF1D\uFF0B\uFF0D\uFF20]/.test(cell) && !/^[+-]?(\d+([.,]\d+)?|[.,]\d+)$/.test(cell);
const PAYLOADS = ['=HYPERLINK("https://evil.example","x")', "+1+cmd|' /C calc'!A0", "-2+cmd|' /C calc'!A0", '@SUM(1+9)', '\t=1+2', '\r=1+2', '\n=1+2', '＝1+2', '＋1', '－1', '＠SUM(1)'];

describe('the guard', () => {
  it('prefixes an apostrophe to every text that starts like a formula, and reads it back', () => {
    for (const p of PAYLOADS) {
      expect(guardCell(p), JSON.stringify(p)).toBe(`'${p}`);
      expect(unguardCell(guardCell(p))).toBe(p);
    }
  });

  it('leaves plain text, plain numbers (a phone with its +) and a guarded text as they are', () => {
    for (const t of ['Hammer', '-12.50', '-12,5', '+421900123456', '5', '', "'=x", 'a=b']) expect(guardCell(t), t).toBe(t);
    expect(guardCell('-5 pieces')).toBe("'-5 pieces");
    expect(unguardCell("'quoted")).toBe("'quoted");
    expect(unguardCell("'-5")).toBe("'-5"); // not a guard's: the guard leaves -5 alone
  });

  it('guards the text cells of a row, typed cells as they are', () => {
    const d = new Date(0);
    expect(guardRow(['=x', -12.5, true, d, null, 'ok'])).toEqual(["'=x", -12.5, true, d, null, 'ok']);
  });
});

describe('writers in the browser', () => {
  it('import problem report: the file’s values and every other cell guarded', () => {
    const problems = PAYLOADS.map((p, i) => ({ line: i + 2, field: 'product_name', message: p, key: { product_code: p }, value: p }));
    const csv = reportCsv(
      problems,
      { line: 'Line', keys: ['product_code'], column: '@Column', value: 'Value', problem: 'Problem' },
      (f) => (f === 'product_name' ? '-Name' : f),
      (m) => m,
    );
    const table = Papa.parse<string[]>(csv.replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data;
    expect(table).toHaveLength(PAYLOADS.length + 1);
    for (const row of table) for (const c of row) expect(runs(c), JSON.stringify(c)).toBe(false);
    expect(table.slice(1).map((r) => r[3])).toEqual(PAYLOADS.map((p) => `'${p}`));
  });

  it('grid copy (TSV for a spreadsheet): text cells guarded, numbers as numbers; pasted back into the grid as they were', () => {
    const model = buildGridModel(parseScreen(productList, 'screens/products/product_list.ts'));
    const col = (f: string) => model.byField.get(f)!;
    const ctx: CellCtx = {
      lang: 'en',
      fmt: { int: String, number: String, money: (v) => v.toFixed(2), weight: String, volume: String, date: (v) => String(v ?? ''), datetime: (v) => String(v ?? '') },
      t: (id) => id,
      lookup: () => undefined,
      multi: (v) => (v && typeof v === 'object' ? String((v as Record<string, string>).en ?? '') : ''),
    };
    const rows: GridRow[] = PAYLOADS.map((p, i) => ({ index: i, id: `P${i}`, data: { product_code: `P${i}`, supplier_product_code: p, min_margin: -12.5 } }));
    const cols = ['supplier_product_code', 'min_margin'].map((f) => ({ col: col(f), canEdit: true }));
    const sheet = { cols, dataRow: (i: number) => rows[i], ctx };
    const rect = { top: 0, left: 0, bottom: rows.length - 1, right: 1 };
    const tsv = rangeText(sheet, rect);
    const block = parseTsv(tsv);
    for (const row of block) for (const c of row) expect(runs(c), JSON.stringify(c)).toBe(false);
    expect(block.map((r) => r[1])).toEqual(rows.map(() => '-12.5'));
    // Pasted into the grid: the texts themselves.
    const pasted = pasteBlock(sheet, { top: 0, left: 0, bottom: 0, right: 0 }, true, tsv, rows.length - 1)!;
    expect(pasted.changes.filter((c) => c.col.field === 'supplier_product_code').map((c) => c.value)).toEqual(PAYLOADS.map((p) => p.trim() || null));
  });
});

/** Source files under src/ (generated code left out). */
function sources(dir = 'src'): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return p === join('src', 'generated') ? [] : sources(p);
    return /\.(ts|tsx|mjs)$/.test(e.name) ? [relative('.', p)] : [];
  });
}

/** What writing a sheet takes: a CSV writer (papaparse's unparse, a BOM for Excel, a text/csv type), an XLSX writer (exceljs), a TSV join. */
const WRITES_A_SHEET = /\bunparse\(|WorkbookWriter|new ExcelJS\.Workbook\(|addWorksheet\(|\\uFEFF|text\/csv|spreadsheetml|\.join\('\\t'\)|formatTsv\(|fast-csv|writeToString/;

/** The writers: each guards its text cells with core/sheetGuard.ts, and the test named walks it with every start. */
const WRITERS: Record<string, string> = {
  'src/server/transfer/export.ts': 'tests/api/sheet-guard.test.ts', // the grid's CSV and XLSX export (reports are grids: the same path)
  'src/server/actions/courier.ts': 'tests/api/sheet-guard.test.ts', // the Packeta CSV
  'src/app/grid/transfer/importModel.ts': 'tests/unit/sheet-guard.test.ts', // the import's problem report
  'src/app/grid/sheet.ts': 'tests/unit/sheet-guard.test.ts', // the grid's copy (TSV through features/clipboard/tsv.ts)
  'src/server/invoices/accountingExport.ts': 'tests/api/e-invoice.test.ts', // the accounting export's invoices.csv and payments.csv
};

/** Files the search finds that write no sheet of their own, and why. */
const NOT_WRITERS: Record<string, string> = {
  'src/app/grid/features/clipboard/tsv.ts': 'the TSV quoting rules; sheet.ts writes the cells (guarded)',
  'src/app/grid/transfer/ImportDialog.tsx': 'saves the report importModel.ts wrote',
  'src/app/actions/Courier.tsx': 'saves the file courier.ts wrote; reads a tracking file',
  'src/app/grid/dataProvider/testDataProvider.ts': 'the unit tests’ in-memory server',
  'src/server/transfer/sheet.ts': 'reads files (strips the BOM)',
  'src/server/http/files.ts': 'a content type of stored files',
  'src/server/db/seed/files.ts': 'demo file records',
};

describe('the registry of writers', () => {
  const found = sources().filter((f) => WRITES_A_SHEET.test(readFileSync(f, 'utf8')));

  it('every file that writes a sheet is a registered writer (or named as none)', () => {
    const unknown = found.filter((f) => !Object.hasOwn(WRITERS, f) && !Object.hasOwn(NOT_WRITERS, f));
    expect(unknown, 'a new CSV/XLSX/TSV writer: guard its text cells with core/sheetGuard.ts and walk it in a sheet-guard test').toEqual([]);
    expect(Object.keys(WRITERS).filter((f) => !found.includes(f))).toEqual([]); // the search still finds each writer
  });

  it('every writer uses the one guard, and its test walks it', () => {
    for (const [file, test] of Object.entries(WRITERS)) {
      expect(readFileSync(file, 'utf8'), file).toMatch(/from '(\.\.\/)+core\/sheetGuard\.ts'/);
      const walked = readFileSync(test, 'utf8');
      expect(walked.includes(file.replace(/^src\//, '')), `${test} walks ${file}`).toBe(true);
    }
  });
});
