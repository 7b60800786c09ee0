/**
 * The rows a grid holds, read again after a save (`source.siblingWrites`: a write may
 * change other rows of the screen, e.g. a trigger unticks a shop's old default language).
 * Rows are patched in place where the database holds something else: no reload, so the
 * scroll, the active cell and the rows with saves still on their way (`skip`) stay.
 */
import { sameValue } from '../../cellText.ts';
import { fetchWindow, type Query } from '../../gridApi.ts';
import { collectRows, type FetchPage, type RowWindow } from '../../rowModel/rowSource.ts';
import type { Row } from '../../types.ts';

/** Most rows of a server window read again (the loaded blocks first to last). */
const REREAD_MAX_ROWS = 2000;

export interface RereadInput {
  query: Query;
  /** The window on screen: the client model's view (every row) or the server blocks. */
  main: RowWindow | null;
  fetchPage(q: Query): FetchPage;
  rowId(row: Row): string;
  current(id: string): Row | undefined;
  patch(id: string, fields: Row): void;
  /** Rows not to touch (a save of theirs is on its way). */
  skip(id: string): boolean;
}

export async function rereadRows({ query, main, fetchPage, rowId, current, patch, skip }: RereadInput): Promise<void> {
  if (!main?.settled) return;
  let fresh: Row[];
  if (main.complete) {
    // Every row of the source is in memory (column filters apply in the browser).
    fresh = await collectRows(fetchPage({ ...query, filterModel: {}, sortModel: [] }));
  } else {
    // The loaded blocks, by position, as contiguous runs.
    const at = main.loadedRows().map((r) => r.index);
    fresh = [];
    let n = 0;
    for (let i = 0; i < at.length && n < REREAD_MAX_ROWS;) {
      let j = i;
      while (j + 1 < at.length && at[j + 1] === at[j]! + 1 && j + 1 - i < REREAD_MAX_ROWS - n) j++;
      const page = await fetchWindow(query, { startRow: at[i]!, endRow: at[j]! + 1 });
      fresh.push(...page.rows);
      n += j - i + 1;
      i = j + 1;
    }
  }
  for (const row of fresh) {
    const id = rowId(row);
    if (skip(id)) continue;
    const now = current(id);
    if (!now) continue;
    const changed: Row = {};
    for (const [f, v] of Object.entries(row)) if (!sameValue(now[f], v)) changed[f] = v;
    if (Object.keys(changed).length) patch(id, changed);
  }
}
