/**
 * "Translate texts" on the product list (registry key `product_texts_translate`; server:
 * src/server/ai/productTextsTranslate.ts): the picked products' name, short description and
 * description from the language chosen into every other, by the company's translation
 * engine, in one action. Empty texts are filled; "overwrite" replaces the others too. A
 * failure (no engine key, a timeout…) is said like any translation's, and nothing is written.
 */
import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import { LANGS, type Lang } from '../../../core/langs.ts';
import { api } from '../../api/client.ts';
import { toast } from '../../chrome/toasts.tsx';
import { useT } from '../../i18n/useT.ts';
import { translateFailed } from '../translateFailure.ts';
import { pickedKeys } from './aiShared.tsx';
import type { BulkActionProps } from './index.tsx';

/** The most products one action takes (the payload's limit). */
const MAX_PRODUCTS = 100;

export function ProductTextsTranslate({ query, onDone }: BulkActionProps) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [from, setFrom] = useState<Lang>('en');
  const [overwrite, setOverwrite] = useState(false);
  const picked = pickedKeys<string>(query);
  const tooMany = picked.length > MAX_PRODUCTS;
  const run = async () => {
    setBusy(true);
    try {
      const r = await api.action<'ProductTextsTranslateOutput'>('product_texts_translate', 'set', { product_codes: picked, from, overwrite });
      toast({ variant: 'success', id: 'grid.bulk_translate_texts_done', values: { count: r.written } });
      setOpen(false);
      onDone();
    } catch (e) {
      translateFailed(e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <button
        type="button"
        className="grid-bulk-translate-texts"
        disabled={!picked.length || tooMany}
        title={tooMany ? t('grid.bulk_translate_texts_too_many', { max: MAX_PRODUCTS }) : picked.length ? undefined : t('grid.bulk_translate_texts_pick')}
        onClick={() => setOpen(true)}
      >
        {t('grid.bulk_translate_texts')}
        {picked.length ? ` (${picked.length})` : ''}
      </button>
      <Dialog.Root open={open} onOpenChange={(o) => !o && !busy && setOpen(false)}>
        <Dialog.Portal>
          <Dialog.Overlay className="dialog-overlay" />
          <Dialog.Content className="dialog" aria-describedby="translate-texts-hint">
            <Dialog.Title className="dialog-title">{t('grid.bulk_translate_texts')}</Dialog.Title>
            <p id="translate-texts-hint">{t('grid.bulk_translate_texts_hint', { count: picked.length })}</p>
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
            <div className="dialog-buttons">
              <Dialog.Close asChild>
                <button type="button" className="btn btn-secondary" disabled={busy}>
                  {t('common.cancel')}
                </button>
              </Dialog.Close>
              <button type="button" className="btn btn-primary" data-testid="translate-texts-run" disabled={busy} onClick={() => void run()}>
                {t(busy ? 'grid.bulk_translate_texts_working' : 'grid.bulk_translate_texts_run')}
              </button>
            </div>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </>
  );
}
