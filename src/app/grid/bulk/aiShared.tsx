/**
 * What the AI content toolbar actions share: the engine's status (read once per page
 * view: the server says which engines have a key, never the key), a failure said in the
 * user's language, the picked rows' keys and the language choice of a dialog.
 */
import { useEffect, useState } from 'react';
import { LANGS, type Lang } from '../../../core/langs.ts';
import { api } from '../../api/client.ts';
import { describeError } from '../../api/said.ts';
import { toast } from '../../chrome/toasts.tsx';
import { useT } from '../../i18n/useT.ts';
import type { ToolbarQuery } from '../ScreenGrid.tsx';

export interface EngineStatus {
  engine: string;
  label: string;
  env: string;
  configured: boolean;
}

let status: Promise<EngineStatus[]> | undefined;

/** OpenAI's status, undefined while it loads (or when the call failed: the actions then say the server's answer). */
export function useOpenAi(): EngineStatus | undefined {
  const [s, setS] = useState<EngineStatus>();
  useEffect(() => {
    let live = true;
    status ??= api.action<'AiEngineStatusOutput'>('ai_engine_status', 'list').then((r) => r.engines);
    status.then(
      (list) => live && setS(list.find((e) => e.engine === 'openai')),
      () => (status = undefined),
    );
    return () => void (live = false);
  }, []);
  return s;
}

export const sayFailure = (e: unknown) => toast({ variant: 'danger', ...describeError(e) });

/** The picked rows' keys (none when every row is picked by "all"). */
export function pickedKeys<K>(query: ToolbarQuery): K[] {
  const sel = query.selection;
  return sel && !sel.all && sel.count > 0 ? (sel.keys as K[]) : [];
}

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
