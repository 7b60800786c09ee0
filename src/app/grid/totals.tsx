/**
 * The totals row, pinned to the bottom of the grid: for each numeric column (totals
 * columns, columnState.ts) the sum, average, minimum or maximum over every row of the
 * current filter — the aggregate action's totals (or the client model's own). The
 * function per column is part of the saved column state. Shown when switched on in the
 * column chooser.
 */
import { memo } from 'react';
import type { ClientRowModel } from './ClientRowModel.ts';
import type { GridModel } from './columns.ts';
import { AGG_FNS, aggregate, allFilters, type AggFn, type AggResult, type Query } from './gridApi.ts';
import { loadClientModule } from './clientModule.ts';
import { AGG_LABEL } from './HeaderCell.tsx';
import { isMoneyColumn, shownMoney, storedCurrency } from './moneyCurrency.ts';
import { useKeyedAsync } from './useKeyedAsync.ts';
import type { ViewColumn } from './layout.ts';
import type { CellCtx, GridColumn } from './types.ts';

/**
 * The totals of the query's filter for these fields (every function at once: switching
 * the function shows without asking again): the aggregate action, or computed over the
 * rows in memory. `key`: anything else that changes them (reloads, saves).
 */
export function useTotals(o: { on: boolean; model: GridModel; query: Query; client: ClientRowModel | null; fields: string[]; key: unknown }): AggResult['totals'] | null {
  const { query, client, fields, model } = o;
  const key = o.on ? JSON.stringify([query.form, query.filterModel, query.fixed ?? null, query.language, client?.seq ?? 0, fields, o.key]) : null;
  const { value } = useKeyedAsync<AggResult>(key, async () => {
    const aggregates = Object.fromEntries(fields.map((f) => [f, [...AGG_FNS]]));
    if (client) {
      const v = client.open({ sortModel: [], filterModel: query.filterModel, lang: query.language }, 'totals');
      const [{ aggregateRows }] = await Promise.all([loadClientModule(), v.ready]);
      const columns = new Map(model.columns.map((c) => [c.field, { field: c.field, valueType: c.valueType }]));
      return aggregateRows(
        v.loadedRows().map((x) => x.data),
        columns,
        [],
        aggregates,
        query.language,
      );
    }
    return aggregate(query.form, { filterModel: allFilters(query), aggregates, language: query.language });
  });
  return value?.totals ?? null;
}

const AGG_SHORT: Record<AggFn, string> = { sum: 'grid.agg_sum_short', avg: 'grid.agg_avg_short', min: 'grid.agg_min_short', max: 'grid.agg_max_short' };

export function formatAgg(col: GridColumn, fn: AggFn, raw: number | string | null | undefined, ctx: CellCtx): string {
  // numeric sums may travel as text (exact decimals)
  const v = typeof raw === 'string' ? Number(raw) : raw;
  if (v === null || v === undefined || !Number.isFinite(v)) return '';
  if (isMoneyColumn(col)) {
    // As the column's cells show amounts: converted into the view currency, with its symbol.
    const from = storedCurrency(col, {}, ctx);
    return from ? shownMoney(v, from, ctx).text : ctx.fmt.money(v);
  }
  if (col.type === 'int' && fn !== 'avg') return ctx.fmt.int(v);
  return ctx.fmt.number(v);
}

interface TotalsRowProps {
  cols: ViewColumn[];
  totals: AggResult['totals'] | null;
  aggs: Record<string, AggFn>;
  numeric: ReadonlySet<string>;
  ctx: CellCtx;
  rowIndex: number;
}

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
          if (col && numeric.has(vc.id)) {
            const fn = aggs[vc.id] ?? 'sum';
            raw = totals?.aggs[vc.id]?.[fn];
            content = formatAgg(col, fn, raw, ctx);
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
