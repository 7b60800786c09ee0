import { describe, expect, it } from 'vitest';
import { parseScreen } from '../../schemas/screen.ts';
import { chartPoints, chartRequest, chartValueField } from '../../src/app/reports/chartData.ts';
import { chartOption, paretoSeries, PARETO_MARK, type ChartPoint } from '../../src/app/reports/chartOption.ts';
import type { AggResult } from '../../src/app/grid/gridApi.ts';

const texts = { category: 'Monat', value: 'Umsatz', cumulative: 'Kumulierter Anteil', mark80: '80 %' };
const fmt = { value: (n: number) => `${n.toFixed(2)} €`, percent: (n: number) => `${n.toFixed(1)} %` };
const points: ChartPoint[] = [
  { label: 'B', value: 10 },
  { label: 'A', value: 60 },
  { label: 'C', value: 30 },
  { label: 'D', value: 0 },
  { label: 'E', value: 30 },
];

/** The option's series, read as plain objects. */
const series = (o: unknown) => (o as { series: Record<string, unknown>[] }).series;

describe('report chart option', () => {
  it('bar: one bar per category in the order given, the value axis formatted for the locale', () => {
    const o = chartOption('bar', points, texts, fmt) as unknown as { xAxis: { data: string[]; name: string }; yAxis: { name: string; axisLabel: { formatter(v: number): string } } };
    expect(o.xAxis.data).toEqual(['B', 'A', 'C', 'D', 'E']);
    expect(o.xAxis.name).toBe('Monat');
    expect(o.yAxis.name).toBe('Umsatz');
    expect(o.yAxis.axisLabel.formatter(1234.5)).toBe('1234.50 €');
    expect(series(o)).toHaveLength(1);
    expect(series(o)[0]!.data).toEqual([10, 60, 30, 0, 30]);
  });

  it('pareto: bars largest first (ties in the order given), the cumulative share on a 0–100 second axis with the 80 % mark', () => {
    const o = chartOption('pareto', points, texts, fmt) as unknown as { xAxis: { data: string[] }; yAxis: { max?: number; min?: number; name: string }[] };
    expect(o.xAxis.data).toEqual(['A', 'C', 'E', 'B', 'D']);
    const [bar, line] = series(o) as unknown as [
      { data: number[] },
      { type: string; yAxisIndex: number; data: number[]; name: string; markLine: { data: { yAxis: number }[]; label: { formatter: string } } },
    ];
    expect(bar.data).toEqual([60, 30, 30, 10, 0]);
    expect(line.type).toBe('line');
    expect(line.yAxisIndex).toBe(1);
    expect(line.name).toBe('Kumulierter Anteil');
    // 60, 90, 120, 130, 130 of 130
    const want = [60, 90, 120, 130, 130].map((r) => (r * 100) / 130);
    line.data.forEach((c, i) => expect(c).toBeCloseTo(want[i]!, 12));
    expect(line.data.at(-1)).toBe(100);
    expect(line.markLine.data).toEqual([{ yAxis: PARETO_MARK }]);
    expect(PARETO_MARK).toBe(80);
    expect(line.markLine.label.formatter).toBe('80 %');
    expect(o.yAxis[1]).toMatchObject({ min: 0, max: 100, name: 'Kumulierter Anteil' });
  });

  it('pareto of nothing, or of zeros, draws no cumulative share above 0', () => {
    expect(paretoSeries([])).toEqual({ points: [], cumulative: [] });
    expect(paretoSeries([{ label: 'x', value: 0 }]).cumulative).toEqual([0]);
  });

  it('pie: each category a slice named by its label', () => {
    const o = chartOption('pie', points.slice(0, 2), texts, fmt);
    expect(series(o)[0]).toMatchObject({
      type: 'pie',
      data: [
        { name: 'B', value: 10 },
        { name: 'A', value: 60 },
      ],
    });
  });
});

