/**
 * Tab-separated text, as Excel and LibreOffice put it on the clipboard: rows end with
 * \r\n or \n (the last one optional), cells are separated by \t, and a cell holding a
 * tab, a line break or a quote is wrapped in double quotes with inner quotes doubled.
 * Pure string functions; what a cell's text means is `cellValues.ts`.
 */

const needsQuotes = /[\t\n\r"]/;

/** One cell's text for the clipboard. */
export function quoteCell(text: string): string {
  return needsQuotes.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * A block of cell texts → TSV (rows joined by \n, no trailing line break). A last row of
 * one empty cell is written `""` (else it would read as a trailing line break).
 */
export function formatTsv(rows: readonly (readonly string[])[]): string {
  const lines = rows.map((r) => r.map(quoteCell).join('\t'));
  if (lines.length && lines[lines.length - 1] === '' && rows[rows.length - 1]!.length === 1) lines[lines.length - 1] = '""';
  return lines.join('\n');
}

/**
 * TSV → rows of cell texts. A cell that starts with a quote is quoted (up to the quote
 * that is not doubled; text after it up to the next separator is kept); a quote elsewhere
 * is a plain character; an unterminated quote makes the cell plain text. One trailing
 * line break is not an extra row. Empty input → no rows.
 */
export function parseTsv(text: string): string[][] {
  if (text === '') return [];
  const rows: string[][] = [];
  let row: string[] = [];
  let i = 0;
  const n = text.length;
  let endedWithBreak = false;
  while (i < n) {
    endedWithBreak = false;
    let cell = '';
    if (text[i] === '"') {
      // Find the closing quote (not doubled).
      let j = i + 1;
      let buf = '';
      let closed = false;
      while (j < n) {
        const ch = text[j]!;
        if (ch === '"') {
          if (text[j + 1] === '"') {
            buf += '"';
            j += 2;
            continue;
          }
          closed = true;
          j++;
          break;
        }
        buf += ch;
        j++;
      }
      if (closed) {
        cell = buf;
        i = j;
        // Lenient: characters after the closing quote belong to the cell.
        while (i < n && text[i] !== '\t' && text[i] !== '\n' && text[i] !== '\r') cell += text[i++];
      } else {
        // Unterminated: a plain cell up to the next separator.
        while (i < n && text[i] !== '\t' && text[i] !== '\n' && text[i] !== '\r') cell += text[i++];
      }
    } else {
      while (i < n && text[i] !== '\t' && text[i] !== '\n' && text[i] !== '\r') cell += text[i++];
    }
    row.push(cell);
    if (i >= n) break;
    const sep = text[i]!;
    if (sep === '\t') {
      i++;
      if (i >= n) row.push(''); // a trailing tab: one more empty cell
      continue;
    }
    // Line break: \r\n, \n or \r.
    i += sep === '\r' && text[i + 1] === '\n' ? 2 : 1;
    rows.push(row);
    row = [];
    endedWithBreak = true;
  }
  if (!endedWithBreak) rows.push(row);
  return rows;
}

/** A parsed block's width (its longest row). */
export const blockWidth = (rows: readonly (readonly string[])[]): number => rows.reduce((m, r) => Math.max(m, r.length), 0);
