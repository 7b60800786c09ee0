/**
 * The table model and the column layout: TanStack Table v9 features (tree-shaken), the
 * column definitions of a grid model, theme geometry, and the rendered columns with
 * their classes, widths and sticky offsets — computed once per column-state change,
 * never per cell.
 */
import {
  columnFilteringFeature,
  columnOrderingFeature,
  columnPinningFeature,
  columnSizingFeature,
  columnVisibilityFeature,
  metaHelper,
  rowSortingFeature,
  tableFeatures,
  type Column,
  type ColumnDef,
  type ColumnSizingState,
  type FilterFn,
} from '@tanstack/react-table';
import type { CSSProperties } from 'react';
import type { GridModel } from './columns.ts';
import type { GridColumn, GridRow } from './types.ts';

/** Geometry of the themes (the CSS reads it through custom properties set from here). */
export const THEMES = {
  balham: { rowHeight: 28, headerHeight: 32, filterHeight: 30 },
  alpine: { rowHeight: 42, headerHeight: 48, filterHeight: 40 },
} as const;
export type ThemeName = keyof typeof THEMES;

export const SELECT_ID = '__select';
export const SELECT_WIDTH = 36;
export const FLEX_MIN = 100;
export const PINNED_DEFAULT = 150;

export const features = tableFeatures({
  rowSortingFeature,
  columnFilteringFeature,
  columnSizingFeature,
  columnVisibilityFeature,
  columnPinningFeature,
  columnOrderingFeature,
  columnMeta: metaHelper<{ col?: GridColumn }>(),
});
export type Features = typeof features;
export type TableColumn = Column<Features, GridRow, unknown>;

/** Filtering happens on the server or in the client row model; the table never filters rows itself. */
const noFilter: FilterFn<Features, GridRow> = Object.assign(() => true, {
  autoRemove: (v: unknown) => v === undefined || v === null || v === '',
});

export function columnDefs(model: GridModel, selectable: boolean): ColumnDef<Features, GridRow>[] {
  const defs: ColumnDef<Features, GridRow>[] = model.columns.map((col) => ({
    id: col.field,
    header: col.field,
    accessorFn: (r: GridRow) => r.data[col.field],
    enableSorting: col.sortable,
    enableColumnFilter: !!col.filter,
    filterFn: noFilter,
    meta: { col },
  }));
  if (selectable) defs.unshift({ id: SELECT_ID, header: '', enableSorting: false, enableColumnFilter: false, enableHiding: false, meta: {} });
  return defs;
}

/** A rendered column: descriptor column (null for the selection column) and its layout. */
export interface ViewColumn {
  id: string;
  col: GridColumn | null;
  column: TableColumn;
  pinned: 'start' | 'end' | false;
  canEdit: boolean;
  /** Fixed width in px, or null for flex. */
  width: number | null;
  minWidth: number;
  className: string;
  style: CSSProperties | undefined;
}

export interface Layout {
  cols: ViewColumn[];
  template: string;
  minWidth: number;
  pinStart: number;
  pinEnd: number;
}

export function buildLayout(leaf: TableColumn[], sizing: ColumnSizingState, canSet: boolean): Layout {
  const cols: ViewColumn[] = leaf.map((column) => {
    const col = column.columnDef.meta?.col ?? null;
    const pinned = column.getIsPinned();
    const width = sizing[column.id] ?? (col ? (col.width ?? (pinned ? PINNED_DEFAULT : null)) : SELECT_WIDTH);
    const canEdit = !!col && canSet && col.editable;
    const cls = ['cell', col ? `cell-${col.align}` : 'cell-select', col?.type === 'multi' ? 'cell-multi' : '', canEdit ? 'cell-editable' : '', pinned ? `cell-pinned cell-pinned-${pinned}` : '']
      .filter(Boolean)
      .join(' ');
    return { id: column.id, col, column, pinned, canEdit, width, minWidth: Math.min(FLEX_MIN, width ?? FLEX_MIN), className: cls, style: undefined };
  });
  // Sticky offsets of pinned columns.
  let left = 0;
  for (const c of cols) {
    if (c.pinned !== 'start') continue;
    c.style = { left };
    left += c.width ?? FLEX_MIN;
  }
  let right = 0;
  for (const c of [...cols].reverse()) {
    if (c.pinned !== 'end') continue;
    c.style = { right };
    right += c.width ?? FLEX_MIN;
  }
  const template = cols.map((c) => (c.width === null ? `minmax(${FLEX_MIN}px, 1fr)` : `${c.width}px`)).join(' ');
  const minWidth = cols.reduce((s, c) => s + (c.width ?? FLEX_MIN), 0);
  return { cols, template, minWidth, pinStart: left, pinEnd: right };
}
