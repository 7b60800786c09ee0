/**
 * "Draft with AI" on recipes and houses (registry key `ai_draft`; server:
 * src/server/ai/contentDraft.ts): OpenAI writes the picked items' texts from their titles
 * in the chosen languages where the text is empty; a written text is never replaced.
 */
import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import { MAX_AI_GENERATE } from '../../../core/aiContent.ts';
import { LANGS, type Lang } from '../../../core/langs.ts';
import { api } from '../../api/client.ts';
import { toast } from '../../chrome/toasts.tsx';
import { useT } from '../../i18n/useT.ts';
import { AiEngineNotice } from './AiEngineNotice.tsx';
import { LanguageChoice, pickedKeys, sayFailure, useOpenAi } from './aiShared.tsx';
import type { BulkActionProps } from './index.tsx';

export function AiDraft({ screen, query, onDone }: BulkActionProps) {
  const t = useT();
  const openai = useOpenAi();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [languages, setLanguages] = useState<Lang[]>([...LANGS]);
  const picked = pickedKeys<number>(query);
  const tooMany = picked.length > MAX_AI_GENERATE;
  const run = async () => {
    setBusy(true);
    try {
      const r = await api.action<'AiDraftOutput'>('ai_draft', 'set', { form: screen.form, ids: picked, languages });
      toast({ variant: 'success', id: 'grid.bulk_ai_drafted', values: { count: r.texts } });
      setOpen(false);
      onDone();
    } catch (e) {
      sayFailure(e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <AiEngineNotice />
      <button
        type="button"
        className="grid-bulk-ai-draft"
        disabled={!picked.length || tooMany || openai?.configured === false}
        title={tooMany ? t('grid.bulk_ai_too_many', { max: MAX_AI_GENERATE }) : picked.length ? undefined : t('grid.bulk_ai_pick_items')}
        onClick={() => setOpen(true)}
      >
        {t('grid.bulk_ai_draft')}
        {picked.length ? ` (${picked.length})` : ''}
      </button>
      <Dialog.Root open={open} onOpenChange={(o) => !o && !busy && setOpen(false)}>
        <Dialog.Portal>
          <Dialog.Overlay className="dialog-overlay" />
          <Dialog.Content className="dialog" aria-describedby="ai-draft-hint">
            <Dialog.Title className="dialog-title">{t('grid.bulk_ai_draft')}</Dialog.Title>
            <p id="ai-draft-hint">{t('grid.bulk_ai_draft_hint', { count: picked.length })}</p>
            <LanguageChoice value={languages} onChange={setLanguages} />
            <div className="dialog-buttons">
              <Dialog.Close asChild>
                <button type="button" className="btn btn-secondary" disabled={busy}>
                  {t('common.cancel')}
                </button>
              </Dialog.Close>
              <button type="button" className="btn btn-primary" disabled={busy || !languages.length} onClick={() => void run()}>
                {t(busy ? 'grid.bulk_ai_working' : 'grid.bulk_ai_draft')}
              </button>
            </div>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </>
  );
}
