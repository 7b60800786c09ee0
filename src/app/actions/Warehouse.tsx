/**
 * Warehouse and purchasing toolbar actions (registry keys `pick_list_create`,
 * `receive_purchase_orders`, `goods_to_order_create`; server: src/server/actions/warehouse.ts).
 * Each is one call whose rules live in the database: a refusal is said in the user's
 * language and nothing is written.
 */
import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import { actions } from '../api/actions.ts';
import { gridData } from '../grid/dataProvider/provider.ts';
import { toast } from '../chrome/toasts.tsx';
import { useT } from '../i18n/useT.ts';
import { useFailed } from './failed.ts';
import type { BulkActionProps } from './actionProps.ts';

/** The keys picked (not "all but"), else undefined. */
const pickedKeys = (q: BulkActionProps['query']): unknown[] | undefined => {
  const sel = q.selection;
  return sel && !sel.all && sel.count > 0 ? sel.keys : undefined;
};

/** A pick list of every paid order's goods not yet on one, within what is available to each order; what it could not take is said. */
export function PickListCreate({ onDone }: BulkActionProps) {
  const t = useT();
  const failed = useFailed();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const r = await actions.pick_list_create({});
      toast({ variant: 'success', id: 'grid.bulk_pick_list_created', values: { number: r.pick_list_no, lines: r.lines } });
      // What earlier orders' reservations (or no storage) kept off the list, named by its first order and product.
      const first = r.short[0];
      if (first) toast({ variant: 'warning', id: 'grid.bulk_pick_list_short', values: { count: r.short.length, ...first } });
      onDone();
    } catch (e) {
      failed(e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className="grid-bulk-pick-list" disabled={busy} title={t('grid.bulk_pick_none_selected')} onClick={() => void run()}>
      {t('grid.bulk_pick_list_create')}
    </button>
  );
}

interface StorageChoice {
  storage_id: number;
  storage_code: string;
}

/** The picked purchase orders received in full, onto each product's home storage or one chosen. */
export function ReceivePurchaseOrders({ query, onDone }: BulkActionProps) {
  const t = useT();
  const failed = useFailed();
  const [storages, setStorages] = useState<StorageChoice[] | null>(null);
  const [storage, setStorage] = useState('');
  const [busy, setBusy] = useState(false);
  const picked = pickedKeys(query) as number[] | undefined;
  const open = async () => {
    setStorage('');
    try {
      const r = await gridData().list('storages_brief', { startRow: 0, endRow: 5000 });
      setStorages(r.rows as unknown as StorageChoice[]);
    } catch (e) {
      failed(e);
    }
  };
  const run = async () => {
    if (!picked) return;
    setBusy(true);
    try {
      const r = await actions.receive_purchase_orders({ po_ids: picked, ...(storage ? { storage_id: Number(storage) } : {}) });
      toast({ variant: 'success', id: 'grid.bulk_received', values: { receipts: r.receipts, received: r.received } });
      setStorages(null);
      onDone();
    } catch (e) {
      failed(e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <button type="button" className="grid-bulk-receive" disabled={!picked} onClick={() => void open()}>
        {t('grid.bulk_receive')}
        {picked ? ` (${picked.length})` : ''}
      </button>
      <Dialog.Root open={!!storages} onOpenChange={(o) => !o && setStorages(null)}>
        <Dialog.Portal>
          <Dialog.Overlay className="dialog-overlay" />
          <Dialog.Content className="dialog" aria-describedby={undefined}>
            <Dialog.Title className="dialog-title">{t('grid.bulk_receive_title', { count: picked?.length ?? 0 })}</Dialog.Title>
            <label className="form-field">
              <span>{t('grid.bulk_receive_storage')}</span>
              <select value={storage} onChange={(e) => setStorage(e.target.value)} data-testid="receive-storage">
                <option value="">{t('grid.bulk_receive_home')}</option>
                {storages?.map((s) => (
                  <option key={s.storage_id} value={s.storage_id}>
                    {s.storage_code}
                  </option>
                ))}
              </select>
            </label>
            <div className="dialog-buttons">
              <Dialog.Close asChild>
                <button type="button" className="btn btn-secondary">
                  {t('common.cancel')}
                </button>
              </Dialog.Close>
              <button type="button" className="btn btn-success" disabled={busy} onClick={() => void run()}>
                {t('grid.bulk_receive')}
              </button>
            </div>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </>
  );
}

interface Suggestion {
  product_code: string;
  suggested_qty: number;
  partner_id: number | null;
}

/** Draft purchase orders from the picked suggestions (or every one of the filter), one per supplier. */
export function GoodsToOrderCreate({ query, onDone }: BulkActionProps) {
  const t = useT();
  const failed = useFailed();
  const [busy, setBusy] = useState(false);
  const picked = pickedKeys(query) as string[] | undefined;
  const run = async () => {
    setBusy(true);
    try {
      const filterModel = picked ? { ...query.filterModel, product_code: { filterType: 'set' as const, values: picked } } : query.filterModel;
      const r = await gridData().list(query.form, { startRow: 0, endRow: 1000, filterModel });
      const lines = (r.rows as unknown as Suggestion[])
        .filter((s) => Number(s.suggested_qty) > 0)
        .map((s) => ({ product_code: s.product_code, quantity: Number(s.suggested_qty), ...(s.partner_id ? { partner_id: s.partner_id } : {}) }));
      if (!lines.length) return void toast({ variant: 'warning', id: 'grid.bulk_goods_to_order_none' });
      const made = await actions.goods_to_order_create({ lines });
      toast({ variant: 'success', id: 'grid.bulk_goods_to_order_made', values: { count: made.po_ids.length, references: made.references.join(', ') } });
      onDone();
    } catch (e) {
      failed(e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className="grid-bulk-goods-to-order" disabled={busy} onClick={() => void run()}>
      {t('grid.bulk_goods_to_order')}
      {picked ? ` (${picked.length})` : ''}
    </button>
  );
}
