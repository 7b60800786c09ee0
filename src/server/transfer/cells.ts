/**
 * Cell values of exported and imported sheets, by column type. Export writes values a
 * spreadsheet keeps typed (numbers, booleans, dates in XLSX; the grid's text in CSV) and the
 * text of multi-language columns in the requested language; the writer guards text cells
 * against formulas (core/sheetGuard.ts), import reads them back unguarded. Import reads what people
 * type or Excel stores: numbers in text cells as the importing user's language writes them
 * (core numberInput.ts, as the grid reads them; XLSX number cells stay numbers), yes/no words
 * of English and the request language, ISO and dotted dates, Excel dates and booleans.
 * Option columns are read by name or value (options.ts; export names them in named.ts);
 * ref columns are resolved against their lookup separately (refs.ts).
 */
import { formatDateTime, parseDateInput } from '../../core/format.ts';
import { numberText } from '../../core/numberInput.ts';
import { unguardCell } from '../../core/sheetGuard.ts';
import { M } from '../../core/validation/messages.ts';
import type { ColumnMeta } from '../../../schemas/screen.ts';
import type { ValueType } from '../actions/engine/screens.ts';
import { catalogue } from './catalogue.ts';
import type { Converted } from './converted.ts';
import { optionValue } from './options.ts';
import { wallTime } from './wallTime.ts';

/** A cell as read from a file: text (CSV, most XLSX cells) or what XLSX stores typed. */
export type SheetCell = string | number | boolean | Date | null;

const iso = (d: Date) => d.toISOString().slice(0, 10);

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
    case 'bool': {
      // CSV: the grid's words in the export's language (import reads them back); XLSX: a real boolean.
      if (!csv) return value === true;
      const w = wordsOf(lang);
      return value === true ? w.yes : w.no;
    }
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

const yesNo = new Map<string, { yes: string; no: string }>();

/** The request language's words for yes and no (the catalogue's common.yes / common.no). */
function wordsOf(lang: string): { yes: string; no: string } {
  let w = yesNo.get(lang);
  if (!w) {
    const cat = catalogue(lang);
    w = { yes: cat['common.yes'] ?? 'Yes', no: cat['common.no'] ?? 'No' };
    yesNo.set(lang, w);
  }
  return w;
}

const TRUE = new Set(['yes', 'true', '1', 'y', 'x', 'wahr', 'igen', 'áno', 'ano', 'da', 'да']);
const FALSE = new Set(['no', 'false', '0', 'n', 'falsch', 'nem', 'nie', 'ne', 'nu', 'не']);

/** An Excel date, or a date as the grid's editor reads one (2026-12-31, 31.12.2026, 2026. 12. 31.). */
function dateText(cell: SheetCell): string | null {
  if (cell instanceof Date) return Number.isNaN(cell.getTime()) ? null : iso(cell);
  return parseDateInput(String(cell));
}

/**
 * A sheet cell → the value of a (non-ref) column before validation; an empty cell is
 * null (it clears the field). Messages are locale keys (validation.*).
 */
export function importCell(col: ColumnMeta, type: ValueType, cell: SheetCell, lang: string): Converted {
  if (cell === null || (typeof cell === 'string' && cell.trim() === '')) return { ok: true, value: col.type === 'multi' ? { [lang]: '' } : null };
  const text = cell instanceof Date ? iso(cell) : typeof cell === 'string' ? unguardCell(cell) : String(cell);
  if (col.options) return optionValue(col, col.options, text, lang);
  if (col.type === 'multi') return { ok: true, value: { [lang]: text } };
  switch (type) {
    case 'int':
    case 'number':
    case 'money': {
      if (typeof cell === 'number') return { ok: true, value: cell };
      if (typeof cell === 'boolean') return { ok: false, message: type === 'int' ? M.type_integer : M.type_number };
      // Text as the importing user's language writes numbers ('1,000' is 1000 in English, 1 in no language).
      const n = numberText(text, lang);
      return n.ok ? { ok: true, value: n.value } : n;
    }
    case 'bool': {
      if (typeof cell === 'boolean') return { ok: true, value: cell };
      const lower = text.trim().toLowerCase();
      const w = wordsOf(lang);
      if (TRUE.has(lower) || lower === w.yes.toLowerCase()) return { ok: true, value: true };
      if (FALSE.has(lower) || lower === w.no.toLowerCase()) return { ok: true, value: false };
      return { ok: false, message: M.type_bool };
    }
    case 'date': {
      const d = dateText(cell);
      return d ? { ok: true, value: d } : { ok: false, message: M.type_date };
    }
    case 'datetime':
      return { ok: true, value: cell instanceof Date ? cell.toISOString() : text.trim() };
    case 'json':
      try {
        return { ok: true, value: JSON.parse(text) as unknown };
      } catch {
        return { ok: false, message: M.type_json };
      }
    default:
      return { ok: true, value: typeof cell === 'string' ? text : text.trim() };
  }
}
