/**
 * Above a report's grid (ScreenPage renders it into its report slot, a chunk of its own):
 * the source's parameters as inputs (a period's days, a measure), kept in the address
 * (`?date_from=…&measure=quantity`: the page's fixed filter, which the grid, the export and
 * the chart send), and the chart, whose ECharts chunk loads only here.
 */
import { useNavigate } from '@tanstack/react-router';
import { Suspense } from 'react';
import type { ScreenDescriptor } from '../../../schemas/screen.ts';
import { optionLabelIdOf } from '../../core/optionNames.ts';
import type { FilterModel } from '../grid/filters.ts';
import { lazyWithMessages } from '../i18n/lazy.tsx';
import { useT } from '../i18n/useT.ts';
import './reports.css';

const ReportChart = lazyWithMessages(() => import('./ReportChart.tsx'));

interface Props {
  screen: ScreenDescriptor;
  /** The grid's filter model with the page's fixed filter folded in (what the grid's rows answer). */
  filterModel: FilterModel;
  /** The page's fixed filter: the parameters' values among it. */
  fixed: Readonly<Record<string, unknown>> | undefined;
}

export default function ReportPanel({ screen, filterModel, fixed }: Props) {
  const t = useT();
  const navigate = useNavigate();
  const params = screen.source.params ?? [];
  const values = fixed ?? {};
  // A new value goes into the address; the page reads its fixed filter from there (one way).
  const choose = (field: string, value: string) =>
    void navigate({
      to: '.',
      search: (prev) => {
        // Routes declare no search schema: the address's parameters are plain values.
        const next: Record<string, unknown> = { ...prev };
        if (value === '') delete next[field];
        else next[field] = value;
        return next;
      },
      replace: true,
    });
  return (
    <section className="report-panel">
      {params.length > 0 && (
        <div className="report-params" role="group" aria-label={t('reports.period')}>
          {params.map((f) => {
            const col = screen.columns[f]!;
            const label = t(`fields.${col.label ?? f}`);
            const value = typeof values[f] === 'string' || typeof values[f] === 'number' ? String(values[f]) : '';
            if (col.options) {
              const name = optionLabelIdOf(col);
              return (
                <label key={f} className="report-param">
                  <span>{label}</span>
                  <select name={f} value={value || String(col.options[0])} onChange={(e) => choose(f, e.target.value)}>
                    {col.options.map((o) => (
                      <option key={o} value={String(o)}>
                        {name ? t(name(o)) : String(o)}
                      </option>
                    ))}
                  </select>
                </label>
              );
            }
            return (
              <label key={f} className="report-param">
                <span>{label}</span>
                <input
                  name={f}
                  type={col.type === 'date' ? 'date' : col.type === 'text' ? 'text' : 'number'}
                  value={value}
                  placeholder={t('reports.all_time')}
                  onChange={(e) => choose(f, e.target.value)}
                />
              </label>
            );
          })}
        </div>
      )}
      {screen.chart && (
        <Suspense fallback={<div className="report-chart report-chart-loading" />}>
          <ReportChart screen={screen} chart={screen.chart} filterModel={filterModel} params={values} />
        </Suspense>
      )}
    </section>
  );
}
