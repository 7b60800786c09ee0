/**
 * A report's chart (its own chunk, with ECharts): the rows under the grid's current filters,
 * aggregated by the server (chartData.ts), drawn as the descriptor's chart says
 * (chartOption.ts). Data flows one way: the grid's filter model → the aggregate request →
 * the option → the ECharts instance. The container carries the drawn categories and values
 * (`data-categories`, `data-values`) for tests and assistive reading. "PNG" saves the chart
 * as drawn (getDataURL).
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import type { ChartSpec } from '../../../schemas/screen.ts';
import { formatDate, formatMoney } from '../../core/format.ts';
import { LOCALE } from '../../core/langs.ts';
import { useIntl } from 'react-intl';
import { describeError, say } from '../api/said.ts';
import { useCellSession } from '../grid/cellSession.ts';
import type { FilterModel } from '../grid/filters.ts';
import { aggregate, type AggResult } from '../grid/gridApi.ts';
import { digitsIn, viewFactor } from '../grid/moneyCurrency.ts';
import { useT } from '../i18n/useT.ts';
import { useSession } from '../session/session.ts';
import type { ScreenDescriptor } from '../../../schemas/screen.ts';
import { chartPoints, chartRequest, chartValueField } from './chartData.ts';
import { chartOption, paretoSeries } from './chartOption.ts';
import { init, type EChartsType } from './echarts.ts';

interface Props {
  screen: ScreenDescriptor;
  chart: ChartSpec;
  /** The grid's filter model with the page's fixed filter (and the source's parameters) folded in. */
  filterModel: FilterModel;
  /** The source's parameters as chosen (the measure a Pareto follows). */
  params: Readonly<Record<string, unknown>>;
}

type Loaded = { key: string; result: AggResult; error?: undefined } | { key: string; error: unknown; result?: undefined };

export default function ReportChart({ screen, chart, filterModel, params }: Props) {
  const t = useT();
  const intl = useIntl();
  const lang = useSession((s) => s.lang);
  const session = useCellSession();
  const locale = LOCALE[lang];
  const valueField = chartValueField(chart, params);
  const request = useMemo(() => chartRequest(chart, valueField, filterModel, lang), [chart, valueField, filterModel, lang]);
  const key = JSON.stringify([screen.form, request]);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  useEffect(() => {
    let live = true;
    aggregate(screen.form, JSON.parse(key)[1] as typeof request).then(
      (result) => live && setLoaded({ key, result }),
      (error: unknown) => live && setLoaded({ key, error }),
    );
    return () => {
      live = false;
    };
  }, [screen.form, key]);
  const current = loaded?.key === key ? loaded : null;

  const catCol = screen.columns[chart.category]!;
  const valueCol = valueField ? screen.columns[valueField] : undefined;
  const money = valueCol?.type === 'money' && !valueCol.currencyField && !!session.companyCurrency;
  // A sum of amounts converted each with its own day's rates (`ratesField`) stays in the company currency.
  const shownCurrency = money ? (valueCol.ratesField ? session.companyCurrency : (session.currency ?? session.companyCurrency!)) : undefined;
  const factor = money ? viewFactor(session, shownCurrency) : 1;
  // viewFactor answers 1 when it cannot convert: then the amounts stay in the company currency.
  const currency = money && factor === 1 && session.currency !== session.companyCurrency ? session.companyCurrency : shownCurrency;

  const option = useMemo(() => {
    if (!current?.result) return null;
    const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
    const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 });
    const label = (k: unknown) => (k === null || k === undefined || k === '' ? t('grid.group_empty') : catCol.type === 'date' ? formatDate(k) : String(k));
    const points = chartPoints(chart, valueField, current.result, label, factor);
    const fmt = {
      value: (n: number) => (currency ? formatMoney(n, currency, locale, digitsIn(session)(currency)) : number.format(n)),
      percent: (n: number) => percent.format(n / 100),
    };
    const texts = {
      category: t(`fields.${catCol.label ?? chart.category}`),
      value: valueField ? t(`fields.${valueCol?.label ?? valueField}`) : t('reports.count'),
      cumulative: t('reports.cumulative'),
      mark80: t('reports.mark_80'),
    };
    // The points as drawn (a Pareto largest first), for the data attributes.
    const drawn = chart.kind === 'pareto' ? paretoSeries(points) : { points, cumulative: undefined };
    return { points: drawn.points, cumulative: drawn.cumulative, built: chartOption(chart.kind, points, texts, fmt) };
  }, [current, locale, t, catCol, chart, valueField, valueCol, factor, currency, session]);

  const box = useRef<HTMLDivElement>(null);
  const instance = useRef<EChartsType | null>(null);
  useEffect(() => {
    const el = box.current!;
    const c = init(el, undefined, { renderer: 'canvas' });
    instance.current = c;
    const resize = new ResizeObserver(() => c.resize());
    resize.observe(el);
    return () => {
      resize.disconnect();
      c.dispose();
      instance.current = null;
    };
  }, []);
  useEffect(() => {
    if (option) instance.current?.setOption(option.built, true);
    else instance.current?.clear();
  }, [option]);

  const savePng = () => {
    const c = instance.current;
    if (!c) return;
    const a = document.createElement('a');
    a.href = c.getDataURL({ type: 'png', pixelRatio: 2, backgroundColor: '#fff' });
    a.download = `${screen.form}.png`;
    a.click();
  };

  const state = !current ? 'loading' : current.error ? 'error' : option?.points.length ? 'ready' : 'empty';
  return (
    <figure className="report-chart" aria-label={t('reports.chart')}>
      <div className="report-chart-bar">
        {current?.result?.truncated && <span className="report-chart-note">{t('reports.chart_truncated', { count: current.result.groups.length })}</span>}
        {state === 'empty' && <span className="report-chart-note">{t('reports.chart_empty')}</span>}
        {current?.error !== undefined && <span className="report-chart-note report-chart-error">{t('reports.chart_failed', { status: say(intl, describeError(current.error)) })}</span>}
        <button type="button" className="report-chart-png" onClick={savePng} disabled={state !== 'ready'}>
          {t('reports.chart_png')}
        </button>
      </div>
      <div
        ref={box}
        className="report-chart-canvas"
        data-state={state}
        data-kind={chart.kind}
        data-categories={option ? JSON.stringify(option.points.map((p) => p.label)) : undefined}
        data-values={option ? JSON.stringify(option.points.map((p) => p.value)) : undefined}
        data-cumulative={option?.cumulative ? JSON.stringify(option.cumulative) : undefined}
      />
    </figure>
  );
}
