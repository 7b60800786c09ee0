/**
 * Cell values of exported and imported sheets, by column type (core/columnTypes/: the text
 * of a bool, the reading of numbers, days, date-times and JSON). Export writes values a
 * spreadsheet keeps typed (numbers, booleans, dates in XLSX; the grid's text in CSV) and the
 * text of multi-language columns in the requested language; the writer guards text cells
 * against formulas (core/sheetGuard.ts), import reads them back unguarded. Import reads what people
 * type or Excel stores: numbers in text cells as the importing user's language writes them
 * (core numberInput.ts, as the grid reads them; XLSX number cells stay numbers), yes/no words
 * of English and the request language, ISO and dotted dates, Excel dates and booleans.
 * Option columns are read by name or value (options.ts; export names them in named.ts);
 * ref columns are resolved against their lookup separately (refs.ts).
 */
import { columnTypes } from '../../core/columnTypes/index.ts';
import { formatDateTime } from '../../core/format.ts';
import { isLang, type Lang } from '../../core/langs.ts';
import { unguardCell } from '../../core/sheetGuard.ts';
import { M } from '../../core/validation/messages.ts';
import type { ColumnMeta } from '../../../schemas/screen.ts';
import type { ValueType } from '../actions/engine/screens.ts';
import { catalogueText } from './catalogue.ts';
import type { Converted } from './converted.ts';
import { optionValue } from './options.ts';
import { wallTime } from './wallTime.ts';

/** A cell as read from a file: text (CSV, most XLSX cells) or what XLSX stores typed. */
export type SheetCell = string | number | boolean | Date | null;

const iso = (d: Date) => d.toISOString().slice(0, 10);

/** A request language as a UI language (English when it is none). */
const langOf = (lang: string): Lang => (isLang(lang) ? lang : 'en');

/** A row without a value: no cell, or only blank text. */
export const isEmptyRow = (cells: SheetCell[]): boolean => cells.every((c) => c === null || (typeof c === 'string' && c.trim() === ''));

/** A sheet cell as text (Excel dates as yyyy-MM-dd): headers, samples, ref texts. */
export const cellText = (c: SheetCell): string => (c === null ? '' : c instanceof Date ? iso(c) : String(c));

/** How an export writes its cells: the language (multi columns, yes/no), CSV or XLSX, the browser's time zone. */
export interface CellStyle {
  lang: string;
  csv: boolean;
  timeZone: string;
}

/**
 * The value of a stored field as an export cell. A date-time reads as the grid shows it in
 * the browser's zone: its text in CSV, its wall time in XLSX (Excel has no zones); a date
 * is a calendar day and never shifts.
 */
export function exportCell(col: ColumnMeta, type: ValueType, value: unknown, { lang, csv, timeZone }: CellStyle): SheetCell {
  if (value === null || value === undefined) return null;
  if (col.type === 'multi') {
    const raw = typeof value === 'object' ? (value as Record<string, unknown>)[lang] : undefined;
    if (typeof raw !== 'string') return null;
    // Rich text as its HTML (stored sanitized), so that a file imports back with its formatting.
    return raw;
  }
  switch (type) {
    case 'int':
    case 'number':
    case 'money':
      return typeof value === 'number' ? value : Number(value);
    case 'bool':
      // CSV: the grid's words in the export's language (the bool type's `format`; import reads them back); XLSX: a real boolean.
      return csv ? columnTypes.bool.format(value === true, { lang: langOf(lang), t: (id) => catalogueText(lang, id) }) : value === true;
    case 'date':
      return csv ? String(value) : new Date(`${String(value)}T00:00:00Z`);
    case 'datetime':
      return csv ? formatDateTime(value, timeZone) : (wallTime(value, timeZone) ?? String(value));
    case 'json':
      return JSON.stringify(value);
    default:
      return String(value);
  }
}

// ---- import -------------------------------------------------------------------------------

const TRUE = new Set(['yes', 'true', '1', 'y', 'x', 'wahr', 'igen', 'áno', 'ano', 'da', 'да']);
const FALSE = new Set(['no', 'false', '0', 'n', 'falsch', 'nem', 'nie', 'ne', 'nu', 'не']);

/** An Excel date as its day. */
const dateText = (cell: Date): Converted => (Number.isNaN(cell.getTime()) ? { ok: false, message: M.type_date } : { ok: true, value: iso(cell) });

/**
 * A sheet cell → the value of a (non-ref) column before validation; an empty cell is
 * null (it clears the field). Messages are locale keys (validation.*).
 */
export function importCell(col: ColumnMeta, type: ValueType, cell: SheetCell, lang: string): Converted {
  if (cell === null || (typeof cell === 'string' && cell.trim() === '')) return { ok: true, value: col.type === 'multi' ? { [lang]: '' } : null };
  const text = cell instanceof Date ? iso(cell) : typeof cell === 'string' ? unguardCell(cell) : String(cell);
  if (col.options) return optionValue(col, col.options, text, lang);
  if (col.type === 'multi') return { ok: true, value: { [lang]: text } };
  const typed = { lang: langOf(lang), t: (id: string) => catalogueText(lang, id) };
  switch (type) {
    case 'int':
    case 'number':
    case 'money': {
      if (typeof cell === 'number') return { ok: true, value: cell };
      if (typeof cell === 'boolean') return { ok: false, message: type === 'int' ? M.type_integer : M.type_number };
      // Text as the importing user's language writes numbers (the number type's `parse`: '1,000' is 1000 in English, 1 in no language).
      // An amount is the stored one (export writes amounts as stored), so no currency is typed in: `number`'s reading.
      return columnTypes[type === 'int' ? 'int' : 'number'].parse(text, typed);
    }
    case 'bool': {
      if (typeof cell === 'boolean') return { ok: true, value: cell };
      const read = columnTypes.bool.parse(text, typed);
      if (read.ok) return read;
      // The yes/no words of every UI language: a file may come from a colleague in another one.
      const lower = text.trim().toLowerCase();
      if (TRUE.has(lower)) return { ok: true, value: true };
      if (FALSE.has(lower)) return { ok: true, value: false };
      return read;
    }
    case 'date':
      return cell instanceof Date ? dateText(cell) : columnTypes.date.parse(text, typed);
    case 'datetime':
      return cell instanceof Date ? { ok: true, value: cell.toISOString() } : columnTypes.datetime.parse(text, typed);
    case 'json':
      return columnTypes.json.parse(text, typed);
    default:
      return { ok: true, value: typeof cell === 'string' ? text : text.trim() };
  }
}