describe('report chart data', () => {
  const chart = { kind: 'pareto' as const, category: 'product_code', value: 'revenue', agg: 'sum' as const, byParam: { param: 'measure', values: { quantity: 'quantity' } } };
  const result: AggResult = {
    groups: [
      { key: { product_code: 'P1' }, count: 3, aggs: { revenue: { sum: 12.5 }, quantity: { sum: 4 } } },
      { key: { product_code: null }, count: 1, aggs: { revenue: { sum: '7.25' }, quantity: { sum: null } } },
    ],
    totals: { count: 4, aggs: {} },
    truncated: false,
  };

  it('takes the value column the measure picks, and asks the aggregate of the grid’s filter model', () => {
    expect(chartValueField(chart, {})).toBe('revenue');
    expect(chartValueField(chart, { measure: 'quantity' })).toBe('quantity');
    expect(chartValueField(chart, { measure: 'toString' })).toBe('revenue');
    const filterModel = { measure: { filterType: 'set' as const, values: ['quantity'] } };
    expect(chartRequest(chart, 'quantity', filterModel, 'de')).toEqual({ filterModel, groupBy: ['product_code'], aggregates: { quantity: ['sum'] }, language: 'de' });
    expect(chartRequest({ ...chart, agg: 'count', value: undefined, byParam: undefined }, undefined, {}, 'en')).toEqual({ filterModel: {}, groupBy: ['product_code'], language: 'en' });
  });

  it('turns groups into points: money × the view factor, a missing sum as 0, counts for agg count', () => {
    const label = (k: unknown) => (k === null ? '(leer)' : String(k));
    expect(chartPoints(chart, 'revenue', result, label, 2)).toEqual([
      { label: 'P1', value: 25 },
      { label: '(leer)', value: 14.5 },
    ]);
    expect(chartPoints(chart, 'quantity', result, label)).toEqual([
      { label: 'P1', value: 4 },
      { label: '(leer)', value: 0 },
    ]);
    expect(chartPoints({ ...chart, agg: 'count' }, undefined, result, label).map((p) => p.value)).toEqual([3, 1]);
  });
});

describe('chart and parameters in a descriptor (codegen validation)', () => {
  const base = {
    form: 'r',
    route: '/reports/r',
    source: { relation: 'app.f', key: 'code', company: 'company_code' },
    columns: { code: {}, day: { type: 'date' }, amount: { type: 'money' }, price: { type: 'money', currencyField: 'currency' }, currency: {}, note: { type: 'json' } },
  };
  const problems = (extra: object) => {
    try {
      parseScreen({ ...base, ...extra }, 'screens/r.ts');
      return '';
    } catch (e) {
      return (e as Error).message;
    }
  };

  it('accepts a chart over existing columns of fitting types', () => {
    expect(problems({ chart: { kind: 'bar', category: 'day', value: 'amount' } })).toBe('');
    expect(problems({ chart: { kind: 'pie', category: 'code', agg: 'count' } })).toBe('');
  });

  it('refuses unknown or unfitting columns, a sum without a value, amounts in several currencies', () => {
    expect(problems({ chart: { kind: 'bar', category: 'nope', value: 'amount' } })).toContain('chart.category');
    expect(problems({ chart: { kind: 'bar', category: 'note', value: 'amount' } })).toContain('chart.category');
    expect(problems({ columns: { ...base.columns, brand_id: { type: 'ref', lookup: 'brands_brief' } }, chart: { kind: 'pie', category: 'brand_id', agg: 'count' } })).toContain('chart.category');
    expect(problems({ chart: { kind: 'bar', category: 'day', value: 'code' } })).toContain('chart.value: expected a numeric column');
    expect(problems({ chart: { kind: 'bar', category: 'day' } })).toContain('chart.value');
    expect(problems({ chart: { kind: 'bar', category: 'day', value: 'price' } })).toContain('one currency');
    expect(problems({ chart: { kind: 'radar', category: 'day', value: 'amount' } })).toContain('chart.kind');
  });

  it('checks parameters: typed columns of a read-only, company-scoped source; byParam names one with options', () => {
    expect(problems({ source: { ...base.source, params: ['day'] } })).toBe('');
    expect(problems({ source: { ...base.source, params: ['note'] } })).toContain('source.params.0');
    expect(problems({ source: { ...base.source, params: ['day'], company: undefined } })).toContain('source.company');
    expect(problems({ source: { ...base.source, params: ['day'], write: 'app.t' } })).toContain('read-only');
    expect(problems({ source: { ...base.source, params: ['day'] }, chart: { kind: 'pareto', category: 'code', value: 'amount', byParam: { param: 'day', values: { x: 'amount' } } } })).toContain(
      'chart.byParam.param',
    );
  });
});
