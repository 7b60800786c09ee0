/**
 * The column model and layout: which columns show in which order and pin region, the
 * sort and filter transitions of a header click and a floating filter, theme geometry,
 * and the rendered columns with their classes, widths and sticky offsets — computed once
 * per column-state change, never per cell.
 *
 * The state shapes are TanStack Table's (saved per user as such); the grid needs only
 * these few rules of it, so they are plain functions here.
 */
import type { CSSProperties } from 'react';
import type { GridModel } from './columns.ts';
import type { GridColumn } from './types.ts';

export type SortingState = { id: string; desc: boolean }[];
export type ColumnFiltersState = { id: string; value: unknown }[];
export type ColumnVisibilityState = Record<string, boolean>;
export type ColumnPinningState = { start?: string[]; end?: string[] };
export type ColumnSizingState = Record<string, number>;

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

/** A column in display order: the selection column (col null) or a descriptor column. */
export interface LeafColumn {
  id: string;
  col: GridColumn | null;
  pinned: 'start' | 'end' | false;
}

/**
 * The shown columns in display order: start-pinned (in pin order), the others (in
 * column order, unknown ones last in descriptor order), end-pinned (in pin order);
 * hidden ones left out. The selection column, when there is one, is first and pinned.
 */
export function leafColumns(model: GridModel, selectable: boolean, order: readonly string[], pinning: ColumnPinningState, visibility: ColumnVisibilityState): LeafColumn[] {
  const all = new Map<string, GridColumn | null>();
  if (selectable) all.set(SELECT_ID, null);
  for (const c of model.columns) all.set(c.field, c);
  const ordered: string[] = [];
  const seen = new Set<string>();
  for (const id of [...(selectable ? [SELECT_ID] : []), ...order, ...all.keys()]) {
    if (!all.has(id) || seen.has(id)) continue;
    seen.add(id);
    ordered.push(id);
  }
  const start = [...(selectable ? [SELECT_ID] : []), ...(pinning.start ?? []).filter((id) => id !== SELECT_ID)].filter((id) => all.has(id));
  const end = (pinning.end ?? []).filter((id) => all.has(id) && !start.includes(id));
  const pinned = new Set([...start, ...end]);
  const leaf = (id: string, side: LeafColumn['pinned']): LeafColumn => ({ id, col: all.get(id) ?? null, pinned: side });
  const shown = (id: string) => visibility[id] !== false;
  return [
    ...[...new Set(start)].filter(shown).map((id) => leaf(id, 'start')),
    ...ordered.filter((id) => !pinned.has(id) && shown(id)).map((id) => leaf(id, false)),
    ...[...new Set(end)].filter(shown).map((id) => leaf(id, 'end')),
  ];
}

/**
 * A header click: asc → desc → unsorted. With `multi` (Shift) and a sort already set,
 * the column is added to (or cycled within) the sort; without, it becomes the only one.
 */
export function toggleSort(sorting: SortingState, id: string, multi: boolean): SortingState {
  const at = sorting.findIndex((s) => s.id === id);
  const now = at < 0 ? undefined : sorting[at]!.desc ? 'desc' : 'asc';
  const next = now === undefined ? 'asc' : now === 'asc' ? 'desc' : null;
  if (multi && sorting.length) {
    if (at < 0) return [...sorting, { id, desc: false }];
    return next === null ? sorting.filter((s) => s.id !== id) : sorting.map((s) => (s.id === id ? { id, desc: next === 'desc' } : s));
  }
  return next === null ? [] : [{ id, desc: next === 'desc' }];
}

/** A floating filter's value: set, replaced in place, or removed when empty. */
export function setFilter(filters: ColumnFiltersState, id: string, value: unknown): ColumnFiltersState {
  if (value === undefined || value === null || value === '') return filters.filter((f) => f.id !== id);
  if (filters.some((f) => f.id === id)) return filters.map((f) => (f.id === id ? { id, value } : f));
  return [...filters, { id, value }];
}

/** The sort of a column: its direction and place in a sort by several columns. */
export function sortOf(sorting: SortingState, id: string): { sorted: false | 'asc' | 'desc'; index: number } {
  const index = sorting.findIndex((s) => s.id === id);
  return { sorted: index < 0 ? false : sorting[index]!.desc ? 'desc' : 'asc', index };
}

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
}

export interface Layout {
  cols: ViewColumn[];
  template: string;
  minWidth: number;
  pinStart: number;
  pinEnd: number;
}

/**
 * `headerNeed`: the width a column's header needs (headerFit.ts); a descriptor width, or
 * a flex column's minimum, grows to it until the user sizes the column.
 */
export function buildLayout(leaf: readonly LeafColumn[], sizing: ColumnSizingState, canSet: boolean, headerNeed: Readonly<Record<string, number>> = {}): Layout {
  const cols: ViewColumn[] = leaf.map(({ id, col, pinned }) => {
    const width = sizing[id] ?? (col ? (col.width !== undefined ? Math.max(col.width, headerNeed[id] ?? 0) : pinned ? PINNED_DEFAULT : null) : SELECT_WIDTH);
    const canEdit = !!col && canSet && col.editable;
    const cls = ['cell', col ? `cell-${col.align}` : 'cell-select', col?.type === 'multi' ? 'cell-multi' : '', canEdit ? 'cell-editable' : '', pinned ? `cell-pinned cell-pinned-${pinned}` : '']
      .filter(Boolean)
      .join(' ');
    // A flex column is at least as wide as its header needs.
    const minWidth = width === null ? Math.max(FLEX_MIN, sizing[id] === undefined ? (headerNeed[id] ?? 0) : 0) : Math.min(FLEX_MIN, width);
    return { id, col, pinned, canEdit, width, minWidth, className: cls, style: undefined };
  });
  // Sticky offsets of pinned columns.
  let left = 0;
  for (const c of cols) {
    if (c.pinned !== 'start') continue;
    c.style = { left };
    left += c.width ?? c.minWidth;
  }
  let right = 0;
  for (const c of [...cols].reverse()) {
    if (c.pinned !== 'end') continue;
    c.style = { right };
    right += c.width ?? c.minWidth;
  }
  const template = cols.map((c) => (c.width === null ? `minmax(${c.minWidth}px, 1fr)` : `${c.width}px`)).join(' ');
  const minWidth = cols.reduce((s, c) => s + (c.width ?? c.minWidth), 0);
  return { cols, template, minWidth, pinStart: left, pinEnd: right };
}
