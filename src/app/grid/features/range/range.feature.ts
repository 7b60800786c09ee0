/**
 * Range and editing: the active cell, the cell range (a new sort, filter or grouping puts
 * the active cell on the first row; columns moved, hidden or shown keep it on its
 * column), the open inline editor, and what finishing an edit does (save, move on).
 */
import { Fragment, createElement, useState } from 'react';
import { cellText, sameValue } from '../../cellText.ts';
import type { ViewColumn } from '../../layout.ts';
import { clampRange, followColumns, isSingleCell, moveFocus, rectOf, single, type CellPos, type CellRange } from '../selection/selection.utils.ts';
import type { EditMove, GridRow } from '../../types.ts';
import type { Editing, RangeApi, RangeInput } from './range.types.ts';

export function useRange({ screen, model, cols, display, orderKey, firstDataCol, edits, ctx, onEditRow, onMove, live }: RangeInput): RangeApi {
  const [range, setRange] = useState<CellRange>(() => single({ row: 0, col: firstDataCol }));
  // A new sort, filter or grouping puts other rows at the range's positions: the range
  // goes, the active cell moves to the first row (its column kept).
  const [rangeOrder, setRangeOrder] = useState(orderKey);
  if (rangeOrder !== orderKey) {
    setRangeOrder(orderKey);
    setRange((old) => single({ row: 0, col: old.focus.col }));
  }
  // Columns moved, hidden or shown: the active cell stays on its column, not its position.
  const colKey = cols.map((c) => c.id).join('\n');
  const [rangeCols, setRangeCols] = useState(colKey);
  if (rangeCols !== colKey) {
    setRangeCols(colKey);
    setRange((old) => followColumns(old, rangeCols.split('\n'), colKey.split('\n')));
  }
  const [editing, setEditing] = useState<Editing | null>(null);
  // Bumped when the active cell is to take the focus after the render (the keyboard slice carries it out).
  const [focusRequest, setFocusRequest] = useState(0);
  const focusActive = () => setFocusRequest((n) => n + 1);
  const lastRow = display.count - 1;
  const lastCol = cols.length - 1;
  const r = clampRange(range, Math.max(0, lastRow), Math.max(0, lastCol));
  const activeRow = r.focus.row;
  const activeCol = r.focus.col;

  const dataRow = (index: number): GridRow | undefined => {
    const it = display.item(index);
    return it?.kind === 'row' ? it.row : undefined;
  };
  const moveTo = (to: CellPos, extend = false) => {
    setRange((old) => moveFocus(clampRange(old, Math.max(0, lastRow), Math.max(0, lastCol)), { row: Math.max(0, Math.min(lastRow, to.row)), col: Math.max(0, Math.min(lastCol, to.col)) }, extend));
    focusActive();
    onMove();
  };
  const rangeRows = (): GridRow[] => {
    const rc = rectOf(r);
    const out: GridRow[] = [];
    for (let i = rc.top; i <= rc.bottom; i++) {
      const row = dataRow(i);
      if (row) out.push(row);
    }
    return out;
  };
  const clickChange = (row: GridRow, vc: ViewColumn) => {
    const col = vc.col;
    if (!col?.renderer.clickValue || !vc.canEdit) return;
    edits.save(row, col, col.renderer.clickValue(row.data[col.field], col));
  };
  const startEdit = (index: number, vc: ViewColumn | undefined, initial?: string) => {
    const row = dataRow(index);
    // Rich text is edited in the row's form (the rich-text editor), not in the cell.
    if (row && vc?.canEdit && onEditRow && screen.columns[vc.id]?.html) {
      onEditRow(row.data);
      return true;
    }
    if (!row || !vc?.col?.editor || !vc.canEdit || vc.col.renderer.clickValue) return false;
    setEditing({ index, id: row.id, field: vc.id, initial });
    return true;
  };
  const finishEdit = (commit: boolean, value?: unknown, dir?: EditMove, blurred?: boolean) => {
    const ed = editing;
    setEditing(null);
    // Focus returns to the cell after Enter, Esc and Tab; a blur went elsewhere on purpose.
    if (!blurred) focusActive();
    if (!ed) return;
    const row = dataRow(ed.index);
    const col = model.byField.get(ed.field);
    const saving = commit && row && row.id === ed.id && col && !sameValue(row.data[col.field], value);
    if (commit && row && row.id === ed.id && col) edits.save(row, col, value);
    live?.settle(ed.id, !!saving);
    if (dir === 'next') {
      if (activeCol < lastCol) moveTo({ row: activeRow, col: activeCol + 1 });
      else if (activeRow < lastRow) moveTo({ row: activeRow + 1, col: 0 });
    } else if (dir === 'prev') {
      if (activeCol > 0) moveTo({ row: activeRow, col: activeCol - 1 });
      else if (activeRow > 0) moveTo({ row: activeRow - 1, col: lastCol });
    } else if (dir === 'down') moveTo({ row: activeRow + 1, col: activeCol });
    else if (dir === 'up') moveTo({ row: activeRow - 1, col: activeCol });
    else if (dir === 'right') moveTo({ row: activeRow, col: activeCol + 1 });
    else if (dir === 'left') moveTo({ row: activeRow, col: Math.max(firstDataCol, activeCol - 1) });
  };

  // The open editor.
  const editingRow = editing ? dataRow(editing.index) : undefined;
  const editingCol = editing ? model.byField.get(editing.field) : undefined;
  const conflict = live?.conflict && editing && live.conflict.rowId === editing.id ? live.conflict : null;
  const editorEl =
    editing && editingRow?.id === editing.id && editingCol?.editor
      ? createElement(editingCol.editor, {
          col: editingCol,
          value: editingRow.data[editingCol.field],
          row: editingRow.data,
          ctx,
          initialInput: editing.initial,
          commit: (value, dir, blurred) => finishEdit(true, value, dir, blurred),
          cancel: (blurred) => finishEdit(false, undefined, undefined, blurred),
        })
      : null;
  // Someone else changed the row meanwhile: said under the editor, with the value they left.
  const editor =
    editorEl && conflict && editingCol
      ? createElement(
          Fragment,
          null,
          editorEl,
          createElement(
            'div',
            { className: 'grid-conflict', role: 'alert' },
            ctx.t('grid.changed_meanwhile', { name: conflict.by, value: cellText(editingCol, conflict.row[editingCol.field], conflict.row, ctx) }),
          ),
        )
      : editorEl;

  return {
    range,
    setRange,
    r,
    rect: isSingleCell(r) ? null : rectOf(r),
    activeRow,
    activeCol,
    lastRow,
    lastCol,
    editing,
    focusRequest,
    dataRow,
    moveTo,
    focusActive,
    rangeRows,
    clickChange,
    startEdit,
    isEditingCell: (hit) => !!editing && editing.index === hit.row && cols[hit.col]?.id === editing.field,
    editor,
  };
}
