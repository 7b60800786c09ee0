/**
 * "List in shop…" on the product list (registry key `shop_list`; server:
 * src/server/actions/shop_list.ts): the picked products, or every product of the grid's
 * filter, listed in a shop of the company (ShopListDialog.tsx, loaded with the first click).
 * Shown to holders of the shop products' add right; replacing needs their set right too.
 */
import { Suspense, useMemo, useState } from 'react';
import { lazyWithMessages } from '../i18n/lazy.tsx';
import { useT } from '../i18n/useT.ts';
import { permsOf } from '../session/pagePerms.ts';
import { useSession } from '../session/session.ts';
import type { BulkActionProps } from './actionProps.ts';

// The dialog, its words (the catalogue's later part) and its code come with the first click: the button paints without them.
const ShopListDialog = lazyWithMessages(() => import('./ShopListDialog.tsx'));

export function ShopList({ query, onDone }: BulkActionProps) {
  const t = useT();
  const menu = useSession((s) => s.user?.menu);
  const perms = useMemo(() => permsOf(menu ?? [], '/shops/frontend_shop_products'), [menu]);
  const [round, setRound] = useState(0);
  const sel = query.selection;
  const picked = sel && !sel.all && sel.count > 0;
  if (!perms.add) return null;
  return (
    <>
      <button type="button" className="grid-bulk-shop-list" onClick={() => setRound((n) => n + 1)}>
        {t('grid.bulk_shop_list')}
        {picked ? ` (${sel.count})` : ''}
      </button>
      {round > 0 && (
        <Suspense fallback={null}>
          <ShopListDialog query={query} onDone={onDone} round={round} canReplace={perms.set} />
        </Suspense>
      )}
    </>
  );
}
