import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { ApiError, api } from '../api/client.ts';
import { describeError, say } from '../api/said.ts';
import { AiAnswerView } from '../ai/AiAnswerView.tsx';
import { AiNotSetUp, useAiStatus } from '../ai/aiStatus.tsx';
import type { AiAnswer } from '../ai/answer.ts';

/**
 * Ask a question of the data (POST /ai/query): the model's SQL over the views the user may
 * read, checked and run by the server; the answer as a table, a chart for a series, and
 * the SQL. Spec §8: on error the server's error field, else the error message, else 'AI query failed'.
 * A server without the engine's key says so as the page opens, naming the variable to set.
 */
export function AiQueryPage() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const [question, setQuestion] = useState('');
  const [answer, setAnswer] = useState<AiAnswer & { sql: string }>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const status = useAiStatus();
  const off = status?.configured === false;

  async function ask(e: FormEvent) {
    e.preventDefault();
    setError(undefined);
    if (!question.trim()) return setError(t('ai.question_required'));
    setBusy(true);
    try {
      setAnswer(await api.post<AiAnswer & { sql: string }>('/ai/query', { question, options: {} }));
    } catch (err) {
      setAnswer(undefined);
      setError(err instanceof ApiError ? say(intl, describeError(err)) || err.message || t('ai.query_failed') : t('ai.query_failed'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="ai-query">
      <AiNotSetUp status={status} id="ai-query-not-set-up" />
      <form className="ai-query-form" onSubmit={(e) => void ask(e)}>
        <label className="form-field">
          <span>{t('ai.question')}</span>
          <textarea rows={3} value={question} onChange={(e) => setQuestion(e.target.value)} disabled={off} aria-describedby={off ? 'ai-query-not-set-up' : undefined} />
        </label>
        <button type="submit" className="btn btn-primary" disabled={busy || off}>
          {t('ai.ask')}
        </button>
      </form>
      {error && (
        <div className="alert alert-danger" role="alert">
          {error}
        </div>
      )}
      {answer && <AiAnswerView answer={answer} sql={answer.sql} />}
    </div>
  );
}
