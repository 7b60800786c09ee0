/**
 * "Generate with AI" on /ai_content/ai_catalog (registry key `ai_generate`; server:
 * src/server/ai/productTexts.ts): the picked products' descriptions written by the chat engine
 * picked (OpenAI or DeepSeek) in the chosen languages, stored as proposals to review on /ai_content/ai_proposals — nothing is
 * written to a product here.
 */
import { useState } from 'react';
import { AI_TEXT_FIELDS, MAX_AI_GENERATE, type AiTextField } from '../../core/aiContent.ts';
import { LANGS, type Lang } from '../../core/langs.ts';
import { actions } from '../api/actions.ts';
import { toast } from '../chrome/toasts.tsx';
import { useT } from '../i18n/useT.ts';
import { AiEngineNotice } from './AiEngineNotice.tsx';
import { EngineChoice, LanguageChoice, sayFailure, useChatEngines, usePickedEngine } from './aiShared.tsx';
import { BulkDialog, useBulkRun } from './BulkDialog.tsx';
import { PickedButton } from './PickedButton.tsx';
import { pickedKeys, type BulkActionProps } from './actionProps.ts';
import './aiContent.css';

export function AiGenerate({ query, onDone }: BulkActionProps) {
  const t = useT();
  const engines = useChatEngines();
  const [engine, setEngine] = usePickedEngine(engines);
  const [open, setOpen] = useState(false);
  const { busy, run } = useBulkRun(sayFailure);
  const [fields, setFields] = useState<AiTextField[]>([...AI_TEXT_FIELDS]);
  const [languages, setLanguages] = useState<Lang[]>([...LANGS]);
  const [instructions, setInstructions] = useState('');
  const picked = pickedKeys<string>(query);
  const generate = () =>
    run(async () => {
      const r = await actions.ai_generate({ product_codes: picked, fields, languages, engine, ...(instructions.trim() ? { instructions } : {}) });
      toast({ variant: 'success', id: 'grid.bulk_ai_generated', values: { count: r.proposals } });
      setOpen(false);
      onDone();
    });
  return (
    <>
      <AiEngineNotice />
      <PickedButton
        className="grid-bulk-ai-generate"
        label={t('grid.bulk_ai_generate')}
        picked={picked.length}
        max={MAX_AI_GENERATE}
        pickHint={t('grid.bulk_ai_pick_products')}
        tooManyHint={t('grid.bulk_ai_too_many', { max: MAX_AI_GENERATE })}
        onClick={() => setOpen(true)}
      />
      <BulkDialog
        open={open}
        busy={busy}
        onClose={() => setOpen(false)}
        title={t('grid.bulk_ai_generate')}
        hintId="ai-generate-hint"
        hint={t('grid.bulk_ai_generate_hint', { count: picked.length })}
        runLabel={t('grid.bulk_ai_generate_run')}
        busyLabel={t('grid.bulk_ai_working')}
        runTestId="ai-generate-run"
        runDisabled={!engine || !fields.length || !languages.length}
        onRun={() => void generate()}
      >
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
        <EngineChoice engines={engines} value={engine} onChange={setEngine} />
        <LanguageChoice value={languages} onChange={setLanguages} />
        <label className="form-field">
          <span>{t('grid.bulk_ai_instructions')}</span>
          <textarea maxLength={1000} rows={3} value={instructions} onChange={(e) => setInstructions(e.target.value)} />
        </label>
      </BulkDialog>
    </>
  );
}
