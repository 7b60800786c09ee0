/**
 * Reading a pasted TSV block (the format is described in tsv.ts, which writes it): apart
 * from the writing, which the copy needs at once, so that the reading loads with the
 * paste code (pasteFill.ts) and not with the grid.
 */

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
