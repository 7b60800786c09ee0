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
