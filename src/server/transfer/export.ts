/**
 * POST /api/export/{form}: the grid's current view (filter, sort, visible columns with
 * their localized headers) as CSV or XLSX, streamed. Rows come from the list engine in
 * keyset windows, so a deep export costs what its rows cost; the company (and owner) scope, the page's
 * list permission and the descriptor's `actions.export` are checked first.
 */
import { PassThrough, Readable } from 'node:stream';
import { once } from 'node:events';
import Papa from 'papaparse';
import * as v from 'valibot';
import { ExportInput, MAX_EXPORT_ROWS } from '../../../schemas/api.ts';
import type { ColumnMeta } from '../../../schemas/screen.ts';
import type { Queryable } from '../db/types.ts';
import { forbidden, refused, unknownColumn } from '../http/errors.ts';
import { DOWNLOAD_CSP } from '../http/csp.ts';
import { cursorOf, list, ordering, type ListRequest } from '../actions/engine/list.ts';
import type { ListScope } from '../actions/engine/listScope.ts';
import { ownerScope } from '../actions/engine/owner.ts';
import { checkAgGridRequest } from '../actions/engine/agGrid.ts';
import type { Screen } from '../actions/engine/screens.ts';
import type { Session } from '../rpc/context.ts';
import { exportCell, type CellStyle, type SheetCell } from './cells.ts';
import { cellCurrency, currenciesOf, isMoney, moneyFormat, sheetColumns, type SheetColumn } from './money.ts';
import { namedCell } from './named.ts';
import { refLabels } from './refs.ts';
import { sortsByLabel } from '../actions/engine/lookupSql.ts';
import { changeRefLabels, entryLabels, type LabelsByForm } from '../actions/change_labels.ts';
import { LOCALE, type Lang } from '../../core/langs.ts';
import { guardCell, guardRow } from '../../core/sheetGuard.ts';
import { errorField, log as logger } from '../obs/log.ts';

const WINDOW = 5_000;
type Input = v.InferOutput<typeof ExportInput>;
type Row = Record<string, unknown>;

/** XLSX formats as the grid shows the types (date-times to the minute); money's: money.ts. */
const NUM_FMT: Partial<Record<string, string>> = { date: 'yyyy-mm-dd', datetime: 'yyyy-mm-dd hh:mm' };

/** A sheet name Excel accepts: ≤ 31 characters, none of : \ / ? * [ ]. */
const sheetName = (title: string) =>
  title
    .replace(/[:\\/?*[\]]/g, ' ')
    .trim()
    .slice(0, 31) || 'Export';

/** Checks the request against the descriptor; answers the list request of the whole view. */
function exportRequest(screen: Screen, input: Input): ListRequest {
  if (!screen.actions.export) throw forbidden(`forbidden: ${screen.form} cannot be exported`);
  input.columns.forEach((c, i) => {
    // Own columns only: `__proto__` and `constructor` name Object.prototype's, no column.
    if (!Object.hasOwn(screen.columns, c.field)) throw unknownColumn(`body.columns.${i}.field`, c.field);
  });
  checkAgGridRequest(screen, input, 'body');
  return { sortModel: input.sortModel, filterModel: input.filterModel, equals: input.fixed, language: input.language };
}

/** The rows of the view, window by window (keyset on the view's order). */
/** Whose rows an export reads: the session's company, and the owner's rows of a private screen (engine/owner.ts). */
type ExportScope = Pick<ListScope, 'company' | 'owner'>;

export async function* viewRows(db: Queryable, screen: Screen, req: ListRequest, scope: ExportScope, size = WINDOW): AsyncGenerator<Row[]> {
  const order = ordering(screen, req.sortModel);
  const lang = req.language!;
  // A sort by a looked-up text has no keyset (its values are not in the rows): windows by offset.
  const byOffset = order.some((s) => sortsByLabel(screen, s.colId));
  let after: unknown[] | undefined;
  for (let start = 0; ; start += size) {
    const window = byOffset ? { startRow: start, endRow: start + size } : { startRow: 0, endRow: size, after };
    const page = await list(db, screen, { ...req, ...window, count: 'estimate' }, { ...scope, language: lang });
    if (page.rows.length) yield page.rows;
    if (page.rows.length < size) return;
    if (byOffset) continue;
    after = cursorOf(screen, order, page.rows[page.rows.length - 1]!, lang);
  }
}

/** The cells of a window of rows, refs (also those a change summary names) as their lookup's display text. */
async function cellsOf(db: Queryable, screen: Screen, input: Input, columns: SheetColumn[], rows: Row[], session: Session, style: CellStyle): Promise<SheetCell[][]> {
  const labels = new Map<string, Map<string, string>>();
  let changeRefs: LabelsByForm = {};
  for (const { field } of columns) {
    const col = screen.columns[field]!;
    if (col.renderer === 'changeSummary') changeRefs = await changeRefLabels(db, session, rows, input.language, field);
    if (col.type !== 'ref' || labels.has(field)) continue;
    const keys = [...new Set(rows.map((r) => r[field]).filter((x) => x !== null && x !== undefined))];
    labels.set(field, await refLabels(db, screen, field, keys, input.language, session.company));
  }
  return rows.map((row) =>
    columns.map(({ field }) => {
      const col = screen.columns[field]!;
      const value = row[field];
      if (col.type === 'ref') return value === null || value === undefined ? null : (labels.get(field)!.get(String(value)) ?? String(value));
      const named = namedCell(col, row, field, style, entryLabels(changeRefs, row.entity_name));
      if (named !== undefined) return named === '' ? null : named;
      return exportCell(col, screen.valueType[field]!, value, style);
    }),
  );
}

