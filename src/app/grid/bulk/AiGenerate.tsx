/**
 * "Generate with AI" on /ai_content/ai_catalog (registry key `ai_generate`; server:
 * src/server/ai/productTexts.ts): the picked products' descriptions written by OpenAI in the
 * chosen languages, stored as proposals to review on /ai_content/ai_proposals — nothing is
 * written to a product here.
 */
import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import { AI_TEXT_FIELDS, MAX_AI_GENERATE, type AiTextField } from '../../../core/aiContent.ts';
import { LANGS, type Lang } from '../../../core/langs.ts';
import { api } from '../../api/client.ts';
import { toast } from '../../chrome/toasts.tsx';
import { useT } from '../../i18n/useT.ts';
import { AiEngineNotice } from './AiEngineNotice.tsx';
import { LanguageChoice, pickedKeys, sayFailure, useOpenAi } from './aiShared.tsx';
import type { BulkActionProps } from './index.tsx';
import './aiContent.css';

export function AiGenerate({ query, onDone }: BulkActionProps) {
  const t = useT();
  const openai = useOpenAi();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [fields, setFields] = useState<AiTextField[]>([...AI_TEXT_FIELDS]);
  const [languages, setLanguages] = useState<Lang[]>([...LANGS]);
  const [instructions, setInstructions] = useState('');
  const picked = pickedKeys<string>(query);
  const tooMany = picked.length > MAX_AI_GENERATE;
  const run = async () => {
    setBusy(true);
    try {
      const r = await api.action<'AiGenerateOutput'>('ai_generate', 'set', { product_codes: picked, fields, languages, ...(instructions.trim() ? { instructions } : {}) });
      toast({ variant: 'success', id: 'grid.bulk_ai_generated', values: { count: r.proposals } });
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
        className="grid-bulk-ai-generate"
        disabled={!picked.length || tooMany || openai?.configured === false}
        title={tooMany ? t('grid.bulk_ai_too_many', { max: MAX_AI_GENERATE }) : picked.length ? undefined : t('grid.bulk_ai_pick_products')}
        onClick={() => setOpen(true)}
      >
        {t('grid.bulk_ai_generate')}
        {picked.length ? ` (${picked.length})` : ''}
      </button>
      <Dialog.Root open={open} onOpenChange={(o) => !o && !busy && setOpen(false)}>
        <Dialog.Portal>
          <Dialog.Overlay className="dialog-overlay" />
          <Dialog.Content className="dialog" aria-describedby="ai-generate-hint">
            <Dialog.Title className="dialog-title">{t('grid.bulk_ai_generate')}</Dialog.Title>
            <p id="ai-generate-hint">{t('grid.bulk_ai_generate_hint', { count: picked.length })}</p>
            <fieldset className="ai-choice">
              <legend>{t('grid.bulk_ai_fields')}</legend>
              {AI_TEXT_FIELDS.map((f) => (
                <label key={f}>
                  <input
                    type="checkbox"
                    checked={fields.includes(f)}
                    onChange={(e) => setFields(e.target.checked ? AI_TEXT_FIELDS.filter((x) => x === f || fields.includes(x)) : fields.filter((x) => x !== f))}
                  />
                  {t(`fields.${f}`)}
                </label>
              ))}
            </fieldset>
            <LanguageChoice value={languages} onChange={setLanguages} />
            <label className="form-field">
              <span>{t('grid.bulk_ai_instructions')}</span>
              <textarea maxLength={1000} rows={3} value={instructions} onChange={(e) => setInstructions(e.target.value)} />
            </label>
            <div className="dialog-buttons">
              <Dialog.Close asChild>
                <button type="button" className="btn btn-secondary" disabled={busy}>
                  {t('common.cancel')}
                </button>
              </Dialog.Close>
              <button type="button" className="btn btn-primary" data-testid="ai-generate-run" disabled={busy || !fields.length || !languages.length} onClick={() => void run()}>
                {t(busy ? 'grid.bulk_ai_working' : 'grid.bulk_ai_generate_run')}
              </button>
            </div>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </>
  );
}
