/**
 * What a report chart asks the server and how its answer becomes chart points: the
 * `aggregate` action over the grid's filter model (the page's fixed filter and the source's
 * parameters folded in, the same request the grid's totals make), grouped by the chart's
 * category, `agg` of its value column. Money in the company currency is shown in the view
 * currency (× the view factor, as the grid's cells and totals do).
 */
import type { ChartSpec } from '../../../schemas/screen.ts';
import type { AggRequest, AggResult } from '../grid/gridApi.ts';
import type { FilterModel } from '../grid/filters.ts';
import type { ChartPoint } from './chartOption.ts';

/** The value column the chart shows: the descriptor's, or the one its parameter's current value picks. */
export function chartValueField(chart: ChartSpec, params: Readonly<Record<string, unknown>>): string | undefined {
  if (chart.byParam) {
    const v = params[chart.byParam.param];
    if (typeof v === 'string' && Object.hasOwn(chart.byParam.values, v)) return chart.byParam.values[v];
  }
  return chart.value;
}

export function chartRequest(chart: ChartSpec, valueField: string | undefined, filterModel: FilterModel, language: string): AggRequest {
  return {
    filterModel,
    groupBy: [chart.category],
    ...(chart.agg === 'sum' && valueField ? { aggregates: { [valueField]: ['sum'] } } : {}),
    language,
  };
}

/** The groups as points: the label from `label(key)`, the sum (× factor) or the count. */
export function chartPoints(chart: ChartSpec, valueField: string | undefined, result: AggResult, label: (key: unknown) => string, factor = 1): ChartPoint[] {
  return result.groups.map((g) => {
    const key = g.key[chart.category];
    const raw = chart.agg === 'sum' && valueField ? g.aggs[valueField]?.sum : g.count;
    const n = raw === null || raw === undefined ? 0 : Number(raw);
    return { label: label(key), value: Number.isFinite(n) ? n * factor : 0 };
  });
}
