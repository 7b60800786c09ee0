/**
 * The state a user shapes a grid with — column order, widths, hidden and pinned columns,
 * sort, filters, grouping, totals — as the grid holds it (`ViewState`: TanStack Table's
 * state slices, which the table reads as its controlled state, plus the totals settings)
 * and as it is saved per user per screen (`grid_state`) and in named views
 * (`grid_views`): `SavedState`, plain JSON. Pure conversions; a saved state from the server
 * has its shape checked first (core/savedGridState.ts, valibot: by the server as grid_state's
 * read answers it, so the list page loads no valibot; by the views panel for a view) and is
 * then fitted to the descriptor (columns that no longer exist are dropped, new ones appear).
 */
import type { ColumnFiltersState, ColumnPinningState, ColumnSizingState, ColumnVisibilityState, SortingState } from '@tanstack/react-table';
import { MAX_WIDTH, MIN_WIDTH } from '../../core/gridLayout.ts';
import type { GridModel } from './columns.ts';
import type { TotalFn } from './dataProvider/calls.ts';
import { rescaleNumberFilter } from './filters.ts';
import { columnTypes } from '../../core/columnTypes/index.ts';
import { convertsFilter, viewFactor } from './moneyCurrency.ts';
import type { CellSession, GridColumn } from './types.ts';

export interface ViewState {
  sorting: SortingState;
  /** Floating-filter values (text as typed; choices as their value). */
  columnFilters: ColumnFiltersState;
  columnVisibility: ColumnVisibilityState;
  /** Pinned descriptor columns (the selection column is the grid's, always first). */
  columnPinning: ColumnPinningState;
  columnSizing: ColumnSizingState;
  columnOrder: string[];
  /** The totals row's function per numeric column (default sum; 'none': no total there, nor on group rows). */
  aggs: Record<string, TotalFn>;
  totals: boolean;
  /** Group columns (TanStack Table's `grouping`). */
  grouping: string[];
  /**
   * The view currency the money filters' amounts were typed in (undefined: the one shown).
   * Shown in another, they are carried into it (`inViewCurrency`): the same rows stay.
   */
  filterCurrency?: string | undefined;
}

const isNumeric = (c: GridColumn) => !c.lookup && columnTypes[c.type].numeric;

/** Columns with a totals cell: numeric, not a key or other id, not a choice (keep_in_stock 0/1/2), not money in several currencies. */
export function totalsColumns(model: GridModel): GridColumn[] {
  return model.columns.filter((c) => isNumeric(c) && !model.keys.includes(c.field) && c.rendererKey !== 'identifier' && !c.meta.options && !c.meta.currencyField);
}

/** Columns a grid can be grouped by (plain values: not multi-language, not json). */
export const canGroupBy = (c: GridColumn) => c.type !== 'json' && c.type !== 'multi' && c.meta.filterable;
/** Most group columns (the aggregate action's limit). */
export const MAX_GROUP_BY = 3;

/** The descriptor's own state: its order, hidden and pinned columns; nothing sorted or filtered. */
export function defaultViewState(model: GridModel): ViewState {
  return {
    sorting: [],
    columnFilters: [],
    columnVisibility: Object.fromEntries(model.columns.map((c) => [c.field, !c.meta.hidden])),
    columnPinning: {
      start: model.columns.filter((c) => c.pinned === 'left').map((c) => c.field),
      end: model.columns.filter((c) => c.pinned === 'right').map((c) => c.field),
    },
    columnSizing: {},
    columnOrder: model.columns.map((c) => c.field),
    aggs: {},
    totals: false,
    grouping: [],
  };
}

/** Resets the column layout (order, widths, hidden, pinned, totals), keeping sort, filters and grouping. */
export function resetColumns(model: GridModel, s: ViewState): ViewState {
  const d = defaultViewState(model);
  return { ...d, sorting: s.sorting, columnFilters: s.columnFilters, grouping: s.grouping };
}

// ---- saved form ----------------------------------------------------------------------------

/**
 * The saved form (version 2): TanStack Table's state slices as the table holds them —
 * sorting, columnFilters (the typed texts), columnVisibility, columnOrder, columnPinning,
 * columnSizing, grouping — and the grid's own totals settings, round-tripped as they are.
 * States saved before (version 1: `order`, `widths`, `hidden`, `pinned`, `sort`,
 * `filters`, `groupBy`) are still read (core/savedGridState.ts `checkGridState`).
 * A type, not an interface: the grid_state contract takes it as a JSON object (an index signature).
 */
