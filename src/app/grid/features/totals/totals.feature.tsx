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
import { useMemo, type ComponentProps } from 'react';
import type { ClientRowModel } from '../../rowModel/ClientRowModel.ts';
import type { QueryColumn } from '../../rowModel/clientQuery.ts';
import type { GridModel } from '../../columns.ts';
import type { AggResult, Query, TotalFn } from '../../gridApi.ts';
import type { ViewColumn } from '../../layout.ts';
import { useKeyedAsync } from '../../rowModel/useKeyedAsync.ts';
import type { CellCtx } from '../../types.ts';

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
  /** The columns with the texts they show (useRowModel's `texts`): what a filter in memory reads. */
  texts: ReadonlyMap<string, QueryColumn> | undefined;
  fields: string[];
  /** Anything else that changes the values (reloads, saves). */
  key: unknown;
}

const queryKey = (o: Source, on: unknown) => (on ? JSON.stringify([o.query.form, o.query.filterModel, o.query.fixed ?? null, o.query.language, o.client?.seq ?? 0, on]) : null);

/** A group row's totals cells and the columns its label spans (totalsView.tsx), null without any. */
export type GroupTotals = (id: string, cols: ViewColumn[]) => ReturnType<View['groupCells']>;

export interface Totals {
  /** The totals row's values: the aggregate action's totals, or the same over the rows in memory. */
  row: AggResult['totals'] | null;
  /** The group rows' cells of a grouped grid, every level. */
  groups: GroupTotals | null;
}

/**
 * The totals of the query's filter for these fields, and on a grouped grid each group's
 * own: one aggregate call (or the same computed over the rows in memory). While new ones
 * load after a save or for another column, the last ones of the same query stay.
 */
export function useTotals(o: Source & { on: boolean; groupBy: string[]; aggs: Record<string, TotalFn>; numeric: ReadonlySet<string>; ctx: CellCtx }): Totals {
  const grouped = o.groupBy.length > 0;
  const base = queryKey(o, o.on && (grouped ? o.groupBy : 'flat'));
  // Each answer carries the query it belongs to: the last one stays shown while the next of the same query loads.
  const { value, last } = useKeyedAsync(base && JSON.stringify([base, o.fields, o.key]), () => loadView().then(async (m) => ({ m, base, ...(await m.loadTotals(o)) })));
  const shown = value ?? (base && last?.base === base ? last : null);
  const { aggs, numeric, ctx } = o;
  const groups = useMemo<GroupTotals | null>(() => (shown && grouped ? (id, cols) => shown.m.groupCells(shown.levels.get(id), cols, aggs, numeric, ctx) : null), [shown, grouped, aggs, numeric, ctx]);
  return { row: shown?.totals ?? null, groups };
}

/** The totals row, once its chunk is there. */
export function TotalsRow(props: ComponentProps<View['TotalsRow']>) {
  const m = useKeyedAsync('', loadView).value ?? loaded;
  return m && <m.TotalsRow {...props} />;
}
