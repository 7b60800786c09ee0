/**
 * What the AI content toolbar actions share: the chat engines' status (read once per page
 * view: the server says which engines have a key, never the key) and the engine choice of a
 * dialog, a failure said in the user's language, the picked rows' keys and the language
 * choice of a dialog.
 */
import { useEffect, useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { AI_CHAT_ENGINES, type AiChatEngine } from '../../core/aiContent.ts';
import { LANGS, type Lang } from '../../core/langs.ts';
import { actions } from '../api/actions.ts';
import { describeError } from '../api/said.ts';
import { toast } from '../chrome/toasts.tsx';
import { useT } from '../i18n/useT.ts';
import './aiContent.css';

export interface EngineStatus {
  engine: string;
  label: string;
  env: string;
  configured: boolean;
  /** The company's engine for AI content (/settings/chatgpt): dialogs start on it. */
  company_default: boolean;
}

let status: Promise<EngineStatus[]> | undefined;

/** The chat engines AI content may use (OpenAI, DeepSeek) with their status; undefined while it loads (or when the call failed: the actions then say the server's answer). */
export function useChatEngines(): EngineStatus[] | undefined {
  const [s, setS] = useState<EngineStatus[]>();
  useEffect(() => {
    let live = true;
    status ??= actions.ai_engine_status().then((r) => r.engines);
    status.then(
      (list) => live && setS(AI_CHAT_ENGINES.flatMap((name) => list.filter((e) => e.engine === name))),
      () => (status = undefined),
    );
    return () => void (live = false);
  }, []);
  return s;
}

/** No chat engine has a key (false while the status loads). */
export const noChatEngine = (engines: EngineStatus[] | undefined): boolean => !!engines && !engines.some((e) => e.configured);

/** The engines' names and variables as one phrase of the language: "OpenAI or DeepSeek", "OPENAI_API_KEY or DEEPSEEK_API_KEY". */
export function useEngineWords(engines: EngineStatus[]): { engine: string; env: string } {
  const intl = useIntl();
  const or = new Intl.ListFormat(intl.locale, { type: 'disjunction' });
  return { engine: or.format(engines.map((e) => e.label)), env: or.format(engines.map((e) => e.env)) };
}

/**
 * The engine a dialog's call uses: the user's pick among the engines with a key (until she
 * picks, the company's engine if it has one, else the first), or undefined when none has one.
 */
export function usePickedEngine(engines: EngineStatus[] | undefined): [AiChatEngine | undefined, (e: AiChatEngine) => void] {
  const [picked, setPicked] = useState<AiChatEngine>();
  const usable = (engines ?? []).filter((e) => e.configured);
  const start = usable.find((e) => e.company_default) ?? usable[0];
  const names = usable.map((e) => e.engine as AiChatEngine);
  return [picked && names.includes(picked) ? picked : (start?.engine as AiChatEngine | undefined), setPicked];
}

/**
 * The engine choice of a dialog: each chat engine, those without a key off and saying which
 * variable turns them on; with none, that no engine is set up (the dialog's run waits).
 */
export function EngineChoice({ engines, value, onChange }: { engines: EngineStatus[] | undefined; value: AiChatEngine | undefined; onChange(e: AiChatEngine): void }) {
  const t = useT();
  const name = useId();
  const words = useEngineWords(engines ?? []);
  if (!engines) return null;
  if (noChatEngine(engines)) {
    return (
      <p className="ai-engine-notice ai-engine-none" role="alert">
        {t('grid.bulk_ai_not_configured', words)}
      </p>
    );
  }
  return (
    <fieldset className="ai-choice ai-engine-choice">
      <legend>{t('grid.bulk_ai_engine')}</legend>
      {engines.map((e) => (
        <label key={e.engine}>
          <input type="radio" name={name} value={e.engine} disabled={!e.configured} checked={value === e.engine} onChange={() => onChange(e.engine as AiChatEngine)} />
          {e.configured ? e.label : t('grid.bulk_ai_engine_off', { engine: e.label, env: e.env })}
        </label>
      ))}
    </fieldset>
  );
}

export const sayFailure = (e: unknown) => toast({ variant: 'danger', ...describeError(e) });

export function LanguageChoice({ value, onChange }: { value: Lang[]; onChange(v: Lang[]): void }) {
  const t = useT();
  return (
    <fieldset className="ai-choice">
      <legend>{t('grid.bulk_ai_languages')}</legend>
      {LANGS.map((l) => (
        <label key={l}>
          <input type="checkbox" checked={value.includes(l)} onChange={(e) => onChange(e.target.checked ? LANGS.filter((x) => x === l || value.includes(x)) : value.filter((x) => x !== l))} />
          {t(`fields.${l}`)}
        </label>
      ))}
    </fieldset>
  );
}
