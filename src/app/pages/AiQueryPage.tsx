import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { ApiError, api } from '../api/client.ts';
import { describeError, say } from '../api/said.ts';

/**
 * Ask a question of the data (POST /ai/query); the answer is shown as returned.
 * Spec §8: on error the server's error field, else the error message, else 'AI query failed'.
 */
export function AiQueryPage() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const [question, setQuestion] = useState('');
  const [answer, setAnswer] = useState<unknown>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function ask(e: FormEvent) {
    e.preventDefault();
    setError(undefined);
    if (!question.trim()) return setError(t('ai.question_required'));
    setBusy(true);
    try {
      setAnswer(await api.post('/ai/query', { question, options: {} }));
    } catch (err) {
      setAnswer(undefined);
      setError(err instanceof ApiError ? say(intl, describeError(err)) : t('ai.query_failed'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="ai-query" onSubmit={(e) => void ask(e)}>
      <label className="form-field">
        <span>{t('ai.question')}</span>
        <textarea rows={3} value={question} onChange={(e) => setQuestion(e.target.value)} />
      </label>
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {t('ai.ask')}
      </button>
      {error && (
        <div className="alert alert-danger" role="alert">
          {error}
        </div>
      )}
      {answer !== undefined && <pre className="ai-answer">{typeof answer === 'string' ? answer : JSON.stringify(answer, null, 2)}</pre>}
    </form>
  );
}
