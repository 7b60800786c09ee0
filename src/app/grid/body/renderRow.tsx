/**
 * What the body renders at a position: a group row (label, value, count, its totals) or a
 * data row with its active, ranged, edited, picked and flagged cells. Built once per grid
 * render; the body calls it for the rows in view.
 */
import type { ReactNode } from 'react';
import { cellText } from '../cellText.ts';
import type { GridModel } from '../columns.ts';
import type { Flags } from '../features/edits/edits.feature.ts';
import type { Editing } from '../features/range/range.types.ts';
import type { ViewColumn } from '../layout.ts';
import { GroupRowView, RowView } from './RowView.tsx';
import { isRowSelected, rowSpanOf, type Rect, type RowSelection } from '../features/selection/selection.utils.ts';
import type { FitHolder } from './textFit.ts';
import type { GroupTotals } from '../features/totals/totals.feature.tsx';
import type { CellCtx } from '../types.ts';
import type { ColumnWindow } from './columnWindow.ts';
import type { DisplayItem } from '../rowModel/useRowModel.ts';

export interface RowRenderInput {
  model: GridModel;
  ctx: CellCtx;
  cols: ViewColumn[];
  /** aria-rowindex of the first body row (after the header rows). */
  rowIndexBase: number;
  activeRow: number;
  activeCol: number;
  rect: Rect | null;
  editing: Editing | null;
  editor: ReactNode;
  rowSel: RowSelection;
  selectLabel: string;
  flags: Flags;
  fit: FitHolder;
  groupTotals: GroupTotals | null;
}

export function rowRenderer(p: RowRenderInput) {
  const { model, ctx, cols, rowIndexBase, activeRow, activeCol, rect, editing, editor, rowSel, selectLabel, flags, fit, groupTotals } = p;
  const t = ctx.t;
  return (item: DisplayItem | null, index: number, top: number, key: string, win: ColumnWindow) => {
    if (item?.kind === 'group') {
      const col = model.byField.get(item.node.field);
      return (
        <GroupRowView
          key={key}
          index={index}
          top={top}
          rowIndexBase={rowIndexBase}
          node={item.node}
          expanded={item.expanded}
          label={col ? t(col.labelId) : item.node.field}
          valueText={col ? cellText(col, item.node.value, {}, ctx) || t('grid.group_empty') : String(item.node.value)}
          active={index === activeRow}
          cols={cols}
          totals={groupTotals}
        />
      );
    }
    const row = item?.row;
    const span = rowSpanOf(rect, index);
    const isEditRow = !!editing && editing.index === index && row?.id === editing.id;
    return (
      <RowView
        key={key}
        index={index}
        top={top}
        row={row}
        rowIndexBase={rowIndexBase}
        cols={cols}
        activeCol={index === activeRow ? activeCol : -1}
        rangeFrom={span ? span[0] : -1}
        rangeTo={span ? span[1] : -1}
        editingField={isEditRow ? editing.field : null}
        editor={isEditRow ? editor : null}
        selected={!!row && isRowSelected(rowSel, row.id)}
        marks={row ? model.marks(row.data) : ''}
        selectLabel={selectLabel}
        invalid={row ? flags.get(row.id) : undefined}
        ctx={ctx}
        depth={item?.kind === 'row' ? item.depth : 0}
        fit={fit}
        colFrom={win ? win.from : -1}
        colTo={win ? win.to : -1}
      />
    );
  };
}