export type SavedState = {
  v: 2;
  sorting: SortingState;
  columnFilters: { id: string; value: string }[];
  columnVisibility: ColumnVisibilityState;
  columnOrder: string[];
  columnPinning: ColumnPinningState;
  columnSizing: ColumnSizingState;
  grouping: string[];
  aggs: Record<string, TotalFn>;
  totals: boolean;
  /** The view currency of the money filters' amounts (only with a money filter; older states: none). */
  currency?: string;
};

export function toSaved(s: ViewState, model: GridModel): SavedState {
  const has = (f: string) => model.byField.has(f);
  const columnFilters = s.columnFilters.flatMap((f) => (typeof f.value === 'string' && f.value !== '' && has(f.id) ? [{ id: f.id, value: f.value }] : []));
  return {
    v: 2,
    sorting: s.sorting.filter((x) => has(x.id)).map((x) => ({ id: x.id, desc: x.desc })),
    columnFilters,
    columnVisibility: Object.fromEntries(model.columns.map((c) => [c.field, s.columnVisibility[c.field] !== false])),
    columnOrder: s.columnOrder.filter(has),
    columnPinning: { start: s.columnPinning.start.filter(has), end: s.columnPinning.end.filter(has) },
    columnSizing: Object.fromEntries(Object.entries(s.columnSizing).filter(([f]) => has(f))),
    grouping: s.grouping.filter(has),
    aggs: s.aggs,
    totals: s.totals,
    ...(s.filterCurrency && columnFilters.some((f) => convertsFilter(model.byField.get(f.id))) ? { currency: s.filterCurrency } : {}),
  };
}

declare const checked: unique symbol;

/**
 * A saved state whose shape was checked (core/savedGridState.ts, which also reads version 1
 * into this form: on the server, session/gridStates.ts `checkedByServer`, or in the views
 * panel, savedShape.ts `checkSaved`), or one this grid wrote itself (`trusted`): every part
 * optional, a part of the wrong shape already replaced by its fallback. `fromSaved` takes
 * nothing else, so nothing unchecked from the server reaches the grid's state.
 */
export type CheckedSaved = SavedFields & { readonly [checked]: true };

/** The parts of a saved state, each optional (older states lack newer parts). */
export interface SavedFields {
  sorting?: SortingState;
  columnFilters?: { id: string; value: string }[];
  /** Version 1 saved the hidden columns only: every other column shows (`legacyHidden`). */
  columnVisibility?: ColumnVisibilityState;
  legacyHidden?: string[];
  columnOrder?: string[];
  columnPinning?: ColumnPinningState;
  columnSizing?: ColumnSizingState;
  grouping?: string[];
  aggs?: Record<string, TotalFn>;
  totals?: boolean;
  currency?: string;
}

/** A state this grid made (toSaved): its shape holds by construction. */
export const trusted = (s: SavedState): CheckedSaved => s as unknown as CheckedSaved;

const uniq = (xs: string[]) => [...new Set(xs)];