/** The sheet's money columns whose rows name their own currency: each cell's format names it. */
function perRowMoney(screen: Screen, columns: SheetColumn[]): { index: number; col: ColumnMeta }[] {
  return columns.flatMap((c, index) => {
    const col = screen.columns[c.field]!;
    return isMoney(col, screen.valueType[c.field]) && col.currencyField ? [{ index, col }] : [];
  });
}

/**
 * The CSV a spreadsheet of the export's language opens as columns: where the decimal mark
 * is a comma (de, hu, sk, ro, cs, bg) the fields are separated by semicolons and numbers
 * written with a decimal comma, as German Excel reads them; English keeps commas and dots.
 * Import reads both back (the delimiter is detected, numbers follow the float rule).
 */
export function csvStyle(lang: string | undefined): { delimiter: string; number: (n: number) => string } {
  let comma = false;
  try {
    comma = new Intl.NumberFormat(LOCALE[lang as Lang] ?? 'en-GB').formatToParts(1.5).find((p) => p.type === 'decimal')?.value === ',';
  } catch {
    // an unknown language: English style
  }
  return comma ? { delimiter: ';', number: (n) => String(n).replace('.', ',') } : { delimiter: ',', number: String };
}

/**
 * Answers the file as a stream. The view's size is checked before the first byte
 * (the planner's estimate above 100,000 rows): more than MAX_EXPORT_ROWS is a 400.
 */
export async function exportView(db: Queryable, screen: Screen, input: Input, session: Session): Promise<Response> {
  const req = exportRequest(screen, input);
  const scope: ExportScope = { company: session.company, owner: await ownerScope(db, session, screen) };
  const first = await list(db, screen, { ...req, startRow: 0, endRow: 1, count: 'estimate' }, { ...scope, language: input.language });
  if (first.total > MAX_EXPORT_ROWS) {
    throw refused('export_too_many_rows', `body: about ${first.total.toLocaleString('en')} rows match; at most ${MAX_EXPORT_ROWS.toLocaleString('en')} can be exported — narrow the filter`, {
      count: first.total,
      limit: MAX_EXPORT_ROWS,
    });
  }
  const csv = input.format === 'csv';
  const style: CellStyle = { lang: input.language, csv, timeZone: input.timeZone };
  const cur = await currenciesOf(db, session.company);
  const columns = sheetColumns(screen, input.columns, cur, input.language);
  const out = new PassThrough();
  const drain = async () => {
    if (out.writableNeedDrain) await once(out, 'drain');
  };
  const produce = async () => {
    if (csv) {
      const { delimiter, number } = csvStyle(input.language);
      out.write('\uFEFF'); // Excel reads UTF-8 only with a BOM
      // Every text cell guarded where it is written (core/sheetGuard.ts), headers and looked-up texts included; numbers stay numbers.
      out.write(`${Papa.unparse([guardRow(columns.map((c) => c.header))], { newline: '\r\n', delimiter })}\r\n`);
      for await (const rows of viewRows(db, screen, req, scope)) {
        const cells = await cellsOf(db, screen, input, columns, rows, session, style);
        out.write(
          `${Papa.unparse(
            cells.map((r) => guardRow(r).map((c) => (c === null ? '' : typeof c === 'number' ? number(c) : c))),
            { newline: '\r\n', delimiter },
          )}\r\n`,
        );
        await drain();
      }
      out.end();
      return;
    }
    // exceljs on first use: a server that never writes a workbook never loads it (a second of every start).
    const { default: ExcelJS } = await import('exceljs');
    const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
    const ws = wb.addWorksheet(sheetName(input.title ?? screen.form), { views: [{ state: 'frozen', ySplit: 1 }] });
    const perRow = perRowMoney(screen, columns);
    ws.columns = columns.map((c) => {
      const col = screen.columns[c.field]!;
      const fmt = isMoney(col, screen.valueType[c.field]) ? moneyFormat(col.currencyField ? undefined : cur.company, cur) : NUM_FMT[screen.valueType[c.field]!];
      return { header: guardCell(c.header), key: c.field, width: Math.min(60, Math.max(10, c.header.length + 2)), ...(fmt ? { style: { numFmt: fmt } } : {}) };
    });
    ws.getRow(1).font = { bold: true };
    ws.getRow(1).commit();
    for await (const rows of viewRows(db, screen, req, scope)) {
      const cells = await cellsOf(db, screen, input, columns, rows, session, style);
      cells.forEach((r, i) => {
        // Text cells as the CSV writes them (exceljs cannot set a cell's quotePrefix flag); typed cells as they are.
        const row = ws.addRow(guardRow(r));
        for (const { index, col } of perRow) row.getCell(index + 1).numFmt = moneyFormat(cellCurrency(col, rows[i]!, cur), cur);
        row.commit();
      });
      await drain();
    }
    ws.commit();
    await wb.commit();
  };
  produce().catch((e: unknown) => {
    logger.error({ err: errorField(e), entity: screen.form }, 'export failed');
    out.destroy(e instanceof Error ? e : new Error(String(e)));
  });
  const ext = csv ? 'csv' : 'xlsx';
  const type = csv ? 'text/csv; charset=utf-8' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
  const day = new Date().toISOString().slice(0, 10);
  return new Response(Readable.toWeb(out) as ReadableStream, {
    status: 200,
    headers: { 'Content-Type': type, 'Content-Disposition': `attachment; filename="${screen.form}-${day}.${ext}"`, 'Cache-Control': 'no-store', 'Content-Security-Policy': DOWNLOAD_CSP },
  });
}
