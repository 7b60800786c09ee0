/**
 * A report's chart as an ECharts option, from the aggregated rows (pure: no ECharts code,
 * tested on its own). bar: one bar per category in the order given (the aggregate's key
 * order: months in time order); pareto: categories by value, largest first, bars on the
 * first axis and the cumulative share (0–100 %) as a line on a second axis, with a mark at
 * 80 %; pie: each category's share. Texts come in the UI language, numbers through the
 * locale's formatters (money already converted into the view currency by the caller).
 */
import type { ComposeOption } from 'echarts/core';
import type { BarSeriesOption, LineSeriesOption, PieSeriesOption } from 'echarts/charts';
import type { GridComponentOption, LegendComponentOption, MarkLineComponentOption, TooltipComponentOption } from 'echarts/components';
import type { ChartKind } from '../../../schemas/screen.ts';

export type ReportChartOption = ComposeOption<BarSeriesOption | LineSeriesOption | PieSeriesOption | GridComponentOption | TooltipComponentOption | LegendComponentOption | MarkLineComponentOption>;

/** One category: its text as shown and its aggregated value. */
export interface ChartPoint {
  label: string;
  value: number;
}

export interface ChartTexts {
  /** The category axis (the grouped column's label). */
  category: string;
  /** The value axis and series (the value column's label, or "Count"). */
  value: string;
  /** The Pareto line's name. */
  cumulative: string;
  /** The Pareto mark's label. */
  mark80: string;
}

export interface ChartFormat {
  value(n: number): string;
  /** A percentage given as 0–100. */
  percent(n: number): string;
}

/** The categories largest first (ties in the order given) with each one's cumulative share of the total in percent. */
export function paretoSeries(points: readonly ChartPoint[]): { points: ChartPoint[]; cumulative: number[] } {
  const sorted = points.map((p, i) => ({ p, i })).sort((a, b) => b.p.value - a.p.value || a.i - b.i);
  const total = sorted.reduce((s, x) => s + x.p.value, 0);
  let running = 0;
  const cumulative = sorted.map((x) => {
    running += x.p.value;
    return total > 0 ? (running * 100) / total : 0;
  });
  return { points: sorted.map((x) => x.p), cumulative };
}

/** The 80 % line of a Pareto chart. */
export const PARETO_MARK = 80;

export function chartOption(kind: ChartKind, points: readonly ChartPoint[], texts: ChartTexts, fmt: ChartFormat): ReportChartOption {
  const valueTip = (v: unknown) => (typeof v === 'number' ? fmt.value(v) : String(v ?? ''));
  if (kind === 'pie') {
    return {
      animation: false,
      tooltip: { trigger: 'item', valueFormatter: valueTip },
      legend: { type: 'scroll', orient: 'vertical', right: 8, top: 8, bottom: 8 },
      series: [
        {
          type: 'pie',
          name: texts.value,
          radius: ['0%', '70%'],
          center: ['40%', '50%'],
          data: points.map((p) => ({ name: p.label, value: p.value })),
          label: { formatter: (x: { name: string; percent?: number }) => `${x.name}: ${fmt.percent(x.percent ?? 0)}` },
        },
      ],
    };
  }
  const pareto = kind === 'pareto' ? paretoSeries(points) : null;
  const shown = pareto ? pareto.points : points;
  const valueAxis = { type: 'value' as const, name: texts.value, axisLabel: { formatter: (v: number) => fmt.value(v) } };
  const bar: BarSeriesOption = { type: 'bar', name: texts.value, data: shown.map((p) => p.value), tooltip: { valueFormatter: valueTip } };
  return {
    animation: false,
    tooltip: { trigger: 'axis' },
    grid: { left: 16, right: pareto ? 16 : 24, top: 40, bottom: 24, containLabel: true },
    ...(pareto ? { legend: { top: 0 } } : {}),
    xAxis: { type: 'category', name: texts.category, nameLocation: 'middle', nameGap: 26, data: shown.map((p) => p.label), axisLabel: { hideOverlap: true } },
    yAxis: pareto ? [valueAxis, { type: 'value', name: texts.cumulative, min: 0, max: 100, axisLabel: { formatter: (v: number) => fmt.percent(v) } }] : valueAxis,
    series: pareto
      ? [
          bar,
          {
            type: 'line',
            name: texts.cumulative,
            yAxisIndex: 1,
            data: pareto.cumulative,
            symbolSize: 4,
            tooltip: { valueFormatter: (v: unknown) => (typeof v === 'number' ? fmt.percent(v) : '') },
            markLine: {
              silent: true,
              symbol: 'none',
              lineStyle: { type: 'dashed' },
              label: { formatter: texts.mark80, position: 'insideEndTop' },
              data: [{ yAxis: PARETO_MARK }],
            },
          },
        ]
      : [bar],
  };
}
