/**
 * The dialog of "Translate texts" (ProductTextsTranslate.tsx, its toolbar button; server:
 * src/server/ai/productTextsTranslate.ts): the language to translate from and "overwrite",
 * then the one action. Its code loads with the first click: the list's toolbar paints without it.
 */
import { useState } from 'react';
import { LANGS, type Lang } from '../../core/langs.ts';
import { actions } from '../api/actions.ts';
import { toast } from '../chrome/toasts.tsx';
import { useT } from '../i18n/useT.ts';
import { translateFailed } from '../grid/translateFailure.ts';
import { BulkDialog, useBulkRun } from './BulkDialog.tsx';
import type { BulkActionProps } from './actionProps.ts';

export interface ProductTextsTranslateDialogProps extends Pick<BulkActionProps, 'onDone'> {
  /** The picked products' codes. */
  picked: string[];
  open: boolean;
  onClose(): void;
}

export default function ProductTextsTranslateDialog({ picked, open, onClose, onDone }: ProductTextsTranslateDialogProps) {
  const t = useT();
  const { busy, run } = useBulkRun(translateFailed);
  const [from, setFrom] = useState<Lang>('en');
  const [overwrite, setOverwrite] = useState(false);
  const translate = () =>
    run(async () => {
      const r = await actions.product_texts_translate({ product_codes: picked, from, overwrite });
      toast({ variant: 'success', id: 'grid.bulk_translate_texts_done', values: { count: r.written } });
      onClose();
      onDone();
    });
  return (
    <BulkDialog
      open={open}
      busy={busy}
      onClose={onClose}
      title={t('grid.bulk_translate_texts')}
      hintId="translate-texts-hint"
      hint={t('grid.bulk_translate_texts_hint', { count: picked.length })}
      runLabel={t('grid.bulk_translate_texts_run')}
      busyLabel={t('grid.bulk_translate_texts_working')}
      runTestId="translate-texts-run"
      onRun={() => void translate()}
    >
      <label className="form-field">
        <span>{t('grid.bulk_translate_texts_from')}</span>
        <select value={from} onChange={(e) => setFrom(e.target.value as Lang)} data-testid="translate-texts-from">
          {LANGS.map((l) => (
            <option key={l} value={l}>
              {t(`fields.${l}`)}
            </option>
          ))}
        </select>
      </label>
      <label className="form-check">
        <input type="checkbox" checked={overwrite} onChange={(e) => setOverwrite(e.target.checked)} /> {t('grid.bulk_translate_texts_overwrite')}
      </label>
    </BulkDialog>
  );
}
