/**
 * The totals row and the totals on group rows (a chunk of its own, loaded by totals.feature.tsx
 * once the totals row is switched on): the row, the formatting, and the aggregates.
 *
 * Group rows: one aggregate call with the grouping and the totals columns — the server
 * computes every last-level group's sum, avg, min, max and count of values in the same
 * grouped SQL as its count — or the same computed over the rows in memory (client row
 * model). Each upper level's own aggregates are combined from its last-level groups: the
 * sum of the sums, the least minimum, the greatest maximum, and the average as the sum of
 * the sums over the count of values (SQL's avg, NULLs left out) — what a grouping by that
 * level alone gives.
 */
import { memo } from 'react';
import type { ClientRowModel } from '../../rowModel/ClientRowModel.ts';
import type { QueryColumn } from '../../rowModel/clientQuery.ts';
import { loadClientModule } from '../../rowModel/clientModule.ts';
import type { GridModel } from '../../columns.ts';
import { AGG_FNS, aggregate, allFilters, type AggFn, type AggGroup, type AggResult, type Aggs, type Query, type TotalFn } from '../../gridApi.ts';
import { AGG_LABEL } from '../../header/HeaderCell.tsx';
import type { ViewColumn } from '../../layout.ts';
import { isMoneyColumn, totalMoney } from '../../moneyCurrency.ts';
import type { CellCtx, GridColumn } from '../../types.ts';

interface Source {
  model: GridModel;
  query: Query;
  client: ClientRowModel | null;
  /** The columns with the texts they show (useRowModel's `texts`). */
  texts: ReadonlyMap<string, QueryColumn> | undefined;
  fields: readonly string[];
}

/** The aggregate action's answer for these fields and functions, grouped or not: from the server, or over the rows in memory. */
async function aggregateOf(o: Source, groupBy: readonly string[], fns: readonly (AggFn | 'count')[]): Promise<AggResult> {
  const { model, query, client } = o;
  const aggregates = Object.fromEntries(o.fields.map((f) => [f, [...fns]]));
  if (!client) return aggregate(query.form, { filterModel: allFilters(query), groupBy: [...groupBy], aggregates, language: query.language });
  const v = client.open({ sortModel: [], filterModel: query.filterModel, lang: query.language, columns: o.texts }, groupBy.length ? 'groupTotals' : 'totals');
  const [{ aggregateRows }] = await Promise.all([loadClientModule(), v.ready]);
  const columns = new Map(model.columns.map((c) => [c.field, { field: c.field, valueType: c.valueType }]));
  return aggregateRows(
    v.loadedRows().map((x) => x.data),
    columns,
    groupBy,
    aggregates,
    query.language,
  );
}

// ---- group rows ----------------------------------------------------------------------------------

/** Aggregates per group node id (the JSON of its key path, as grouping.ts builds it), every level. */
export type LevelAggs = Map<string, Aggs>;

const num = (x: unknown): number | null => {
  const n = typeof x === 'string' ? Number(x) : x;
  return typeof n === 'number' && Number.isFinite(n) ? n : null;
};

/** Every level's aggregates from the last-level groups (each with sum, min, max and count of each field). */
export function levelAggs(groups: readonly AggGroup[], groupBy: readonly string[], fields: readonly string[]): LevelAggs {
  type Acc = { sum: number; count: number; min: number | null; max: number | null };
  const acc = new Map<string, Record<string, Acc>>();
  const out: LevelAggs = new Map();
  const last = groupBy.length - 1;
  for (const g of groups) {
    const path = groupBy.map((f) => g.key[f] ?? null);
    // The last level as answered (the database's own avg); the levels above combined.
    out.set(JSON.stringify(path), g.aggs);
    for (let d = 0; d < last; d++) {
      const id = JSON.stringify(path.slice(0, d + 1));
      let a = acc.get(id);
      if (!a) acc.set(id, (a = {}));
      for (const f of fields) {
        const v = g.aggs[f] ?? {};
        const x = (a[f] ??= { sum: 0, count: 0, min: null, max: null });
        const [sum, min, max] = [num(v.sum), num(v.min), num(v.max)];
        if (sum !== null) x.sum += sum;
        x.count += num(v.count) ?? 0;
        if (min !== null && (x.min === null || min < x.min)) x.min = min;
        if (max !== null && (x.max === null || max > x.max)) x.max = max;
      }
    }
  }
  for (const [id, a] of acc) {
    const aggs: Aggs = {};
    for (const [f, x] of Object.entries(a)) {
      const some = x.count > 0;
      aggs[f] = { sum: some ? x.sum : null, avg: some ? x.sum / x.count : null, min: x.min, max: x.max, count: x.count };
    }
    out.set(id, aggs);
  }
  return out;
}

/**
 * The totals of the query's filter (every function of every field: switching a column's
 * function shows without asking again) and, grouped, every group level's aggregates — one
 * aggregate call either way (grouped, its totals come with the groups). No fields: nothing asked.
 */
