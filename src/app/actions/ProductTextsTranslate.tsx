/**
 * "Translate texts" on the product list (registry key `product_texts_translate`; server:
 * src/server/ai/productTextsTranslate.ts): the picked products' name, short description and
 * description from the language chosen into every other, by the company's translation
 * engine, in one action. Empty texts are filled; "overwrite" replaces the others too. A
 * failure (no engine key, a timeout…) is said like any translation's, and nothing is written.
 * The button is this module; its dialog (ProductTextsTranslateDialog.tsx) loads with the first click.
 */
import { Suspense, useState } from 'react';
import { lazyWithMessages } from '../i18n/lazy.tsx';
import { useT } from '../i18n/useT.ts';
import { PickedButton } from './PickedButton.tsx';
import { pickedKeys, type BulkActionProps } from './actionProps.ts';

/** The most products one action takes (the payload's limit). */
const MAX_PRODUCTS = 100;

// The dialog, its words (the catalogue's later part) and the action's client come with the first click.
const ProductTextsTranslateDialog = lazyWithMessages(() => import('./ProductTextsTranslateDialog.tsx'));

export function ProductTextsTranslate({ query, onDone }: BulkActionProps) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const picked = pickedKeys<string>(query);
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
        <Suspense fallback={null}>
          <ProductTextsTranslateDialog picked={picked} open={open} onClose={() => setOpen(false)} onDone={onDone} />
        </Suspense>
      )}
    </>
  );
}
