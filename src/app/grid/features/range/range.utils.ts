/** The body's DOM as positions: the cell an event hit, and the active cell's element. */
import type { CellPos } from '../selection/selection.utils.ts';

/** The cell (row position, column index) of an event's target in the body, if any. */
export function locate(body: HTMLElement | null, target: EventTarget): CellPos | null {
  const cell = (target as Element).closest?.('[role="gridcell"]');
  const rowEl = cell?.parentElement;
  if (!cell || !rowEl || rowEl.parentElement !== body) return null;
  const index = Number(rowEl.dataset.index);
  const col = Number(cell.getAttribute('aria-colindex')) - 1;
  return Number.isInteger(index) && col >= 0 ? { row: index, col } : null;
}

/** The rendered cell at a position, if it is rendered. */
export const cellElement = (body: HTMLElement | null, at: CellPos): HTMLElement | null =>
  body?.querySelector<HTMLElement>(`:scope > [data-index="${at.row}"] > [aria-colindex="${at.col + 1}"]`) ?? null;

/** Editors that take a typed first character (the others open on Enter/F2/double-click). */
export const TYPE_TO_EDIT = new Set(['text', 'number', 'int', 'multi']);
