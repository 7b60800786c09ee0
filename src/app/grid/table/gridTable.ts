/**
 * TanStack Table v9 owns the grid's table model: the descriptor's columns as ColumnDefs,
 * the column state (visibility, order, pinning, sizing), sorting, column filters,
 * grouping and the expanded groups, with only the features the grid uses registered
 * (`tableFeatures`: tree-shaken, no row-model factories).
 *
 * The state is controlled: the grid's `ViewState` (columnState.ts) is TanStack's state
 * shape and is the one owner; a feature API (`column.toggleSorting`, `column.pin`,
 * `column.setFilterValue`, `table.setColumnOrder`, …) calls the matching `on…Change`,
 * which goes through the grid's one change path (saved per user from there).
 *
 * Rows are not TanStack's: sorting, filtering, grouping and expansion are manual — the
 * row sources do them behind this state (server blocks, or the client row model over rows
 * in memory) and the virtualizer reads positions from them. TanStack's core row model
 * would build a Row object for every row: ~350 ms for 100,000 rows in Node (production
 * build), for each new sort or filter.
 */
import { useMemo } from 'react';
import { functionalUpdate, useTable, type ColumnPinningState, type ExpandedState, type FilterFn, type TableOptions, type Updater } from '@tanstack/react-table';
import type { GridModel } from '../columns.ts';
import { FLEX_MIN, MAX_WIDTH, MIN_WIDTH, PINNED_DEFAULT } from '../../../core/gridLayout.ts';
import { canGroupBy, withVisibility, type ViewState } from '../columnState.ts';
import { layoutOf, SELECT_ID, SELECT_WIDTH, type Layout } from '../layout.ts';
import type { Row } from '../types.ts';
import { gridFeatures, type GridColumnDef, type GridFeatures, type GridTable } from './gridFeatures.ts';

/** The row sources filter (the server, or the client row model): here only the rule that an empty value is no filter. */
const filteredElsewhere = Object.assign(() => true, { autoRemove: (v: unknown) => v === undefined || v === null || v === '' }) as FilterFn<GridFeatures, Row>;

/**
 * The ColumnDefs of a descriptor: the selection column first (when rows are picked),
 * then every descriptor column in declared order. `size` is the descriptor's width (or
 * a flex column's minimum, or PINNED_DEFAULT for a pinned flex column) grown to what its
 * header needs (headerFit.ts); a width the user set is `columnSizing` state and wins.
 */
export function columnDefs(model: GridModel, selectable: boolean, headerNeed: Readonly<Record<string, number>>, pinned: ReadonlySet<string>): GridColumnDef[] {
  const defs: GridColumnDef[] = model.columns.map((col) => {
    const flex = col.width === undefined;
    const need = headerNeed[col.field] ?? 0;
    const size = !flex ? Math.max(col.width!, need) : pinned.has(col.field) ? PINNED_DEFAULT : Math.max(FLEX_MIN, need);
    return {
      id: col.field,
      accessorFn: (row: Row) => row[col.field],
      size,
      minSize: Math.min(MIN_WIDTH, size),
      maxSize: MAX_WIDTH,
      enableSorting: col.sortable,
      enableColumnFilter: !!col.filter,
      filterFn: filteredElsewhere,
      enableGrouping: canGroupBy(col),
      meta: { col, flex },
    };
  });
  if (!selectable) return defs;
  const select: GridColumnDef = { id: SELECT_ID, size: SELECT_WIDTH, minSize: SELECT_WIDTH, maxSize: SELECT_WIDTH, enableHiding: false, enablePinning: false, meta: { col: null, flex: false } };
  return [select, ...defs];
}

/** The rows are the row sources' (see above): the table gets none. */
const NO_ROWS: Row[] = [];
/** All state is controlled by the grid: the table renders nothing of its own accord. */
const NO_SELECTION = () => null;

export interface GridTableInput {
  model: GridModel;
  selectable: boolean;
  state: ViewState;
  /** Header widths measured (headerFit.ts), by column id. */
  headerNeed: Readonly<Record<string, number>>;
  /** The expanded group rows (their ids). */
  expanded: Record<string, boolean>;
  canSet: boolean;
  /** The grid's change path (a change by the user: applied and saved). */
  change(update: (s: ViewState) => ViewState): void;
  setExpanded(update: Updater<ExpandedState>): void;
}

/** The pinning the table holds: the selection column, when there is one, always first at the start. */
export const withSelect = (p: ColumnPinningState, selectable: boolean): ColumnPinningState =>
  selectable ? { start: [SELECT_ID, ...p.start.filter((id) => id !== SELECT_ID)], end: p.end.filter((id) => id !== SELECT_ID) } : p;
