/**
 * The grid's keyboard, as a pure function: a key press at a cell → what to do. The one
 * delegated key handler of the grid body applies the answer (keyboard.feature.ts).
 *
 *   arrows            move (Shift: extend the range); on a group row ArrowRight expands it
 *                     (expanded: moves to its first row), ArrowLeft collapses it, as tree grids do
 *   Home / End        row start / end (Ctrl: grid start / end; Shift: extend)
 *   PageUp / PageDown a page up / down (Shift: extend)
 *   Tab / Shift-Tab   next / previous cell, wrapping rows; leaves the grid at its ends
 *   Enter / F2        edit (a click-cell or the checkbox column toggles on Enter)
 *   Space             toggle (checkbox column, click cells); Shift+Space selects the row
 *   Ctrl+A            all cells;  Ctrl+C copy;  Ctrl+X cut;  Ctrl+V paste;  Ctrl+D fill down;  Ctrl+Z undo
 *   Ctrl+Y / Ctrl+Shift+Z  redo (takes back the last undo)
 *   Delete            empties the range's editable cells (as Excel); Backspace edits the cell emptied
 *   a printable key   starts editing with that character (text-like editors)
 */
import type { CellPos } from '../selection/selection.utils.ts';

export interface KeyLike {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}

export interface Bounds {
  lastRow: number;
  lastCol: number;
  /** Rows in one page (viewport height / row height), at least 1. */
  page: number;
  /** First column a row starts at for Home (0; the selection column is a column too). */
  firstCol?: number;
}

export type KeyIntent =
  | { type: 'move'; to: CellPos; extend: boolean }
  | { type: 'edit' }
  | { type: 'toggle' }
  | { type: 'selectRow' }
  | { type: 'selectAllCells' }
  | { type: 'copy' }
  | { type: 'cut' }
  | { type: 'clear' }
  | { type: 'paste' }
  | { type: 'fillDown' }
  | { type: 'undo' }
  | { type: 'redo' }
  | { type: 'type'; char: string }
  | { type: 'expand' }
  | { type: 'collapse' };

const clamp = (p: CellPos, b: Bounds): CellPos => ({
  row: Math.max(0, Math.min(b.lastRow, p.row)),
  col: Math.max(0, Math.min(b.lastCol, p.col)),
});

/**
 * What a key does at `at` (the focus cell; `group`: it is on a group row, expanded or not);
 * null: not the grid's key (the browser's default applies).
 */
export function keyIntent(e: KeyLike, at: CellPos, b: Bounds, group?: { expanded: boolean }): KeyIntent | null {
  const ctrl = e.ctrlKey || e.metaKey;
  const extend = e.shiftKey;
  const move = (row: number, col: number): KeyIntent => ({ type: 'move', to: clamp({ row, col }, b), extend });
  const first = b.firstCol ?? 0;
  if (group && !ctrl && !e.altKey && !e.shiftKey) {
    if (e.key === 'ArrowRight') return group.expanded ? move(at.row + 1, at.col) : { type: 'expand' };
    if (e.key === 'ArrowLeft' && group.expanded) return { type: 'collapse' };
  }
  if (ctrl && !e.altKey) {
    switch (e.key.toLowerCase()) {
      case 'a':
        return { type: 'selectAllCells' };
      case 'c':
        return { type: 'copy' };
      case 'x':
        return { type: 'cut' };
      case 'v':
        return { type: 'paste' };
      case 'd':
        return { type: 'fillDown' };
      case 'z':
        return e.shiftKey ? { type: 'redo' } : { type: 'undo' };
      case 'y':
        return e.shiftKey ? null : { type: 'redo' };
    }
  }
  switch (e.key) {
    case 'ArrowDown':
      return move(ctrl ? b.lastRow : at.row + 1, at.col);
    case 'ArrowUp':
      return move(ctrl ? 0 : at.row - 1, at.col);
    case 'ArrowRight':
      return move(at.row, ctrl ? b.lastCol : at.col + 1);
    case 'ArrowLeft':
      return move(at.row, ctrl ? first : at.col - 1);
    case 'PageDown':
      return move(at.row + b.page, at.col);
    case 'PageUp':
      return move(at.row - b.page, at.col);
    case 'Home':
      return ctrl ? move(0, first) : move(at.row, first);
    case 'End':
      return ctrl ? move(b.lastRow, b.lastCol) : move(at.row, b.lastCol);
    case 'Tab': {
      if (ctrl || e.altKey) return null;
      if (e.shiftKey) {
        if (at.col > 0) return { type: 'move', to: { row: at.row, col: at.col - 1 }, extend: false };
        if (at.row > 0) return { type: 'move', to: { row: at.row - 1, col: b.lastCol }, extend: false };
        return null; // leaving the grid backwards is the browser's
      }
      if (at.col < b.lastCol) return { type: 'move', to: { row: at.row, col: at.col + 1 }, extend: false };
      if (at.row < b.lastRow) return { type: 'move', to: { row: at.row + 1, col: 0 }, extend: false };
      return null;
    }
    case 'Enter':
    case 'F2':
      return ctrl || e.altKey ? null : { type: 'edit' };
    case ' ':
      if (ctrl || e.altKey) return null;
      return e.shiftKey ? { type: 'selectRow' } : { type: 'toggle' };
    case 'Delete':
      return ctrl || e.altKey ? null : { type: 'clear' };
    case 'Backspace':
      return ctrl || e.altKey ? null : { type: 'type', char: '' };
  }
  if (e.key.length === 1 && !ctrl && !e.altKey) return { type: 'type', char: e.key };
  return null;
}
