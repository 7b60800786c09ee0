/**
 * Theme geometry on this device (its numbers: core/gridLayout.ts) and the rendered columns
 * (`ViewColumn`) read from the TanStack table (table/gridTable.ts): which columns show in
 * which order and pin region, their widths and sticky offsets, and the CSS grid template —
 * computed once per column-state change, never per cell. TanStack Table's sizes are
 * numbers; a descriptor column without a width is a flex column here (`minmax(<its size>px, 1fr)`), its size its minimum.
 */
import type { CSSProperties } from 'react';
import { FLEX_MIN, SELECT_WIDTH_FINE, THEMES, TOUCH_MIN, type ThemeName } from '../../core/gridLayout.ts';
import type { GridTable } from './table/gridFeatures.ts';
import type { GridColumn } from './types.ts';

export type { ColumnFiltersState, SortingState } from '@tanstack/react-table';

/**
 * A touch screen (the primary pointer coarse, a tablet): rows, headers, filters and the
 * checkbox column at least 44 px (a filter's row 52: its input 44), so a finger hits the cell meant (WCAG 2.5.5 target size).
 * Read once: a device does not change its pointer during a session.
 */
const COARSE = typeof matchMedia === 'function' && matchMedia('(pointer: coarse)').matches;

/** The theme's geometry on this device. */
export function geometry(theme: ThemeName): { rowHeight: number; headerHeight: number; filterHeight: number } {
  const d = THEMES[theme];
  // A row's 1 px bottom border is inside its height: 45 leaves its cells 44.
  return COARSE ? { rowHeight: Math.max(TOUCH_MIN + 1, d.rowHeight), headerHeight: Math.max(TOUCH_MIN, d.headerHeight), filterHeight: Math.max(TOUCH_MIN + 8, d.filterHeight) } : d;
}

export const SELECT_ID = '__select';
export const SELECT_WIDTH = COARSE ? TOUCH_MIN : SELECT_WIDTH_FINE;

/** A rendered column: descriptor column (null for the selection column) and its layout. */
export interface ViewColumn {
  id: string;
  col: GridColumn | null;
  pinned: 'start' | 'end' | false;
  canEdit: boolean;
  /** Fixed width in px, or null for flex. */
  width: number | null;
  minWidth: number;
  className: string;
  style: CSSProperties | undefined;
  /** `style` with the cell's grid column: for rows that render only some columns (columnWindow.ts). */
  placed: CSSProperties;
}

export interface Layout {
  cols: ViewColumn[];
  template: string;
  minWidth: number;
  pinStart: number;
  pinEnd: number;
}

/**
 * The shown columns in display order — start-pinned (in pin order), the others (in
 * column order), end-pinned (in pin order) — as TanStack Table's column pinning,
 * ordering and visibility give them, with their sizes and sticky offsets. `sized`: the
 * columns the user gave a width (a flex column keeps it fixed).
 */
export function buildLayout(table: GridTable, sized: Readonly<Record<string, number>>, canSet: boolean): Layout {
  return layoutOf(table.getStartVisibleLeafColumns(), table.getCenterVisibleLeafColumns(), table.getEndVisibleLeafColumns(), sized, canSet);
}

/** The shown columns of a pin region, as the table gives them (the same array while its column state stays). */
export type ShownColumns = ReturnType<GridTable['getCenterVisibleLeafColumns']>;

/** `buildLayout` from the shown columns of each pin region. */
export function layoutOf(start: ShownColumns, center: ShownColumns, end: ShownColumns, sized: Readonly<Record<string, number>>, canSet: boolean): Layout {
  const shown = [...start, ...center, ...end];
  const cols = shown.map((column, i): ViewColumn => {
    const { col, flex } = column.columnDef.meta!;
    const pinned = column.getIsPinned();
    const size = column.getSize();
    const width = flex && !pinned && sized[column.id] === undefined ? null : size;
    const canEdit = !!col && canSet && col.editable;
    const cls = ['cell', col ? `cell-${col.align}` : 'cell-select', col?.type === 'multi' ? 'cell-multi' : '', canEdit ? 'cell-editable' : '', pinned ? `cell-pinned cell-pinned-${pinned}` : '']
      .filter(Boolean)
      .join(' ');
    // A flex column's size is its minimum (at least what its header needs).
    const minWidth = width === null ? size : Math.min(FLEX_MIN, width);
    const style = pinned === 'start' ? { left: column.getStart('start') } : pinned === 'end' ? { right: column.getAfter('end') } : undefined;
    return { id: column.id, col, pinned, canEdit, width, minWidth, className: cls, style, placed: { ...style, gridColumn: i + 1 } };
  });
  const template = cols.map((c) => (c.width === null ? `minmax(${c.minWidth}px, 1fr)` : `${c.width}px`)).join(' ');
  const minWidth = cols.reduce((s, c) => s + (c.width ?? c.minWidth), 0);
  // The pinned regions' widths: the sizes of their columns (summed here: TanStack's region totals build header groups).
  let pinStart = 0;
  let pinEnd = 0;
  for (const c of cols) {
    if (c.pinned === 'start') pinStart += c.width ?? c.minWidth;
    else if (c.pinned === 'end') pinEnd += c.width ?? c.minWidth;
  }
  return { cols, template, minWidth, pinStart, pinEnd };
}
