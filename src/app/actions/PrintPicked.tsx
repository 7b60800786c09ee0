/**
 * "Print" on a grid (registry keys `product_labels`, `pick_lists_print`,
 * `arriving_shipments_print`, and the customers' and suppliers' documents
 * `order_confirmations_print`, `delivery_notes_print`, `invoices_print`,
 * `purchase_orders_print`): the picked rows' documents open in a new tab on their print
 * page (/print/<document>?<param>=…, the print frame: Print and Download PDF there). Shown
 * only to users with that page; without picked rows it says what to pick instead of
 * printing a whole list.
 */
import { useMemo, type ComponentType } from 'react';
import { printRoute, type PrintDocumentKey } from '../../core/printDocuments.ts';
import { useT } from '../i18n/useT.ts';
import { permsOf } from '../session/pagePerms.ts';
import { useSession } from '../session/session.ts';
import type { BulkActionProps } from './actionProps.ts';

/** A document printed from picked rows: its query parameter (the row key) and its button's texts. */
function printPicked(doc: PrintDocumentKey, param: string, label: string, hint: string, className: string): ComponentType<BulkActionProps> {
  const route = printRoute(doc);
  return function PrintPicked({ query }: BulkActionProps) {
    const t = useT();
    const lang = useSession((s) => s.lang);
    const menu = useSession((s) => s.user?.menu);
    const allowed = useMemo(() => permsOf(menu ?? [], route).list, [menu]);
    const sel = query.selection;
    const picked = sel && !sel.all ? sel.keys.map(String) : [];
    if (!allowed) return null;
    const open = () => {
      const q = new URLSearchParams(picked.map((c) => [param, c]));
      window.open(`/${lang}${route}?${q.toString()}`, '_blank', 'noopener');
    };
    return (
      <button type="button" className={className} disabled={picked.length === 0} title={picked.length === 0 ? t(hint) : undefined} onClick={open}>
        {t(label)}
        {picked.length ? ` (${picked.length})` : ''}
      </button>
    );
  };
}

export const PrintLabels = printPicked('product_labels', 'product_code', 'print.labels_action', 'print.pick_products', 'grid-bulk-print-labels');
export const PrintPickLists = printPicked('pick_lists_print', 'pick_list_id', 'print.print_action', 'print.pick_rows', 'grid-bulk-print-pick-lists');
export const PrintArrivingShipments = printPicked('arriving_shipments_print', 'po_id', 'print.print_action', 'print.pick_rows', 'grid-bulk-print-shipments');
export const PrintOrderConfirmations = printPicked('order_confirmations_print', 'order_id', 'print.order_confirmations_action', 'print.pick_rows', 'grid-bulk-print-order-confirmations');
export const PrintDeliveryNotes = printPicked('delivery_notes_print', 'order_id', 'print.delivery_notes_action', 'print.pick_rows', 'grid-bulk-print-delivery-notes');
export const PrintInvoices = printPicked('invoices_print', 'invoice_id', 'print.print_action', 'print.pick_rows', 'grid-bulk-print-invoices');
export const PrintPurchaseOrders = printPicked('purchase_orders_print', 'po_id', 'print.print_action', 'print.pick_rows', 'grid-bulk-print-purchase-orders');
