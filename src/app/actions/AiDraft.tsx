/**
 * "Draft with AI" on recipes and houses (registry key `ai_draft`; server:
 * src/server/ai/contentDraft.ts): the chat engine picked (OpenAI or DeepSeek) writes the picked
 * items' texts from their titles
 * in the chosen languages where the text is empty; a written text is never replaced.
 */
import { useState } from 'react';
import { MAX_AI_GENERATE } from '../../core/aiContent.ts';
import { LANGS, type Lang } from '../../core/langs.ts';
import { actions, type PayloadOf } from '../api/actions.ts';
import { toast } from '../chrome/toasts.tsx';
import { useT } from '../i18n/useT.ts';
import { AiEngineNotice } from './AiEngineNotice.tsx';
import { EngineChoice, LanguageChoice, sayFailure, useChatEngines, usePickedEngine } from './aiShared.tsx';
import { BulkDialog, useBulkRun } from './BulkDialog.tsx';
import { PickedButton } from './PickedButton.tsx';
import { pickedKeys, type BulkActionProps } from './actionProps.ts';

export function AiDraft({ screen, query, onDone }: BulkActionProps) {
  const t = useT();
  const engines = useChatEngines();
  const [engine, setEngine] = usePickedEngine(engines);
  const [open, setOpen] = useState(false);
  const { busy, run } = useBulkRun(sayFailure);
  const [languages, setLanguages] = useState<Lang[]>([...LANGS]);
  const picked = pickedKeys<number>(query);
  const draft = () =>
    run(async () => {
      // Offered on the recipes and houses grids only (their descriptors' actions.bulk); the server refuses any other form.
      const r = await actions.ai_draft({ form: screen.form as PayloadOf<'ai_draft'>['form'], ids: picked, languages, engine });
      toast({ variant: 'success', id: 'grid.bulk_ai_drafted', values: { count: r.texts } });
      setOpen(false);
      onDone();
    });
  return (
    <>
      <AiEngineNotice />
      <PickedButton
        className="grid-bulk-ai-draft"
        label={t('grid.bulk_ai_draft')}
        picked={picked.length}
        max={MAX_AI_GENERATE}
        pickHint={t('grid.bulk_ai_pick_items')}
        tooManyHint={t('grid.bulk_ai_too_many', { max: MAX_AI_GENERATE })}
        onClick={() => setOpen(true)}
      />
      <BulkDialog
        open={open}
        busy={busy}
        onClose={() => setOpen(false)}
        title={t('grid.bulk_ai_draft')}
        hintId="ai-draft-hint"
        hint={t('grid.bulk_ai_draft_hint', { count: picked.length })}
        runLabel={t('grid.bulk_ai_draft')}
        busyLabel={t('grid.bulk_ai_working')}
        runDisabled={!engine || !languages.length}
        onRun={() => void draft()}
      >
        <EngineChoice engines={engines} value={engine} onChange={setEngine} />
        <LanguageChoice value={languages} onChange={setLanguages} />
      </BulkDialog>
    </>
  );
}
