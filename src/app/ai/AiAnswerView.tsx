/**
 * One Ask-AI answer: the rows in the project's grid (AiAnswerGrid.tsx), the chart when the
 * rows are a series (ECharts, loaded with the first chart), and the SQL that produced them,
 * folded.
 */
import { Suspense } from 'react';
import { lazyFirstPart } from '../i18n/lazy.tsx';
import { useT } from '../i18n/useT.ts';
import type { AiAnswer } from './answer.ts';

// ECharts comes with the first answer that is a series (the chart speaks no catalogue key).
const AiChart = lazyFirstPart(() => import('./AiChart.tsx'));
// The grid's code is the list routes' (already loaded there); it comes with the first answer
// with rows, its client row model (the rows are in the answer) asked for beside it.
const AiAnswerGrid = lazyFirstPart(() => Promise.all([import('./AiAnswerGrid.tsx'), import('../grid/rowModel/clientRows.ts')]).then(([grid]) => grid));

export function AiAnswerView({ answer, sql }: { answer: AiAnswer; sql?: string | null }) {
  const t = useT();
  const { chart } = answer;
  return (
    <div className="ai-answer">
      {answer.rows.length === 0 ? (
        <p className="ai-no-rows">{t('ai.no_rows')}</p>
      ) : (
        <Suspense fallback={null}>
          <AiAnswerGrid answer={answer} />
        </Suspense>
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
