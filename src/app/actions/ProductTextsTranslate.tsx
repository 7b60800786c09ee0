/**
 * "Translate texts" on the product list (registry key `product_texts_translate`; server:
 * src/server/ai/productTextsTranslate.ts): the picked products' name, short description and
 * description from the language chosen into every other, by the company's translation
 * engine, in one action. Empty texts are filled; "overwrite" replaces the others too. A
 * failure (no engine key, a timeout…) is said like any translation's, and nothing is written.
 */
import { useState } from 'react';
import { LANGS, type Lang } from '../../core/langs.ts';
import { actions } from '../api/actions.ts';
import { toast } from '../chrome/toasts.tsx';
import { useT } from '../i18n/useT.ts';
import { translateFailed } from '../grid/translateFailure.ts';
import { BulkDialog, PickedButton, useBulkRun } from './BulkDialog.tsx';
import { pickedKeys, type BulkActionProps } from './actionProps.ts';

/** The most products one action takes (the payload's limit). */
const MAX_PRODUCTS = 100;

export function ProductTextsTranslate({ query, onDone }: BulkActionProps) {
  const t = useT();
  const [open, setOpen] = useState(false);
  // The dialog's words (the catalogue's later part) are said once it has been opened: the button paints without them.
  const [opened, setOpened] = useState(false);
  const { busy, run } = useBulkRun(translateFailed);
  const [from, setFrom] = useState<Lang>('en');
  const [overwrite, setOverwrite] = useState(false);
  const picked = pickedKeys<string>(query);
  const translate = () =>
    run(async () => {
      const r = await actions.product_texts_translate({ product_codes: picked, from, overwrite });
      toast({ variant: 'success', id: 'grid.bulk_translate_texts_done', values: { count: r.written } });
      setOpen(false);
      onDone();
    });
  return (
    <>
      <PickedButton
        className="grid-bulk-translate-texts"
        label={t('grid.bulk_translate_texts')}
        picked={picked.length}
        max={MAX_PRODUCTS}
        pickHint={t('grid.bulk_translate_texts_pick')}
        tooManyHint={t('grid.bulk_translate_texts_too_many', { max: MAX_PRODUCTS })}
        onClick={() => (setOpened(true), setOpen(true))}
      />
      {opened && (
        <BulkDialog
          open={open}
          busy={busy}
          onClose={() => setOpen(false)}
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
      )}
    </>
  );
}
