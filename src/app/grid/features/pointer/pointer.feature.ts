/**
 * The pointer on the body (one delegated handler set): a press makes the active cell (with
 * Shift it extends the range) and a drag extends it; a click toggles a group, runs a cell's
 * button, picks a row in the checkbox column (Shift: the rows between) or applies a click
 * change (yes/no cells); a double-click opens the editor, and so does a touch tap on the
 * cell already active.
 */
import { useEffect, useRef, type MouseEvent, type PointerEvent } from 'react';
import { indexRange, moveFocus, setRows, single, toggleRow } from '../selection/selection.utils.ts';
import { locate } from '../range/range.utils.ts';
import type { PointerInput } from './pointer.types.ts';

export type { PointerInput } from './pointer.types.ts';

export function useBodyPointer({ bodyRef, cols, display, range: ra, picks, toggleGroup, cellAction, onCellPress }: PointerInput) {
  // Range by dragging: pointer down sets the anchor, moves extend it until the button is up.
  const dragging = useRef(false);
  const tappedActive = useRef(false);
  useEffect(() => {
    const up = () => {
      dragging.current = false;
    };
    window.addEventListener('pointerup', up);
    return () => window.removeEventListener('pointerup', up);
  }, []);

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (e.button !== 0) return;
    const hit = locate(bodyRef.current, e.target);
    if (!hit || ra.isEditingCell(hit)) return;
    if (e.shiftKey && cols[hit.col]?.col) {
      e.preventDefault(); // no text selection
      ra.setRange((old) => moveFocus(old, hit, true));
      ra.focusActive();
      return;
    }
    // A finger has no double-click to spare: a tap on the cell already active edits it (onClick).
    tappedActive.current = e.pointerType === 'touch' && hit.row === ra.activeRow && hit.col === ra.activeCol;
    ra.setRange(single(hit));
    dragging.current = !!cols[hit.col]?.col;
    if (cols[hit.col]?.col) onCellPress();
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    if (!dragging.current || !(e.buttons & 1)) return;
    const hit = locate(bodyRef.current, e.target);
    if (!hit || !cols[hit.col]?.col) return;
    if (hit.row === ra.range.focus.row && hit.col === ra.range.focus.col) return;
    ra.setRange((old) => ({ anchor: old.anchor, focus: hit }));
  };
  const onClick = (e: MouseEvent<HTMLDivElement>) => {
    const hit = locate(bodyRef.current, e.target);
    if (!hit || ra.isEditingCell(hit)) return;
    const it = display.item(hit.row);
    if (it?.kind === 'group') {
      toggleGroup(it.node.id);
      return;
    }
    const vc = cols[hit.col];
    const row = it?.row;
    if (!vc || !row) return;
    const button = (e.target as Element).closest<HTMLElement>('[data-action]');
    if (button && vc.col && !(button as HTMLButtonElement).disabled) {
      cellAction(button, row, vc, e);
      return;
    }
    if (!vc.col) {
      if (e.shiftKey && picks.lastToggled.current !== null) {
        const ids = indexRange(picks.lastToggled.current, hit.row).flatMap((i) => ra.dataRow(i)?.id ?? []);
        picks.update((s) => setRows(s, ids, true));
      } else picks.update((s) => toggleRow(s, row.id));
      picks.setLastToggled(hit.row);
    } else if (!e.shiftKey && !e.ctrlKey && !e.metaKey) {
      if (tappedActive.current && !vc.col.renderer.clickValue) ra.startEdit(hit.row, vc);
      else ra.clickChange(row, vc);
    }
  };
  const onDoubleClick = (e: MouseEvent<HTMLDivElement>) => {
    const hit = locate(bodyRef.current, e.target);
    if (!hit || ra.isEditingCell(hit)) return;
    ra.startEdit(hit.row, cols[hit.col]);
  };
  return { onPointerDown, onPointerMove, onClick, onDoubleClick };
}