export async function loadTotals(o: Source & { groupBy: readonly string[] }): Promise<{ totals: AggResult['totals'] | null; levels: LevelAggs }> {
  if (!o.fields.length) return { totals: null, levels: new Map() };
  if (!o.groupBy.length) return { totals: (await aggregateOf(o, [], AGG_FNS)).totals, levels: new Map() };
  const r = await aggregateOf(o, o.groupBy, [...AGG_FNS, 'count']);
  return { totals: r.totals, levels: levelAggs(r.groups, o.groupBy, o.fields) };
}

/** The function shown in a column: its totals function where it has a totals cell, else 'none'. */
const fnOf = (vc: ViewColumn, fns: Readonly<Record<string, TotalFn>>, numeric: ReadonlySet<string>): TotalFn => (vc.col && numeric.has(vc.id) ? (fns[vc.id] ?? vc.col.meta.total ?? 'sum') : 'none');

/**
 * A group row's cells under the totals columns, formatted as the totals row formats them
 * (money in the view currency), and how many columns the group's label spans: up to the
 * first of them (at least one column: a totals column first in the row shows no value
 * there). Null when no totals column is in view.
 */
export function groupCells(aggs: Aggs | undefined, cols: readonly ViewColumn[], fns: Readonly<Record<string, TotalFn>>, numeric: ReadonlySet<string>, ctx: CellCtx) {
  const first = cols.findIndex((vc, i) => i > 0 && fnOf(vc, fns, numeric) !== 'none');
  if (first < 0) return null;
  const cells = [];
  for (let i = first; i < cols.length; i++) {
    const vc = cols[i]!;
    const fn = fnOf(vc, fns, numeric);
    if (fn === 'none') continue;
    const raw = aggs?.[vc.id]?.[fn];
    const text = formatAgg(vc.col!, fn, raw, ctx);
    cells.push(
      <div
        key={vc.id}
        role="gridcell"
        aria-colindex={i + 1}
        data-field={vc.id}
        data-value={raw ?? undefined}
        title={text ? `${ctx.t(AGG_LABEL[fn])}: ${text}` : undefined}
        className={`${vc.className} grid-group-agg`}
        style={{ ...vc.style, gridColumn: i + 1 }}
      >
        {text}
      </div>,
    );
  }
  return { span: first, cells };
}

// ---- the totals row --------------------------------------------------------------------------------

const AGG_SHORT: Record<AggFn, string> = { sum: 'grid.agg_sum_short', avg: 'grid.agg_avg_short', min: 'grid.agg_min_short', max: 'grid.agg_max_short' };

function formatAgg(col: GridColumn, fn: AggFn, raw: number | string | null | undefined, ctx: CellCtx): string {
  // numeric sums may travel as text (exact decimals)
  const v = typeof raw === 'string' ? Number(raw) : raw;
  if (v === null || v === undefined || !Number.isFinite(v)) return '';
  if (isMoneyColumn(col)) {
    // As the column's cells show amounts: converted into the view currency, with its symbol.
    return totalMoney(v, col, ctx) ?? ctx.fmt.money(v);
  }
  if (col.type === 'int' && fn !== 'avg') return ctx.fmt.int(v);
  return ctx.fmt.number(v);
}

interface TotalsRowProps {
  cols: ViewColumn[];
  totals: AggResult['totals'] | null;
  aggs: Record<string, TotalFn>;
  numeric: ReadonlySet<string>;
  ctx: CellCtx;
  rowIndex: number;
}

/** @public totals.feature.tsx renders it from the chunk it loaded (`loaded = m`), a use knip does not follow. */
export const TotalsRow = memo(function TotalsRow({ cols, totals, aggs, numeric, ctx, rowIndex }: TotalsRowProps) {
  const labelAt = cols.findIndex((c) => c.col && !numeric.has(c.id));
  return (
    <div className="grid-totals" role="rowgroup">
      <div className="grid-row grid-totals-row" role="row" aria-rowindex={rowIndex}>
        {cols.map((vc, i) => {
          const col = vc.col;
          let content = '';
          let title: string | undefined;
          let tag: string | undefined;
          let raw: number | string | null | undefined;
          const fn = fnOf(vc, aggs, numeric);
          if (fn !== 'none') {
            raw = totals?.aggs[vc.id]?.[fn];
            content = formatAgg(col!, fn, raw, ctx);
            // The cell shows a short tag (Σ, Ø, min) so the value fits; the tooltip names both.
            tag = ctx.t(AGG_SHORT[fn]);
            title = content ? `${ctx.t(AGG_LABEL[fn])}: ${content}` : ctx.t(AGG_LABEL[fn]);
          } else if (i === labelAt) content = ctx.t('grid.totals');
          return (
            <div
              key={vc.id}
              role="gridcell"
              aria-colindex={i + 1}
              data-field={col ? vc.id : undefined}
              data-value={raw ?? undefined}
              title={title}
              className={`${vc.className} grid-totals-cell`}
              style={vc.style}
            >
              {tag && content ? <span className="grid-totals-fn">{tag}</span> : null}
              {tag ? <span className="grid-totals-value">{content}</span> : content}
            </div>
          );
        })}
      </div>
    </div>
  );
});
