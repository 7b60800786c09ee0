/**
 * An Ask-AI answer that is a series, drawn: the label column along the axis, a bar series
 * per numeric column (a line when the labels are dates, e.g. a value per month). The box
 * carries the drawn labels and series (`data-labels`, `data-series`) for tests and
 * assistive reading; the grid beside it has the same numbers.
 */
import { useEffect, useMemo, useRef } from 'react';
import type { AiAnswer } from './answer.ts';
import { init } from './aiEcharts.ts';

const looksLikeDate = (x: unknown) => typeof x === 'string' && /^\d{4}-\d{2}(-\d{2})?/.test(x);

/** `answer.chart` is set (the view draws only a series). */
export default function AiChart({ answer, title }: { answer: AiAnswer; title: string }) {
  const box = useRef<HTMLDivElement>(null);
  const { labels, series, kind } = useMemo(() => {
    const { columns, rows } = answer;
    const chart = answer.chart ?? { label: '', series: [] };
    const labelAt = columns.findIndex((c) => c.name === chart.label);
    return {
      labels: rows.map((r) => String(r[labelAt] ?? '')),
      series: chart.series.map((name) => {
        const at = columns.findIndex((c) => c.name === name);
        return { name, data: rows.map((r) => (typeof r[at] === 'number' ? r[at] : null)) };
      }),
      kind: rows.every((r) => looksLikeDate(r[labelAt])) ? 'line' : 'bar',
    };
  }, [answer]);
  useEffect(() => {
    const el = box.current!;
    const c = init(el, undefined, { renderer: 'canvas' });
    c.setOption({
      tooltip: { trigger: 'axis' },
      legend: { show: series.length > 1 },
      grid: { left: 8, right: 8, bottom: 8, top: series.length > 1 ? 32 : 8, containLabel: true },
      xAxis: { type: 'category', data: labels, axisLabel: { interval: 0, rotate: labels.length > 6 ? 30 : 0 } },
      yAxis: { type: 'value' },
      series: series.map((s) => ({ type: kind, name: s.name, data: s.data })),
    });
    const resize = new ResizeObserver(() => c.resize());
    resize.observe(el);
    return () => {
      resize.disconnect();
      c.dispose();
    };
  }, [labels, series, kind]);
  return (
    <div
      ref={box}
      className="ai-chart"
      role="img"
      aria-label={title}
      data-labels={JSON.stringify(labels)}
      data-series={JSON.stringify(series.map((s) => s.name))}
      style={{ height: 280, width: '100%' }}
    />
  );
}
