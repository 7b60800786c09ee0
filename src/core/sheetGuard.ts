/**
 * The one formula guard of every table the product writes for a spreadsheet: the grid's
 * CSV and XLSX export, the courier's CSV, the import's problem report, the grid's copy
 * (TSV on the clipboard). Text in them may come from anyone (a storefront checkout's name
 * and address), and a spreadsheet runs a cell that starts like a formula (OWASP "CSV
 * injection": =HYPERLINK(…), =cmd|…, @SUM(…)).
 *
 * Such a text cell gets a leading apostrophe, so the spreadsheet shows it as text. Starts
 * guarded: = + - @, tab and CR (OWASP), also LF (a line break is where some readers start
 * a cell) and the full-width ＝ ＋ － ＠ (an East Asian Excel takes them for the ASCII ones).
 * Left alone: a text that is a plain number ('-12.50', '+421900123456' — it cannot call
 * anything, and a spreadsheet reads it as the number it is), and cells the writer has
 * typed as numbers, booleans or dates (never text). XLSX cells get the same apostrophe:
 * exceljs cannot set a cell's quotePrefix flag, and one rule reads back alike (unguard).
 */

const FORMULA_START = /^[=+\-@\t\r\n\uFF1D\uFF0B\uFF0D\uFF20]/;
const PLAIN_NUMBER = /^[+-]?(?:\d+(?:[.,]\d+)?|[.,]\d+)$/;

const risky = (s: string): boolean => FORMULA_START.test(s) && !PLAIN_NUMBER.test(s);

/** A text cell as it is written; a text guarded already (starting with the apostrophe) is left as it is. */
export const guardCell = (s: string): string => (risky(s) ? `'${s}` : s);

/** Reverses `guardCell` where a file, or the clipboard, is read back. */
export const unguardCell = (s: string): string => (s.startsWith("'") && risky(s.slice(1)) ? s.slice(1) : s);

/** A row of cells as written: text guarded, typed cells (numbers, booleans, dates, empty) as they are. */
export const guardRow = <T>(cells: readonly T[]): T[] => cells.map((c) => (typeof c === 'string' ? (guardCell(c) as T) : c));
