/**
 * Selections, as pure values.
 *
 * Row selection (the checkbox column): either some rows by id, or ALL rows of the
 * current query except some — so "select all" over 20,000 filtered rows costs nothing
 * until an action needs the keys (delete then fetches them in windows).
 *
 * Cell range: an anchor cell and a focus cell (the active cell); the rectangle between
 * them. Positions are (display row index, view column index).
 */

export type RowSelection = { readonly all: false; readonly ids: ReadonlySet<string> } | { readonly all: true; readonly except: ReadonlySet<string> };

export const NO_ROWS: RowSelection = { all: false, ids: new Set() };
export const ALL_ROWS: RowSelection = { all: true, except: new Set() };

export const isRowSelected = (s: RowSelection, id: string): boolean => (s.all ? !s.except.has(id) : s.ids.has(id));

/** How many rows are selected, given how many rows the query has. */
export const selectedCount = (s: RowSelection, total: number): number => (s.all ? Math.max(0, total - s.except.size) : s.ids.size);

/** Sets some rows on or off. */
export function setRows(s: RowSelection, ids: Iterable<string>, on: boolean): RowSelection {
  if (s.all) {
    const except = new Set(s.except);
    for (const id of ids) {
      if (on) except.delete(id);
      else except.add(id);
    }
    return { all: true, except };
  }
  const sel = new Set(s.ids);
  for (const id of ids) {
    if (on) sel.add(id);
    else sel.delete(id);
  }
  return { all: false, ids: sel };
}

export const toggleRow = (s: RowSelection, id: string): RowSelection => setRows(s, [id], !isRowSelected(s, id));

/** The header checkbox: all → none; some → none; none → all. */
export function toggleAll(s: RowSelection, total: number): RowSelection {
  return selectedCount(s, total) > 0 ? NO_ROWS : ALL_ROWS;
}

/** The header checkbox's state. */
export function headerState(s: RowSelection, total: number): 'true' | 'false' | 'mixed' {
  const n = selectedCount(s, total);
  if (n === 0) return 'false';
  return n >= total ? 'true' : 'mixed';
}

/** Selected ids among the given ones (the rows at hand: loaded or in memory). */
export function selectedAmong(s: RowSelection, ids: Iterable<string>): string[] {
  const out: string[] = [];
  for (const id of ids) if (isRowSelected(s, id)) out.push(id);
  return out;
}

// ---- cell ranges ----------------------------------------------------------------------

export interface CellPos {
  row: number;
  col: number;
}

export interface CellRange {
  anchor: CellPos;
  focus: CellPos;
}

export interface Rect {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

export const single = (p: CellPos): CellRange => ({ anchor: p, focus: p });

export function rectOf(r: CellRange): Rect {
  return {
    top: Math.min(r.anchor.row, r.focus.row),
    bottom: Math.max(r.anchor.row, r.focus.row),
    left: Math.min(r.anchor.col, r.focus.col),
    right: Math.max(r.anchor.col, r.focus.col),
  };
}

export const isSingleCell = (r: CellRange) => r.anchor.row === r.focus.row && r.anchor.col === r.focus.col;

/** Keeps a range inside the grid (rows or columns went away). */
export function clampRange(r: CellRange, lastRow: number, lastCol: number): CellRange {
  const c = (p: CellPos): CellPos => ({ row: Math.max(0, Math.min(lastRow, p.row)), col: Math.max(0, Math.min(lastCol, p.col)) });
  const anchor = c(r.anchor);
  const focus = c(r.focus);
  return anchor.row === r.anchor.row && anchor.col === r.anchor.col && focus.row === r.focus.row && focus.col === r.focus.col ? r : { anchor, focus };
}

/** Moves the focus; `extend` keeps the anchor (Shift), else the range collapses to the new cell. */
export function moveFocus(r: CellRange, to: CellPos, extend: boolean): CellRange {
  return extend ? { anchor: r.anchor, focus: to } : single(to);
}

/** The columns of a range in one row, or null when the row is outside it. Rows use it to mark cells. */
export function rowSpanOf(rect: Rect | null, row: number): readonly [number, number] | null {
  if (!rect || row < rect.top || row > rect.bottom) return null;
  return [rect.left, rect.right];
}

/** Shift-click on a row checkbox: the index range between the last clicked row and this one. */
export function indexRange(from: number, to: number): number[] {
  const lo = Math.min(from, to);
  const hi = Math.max(from, to);
  const out: number[] = [];
  for (let i = lo; i <= hi; i++) out.push(i);
  return out;
}

/**
 * A range after the columns were moved, hidden or shown (`before` → `after`, column ids by
 * position): each end stays on its column, not at its position; an end whose column went
 * keeps its position (clamped later), and the range then collapses to the focus.
 */
export function followColumns(r: CellRange, before: readonly string[], after: readonly string[]): CellRange {
  const at = (p: CellPos): CellPos | null => {
    const i = after.indexOf(before[p.col] ?? '');
    return i < 0 ? null : { row: p.row, col: i };
  };
  const focus = at(r.focus);
  const anchor = at(r.anchor);
  if (!focus) return single(r.focus);
  return anchor ? { anchor, focus } : single(focus);
}
