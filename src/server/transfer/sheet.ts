/**
 * Reading an uploaded CSV or XLSX into a header row and data rows of cells. CSV: UTF-8
 * (BOM or not), else the legacy Windows code page Excel uses for the request language;
 * the delimiter is detected (comma, semicolon, tab, pipe). XLSX: the first worksheet
 * (xlsx.ts), inflated within MAX_UNZIPPED whatever the archive declares. Requests parse
 * off their thread, through parsePool.ts; this is what its worker runs.
 */
import Papa from 'papaparse';
import { HttpError, refused } from '../http/errors.ts';
import { cellText, isEmptyRow, type SheetCell } from './cells.ts';
import { readXlsxTable } from './xlsx.ts';

export const MAX_IMPORT_BYTES = 10 * 1024 * 1024;
export const MAX_IMPORT_ROWS = 100_000;
export const MAX_IMPORT_COLUMNS = 200;
/** Bytes the parts of an XLSX read may inflate to (its XML is ~10× the zipped size). */
export const MAX_UNZIPPED = 256 * 1024 * 1024;

export interface Sheet {
  headers: string[];
  /** Data rows (the rows after the header row), empty rows dropped; `line` is the 1-based row in the file. */
  rows: { line: number; cells: SheetCell[] }[];
}

export type SheetFormat = 'csv' | 'xlsx';

/** The extensions an import reads, as an error names them. */
const IMPORT_TYPES = 'csv, tsv, txt, xlsx';

export function formatOf(name: string): SheetFormat {
  const ext = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase();
  if (ext === 'csv' || ext === 'tsv' || ext === 'txt') return 'csv';
  if (ext === 'xlsx') return 'xlsx';
  throw new HttpError(415, 'unsupported_type', `${name}: unsupported type (allowed: ${IMPORT_TYPES})`, {}, undefined, { types: IMPORT_TYPES });
}

const CODE_PAGE: Record<string, string> = { bg: 'windows-1251', cs: 'windows-1250', sk: 'windows-1250', hu: 'windows-1250', ro: 'windows-1250' };

function decodeText(bytes: Uint8Array, lang: string): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return new TextDecoder(CODE_PAGE[lang] ?? 'windows-1252').decode(bytes);
  }
}

function toSheet(table: { line: number; cells: SheetCell[] }[]): Sheet {
  const first = table.findIndex((r) => !isEmptyRow(r.cells));
  if (first < 0) throw refused('file_empty', 'file: the file has no rows');
  const headers = table[first]!.cells.map((c) => cellText(c).trim());
  while (headers.length && headers[headers.length - 1] === '') headers.pop();
  if (!headers.length) throw refused('file_no_headers', 'file: the first row holds no column names');
  if (headers.length > MAX_IMPORT_COLUMNS) throw refused('file_too_many_columns', `file: more than ${MAX_IMPORT_COLUMNS} columns`, { limit: MAX_IMPORT_COLUMNS });
  const rows = table.slice(first + 1).filter((r) => !isEmptyRow(r.cells));
  if (rows.length > MAX_IMPORT_ROWS) throw refused('file_too_many_rows', `file: more than ${MAX_IMPORT_ROWS.toLocaleString('en')} rows; split the file`, { limit: MAX_IMPORT_ROWS });
  return { headers, rows: rows.map((r) => ({ line: r.line, cells: headers.map((_, i) => r.cells[i] ?? null) })) };
}

/** The delimiter of the header line: the candidate found most often outside quotes (comma on a tie). */
export function csvDelimiter(text: string): string {
  const counts = new Map<string, number>([
    [',', 0],
    [';', 0],
    ['\t', 0],
    ['|', 0],
  ]);
  let quoted = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) break;
    else if (!quoted && counts.has(ch)) counts.set(ch, counts.get(ch)! + 1);
  }
  let best = ',';
  for (const [d, n] of counts) if (n > counts.get(best)!) best = d;
  return best;
}

function readCsv(bytes: Uint8Array, lang: string): Sheet {
  const text = decodeText(bytes, lang).replace(/^\uFEFF/, '');
  const parsed = Papa.parse<string[]>(text, { delimiter: csvDelimiter(text), skipEmptyLines: false });
  const bad = parsed.errors.find((e) => e.type === 'Quotes');
  if (bad) throw refused('file_bad_row', `file: row ${(bad.row ?? 0) + 1}: ${bad.message}`, { row: (bad.row ?? 0) + 1 });
  // Papa's rows are the file's records; a quoted cell may span lines, so `line` counts records.
  return toSheet(parsed.data.map((cells, i) => ({ line: i + 1, cells })));
}

export async function readSheet(name: string, bytes: Uint8Array, lang: string, unzipped = MAX_UNZIPPED): Promise<Sheet> {
  if (formatOf(name) === 'csv') return readCsv(bytes, lang);
  return toSheet(await readXlsxTable(bytes, { unzipped, rows: MAX_IMPORT_ROWS + 1, columns: MAX_IMPORT_COLUMNS + 1 }));
}
