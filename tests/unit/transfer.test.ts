import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { problemText, reportCsv, suggestMapping } from '../../src/app/grid/transfer/importModel.ts';
import { exportCell, importCell } from '../../src/server/transfer/cells.ts';
import { guardCell } from '../../src/core/sheetGuard.ts';
import { csvStyle } from '../../src/server/transfer/export.ts';
import { cellCurrency, moneyFormat, sheetColumns } from '../../src/server/transfer/money.ts';
import { screens } from '../../src/server/actions/engine/screens.ts';
import de from '../../locales/de.json';
import { optionName } from '../../src/server/transfer/options.ts';
import { MAX_IMPORT_COLUMNS, MAX_IMPORT_ROWS, csvDelimiter, readSheet } from '../../src/server/transfer/sheet.ts';
import type { ColumnMeta } from '../../schemas/screen.ts';

const col = (type: ColumnMeta['type'], more: Partial<ColumnMeta> = {}) => ({ type, editable: true, ...more }) as ColumnMeta;

describe('import cells', () => {
  it('reads text numbers as the importing language writes them, with a sign, and typed numbers as they are', () => {
    expect(importCell(col('money'), 'money', '1.234,5', 'de')).toEqual({ ok: true, value: 1234.5 });
    expect(importCell(col('number'), 'number', '-12,5', 'de')).toEqual({ ok: true, value: -12.5 });
    expect(importCell(col('number'), 'number', '1,234.56', 'en')).toEqual({ ok: true, value: 1234.56 });
    expect(importCell(col('number'), 'number', '−3', 'en')).toEqual({ ok: true, value: -3 });
    expect(importCell(col('int'), 'int', 42, 'en')).toEqual({ ok: true, value: 42 });
    // Issue 43: English '1,000' is a thousand; German '1.000' too; an XLSX number cell stays what it is.
    expect(importCell(col('money'), 'money', '1,000', 'en')).toEqual({ ok: true, value: 1000 });
    expect(importCell(col('money'), 'money', '1.000', 'de')).toEqual({ ok: true, value: 1000 });
    expect(importCell(col('money'), 'money', 1.5, 'de')).toEqual({ ok: true, value: 1.5 });
    const refused = { ok: false, message: 'validation.number_format?example=1%2C234.56' };
    expect(importCell(col('number'), 'number', 'n/a', 'en')).toEqual(refused);
    expect(importCell(col('money'), 'money', '1,00,0', 'en')).toEqual(refused);
    expect(importCell(col('int'), 'int', 'x', 'en')).toEqual(refused);
    expect(importCell(col('number'), 'number', '1.5', 'de')).toEqual({ ok: false, message: 'validation.number_format?example=1.234%2C56' });
  });

  it('reads yes/no in English, in the request language, and Excel booleans', () => {
    expect(importCell(col('bool'), 'bool', 'Ja', 'de')).toEqual({ ok: true, value: true });
    expect(importCell(col('bool'), 'bool', 'Igen', 'hu')).toEqual({ ok: true, value: true });
    expect(importCell(col('bool'), 'bool', 'nie', 'sk')).toEqual({ ok: true, value: false });
    expect(importCell(col('bool'), 'bool', 'FALSE', 'bg')).toEqual({ ok: true, value: false });
    expect(importCell(col('bool'), 'bool', true, 'en')).toEqual({ ok: true, value: true });
    expect(importCell(col('bool'), 'bool', 'maybe', 'en')).toEqual({ ok: false, message: 'validation.type_bool' });
  });

  it('reads ISO, day-first and Hungarian dates and Excel dates', () => {
    const d = (x: string | Date) => importCell(col('date'), 'date', x, 'de');
    expect(d('2026-3-7')).toEqual({ ok: true, value: '2026-03-07' });
    expect(d('31.12.2026')).toEqual({ ok: true, value: '2026-12-31' });
    expect(d('7. 3. 2026')).toEqual({ ok: true, value: '2026-03-07' });
    expect(d('2026. 03. 07.')).toEqual({ ok: true, value: '2026-03-07' });
    expect(d(new Date(Date.UTC(2026, 2, 7)))).toEqual({ ok: true, value: '2026-03-07' });
    expect(d('March 7')).toEqual({ ok: false, message: 'validation.type_date' });
  });

  it('puts multi-language text under the request language; empty cells clear; options by value; JSON parsed', () => {
    expect(importCell(col('multi'), 'multi', 'Hammer', 'de')).toEqual({ ok: true, value: { de: 'Hammer' } });
    expect(importCell(col('multi'), 'multi', '', 'de')).toEqual({ ok: true, value: { de: '' } });
    expect(importCell(col('text'), 'text', '  ', 'en')).toEqual({ ok: true, value: null });
    expect(importCell(col('int', { options: [0, 1, 2] }), 'int', '2', 'en')).toEqual({ ok: true, value: 2 });
    expect(importCell(col('json'), 'json', '{"a":1}', 'en')).toEqual({ ok: true, value: { a: 1 } });
    expect(importCell(col('json'), 'json', '{a', 'en')).toEqual({ ok: false, message: 'validation.type_json' });
  });

  it('neutralizes formula-like text in CSV exports and restores it on import', () => {
    expect(guardCell('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(guardCell('-5 pieces')).toBe("'-5 pieces");
    expect(guardCell('Hammer')).toBe('Hammer');
    expect(importCell(col('text'), 'text', "'=SUM(A1)", 'en')).toEqual({ ok: true, value: '=SUM(A1)' });
    expect(importCell(col('text'), 'text', "'quoted", 'en')).toEqual({ ok: true, value: "'quoted" });
  });
});

describe('option columns by name', () => {
  const kis = col('int', { options: [0, 1, 2], renderer: 'keepInStock', optionsKey: 'keep_in_stock' });
  const read = (c: ColumnMeta, cell: string | number, lang: string) => importCell(c, 'int', cell, lang);

  it('names a value as the grid does, in the request language; other option columns keep their value', () => {
    expect(optionName(kis, 2, 'en')).toBe('On order');
    expect(optionName(kis, 2, 'de')).toBe('Bestellt');
    expect(optionName(kis, 0, 'hu')).toBe('Nem');
    expect(optionName(kis, null, 'de')).toBe('');
    expect(optionName(col('text', { options: ['text', 'image'] }), 'image', 'de')).toBeUndefined();
  });

  it('reads the name in the request language or English, ignoring case, accents and spacing, and the raw value', () => {
    expect(read(kis, 'Bestellt', 'de')).toEqual({ ok: true, value: 2 });
    expect(read(kis, '  on   ORDER ', 'de')).toEqual({ ok: true, value: 2 });
    expect(read(kis, 'objednane', 'sk')).toEqual({ ok: true, value: 2 });
    expect(read(kis, 'ÁNO', 'sk')).toEqual({ ok: true, value: 1 });
    expect(read(kis, '1', 'de')).toEqual({ ok: true, value: 1 });
    expect(read(kis, 2, 'de')).toEqual({ ok: true, value: 2 });
    expect(importCell(col('text', { options: ['en', 'de'] }), 'text', ' DE', 'en')).toEqual({ ok: true, value: 'de' });
  });

  it('reads back every name it writes, in every language', () => {
    for (const lang of ['en', 'de', 'hu', 'sk', 'ro', 'cs', 'bg']) {
      for (const o of [0, 1, 2]) expect(read(kis, optionName(kis, o, lang)!, lang)).toEqual({ ok: true, value: o });
    }
  });

  it('refuses an unknown name with the text and the allowed names in the request language', () => {
    const r = read(kis, ' Vielleicht ', 'de');
    expect(r.ok).toBe(false);
    const message = (r as { message: string }).message;
    expect(message.split('?')[0]).toBe('import.unknown_option');
    expect(Object.fromEntries(new URLSearchParams(message.split('?')[1]))).toEqual({ value: 'Vielleicht', options: 'Nein, Ja, Bestellt' });
    expect(read(kis, '3', 'en')).toMatchObject({ ok: false });
    const block = importCell(col('text', { options: ['text', 'image'] }), 'text', 'audio', 'en');
    expect(block).toEqual({ ok: false, message: 'import.unknown_option?value=audio&options=text%2C+image' });
  });
});

describe('export cells', () => {
  const csvIn = (lang: string, timeZone = 'UTC') => ({ lang, csv: true, timeZone });
  const xlsxIn = { lang: 'en', csv: false, timeZone: 'UTC' };
  it('writes typed cells for XLSX and text for CSV; multi in the language', () => {
    expect(exportCell(col('multi'), 'multi', { en: 'Hammer', de: 'Hammer DE' }, csvIn('de'))).toBe('Hammer DE');
    expect(exportCell(col('multi'), 'multi', { en: 'Hammer' }, csvIn('de'))).toBeNull();
    expect(exportCell(col('date'), 'date', '2026-03-07', xlsxIn)).toEqual(new Date(Date.UTC(2026, 2, 7)));
    expect(exportCell(col('date'), 'date', '2026-03-07', csvIn('en'))).toBe('2026-03-07');
    expect(exportCell(col('bool'), 'bool', true, xlsxIn)).toBe(true);
    expect(exportCell(col('bool'), 'bool', false, csvIn('en'))).toBe('No');
    expect(exportCell(col('bool'), 'bool', true, csvIn('de'))).toBe('Ja');
    // …which import reads back.
    expect(importCell(col('bool'), 'bool', exportCell(col('bool'), 'bool', false, csvIn('bg')), 'bg')).toEqual({ ok: true, value: false });
    expect(exportCell(col('money'), 'money', 12.5, csvIn('en'))).toBe(12.5);
    expect(exportCell(col('json'), 'json', { a: [1] }, csvIn('en'))).toBe('{"a":[1]}');
    // The text as stored: the writer guards every text cell (core/sheetGuard.ts, tests/unit/sheet-guard.test.ts).
    expect(exportCell(col('text'), 'text', '@home', csvIn('en'))).toBe('@home');
    expect(exportCell(col('text'), 'text', '@home', xlsxIn)).toBe('@home');
  });

  it('writes a date-time as the grid shows it in the browser zone: its text in CSV, its wall time in XLSX; a date never shifts', () => {
    const dt = col('datetime');
    const at = (value: string, timeZone: string) => ({
      csv: exportCell(dt, 'datetime', value, csvIn('en', timeZone)),
      xlsx: (exportCell(dt, 'datetime', value, { ...xlsxIn, timeZone }) as Date).toISOString(),
    });
    // QA's case: the grid in Budapest shows 10:16.
    expect(at('2026-11-24T09:16:12.667Z', 'Europe/Budapest')).toEqual({ csv: '2026-11-24 10:16', xlsx: '2026-11-24T10:16:12.667Z' });
    expect(at('2026-11-24T09:16:12.667Z', 'UTC')).toEqual({ csv: '2026-11-24 09:16', xlsx: '2026-11-24T09:16:12.667Z' });
    // Across midnight, both ways.
    expect(at('2026-12-31T23:30:00Z', 'Europe/Budapest')).toEqual({ csv: '2027-01-01 00:30', xlsx: '2027-01-01T00:30:00.000Z' });
    expect(at('2026-11-25T03:30:00Z', 'America/New_York')).toEqual({ csv: '2026-11-24 22:30', xlsx: '2026-11-24T22:30:00.000Z' });
    // DST in Budapest: 02:00 → 03:00 on 29 March, 03:00 → 02:00 on 25 October (02:30 twice).
    expect(at('2026-03-29T00:59:00Z', 'Europe/Budapest').csv).toBe('2026-03-29 01:59');
    expect(at('2026-03-29T01:00:00Z', 'Europe/Budapest').csv).toBe('2026-03-29 03:00');
    expect(at('2026-10-25T00:30:00Z', 'Europe/Budapest').xlsx).toBe('2026-10-25T02:30:00.000Z');
    expect(at('2026-10-25T01:30:00Z', 'Europe/Budapest').xlsx).toBe('2026-10-25T02:30:00.000Z');
    // A date is a calendar day in any zone.
    expect(exportCell(col('date'), 'date', '2026-03-07', csvIn('en', 'Pacific/Kiritimati'))).toBe('2026-03-07');
    expect(exportCell(col('date'), 'date', '2026-03-07', { ...xlsxIn, timeZone: 'America/Los_Angeles' })).toEqual(new Date(Date.UTC(2026, 2, 7)));
  });
});

describe('export money', () => {
  const cur = { company: 'EUR', digits: { EUR: 2, HUF: 0, USD: 2 } };
  const prices = screens.get('frontend_purchase_prices')!;

  it('names the company currency in a money header; a column whose rows name their currency gets that column beside it', () => {
    const cols = [
      { field: 'product_code', header: 'Code' },
      { field: 'purchase_price_original', header: 'Supplier price' },
      { field: 'purchase_price_base', header: 'Base price' },
    ];
    expect(sheetColumns(prices, cols, cur, 'de')).toEqual([
      { field: 'product_code', header: 'Code' },
      { field: 'purchase_price_original', header: 'Supplier price' },
      { field: 'purchase_price_currency_code', header: de['fields.purchase_price_currency_code'] },
      { field: 'purchase_price_base', header: 'Base price (EUR)' },
    ]);
    // Exported already (anywhere): not twice.
    const withCode = [...cols, { field: 'purchase_price_currency_code', header: 'Cur' }];
    expect(sheetColumns(prices, withCode, cur, 'en').map((c) => c.field)).toEqual(withCode.map((c) => c.field));
    // No company, no currency to name.
    expect(sheetColumns(prices, cols.slice(2), { company: undefined, digits: {} }, 'en')).toEqual(cols.slice(2));
  });

  it('formats XLSX amounts with the currency and its digits, per row where the row names it', () => {
    expect(moneyFormat('EUR', cur)).toBe('[$EUR] #,##0.00');
    expect(moneyFormat('HUF', cur)).toBe('[$HUF] #,##0');
    expect(moneyFormat(undefined, cur)).toBe('#,##0.00');
    const col = prices.columns.purchase_price_original!;
    expect(cellCurrency(col, { purchase_price_currency_code: 'USD' }, cur)).toBe('USD');
    expect(cellCurrency(col, { purchase_price_currency_code: null }, cur)).toBe('EUR');
  });

  it('maps a header naming a currency to its field on import', () => {
    const fields = [{ field: 'selling_price_shop', key: false }];
    expect(suggestMapping(['Selling price (EUR)'], fields, () => 'Selling price')).toEqual(['selling_price_shop']);
    expect(suggestMapping(['Selling price (net)'], fields, () => 'Selling price')).toEqual([null]);
  });
});

describe('CSV delimiter', () => {
  it('takes the separator found most often in the header line outside quotes', () => {
    expect(csvDelimiter('a,b,c\n1;2;3;4;5')).toBe(',');
    expect(csvDelimiter('Name;Preis;"A, B"\n')).toBe(';');
    expect(csvDelimiter('a\tb\tc')).toBe('\t');
    expect(csvDelimiter('single')).toBe(',');
  });
});

describe('an import file the server cannot take', () => {
  /** The refusal as the browser gets it: status, code and params (no English to say). */
  const refusal = (name: string, text: string) =>
    readSheet(name, new TextEncoder().encode(text), 'en').then(
      () => expect.unreachable('read'),
      (e: { status: number; code: string; params?: unknown }) => [e.status, e.code, e.params],
    );

  it('answers its own code with the numbers the text needs', async () => {
    expect(await refusal('a.csv', '')).toEqual([400, 'file_empty', undefined]);
    expect(await refusal('a.csv', ',,\n , \n')).toEqual([400, 'file_empty', undefined]);
    expect(await refusal('a.csv', 'A,B\nx,y\n"open,z\n')).toEqual([400, 'file_bad_row', { row: 3 }]);
    expect(await refusal('a.csv', Array.from({ length: MAX_IMPORT_COLUMNS + 1 }, (_, i) => `c${i}`).join(','))).toEqual([400, 'file_too_many_columns', { limit: MAX_IMPORT_COLUMNS }]);
    expect(await refusal('a.csv', `A\n${'x\n'.repeat(MAX_IMPORT_ROWS + 1)}`)).toEqual([400, 'file_too_many_rows', { limit: MAX_IMPORT_ROWS }]);
    expect(await refusal('a.pdf', 'x')).toEqual([415, 'unsupported_type', { types: 'csv, tsv, txt, xlsx' }]);
  });
});

describe('import dialog model', () => {
  const labels: Record<string, string> = { brand_name: 'Marke', active: 'Aktiv', brand_id: 'Marke' };
  const fields = [
    { field: 'brand_id', key: true },
    { field: 'brand_name', key: false },
    { field: 'active', key: false },
  ];
  it('suggests fields by label or name, ignoring case, accents and punctuation, each once', () => {
    expect(suggestMapping(['Marke', 'ACTIVE', 'brand-name', 'Bemerkung', 'Brand ID'], fields, (f) => labels[f]!)).toEqual(['brand_name', 'active', null, null, 'brand_id']);
    expect(suggestMapping(['Akťív'], [{ field: 'active', key: false }], () => 'Aktív')).toEqual(['active']);
  });

  it('translates locale-key problems and server codes with their values, numbers for the locale, and keeps other texts', () => {
    const texts = de as Record<string, string>;
    const intl = createIntl({ locale: 'de-DE', messages: texts });
    expect(problemText('validation.max?max=1000', intl)).toBe(texts['validation.max']!.replace('{max, number}', '1.000'));
    expect(problemText('import.duplicate_row?line=3', intl)).toBe(texts['import.duplicate_row']!.replace('{line}', '3'));
    expect(problemText('server.bad_reference?field=line%203.vat_id&label=fields.vat_id', intl)).toBe(`${texts['fields.vat_id']}: Der gewählte Datensatz existiert nicht.`);
    expect(problemText('server.export_too_many_rows?count=24000&limit=100000', intl)).toContain('24.000');
    expect(problemText('rules.category_cycle', intl)).toBe(texts['rules.category_cycle']);
    expect(problemText('import.unknown_key', intl)).toBe('import.unknown_key');
    expect(problemText('line 4: The row would not belong to this company', intl)).toBe('line 4: The row would not belong to this company');
  });

  it('writes the report as CSV with a BOM: row, the key fields, column, the file value, problem; quoting separators and neutralizing formulas', () => {
    const csv = reportCsv(
      [
        { line: 3, field: 'brand_name', message: 'x', key: { brand_id: '17' }, value: 'Nord; Wind' },
        { line: 9, field: null, message: '=cmd', key: { brand_id: '=1+1' } },
        { line: 11, field: 'active', message: 'x' },
      ],
      { line: 'Zeile', keys: ['brand_id'], column: 'Spalte', value: 'Wert', problem: 'Problem' },
      (f) => labels[f]!,
      (m) => (m === 'x' ? 'ist erforderlich, "sofort"' : m),
    );
    expect(csv).toBe(
      '\uFEFFZeile,Marke,Spalte,Wert,Problem\r\n' + '3,17,Marke,"Nord; Wind","ist erforderlich, ""sofort"""\r\n' + `9,'=1+1,,,'=cmd\r\n` + '11,,Aktiv,,"ist erforderlich, ""sofort"""\r\n',
    );
    // No key in the file (a generated one): no key columns.
    const headers = { line: 'Zeile', keys: ['brand_id'], column: 'Spalte', value: 'Wert', problem: 'Problem' };
    expect(
      reportCsv(
        [{ line: 2, field: 'active', message: 'x', value: 'vielleicht' }],
        headers,
        (f) => labels[f]!,
        () => 'falsch',
      ),
    ).toBe('\uFEFFZeile,Spalte,Wert,Problem\r\n2,Aktiv,vielleicht,falsch\r\n');
  });
});

describe('CSV style of the export language', () => {
  it('semicolons and decimal commas where the language writes 1,5; commas and dots in English', () => {
    const de = csvStyle('de');
    expect(de.delimiter).toBe(';');
    expect(de.number(1234.5)).toBe('1234,5');
    expect(de.number(-0.25)).toBe('-0,25');
    for (const l of ['hu', 'sk', 'ro', 'cs', 'bg']) expect(csvStyle(l).delimiter, l).toBe(';');
    expect(csvStyle('en')).toMatchObject({ delimiter: ',' });
    expect(csvStyle('en').number(1234.5)).toBe('1234.5');
    // …and import reads a German number back.
    expect(importCell(col('number'), 'number', de.number(-1234.5), 'de')).toEqual({ ok: true, value: -1234.5 });
  });
});
