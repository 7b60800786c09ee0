/**
 * The `aggregate` action's answer computed over rows in memory (the client row model's
 * groups and totals): counts per group, sum/avg/min/max and the count of values per
 * field, the same shape as the server's.
 */
import { queryValue, type QueryColumn } from './clientQuery.ts';
import type { AggFn, AggResult, Aggs } from '../gridApi.ts';
import type { Row } from '../types.ts';

type Fn = AggFn | 'count';

function aggOf(values: number[], fns: readonly Fn[]): Partial<Record<Fn, number | null>> {
  const out: Partial<Record<Fn, number | null>> = {};
  let sum = 0;
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (const x of values) {
    sum += x;
    if (x < min) min = x;
    if (x > max) max = x;
  }
  const n = values.length;
  for (const f of fns) {
    if (f === 'sum') out.sum = n ? sum : null;
    if (f === 'avg') out.avg = n ? sum / n : null;
    if (f === 'min') out.min = n ? min : null;
    if (f === 'max') out.max = n ? max : null;
    // the values there are (the server's count(column))
    if (f === 'count') out.count = n;
  }
  return out;
}

/** The aggregate action's answer, computed over rows in memory (same shape as the server's). */
export function aggregateRows(rows: Iterable<Row>, columns: ReadonlyMap<string, QueryColumn>, groupBy: readonly string[], aggregates: Record<string, readonly Fn[]>, lang: string): AggResult {
  const aggFields = Object.keys(aggregates);
  type Acc = { key: Record<string, unknown>; count: number; values: Record<string, number[]> };
  const groups = new Map<string, Acc>();
  const totals: Acc = { key: {}, count: 0, values: Object.fromEntries(aggFields.map((f) => [f, []])) };
  const col = (f: string): QueryColumn => columns.get(f) ?? { field: f, valueType: 'text' };
  for (const row of rows) {
    totals.count++;
    const nums: Record<string, number | null> = {};
    for (const f of aggFields) {
      const x = row[f];
      const n = typeof x === 'number' ? x : typeof x === 'string' && x.trim() !== '' ? Number(x) : Number.NaN;
      nums[f] = Number.isFinite(n) ? n : null;
      if (nums[f] !== null) totals.values[f]!.push(nums[f]!);
    }
    if (!groupBy.length) continue;
    const key: Record<string, unknown> = {};
    for (const f of groupBy) key[f] = queryValue(row, col(f), lang);
    const id = JSON.stringify(groupBy.map((f) => key[f]));
    let g = groups.get(id);
    if (!g) {
      g = { key, count: 0, values: Object.fromEntries(aggFields.map((f) => [f, []])) };
      groups.set(id, g);
    }
    g.count++;
    for (const f of aggFields) if (nums[f] !== null) g.values[f]!.push(nums[f]!);
  }
  const aggsOf = (a: Acc): Aggs => Object.fromEntries(aggFields.map((f) => [f, aggOf(a.values[f]!, aggregates[f]!)]));
  return {
    groups: [...groups.values()].map((g) => ({ key: g.key, count: g.count, aggs: aggsOf(g) })),
    totals: { count: totals.count, aggs: aggsOf(totals) },
    truncated: false,
  };
}
