/**
 * Keys as in a spreadsheet (keyIntent.ts `keyIntent` reads them; this hook carries them
 * out): moves and range extension, edit, toggles, row picks, select all, copy, cut,
 * Delete, paste, fill down, undo and type-to-edit. The focus follows the active cell
 * after keyboard moves and edits, and the cell is scrolled into view.
 */
import { useLayoutEffect, useRef, type KeyboardEvent } from 'react';
import { focusHeader } from './headerKeys.ts';
import { keyIntent } from './keyIntent.ts';
import { toggleRow } from '../selection/selection.utils.ts';
import { locate, TYPE_TO_EDIT } from '../range/range.utils.ts';
import { scrollIntoGrid } from './keyboard.utils.ts';
import type { KeyboardInput } from './keyboard.types.ts';

export type { KeyboardInput } from './keyboard.types.ts';

/** Frames a scrolled-to row is waited for (its cell to focus). */
const DRAW_FRAMES = 30;

/** The cell of row `row`, column `col` (else the row's first cell) as the body draws it now. */
function cellAt(body: HTMLElement | null, row: number, col: number): HTMLElement | null {
  const rowEl = body?.querySelector<HTMLElement>(`:scope > [data-index="${row}"]`);
  return rowEl?.querySelector<HTMLElement>(`:scope > [aria-colindex="${col + 1}"]`) ?? rowEl?.querySelector<HTMLElement>(':scope > [role="gridcell"]') ?? null;
}

export function useGridKeyboard(k: KeyboardInput) {
  const { range: ra, display, layout } = k;
  const cols = layout.cols;

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (ra.editing || !locate(k.bodyRef.current, e.target)) return;
    const page = Math.max(1, Math.floor(((k.viewportRef.current?.clientHeight ?? 0) - k.headerHeight) / k.rowHeight));
    const { activeRow, activeCol, lastRow, lastCol } = ra;
    const it = display.item(activeRow);
    const group = it?.kind === 'group' ? { expanded: it.expanded } : undefined;
    const intent = keyIntent(e, { row: activeRow, col: activeCol }, { lastRow: Math.max(0, lastRow), lastCol: Math.max(0, lastCol), page, firstCol: k.firstDataCol }, group);
    if (!intent) return;
    const vc = cols[activeCol];
    const row = it?.kind === 'row' ? it.row : undefined;
    switch (intent.type) {
      case 'move':
        // Up from the first row: into the header (the column's text filter, else its header).
        if (e.key === 'ArrowUp' && !intent.extend && !e.ctrlKey && !e.metaKey && activeRow === 0 && focusHeader(k.rootRef.current, activeCol)) break;
        ra.moveTo(intent.to, intent.extend);
        break;
      case 'expand':
      case 'collapse':
        if (it?.kind === 'group') k.toggleGroup(it.node.id);
        break;
      case 'edit':
      case 'toggle': {
        const button = k.activeCellEl()?.querySelector<HTMLElement>('[data-action]:not(:disabled)');
        if (it?.kind === 'group') k.toggleGroup(it.node.id);
        else if (!row || !vc) break;
        else if (!vc.col) {
          k.picks.update((s) => toggleRow(s, row.id));
          k.picks.setLastToggled(activeRow);
        } else if (button) k.cellAction(button, row, vc, e);
        else if (vc.col.renderer.clickValue) ra.clickChange(row, vc);
        else if (intent.type === 'edit') ra.startEdit(activeRow, vc);
        else return;
        break;
      }
      case 'selectRow':
        if (!k.selectable || !row) return;
        k.picks.update((s) => toggleRow(s, row.id));
        break;
      case 'selectAllCells':
        ra.setRange({ anchor: { row: 0, col: k.firstDataCol }, focus: { row: Math.max(0, lastRow), col: Math.max(0, lastCol) } });
        break;
      case 'copy':
        k.clip.copyRange();
        break;
      case 'cut':
        k.clip.copyRange();
        if (k.canSet) void k.clip.clearCells();
        break;
      case 'clear':
        if (!k.canSet) return;
        void k.clip.clearCells();
        break;
      case 'paste':
        k.clip.startPaste();
        return;
      case 'fillDown':
        k.clip.fillDown();
        break;
      case 'undo':
        void k.edits.undoLast();
        break;
      case 'redo':
        void k.edits.redoLast();
        break;
      case 'type':
        if (vc?.col?.editorKey && TYPE_TO_EDIT.has(vc.col.editorKey) && ra.startEdit(activeRow, vc, intent.char)) break;
        return;
    }
    e.preventDefault();
  };

  // Focus follows the active cell after keyboard moves and edits (and scrolls it into view):
  // each request of the range slice (`focusRequest`) once, after the render that carries it.
  const focused = useRef(ra.focusRequest);
  useLayoutEffect(() => {
    if (ra.focusRequest === focused.current) return;
    const request = ra.focusRequest;
    const { activeRow, activeCol } = ra;
    const el = cellAt(k.bodyRef.current, activeRow, activeCol);
    // Rows reloading (after a delete): the focus waits for them, unless the user put it elsewhere meanwhile.
    const focusFree = document.activeElement === document.body || !!k.rootRef.current?.contains(document.activeElement);
    if (!el && !display.settled && focusFree) return;
    focused.current = request;
    const viewport = k.viewportRef.current;
    if (viewport)
      scrollIntoGrid(viewport, el, activeRow * k.rowHeight, {
        rowHeight: k.rowHeight,
        headerHeight: k.headerHeight,
        totalsOn: k.totalsOn,
        pinStart: layout.pinStart,
        pinEnd: layout.pinEnd,
      });
    if (el) return el.focus({ preventScroll: true });
    if (!display.settled || activeRow >= display.count) return;
    // A row not drawn until scrolled to (a saved row shown far down, reveal.ts): the body draws
    // it in a render of its own; its cell takes the focus then, unless the focus moved meanwhile.
    const from = document.activeElement;
    let frames = 0;
    const retry = () => {
      if (focused.current !== request || document.activeElement !== from) return;
      const cell = cellAt(k.bodyRef.current, activeRow, activeCol);
      if (cell) cell.focus({ preventScroll: true });
      else if (++frames < DRAW_FRAMES) requestAnimationFrame(retry);
    };
    requestAnimationFrame(retry);
  });

  return { onKeyDown };
}
