import { useEffect, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { AI_SYSTEM_PROMPT_MAX } from '../../../core/aiLimits.ts';
import { api } from '../../api/client.ts';
import { describeCode, describeError, say } from '../../api/said.ts';
import { postStream } from '../../api/stream.ts';
import './chatTwin.css';

/**
 * /settings/chatgpt_twin: one prompt to two chat engines side by side, each reply shown as it
 * streams in (POST /api/<engine>/get_reply with stream: true) and saved as a conversation
 * (/settings/gpt_chats). An engine without its key on this server says so on its side, once,
 * naming the variable that gives it.
 */
type Engine = 'openai' | 'deepseek';
interface EngineState {
  configured: boolean;
  env: string;
  models: string[];
  default_model: string;
}
type Engines = Record<Engine, EngineState>;
interface Side {
  engine: Engine;
  model: string;
  reply: string;
  error?: string;
  busy: boolean;
  tokens?: number;
}

const LABEL: Record<Engine, string> = { openai: 'OpenAI', deepseek: 'DeepSeek' };
interface Prompt {
  gpt_prompt_id: number;
  title: string;
  project: string;
  gpt_prompt: string;
}

export function ChatTwinPage() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const [engines, setEngines] = useState<Engines>();
  const [loadError, setLoadError] = useState<string>();
  const [prompt, setPrompt] = useState('');
  const [system, setSystem] = useState('');
  const [prompts, setPrompts] = useState<Prompt[]>([]);
  const [sides, setSides] = useState<[Side, Side]>([
    { engine: 'openai', model: '', reply: '', busy: false },
    { engine: 'deepseek', model: '', reply: '', busy: false },
  ]);

  useEffect(() => {
    api.get<Engines>('/api/chat/engines').then(
      (e) => {
        setEngines(e);
        setSides(([a, b]) => [
          { ...a, model: e[a.engine].default_model },
          { ...b, model: e[b.engine].default_model },
        ]);
      },
      (err: unknown) => setLoadError(say(intl, describeError(err))),
    );
    // The company's prompts (the gpt_prompts lookup) as system prompts; the translation prompts are for the translate routes.
    api.action<'ListOutput'>('gpt_prompts', 'list', { startRow: 0, endRow: 200 }).then(
      (list) => setPrompts((list.rows as unknown as Prompt[]).filter((p) => p.project !== 'gpt_translation_prompt')),
      () => setPrompts([]),
    );
  }, [intl]);

  const update = (i: 0 | 1, f: (s: Side) => Side) => setSides((all) => (i === 0 ? [f(all[0]), all[1]] : [all[0], f(all[1])]));
  // Said once, naming the variable the server gives for the engine (src/server/ai/engines.ts).
  const notConfigured = (e: Engine) => (engines && !engines[e].configured ? say(intl, describeCode('not_configured', { engine: LABEL[e], variable: engines[e].env }, 503)) : undefined);

  async function run(i: 0 | 1, side: Side) {
    if (notConfigured(side.engine)) return;
    update(i, (s) => ({ ...s, reply: '', error: undefined, busy: true, tokens: undefined }));
    try {
      await postStream(
        `/api/${side.engine}/get_reply`,
        { content: prompt, ...(system.trim() ? { system_prompt: system } : {}), ...(side.model ? { model: side.model } : {}), stream: true, save: true },
        (event, data) => {
          if (event === 'delta') update(i, (s) => ({ ...s, reply: s.reply + (data as { content: string }).content }));
          if (event === 'done') {
            const u = (data as { usage: { prompt_tokens: number; completion_tokens: number } }).usage;
            update(i, (s) => ({ ...s, tokens: u.prompt_tokens + u.completion_tokens }));
          }
        },
      );
    } catch (err) {
      update(i, (s) => ({ ...s, error: say(intl, describeError(err)) }));
    } finally {
      update(i, (s) => ({ ...s, busy: false }));
    }
  }

  function ask(e: FormEvent) {
    e.preventDefault();
    if (!prompt.trim()) return;
    void run(0, sides[0]);
    void run(1, sides[1]);
  }

  return (
    <form className="chat-twin" onSubmit={ask}>
      {loadError && (
        <div className="alert alert-danger" role="alert">
          {loadError}
        </div>
      )}
      {prompts.length > 0 && (
        <label className="form-field">
          <span>{t('ai.twin.saved_prompt')}</span>
          <select value="" onChange={(e) => setSystem(prompts.find((p) => String(p.gpt_prompt_id) === e.target.value)?.gpt_prompt ?? system)}>
            <option value="">…</option>
            {prompts.map((p) => (
              <option key={p.gpt_prompt_id} value={p.gpt_prompt_id}>
                {p.project ? `${p.project} · ${p.title}` : p.title}
              </option>
            ))}
          </select>
        </label>
      )}
      <label className="form-field">
        <span>{t('ai.twin.system_prompt')}</span>
        <textarea rows={2} maxLength={AI_SYSTEM_PROMPT_MAX} value={system} onChange={(e) => setSystem(e.target.value)} />
      </label>
      <label className="form-field">
        <span>{t('ai.twin.prompt')}</span>
        <textarea rows={4} value={prompt} onChange={(e) => setPrompt(e.target.value)} required />
      </label>
      <button type="submit" className="btn btn-primary" disabled={!engines || sides.some((s) => s.busy) || !prompt.trim()}>
        {t('ai.twin.ask')}
      </button>
      <div className="chat-twin-sides">
        {([0, 1] as const).map((i) => {
          const side = sides[i];
          const off = notConfigured(side.engine);
          return (
            <section key={i} className="chat-twin-side" aria-label={t('ai.twin.side', { n: i + 1 })} data-testid={`twin-side-${i + 1}`}>
              <div className="chat-twin-pickers">
                <label className="form-field">
                  <span>{t('ai.twin.engine')}</span>
                  <select
                    value={side.engine}
                    disabled={side.busy}
                    onChange={(e) => {
                      const engine = e.target.value as Engine;
                      update(i, (s) => ({ ...s, engine, model: engines?.[engine].default_model ?? '', reply: '', error: undefined }));
                    }}
                  >
                    {(Object.keys(LABEL) as Engine[]).map((e) => (
                      <option key={e} value={e}>
                        {LABEL[e]}
                      </option>
                    ))}
                  </select>
                </label>
                <label className="form-field">
                  <span>{t('ai.twin.model')}</span>
                  <select value={side.model} disabled={side.busy || !engines} onChange={(e) => update(i, (s) => ({ ...s, model: e.target.value }))}>
                    {(engines?.[side.engine].models ?? []).map((m) => (
                      <option key={m} value={m}>
                        {m}
                      </option>
                    ))}
                  </select>
                </label>
              </div>
              {off ? (
                <div className="alert alert-warning" role="status">
                  {off}
                </div>
              ) : (
                <>
                  {side.error && (
                    <div className="alert alert-danger" role="alert">
                      {side.error}
                    </div>
                  )}
                  <div className="chat-twin-reply" aria-live="polite" aria-busy={side.busy} data-testid={`twin-reply-${i + 1}`}>
                    {side.reply || (side.busy ? t('ai.twin.waiting') : '')}
                  </div>
                  {side.tokens !== undefined && <div className="chat-twin-meta">{t('ai.twin.saved', { tokens: side.tokens })}</div>}
                </>
              )}
            </section>
          );
        })}
      </div>
    </form>
  );
}