/** A checked saved state → the grid's state for this descriptor (null, or a state that did not pass the check: the defaults). */
export function fromSaved(s: CheckedSaved | null, model: GridModel): ViewState {
  const d = defaultViewState(model);
  if (!s) return d;
  const has = (f: string) => model.byField.has(f);
  let columnOrder = d.columnOrder;
  if (s.columnOrder) {
    const saved = uniq(s.columnOrder.filter(has));
    // Columns the saved order does not know (added to the descriptor since) keep their place after their predecessor.
    for (const f of d.columnOrder) {
      if (saved.includes(f)) continue;
      const i = d.columnOrder.indexOf(f);
      const before = d.columnOrder
        .slice(0, i)
        .reverse()
        .find((p) => saved.includes(p));
      saved.splice(before ? saved.indexOf(before) + 1 : 0, 0, f);
    }
    columnOrder = saved;
  }
  let columnVisibility = d.columnVisibility;
  if (s.legacyHidden) columnVisibility = Object.fromEntries(model.columns.map((c) => [c.field, !s.legacyHidden!.includes(c.field)]));
  // A column the saved state does not name (added since) shows as the descriptor says.
  else if (s.columnVisibility) columnVisibility = Object.fromEntries(model.columns.map((c) => [c.field, s.columnVisibility![c.field] ?? d.columnVisibility[c.field]!]));
  const columnPinning = s.columnPinning
    ? { start: uniq(s.columnPinning.start.filter(has)), end: uniq(s.columnPinning.end.filter((f) => has(f) && !s.columnPinning!.start.includes(f))) }
    : d.columnPinning;
  const columnSizing: ColumnSizingState = {};
  for (const [f, w] of Object.entries(s.columnSizing ?? {})) if (has(f) && Number.isFinite(w)) columnSizing[f] = Math.round(Math.max(MIN_WIDTH, Math.min(MAX_WIDTH, w)));
  const sorting = (s.sorting ?? [])
    .filter((x) => model.byField.get(x.id)?.sortable)
    .filter((x, i, all) => all.findIndex((y) => y.id === x.id) === i)
    .map((x) => ({ id: x.id, desc: x.desc }));
  const columnFilters = (s.columnFilters ?? [])
    // Not of a hidden column (a state saved before hiding dropped its filter).
    .filter((f, i, all) => !!model.byField.get(f.id)?.filter && f.value !== '' && columnVisibility[f.id] !== false && all.findIndex((y) => y.id === f.id) === i)
    .map((f) => ({ id: f.id, value: f.value }));
  const numeric = new Set(totalsColumns(model).map((c) => c.field));
  const aggs = Object.fromEntries(Object.entries(s.aggs ?? {}).filter(([f]) => numeric.has(f)));
  const grouping = uniq(
    (s.grouping ?? []).filter((f) => {
      const c = model.byField.get(f);
      return !!c && canGroupBy(c);
    }),
  ).slice(0, MAX_GROUP_BY);
  return { sorting, columnFilters, columnVisibility, columnPinning, columnSizing, columnOrder, aggs, totals: s.totals ?? false, grouping, filterCurrency: s.currency || undefined };
}

/**
 * The state as the view currency shows it: money filters typed in another currency
 * carried into this one ('>100' € → '>39500' Ft), so the same rows stay. Pure: the grid
 * derives what it shows and asks for from it, and a change by the user stores it (no
 * effect syncing the state after a currency switch). The same object when nothing moves.
 */
export function inViewCurrency(s: ViewState, model: GridModel, session: CellSession, lang: string): ViewState {
  const to = session.currency;
  const from = s.filterCurrency;
  if (from === to) return s;
  // A state without a currency (older, or none chosen yet) was typed in the one shown.
  if (!from || !to) return { ...s, filterCurrency: to };
  const ratio = viewFactor(session, to) / viewFactor(session, from);
  const digits = session.currencies.find((c) => c.currency_code === to)?.currency_precision ?? 2;
  const carry = (f: ColumnFiltersState[number]) =>
    convertsFilter(model.byField.get(f.id)) && typeof f.value === 'string' ? { ...f, value: rescaleNumberFilter(f.value, ratio, digits, lang) ?? f.value } : f;
  return { ...s, filterCurrency: to, columnFilters: ratio === 1 ? s.columnFilters : s.columnFilters.map(carry) };
}

/** Moves a column before (or after) another in the order. */
export function moveColumn(order: readonly string[], id: string, target: string, after: boolean): string[] {
  if (id === target) return [...order];
  const out = order.filter((f) => f !== id);
  const i = out.indexOf(target);
  if (i < 0) return [...order];
  out.splice(after ? i + 1 : i, 0, id);
  return out;
}

/** Pins a column to a side, or unpins it. */
export function pinColumn(p: ColumnPinningState, id: string, side: 'start' | 'end' | false): ColumnPinningState {
  const start = (p.start ?? []).filter((f) => f !== id);
  const end = (p.end ?? []).filter((f) => f !== id);
  if (side === 'start') start.push(id);
  if (side === 'end') end.unshift(id);
  return { start, end };
}

/**
 * The columns shown and hidden. A hidden column's filter goes with it: a filter nobody can
 * see would keep rows out with no sign of why (and, saved with the state, after a reload too).
 */
export function withVisibility(s: ViewState, columnVisibility: ColumnVisibilityState): ViewState {
  const columnFilters = s.columnFilters.filter((f) => columnVisibility[f.id] !== false);
  return { ...s, columnVisibility, columnFilters: columnFilters.length === s.columnFilters.length ? s.columnFilters : columnFilters };
}
