/**
 * The first worksheet of an XLSX as rows of plain cells. The parts it needs (workbook,
 * its relationships, styles for dates, shared strings, the sheet) are inflated by zip.ts
 * against one budget, whatever sizes the archive declares; nothing else in the archive
 * (images, other sheets) is inflated. exceljs' streaming reader then reads them, stored,
 * row by row: the workbook is never held as an object model, and reading stops at the
 * row limit.
 */
import { posix } from 'node:path';
import { Readable } from 'node:stream';
import type ExcelJS from 'exceljs';
import { HttpError, refused } from '../http/errors.ts';
import { isEmptyRow, type SheetCell } from './cells.ts';
import { UnzipLimitError, ZipError, storedZip, unzipBudget, unzipEntry, zipDirectory, type ZipEntry, type ZipProblem } from './zip.ts';

export interface XlsxLimits {
  /** Bytes the parts read may inflate to, together. */
  unzipped: number;
  /** Non-empty rows (header included) past which the file is refused. */
  rows: number;
  /** Cells read per row. */
  columns: number;
}

export type Table = { line: number; cells: SheetCell[] }[];

const MB = 1024 * 1024;

/**
 * A workbook that cannot be read: its ZIP damaged (file_damaged), or not a workbook this
 * reads (no ZIP directory, no workbook part, ZIP64, encryption, another compression, XML
 * exceljs cannot read). `detail` (the ZipProblem, exceljs' error) is for the log and API users.
 */
const unreadable = (problem: ZipProblem | 'no_workbook' | 'xml', detail: string = problem) =>
  problem === 'damaged' ? refused('file_damaged', `file: damaged XLSX workbook (${detail})`) : refused('file_not_xlsx', `file: not a readable XLSX workbook (${detail})`);

const tooLarge = (limit: number) => refused('file_unpacks_too_large', `file: the workbook unpacks to more than ${limit / MB} MB`, { limit: limit / MB }, 413);

const attr = (attrs: string, name: string): string | undefined => new RegExp(`(?:^|\\s)${name}\\s*=\\s*(["'])(.*?)\\1`).exec(attrs)?.[2];

/**
 * The first worksheet in tab order: workbook.xml's first <sheet>, its relationship id
 * resolved through the workbook's relationships; else the lowest-numbered sheet part.
 */
export function firstSheetPart(workbookXml: string, relsXml: string | undefined, parts: Map<string, ZipEntry>): string | undefined {
  const sheets = /<(?:\w+:)?sheets\b[^>]*>([\s\S]*?)<\/(?:\w+:)?sheets>/.exec(workbookXml)?.[1] ?? '';
  const first = /<(?:\w+:)?sheet\b([^>]*)>/.exec(sheets)?.[1] ?? '';
  const rid = /(?:^|\s)\w+:id\s*=\s*(["'])(.*?)\1/.exec(first)?.[2];
  for (const m of rid && relsXml ? relsXml.matchAll(/<(?:\w+:)?Relationship\b([^>]*)>/g) : []) {
    if (attr(m[1]!, 'Id') !== rid) continue;
    const target = attr(m[1]!, 'Target') ?? '';
    const part = target.startsWith('/') ? target.slice(1) : posix.join('xl', target);
    if (parts.has(part)) return part;
  }
  const numbered = [...parts.keys()].flatMap((name) => {
    const n = /^xl\/worksheets\/sheet(\d+)\.xml$/.exec(name)?.[1];
    return n ? [{ name, n: Number(n) }] : [];
  });
  return numbered.sort((a, b) => a.n - b.n)[0]?.name;
}

/**
 * An exceljs cell value as a plain cell: rich text joined, formulas by their result, links by
 * text, errors empty. The streaming reader reads a formula result that is not text as a
 * number: TRUE as 1 (a bool column reads it as yes); and exceljs drops a falsy result (0,
 * FALSE, an error's NaN), so such a formula reads as an empty cell, as it did from the
 * in-memory model — not as "[object Object]".
 */
function plainCell(value: ExcelJS.CellValue): SheetCell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return Number.isNaN(value) ? null : value;
  if (typeof value === 'string' || typeof value === 'boolean' || value instanceof Date) return value;
  if ('richText' in value) return value.richText.map((r) => r.text).join('');
  if ('result' in value) return plainCell(value.result ?? null);
  if ('text' in value && typeof value.text === 'string') return value.text;
  return null;
}

/** The parts exceljs' reader needs, inflated within the budget, in the order it reads them without temporary files. */
async function workbookParts(bytes: Uint8Array, limit: number): Promise<{ name: string; chunks: Buffer[] }[]> {
  const parts = zipDirectory(bytes);
  const budget = unzipBudget(limit);
  const read = async (name: string) => {
    const entry = parts.get(name);
    return entry ? unzipEntry(bytes, entry, budget) : undefined;
  };
  const text = (chunks: Buffer[]) => Buffer.concat(chunks).toString('utf8');
  const workbook = await read('xl/workbook.xml');
  if (!workbook) throw unreadable('no_workbook', 'no xl/workbook.xml');
  const rels = await read('xl/_rels/workbook.xml.rels');
  const sheet = firstSheetPart(text(workbook), rels && text(rels), parts);
  if (!sheet) throw refused('file_no_worksheet', 'file: the workbook has no worksheet');
  const styles = await read('xl/styles.xml');
  // The reader parses a sheet in stream only once it has the relationships and shared strings (else it spools the sheet to a temporary file).
  const placeholder = (xml: string) => [Buffer.from(xml)];
  return [
    { name: 'xl/_rels/workbook.xml.rels', chunks: rels ?? placeholder('<Relationships/>') },
    { name: 'xl/workbook.xml', chunks: workbook },
    ...(styles ? [{ name: 'xl/styles.xml', chunks: styles }] : []),
    { name: 'xl/sharedStrings.xml', chunks: (await read('xl/sharedStrings.xml')) ?? placeholder('<sst/>') },
    { name: 'xl/worksheets/sheet1.xml', chunks: (await read(sheet))! },
  ];
}

/** The non-empty rows of the first worksheet (1-based `line`), at most `limits.columns` cells each. */
export async function readXlsxTable(bytes: Uint8Array, limits: XlsxLimits): Promise<Table> {
  let parts: { name: string; chunks: Buffer[] }[];
  try {
    parts = await workbookParts(bytes, limits.unzipped);
  } catch (e) {
    if (e instanceof UnzipLimitError) throw tooLarge(e.limit);
    if (e instanceof ZipError) throw unreadable(e.problem);
    throw e;
  }
  // exceljs on first use (the parser threads load it; a server that never reads a workbook does not).
  const { default: Excel } = await import('exceljs');
  const reader = new Excel.stream.xlsx.WorkbookReader(Readable.from(storedZip(parts)), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'cache', // number formats tell dates from numbers
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  const table: Table = [];
  try {
    for await (const ws of reader) {
      for await (const row of ws) {
        const cells: SheetCell[] = [];
        const width = Math.min(row.cellCount, limits.columns);
        for (let c = 1; c <= width; c++) cells.push(plainCell(row.getCell(c).value));
        if (isEmptyRow(cells)) continue;
        if (table.length >= limits.rows) {
          const limit = limits.rows - 1;
          throw refused('file_too_many_rows', `file: more than ${limit.toLocaleString('en')} rows; split the file`, { limit });
        }
        table.push({ line: row.number, cells });
      }
      break; // the first worksheet only (the only one given)
    }
  } catch (e) {
    if (e instanceof HttpError) throw e;
    throw unreadable('xml', e instanceof Error ? e.message.slice(0, 200) : 'unknown error');
  }
  return table;
}
