/**
 * The totals row, pinned to the bottom of the grid: for each numeric column (totals
 * columns, columnState.ts) the sum, average, minimum or maximum over every row of the
 * current filter — the aggregate action's totals (or the client model's own) — or nothing
 * where the column's function is 'none'. The function per column is part of the saved
 * column state. Shown when switched on in the column chooser; a grouped grid then shows
 * each group's own aggregates on its row too.
 *
 * Only the hooks are here: the row, the formatting and the aggregation are a chunk of
 * their own (totalsView.tsx), loaded once the totals row is switched on.
 */
import { useMemo, useRef, type ComponentProps } from 'react';
import type { ClientRowModel } from './ClientRowModel.ts';
import type { GridModel } from './columns.ts';
import type { AggResult, Query, TotalFn } from './gridApi.ts';
import type { ViewColumn } from './layout.ts';
import { useKeyedAsync } from './useKeyedAsync.ts';
import type { CellCtx } from './types.ts';

type View = typeof import('./totalsView.tsx');
let view: Promise<View> | undefined;
let loaded: View | undefined;
const loadView = (): Promise<View> => {
  view ??= import('./totalsView.tsx').then((m) => (loaded = m));
  // A failed load (network) is tried again next time.
  view.catch(() => (view = undefined));
  return view;
};

interface Source {
  model: GridModel;
  query: Query;
  client: ClientRowModel | null;
  fields: string[];
  /** Anything else that changes the values (reloads, saves). */
  key: unknown;
}

const queryKey = (o: Source, on: unknown) => (on ? JSON.stringify([o.query.form, o.query.filterModel, o.query.fixed ?? null, o.query.language, o.client?.seq ?? 0, on]) : null);

/**
 * The totals of the query's filter for these fields (every function at once: switching
 * the function shows without asking again): the aggregate action, or computed over the
 * rows in memory.
 */
export function useTotals(o: Source & { on: boolean }): AggResult['totals'] | null {
  const base = queryKey(o, o.on);
  return useKeyedAsync(base && JSON.stringify([base, o.fields, o.key]), () => loadView().then((m) => m.loadTotals(o))).value;
}

/** A group row's totals cells and the columns its label spans (totalsView.tsx), null without any. */
export type GroupTotals = (id: string, cols: ViewColumn[]) => ReturnType<View['groupCells']>;

/**
 * The totals columns' aggregates on the group rows of a grouped grid, every level; while
 * new ones load after a save or for another column, the last ones of the same groups stay.
 */
export function useGroupTotals(o: Source & { on: boolean; groupBy: string[]; aggs: Record<string, TotalFn>; numeric: ReadonlySet<string>; ctx: CellCtx }): GroupTotals | null {
  const base = queryKey(o, o.on && o.groupBy.length && o.groupBy);
  const { value } = useKeyedAsync(base && JSON.stringify([base, o.fields, o.key]), () => loadView().then(async (m) => ({ m, levels: await m.loadLevels(o) })));
  const last = useRef({ base, value });
  if (value) last.current = { base, value };
  const shown = value ?? (base && last.current.base === base ? last.current.value : null);
  const { aggs, numeric, ctx } = o;
  return useMemo(() => shown && ((id, cols) => shown.m.groupCells(shown.levels.get(id), cols, aggs, numeric, ctx)), [shown, aggs, numeric, ctx]);
}

/** The totals row, once its chunk is there. */
export function TotalsRow(props: ComponentProps<View['TotalsRow']>) {
  const m = useKeyedAsync('', loadView).value ?? loaded;
  return m && <m.TotalsRow {...props} />;
}
