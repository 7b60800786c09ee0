/**
 * Spreadsheet operations over the grid's positions, without React: the text of a cell
 * range (copy, which must answer in the key's task). Fill down (Ctrl+D) and typed text
 * into cells (paste, fill with one value) are features/clipboard/pasteFill.ts, loaded with
 * their first use. They answer what to write; the grid saves
 * (features/edits/) and shows.
 */
import { columnTypes } from '../../core/columnTypes/index.ts';
import type { Rect } from './features/selection/selection.utils.ts';
import { guardCell } from '../../core/sheetGuard.ts';
import { formatTsv } from './features/clipboard/tsv.ts';
import { cellText } from './cellText.ts';
import type { CellCtx, GridColumn, GridRow } from './types.ts';

/** What the operations read of the grid: its columns in view order and its rows by position. */
export interface Sheet {
  cols: readonly { col: GridColumn | null; canEdit: boolean }[];
  /** The data row at a position (undefined: a group row, or not loaded). */
  dataRow(index: number): GridRow | undefined;
  /** A group row's value at a position (copied as its text). */
  groupValue?(index: number): unknown;
  ctx: CellCtx;
}

/** A number column's text is a number to the spreadsheet it is pasted into; any other is guarded against formulas (core/sheetGuard.ts). */
const isNumber = (col: GridColumn) => columnTypes[col.type].numeric;

/**
 * The rendered text of a range as TSV (the selection column left out; rows not loaded as
 * empty cells). A spreadsheet runs pasted text that starts like a formula, and the cells
 * hold anyone's text (a storefront checkout's name): text cells are guarded as files are.
 */
export function rangeText(s: Sheet, rc: Rect): string {
  const lines: string[][] = [];
  for (let i = rc.top; i <= rc.bottom; i++) {
    const row = s.dataRow(i);
    if (!row && s.groupValue) {
      const g = s.groupValue(i);
      if (g !== undefined) {
        lines.push([g === null ? '' : typeof g === 'number' ? String(g) : guardCell(String(g))]);
        continue;
      }
    }
    const line: string[] = [];
    for (let c = rc.left; c <= rc.right; c++) {
      const col = s.cols[c]?.col;
      if (!col) continue;
      const text = row ? cellText(col, row.data[col.field], row.data, s.ctx) : '';
      line.push(isNumber(col) ? text : guardCell(text));
    }
    lines.push(line);
  }
  return formatTsv(lines);
}
