/**
 * "Answer" on /ai_content/ai_analytics (registry key `ai_analytics_run`; server:
 * src/server/actions/ai_analytics.ts): the one picked saved question answered now through
 * Ask-AI; the answer (rows, a chart for a series, the SQL) opens in a dialog and the grid
 * reloads with the time and row count of this answer.
 */
import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import { actions } from '../api/actions.ts';
import { AiAnswerView } from '../ai/AiAnswerView.tsx';
import type { AiAnswer } from '../ai/answer.ts';
import { useT } from '../i18n/useT.ts';
import { useFailed } from './failed.ts';
import type { BulkActionProps } from './actionProps.ts';

export function AiAnalyticsRun({ query, onDone }: BulkActionProps) {
  const t = useT();
  const failed = useFailed();
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<(AiAnswer & { sql: string }) | null>(null);
  const sel = query.selection;
  const picked = sel && !sel.all && sel.count === 1 ? (sel.keys as number[])[0] : undefined;
  const run = async () => {
    if (picked === undefined) return;
    setBusy(true);
    try {
      setAnswer(await actions.ai_analytics_run({ question_id: picked }));
      onDone();
    } catch (e) {
      failed(e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <button type="button" className="grid-bulk-ai-analytics-run" disabled={picked === undefined || busy} title={picked === undefined ? t('ai.analytics_pick') : undefined} onClick={() => void run()}>
        {t('ai.analytics_run')}
      </button>
      <Dialog.Root open={answer !== null} onOpenChange={(o) => !o && setAnswer(null)}>
        <Dialog.Portal>
          <Dialog.Overlay className="dialog-overlay" />
          <Dialog.Content className="dialog dialog-xl" aria-describedby={undefined}>
            <Dialog.Title className="dialog-title">{t('ai.analytics_answer')}</Dialog.Title>
            {answer && <AiAnswerView answer={answer} sql={answer.sql} />}
            <div className="dialog-buttons">
              <Dialog.Close className="btn btn-secondary">{t('common.close')}</Dialog.Close>
            </div>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </>
  );
}
