/**
 * Reading an uploaded CSV or XLSX into a header row and data rows of cells. CSV: UTF-8
 * (BOM or not), else the legacy Windows code page Excel uses for the request language;
 * the delimiter is detected (comma, semicolon, tab, pipe). XLSX: the first worksheet,
 * after checking the archive's declared sizes (a zip bomb is refused before parsing).
 */
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { HttpError, badRequest } from '../http/errors.ts';
import { cellText, type SheetCell } from './cells.ts';

export const MAX_IMPORT_BYTES = 10 * 1024 * 1024;
export const MAX_IMPORT_ROWS = 100_000;
export const MAX_IMPORT_COLUMNS = 200;
/** Uncompressed bytes an XLSX may declare (its XML is ~10× the zipped size). */
const MAX_UNZIPPED = 256 * 1024 * 1024;

export interface Sheet {
  headers: string[];
  /** Data rows (the rows after the header row), empty rows dropped; `line` is the 1-based row in the file. */
  rows: { line: number; cells: SheetCell[] }[];
}

export type SheetFormat = 'csv' | 'xlsx';

export function formatOf(name: string): SheetFormat {
  const ext = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase();
  if (ext === 'csv' || ext === 'tsv' || ext === 'txt') return 'csv';
  if (ext === 'xlsx') return 'xlsx';
  throw new HttpError(415, 'unsupported_type', `${name}: unsupported type (allowed: csv, tsv, txt, xlsx)`);
}

const CODE_PAGE: Record<string, string> = { bg: 'windows-1251', cs: 'windows-1250', sk: 'windows-1250', hu: 'windows-1250', ro: 'windows-1250' };

function decodeText(bytes: Uint8Array, lang: string): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return new TextDecoder(CODE_PAGE[lang] ?? 'windows-1252').decode(bytes);
  }
}

const isEmptyRow = (cells: SheetCell[]) => cells.every((c) => c === null || (typeof c === 'string' && c.trim() === ''));

function toSheet(table: { line: number; cells: SheetCell[] }[]): Sheet {
  const first = table.findIndex((r) => !isEmptyRow(r.cells));
  if (first < 0) throw badRequest('file: the file has no rows');
  const headers = table[first]!.cells.map((c) => cellText(c).trim());
  while (headers.length && headers[headers.length - 1] === '') headers.pop();
  if (!headers.length) throw badRequest('file: the first row holds no column names');
  if (headers.length > MAX_IMPORT_COLUMNS) throw badRequest(`file: more than ${MAX_IMPORT_COLUMNS} columns`);
  const rows = table.slice(first + 1).filter((r) => !isEmptyRow(r.cells));
  if (rows.length > MAX_IMPORT_ROWS) throw badRequest(`file: more than ${MAX_IMPORT_ROWS.toLocaleString('en')} rows; split the file`);
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
  if (bad) throw badRequest(`file: row ${(bad.row ?? 0) + 1}: ${bad.message}`);
  // Papa's rows are the file's records; a quoted cell may span lines, so `line` counts records.
  return toSheet(parsed.data.map((cells, i) => ({ line: i + 1, cells })));
}

/** Sum of the uncompressed sizes the ZIP central directory declares (no decompression). */
export function declaredUnzippedBytes(bytes: Uint8Array): number {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let eocd = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 65_535); i--) {
    if (view.getUint32(i, true) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw badRequest('file: not an XLSX workbook (no ZIP directory)');
  const entries = view.getUint16(eocd + 10, true);
  let at = view.getUint32(eocd + 16, true);
  let total = 0;
  for (let n = 0; n < entries; n++) {
    if (at + 46 > bytes.length || view.getUint32(at, true) !== 0x02014b50) throw badRequest('file: damaged XLSX workbook');
    const size = view.getUint32(at + 24, true);
    if (size === 0xffffffff) throw badRequest('file: XLSX workbook too large');
    total += size;
    at += 46 + view.getUint16(at + 28, true) + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
  }
  return total;
}

/** An exceljs cell value as a plain cell: rich text joined, formulas by their result, links by text. */
function plainCell(value: ExcelJS.CellValue): SheetCell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' || value instanceof Date) return value;
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('result' in value) return plainCell((value.result ?? null) as ExcelJS.CellValue);
    if ('text' in value && typeof value.text === 'string') return value.text;
    if ('error' in value) return null;
  }
  return String(value as unknown);
}

async function readXlsx(bytes: Uint8Array): Promise<Sheet> {
  if (declaredUnzippedBytes(bytes) > MAX_UNZIPPED) throw badRequest('file: the workbook unpacks to more than 256 MB');
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
  } catch (e) {
    throw badRequest(`file: not a readable XLSX workbook (${e instanceof Error ? e.message.slice(0, 200) : 'unknown error'})`);
  }
  const ws = wb.worksheets[0];
  if (!ws) throw badRequest('file: the workbook has no worksheet');
  if (ws.rowCount > MAX_IMPORT_ROWS + 1_000) throw badRequest(`file: more than ${MAX_IMPORT_ROWS.toLocaleString('en')} rows; split the file`);
  const table: { line: number; cells: SheetCell[] }[] = [];
  ws.eachRow({ includeEmpty: false }, (row, line) => {
    const cells: SheetCell[] = [];
    const width = Math.min(row.cellCount, MAX_IMPORT_COLUMNS + 1);
    for (let c = 1; c <= width; c++) cells.push(plainCell(row.getCell(c).value));
    table.push({ line, cells });
  });
  return toSheet(table);
}

export async function readSheet(name: string, bytes: Uint8Array, lang: string): Promise<Sheet> {
  return formatOf(name) === 'csv' ? readCsv(bytes, lang) : readXlsx(bytes);
}
