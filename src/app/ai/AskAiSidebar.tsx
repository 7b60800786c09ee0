/**
 * The Ask-AI chat sidebar (from the header, on any page; loaded with its first opening):
 * the user's conversation as the server keeps it (GET /ai/chat) — her questions, the
 * answers as tables (and charts) with their SQL, the system's refusals in her language —
 * and a box for the next question (POST /ai/chat answers the question and its reply, both
 * stored).
 */
import { useEffect, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { ApiError, api } from '../api/client.ts';
import { describeCode, describeError, say } from '../api/said.ts';
import { Sidebar } from '../chrome/Sidebar.tsx';
import { AiAnswerView } from './AiAnswerView.tsx';
import { AiNotSetUp, useAiStatus } from './aiStatus.tsx';
import type { ChatEntry } from './answer.ts';

const WHO = { user: 'ai.chat_user', assistant: 'ai.chat_assistant', system: 'ai.chat_system' } as const;

export default function AskAiSidebar({ open, onOpenChange }: { open: boolean; onOpenChange: (o: boolean) => void }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const [messages, setMessages] = useState<ChatEntry[]>([]);
  const [question, setQuestion] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const status = useAiStatus(open);
  const failed = (e: unknown) => setError(e instanceof ApiError ? say(intl, describeError(e)) || e.message || t('ai.query_failed') : t('ai.query_failed'));

  useEffect(() => {
    if (!open) return;
    let live = true;
    api.get<{ messages: ChatEntry[] }>('/ai/chat').then(
      (r) => live && setMessages(r.messages),
      (e: unknown) => live && failed(e),
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reloaded on each opening only
  }, [open]);

  async function send(e: FormEvent) {
    e.preventDefault();
    setError(undefined);
    if (!question.trim()) return setError(t('ai.question_required'));
    setBusy(true);
    try {
      const r = await api.post<{ messages: ChatEntry[] }>('/ai/chat', { question });
      setMessages((m) => [...m, ...r.messages]);
      setQuestion('');
    } catch (err) {
      failed(err);
    } finally {
      setBusy(false);
    }
  }

  async function clear() {
    try {
      await api.post('/ai/chat/clear', {});
      setMessages([]);
    } catch (err) {
      failed(err);
    }
  }

  return (
    <Sidebar open={open} onOpenChange={onOpenChange} side="right" title={t('ai.chat_title')} closeLabel={t('common.close')}>
      <div className="ai-chat">
        <AiNotSetUp status={status} id="ai-chat-not-set-up" />
        <ol className="ai-chat-messages" aria-live="polite">
          {messages.length === 0 && <li className="ai-chat-empty">{t('ai.chat_empty')}</li>}
          {messages.map((m) => (
            <li key={m.message_id} className={`ai-chat-message ai-chat-${m.role}`} data-role={m.role}>
              <span className="ai-chat-who">{t(WHO[m.role])}</span>
              {m.role === 'user' && <p>{m.content}</p>}
              {m.role === 'assistant' && m.answer && <AiAnswerView answer={m.answer} sql={m.sql} />}
              {m.role === 'system' && <p role="alert">{m.error ? say(intl, describeCode(m.error.code, m.error.params ?? {}, m.error.status)) : m.content || t('ai.query_failed')}</p>}
            </li>
          ))}
        </ol>
        {error && (
          <div className="alert alert-danger" role="alert">
            {error}
          </div>
        )}
        <form className="ai-chat-form" onSubmit={(e) => void send(e)}>
          <label className="form-field">
            <span>{t('ai.question')}</span>
            <textarea rows={2} value={question} onChange={(e) => setQuestion(e.target.value)} />
          </label>
          <div className="ai-chat-buttons">
            <button type="submit" className="btn btn-primary" disabled={busy}>
              {t('ai.ask')}
            </button>
            <button type="button" className="btn btn-secondary" disabled={busy || messages.length === 0} onClick={() => void clear()}>
              {t('ai.chat_clear')}
            </button>
          </div>
        </form>
      </div>
    </Sidebar>
  );
}
