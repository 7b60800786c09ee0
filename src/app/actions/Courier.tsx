/**
 * The courier grid's toolbar actions (registry keys `courier_export`, `courier_tracking`;
 * server: src/server/actions/courier.ts). Export: the picked orders (else every order ready
 * to ship) as the carrier's import file, downloaded as the server names it. Tracking: a
 * CSV of (reference, tracking_number) sent as text; the orders filled are reloaded, and
 * the rows not applied are listed by file line, order number and problem, so nothing in
 * the file goes unnoticed.
 */
import * as Dialog from '@radix-ui/react-dialog';
import { useRef, useState } from 'react';
import { actions, type AnswerOf } from '../api/actions.ts';
import { toast } from '../chrome/toasts.tsx';
import { useT } from '../i18n/useT.ts';
import { saveBlob } from '../grid/transfer/saveBlob.ts';
import { useFailed } from './failed.ts';
import type { BulkActionProps } from './actionProps.ts';

type Tracking = AnswerOf<'courier_tracking'>;

/** Larger files than the server takes are refused here, before they are read. */
const MAX_FILE_BYTES = 2_000_000;

export function CourierExport({ query }: BulkActionProps) {
  const t = useT();
  const failed = useFailed();
  const [busy, setBusy] = useState(false);
  const sel = query.selection;
  const picked = sel && !sel.all && sel.count > 0 ? (sel.keys as number[]) : undefined;
  const run = async () => {
    setBusy(true);
    try {
      const r = await actions.courier_export(picked ? { order_ids: picked } : {});
      saveBlob(new Blob([r.csv], { type: r.content_type }), r.file_name);
      toast({ variant: 'success', id: 'grid.bulk_courier_exported', values: { count: r.rows } });
    } catch (e) {
      failed(e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className="grid-bulk-courier-export" disabled={busy} onClick={() => void run()}>
      {t('grid.bulk_courier_export')}
      {picked ? ` (${picked.length})` : ''}
    </button>
  );
}

export function CourierTracking({ onDone }: BulkActionProps) {
  const t = useT();
  const failed = useFailed();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [report, setReport] = useState<Tracking | null>(null);
  const read = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > MAX_FILE_BYTES) return void toast({ variant: 'danger', id: 'grid.bulk_courier_too_large' });
    setBusy(true);
    try {
      const r = await actions.courier_tracking({ csv: await file.text() });
      toast({ variant: r.problems.length ? 'warning' : 'success', id: 'grid.bulk_courier_tracked', values: { updated: r.updated, unchanged: r.unchanged, problems: r.problems.length } });
      if (r.problems.length) setReport(r);
      if (r.updated) onDone();
    } catch (e) {
      failed(e);
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };
  return (
    <>
      <button type="button" className="grid-bulk-courier-tracking" disabled={busy} onClick={() => input.current?.click()}>
        {t('grid.bulk_courier_tracking')}
      </button>
      <input ref={input} type="file" accept=".csv,text/csv,text/plain" hidden data-testid="courier-tracking-file" onChange={(e) => void read(e.target.files?.[0])} />
      <Dialog.Root open={!!report} onOpenChange={(o) => !o && setReport(null)}>
        <Dialog.Portal>
          <Dialog.Overlay className="dialog-overlay" />
          <Dialog.Content className="dialog" aria-describedby={undefined}>
            <Dialog.Title className="dialog-title">{t('grid.bulk_courier_problems', { count: report?.problems.length ?? 0 })}</Dialog.Title>
            <table className="courier-problems">
              <thead>
                <tr>
                  <th>{t('grid.bulk_courier_line')}</th>
                  <th>{t('fields.fsm_reference')}</th>
                  <th>{t('grid.bulk_courier_problem')}</th>
                </tr>
              </thead>
              <tbody>
                {report?.problems.map((p) => (
                  <tr key={p.line} data-code={p.code}>
                    <td>{p.line}</td>
                    <td>{p.reference}</td>
                    <td>{t(`import.courier_${p.code}`)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <div className="dialog-buttons">
              <Dialog.Close asChild>
                <button type="button" className="btn btn-primary">
                  {t('common.close')}
                </button>
              </Dialog.Close>
            </div>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </>
  );
}