const withoutSelect = (p: ColumnPinningState): ColumnPinningState => ({ start: p.start.filter((id) => id !== SELECT_ID), end: p.end.filter((id) => id !== SELECT_ID) });

/**
 * The grid's TanStack table over its controlled state, and the rendered columns. A
 * hidden column's filter goes with it, however it was hidden (the column chooser, the
 * column menu, a reset): a filter nobody sees would keep rows out with no sign of why.
 */
export function useGridTable(input: GridTableInput): { table: GridTable; layout: Layout } {
  const { model, selectable, state, headerNeed, expanded, canSet, change, setExpanded } = input;
  const pinning = useMemo(() => withSelect(state.columnPinning, selectable), [state.columnPinning, selectable]);
  // The pinned columns (a pinned flex column has a width): one set while the pinning's
  // content stays (its object may be new with the same columns).
  const pinnedKey = [...pinning.start, '', ...pinning.end].join('\n');
  const pinned = useMemo(() => new Set(pinnedKey.split('\n').filter(Boolean)), [pinnedKey]);
  const columns = useMemo(() => columnDefs(model, selectable, headerNeed, pinned), [model, selectable, headerNeed, pinned]);
  const handlers = useMemo(() => tableHandlers(change, setExpanded, selectable), [change, setExpanded, selectable]);
  const table = useTable(gridTableOptions(columns, state, pinning, expanded, handlers), NO_SELECTION) as unknown as GridTable;
  // The table object is new per render; its shown columns per pin region are memoized by
  // TanStack on the ColumnDefs, pinning, order, visibility and grouping (the same arrays
  // while those stay): the layout is built again only when they, the sizes or the
  // permission change (not for a sort, a filter or an expanded group).
  const start = table.getStartVisibleLeafColumns();
  const center = table.getCenterVisibleLeafColumns();
  const end = table.getEndVisibleLeafColumns();
  const layout = useMemo(() => layoutOf(start, center, end, state.columnSizing, canSet), [start, center, end, state.columnSizing, canSet]);
  return { table, layout };
}

/**
 * The table's options: the controlled state (the grid's `ViewState`, the pinning with the
 * selection column, the expanded groups), the change handlers, and the server-side (or
 * row-model-side) processing of every row stage.
 */
export function gridTableOptions(
  columns: GridColumnDef[],
  state: ViewState,
  pinning: ColumnPinningState,
  expanded: Record<string, boolean>,
  handlers: ReturnType<typeof tableHandlers>,
): TableOptions<GridFeatures, Row> {
  return {
    features: gridFeatures,
    columns,
    data: NO_ROWS,
    state: {
      sorting: state.sorting,
      columnFilters: state.columnFilters,
      columnVisibility: state.columnVisibility,
      columnOrder: state.columnOrder,
      columnPinning: pinning,
      columnSizing: state.columnSizing,
      grouping: state.grouping,
      expanded,
    },
    ...handlers,
    manualSorting: true,
    manualFiltering: true,
    manualGrouping: true,
    manualExpanding: true,
    // A header click sorts ascending first, whatever the column holds; Shift adds a column.
    sortDescFirst: false,
    // Grouped columns keep their place.
    groupedColumnMode: false,
  };
}

/** The on…Change options: each slice through the grid's change path. */
export function tableHandlers(change: GridTableInput['change'], setExpanded: GridTableInput['setExpanded'], selectable: boolean) {
  return {
    onSortingChange: (u: Updater<ViewState['sorting']>) => change((s) => ({ ...s, sorting: functionalUpdate(u, s.sorting) })),
    onColumnFiltersChange: (u: Updater<ViewState['columnFilters']>) => change((s) => ({ ...s, columnFilters: functionalUpdate(u, s.columnFilters) })),
    onColumnVisibilityChange: (u: Updater<ViewState['columnVisibility']>) => change((s) => withVisibility(s, functionalUpdate(u, s.columnVisibility))),
    onColumnOrderChange: (u: Updater<string[]>) => change((s) => ({ ...s, columnOrder: functionalUpdate(u, s.columnOrder) })),
    onColumnPinningChange: (u: Updater<ColumnPinningState>) => change((s) => ({ ...s, columnPinning: withoutSelect(functionalUpdate(u, withSelect(s.columnPinning, selectable))) })),
    onColumnSizingChange: (u: Updater<ViewState['columnSizing']>) => change((s) => ({ ...s, columnSizing: functionalUpdate(u, s.columnSizing) })),
    onGroupingChange: (u: Updater<string[]>) => change((s) => ({ ...s, grouping: functionalUpdate(u, s.grouping) })),
    onExpandedChange: setExpanded,
  };
}
