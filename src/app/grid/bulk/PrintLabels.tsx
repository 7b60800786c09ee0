/**
 * "Print labels" on a product grid (registry key `product_labels`): the picked products'
 * labels open in a new tab on the print page (/print/product_labels?product_code=…, the
 * print frame: Print and Download PDF there). Shown only to users with that page; without
 * picked rows it says what to do instead of printing a whole catalogue.
 */
import { useMemo } from 'react';
import { printRoute } from '../../../core/printDocuments.ts';
import { useT } from '../../i18n/useT.ts';
import { permsOf } from '../../session/pagePerms.ts';
import { useSession } from '../../session/session.ts';
import type { BulkActionProps } from './index.tsx';

const ROUTE = printRoute('product_labels');

export function PrintLabels({ query }: BulkActionProps) {
  const t = useT();
  const lang = useSession((s) => s.lang);
  const menu = useSession((s) => s.user?.menu);
  const allowed = useMemo(() => permsOf(menu ?? [], ROUTE).list, [menu]);
  const sel = query.selection;
  const picked = sel && !sel.all ? sel.keys.map(String) : [];
  if (!allowed) return null;
  const open = () => {
    const q = new URLSearchParams(picked.map((c) => ['product_code', c]));
    window.open(`/${lang}${ROUTE}?${q.toString()}`, '_blank', 'noopener');
  };
  return (
    <button type="button" className="grid-bulk-print-labels" disabled={picked.length === 0} title={picked.length === 0 ? t('print.pick_products') : undefined} onClick={open}>
      {t('print.labels_action')}
      {picked.length ? ` (${picked.length})` : ''}
    </button>
  );
}
