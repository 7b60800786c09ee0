/**
 * One Ask-AI answer: the rows as a read-only table (numbers right-aligned in the user's
 * locale), the chart when the rows are a series (ECharts, loaded with the first chart), and
 * the SQL that produced them, folded.
 */
import { Suspense } from 'react';
import { LOCALE } from '../../core/langs.ts';
import { lazyFirstPart } from '../i18n/lazy.tsx';
import { useT } from '../i18n/useT.ts';
import { useSession } from '../session/session.ts';
import type { AiAnswer } from './answer.ts';

// ECharts comes with the first answer that is a series (the chart speaks no catalogue key).
const AiChart = lazyFirstPart(() => import('./AiChart.tsx'));

function cell(x: unknown, number: Intl.NumberFormat): string {
  if (x === null || x === undefined) return '';
  if (typeof x === 'number') return number.format(x);
  if (typeof x === 'object') return JSON.stringify(x);
  return String(x);
}

export function AiAnswerView({ answer, sql }: { answer: AiAnswer; sql?: string | null }) {
  const t = useT();
  const lang = useSession((s) => s.lang);
  const number = new Intl.NumberFormat(LOCALE[lang], { maximumFractionDigits: 4 });
  const { chart } = answer;
  return (
    <div className="ai-answer">
      {answer.rows.length === 0 ? (
        <p className="ai-no-rows">{t('ai.no_rows')}</p>
      ) : (
        <div className="ai-answer-scroll">
          <table className="ai-answer-table">
            <caption>{t('ai.rows', { count: answer.rows.length })}</caption>
            <thead>
              <tr>
                {answer.columns.map((c) => (
                  <th key={c.name} scope="col" className={c.kind === 'number' ? 'num' : undefined}>
                    {c.name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {answer.rows.map((r, i) => (
                <tr key={i}>
                  {r.map((x, j) => (
                    <td key={j} className={answer.columns[j]?.kind === 'number' ? 'num' : undefined}>
                      {cell(x, number)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {chart && (
        <Suspense fallback={null}>
          <AiChart answer={answer} title={t('ai.chart')} />
        </Suspense>
      )}
      {sql && (
        <details className="ai-sql">
          <summary>{t('ai.sql')}</summary>
          <pre>{sql}</pre>
        </details>
      )}
    </div>
  );
}
