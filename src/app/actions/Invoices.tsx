/**
 * The invoices grid's toolbar (/finance/invoices).
 *
 * "Credit note…" (registry key `credit_note`; server: src/server/actions/invoices.ts): the one
 * invoice picked, its lines with what is left to credit (invoiced less credited) as the
 * quantities to reverse — all of it by default, any line lowered or set to 0 — and a reason.
 * The server keeps the limit (400 `credit_note_limit`, said in the dialog) and numbers the
 * credit note.
 *
 * "E-invoice" (`einvoice_download`): the picked document's EN 16931 UBL XML, downloaded as
 * <number>.xml (GET /api/invoices/{id}/ubl); "Factur-X PDF" (`facturx_download`): the same as a
 * Factur-X PDF, the printed document with its CII XML inside, as <number>.pdf (GET
 * /api/invoices/{id}/facturx). "Accounting export…" (`accounting_export`): a
 * period (the form's date inputs, the current month by default) and the archive of its
 * documents and payments (GET /api/invoices/accounting_export; src/server/invoices/).
 */
import * as Dialog from '@radix-ui/react-dialog';
import { useId, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { credit_note } from '../../generated/actions/credit_note.ts';
import { ApiError } from '../api/client.ts';
import { describeError, say } from '../api/said.ts';
import { toast } from '../chrome/toasts.tsx';
import { gridData } from '../grid/dataProvider/provider.ts';
import { useT } from '../i18n/useT.ts';
import { parseNumberInput } from '../forms/formModel.ts';
import { useSession } from '../session/session.ts';
import { api } from '../api/client.ts';
import { DateInput } from '../forms/DateInput.tsx';
import { saveBlob } from '../grid/transfer/saveBlob.ts';
import { parseDateInput } from '../../core/format.ts';
import { useFailed } from './failed.ts';
import { pickedKeys, type BulkActionProps } from './actionProps.ts';
import { FormDialogFoot } from './FormDialogFoot.tsx';

interface Line {
  line_id: number;
  line_no: number;
  description: string;
  quantity: number;
  credited_quantity: number;
}

export function CreditNote({ query, onDone }: BulkActionProps) {
  const t = useT();
  const intl = useIntl();
  const lang = useSession((s) => s.lang);
  const failed = useFailed();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [invoice, setInvoice] = useState<number>();
  const [lines, setLines] = useState<Line[]>([]);
  const [qty, setQty] = useState<Record<number, string>>({});
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const start = async () => {
    const ids = pickedKeys<number>(query);
    if (ids.length !== 1) return void toast({ variant: 'warning', id: 'invoices.pick_one' });
    try {
      const r = await gridData().list('invoice_lines', { startRow: 0, endRow: 1000, filterModel: { invoice_id: { filterType: 'number', type: 'equals', filter: ids[0] } } });
      const got = (r.rows as unknown as Line[]).map((l) => ({ ...l, quantity: Number(l.quantity), credited_quantity: Number(l.credited_quantity) }));
      setInvoice(ids[0]);
      setLines(got);
      // What is left, written as the user's language writes numbers (read back the same way below).
      setQty(Object.fromEntries(got.map((l) => [l.line_id, intl.formatNumber(l.quantity - l.credited_quantity, { maximumFractionDigits: 3, useGrouping: false })])));
      setReason('');
      setError(undefined);
      setOpen(true);
    } catch (e) {
      failed(e);
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy || invoice === undefined) return;
    // Each quantity read as the user's language writes numbers (the forms' rule); one it does not write is said, not guessed.
    const read = lines.map((l) => ({ l, r: parseNumberInput(qty[l.line_id] ?? '', lang) }));
    for (const { l, r } of read) if ('error' in r) return void setError(`${l.line_no}: ${intl.formatMessage({ id: r.error.id }, r.error.values)}`);
    const picked = read.flatMap(({ l, r }) => ('value' in r && r.value !== null && r.value > 0 ? [{ line_id: l.line_id, quantity: r.value }] : []));
    if (!picked.length) return void setError(t('rules.credit_note_nothing'));
    setBusy(true);
    setError(undefined);
    try {
      const r = await credit_note({ invoice_id: invoice, lines: picked, ...(reason.trim() ? { reason: reason.trim() } : {}) });
      toast({ variant: 'success', id: 'invoices.credit_note_done', values: { number: r.invoice_number } });
      setOpen(false);
      onDone();
    } catch (err) {
      if (err instanceof ApiError && err.status === 400) setError(say(intl, describeError(err)));
      else failed(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <button type="button" className="grid-bulk-credit-note" title={t('invoices.pick_one')} onClick={() => void start()}>
        {t('invoices.credit_note')}
      </button>
      <Dialog.Root open={open} onOpenChange={setOpen}>
        <Dialog.Portal>
          <Dialog.Overlay className="dialog-overlay" />
          <Dialog.Content className="dialog" aria-describedby={`${id}-intro`} onInteractOutside={(e) => e.preventDefault()}>
            <Dialog.Title className="dialog-title">{t('invoices.credit_note')}</Dialog.Title>
            <form className="screen-form" onSubmit={(e) => void submit(e)} noValidate>
              <p id={`${id}-intro`}>{t('invoices.credit_note_intro')}</p>
              <table className="credit-note-lines">
                <thead>
                  <tr>
                    <th>{t('fields.line_no')}</th>
                    <th>{t('fields.description')}</th>
                    <th>{t('fields.quantity')}</th>
                    <th>{t('fields.credited_quantity')}</th>
                    <th>{t('invoices.credit_quantity')}</th>
                  </tr>
                </thead>
                <tbody>
                  {lines.map((l) => (
                    <tr key={l.line_id} data-line={l.line_no}>
                      <td>{l.line_no}</td>
                      <td>{l.description}</td>
                      <td>{intl.formatNumber(l.quantity)}</td>
                      <td>{intl.formatNumber(l.credited_quantity)}</td>
                      <td>
                        <input
                          inputMode="decimal"
                          aria-label={`${t('invoices.credit_quantity')} ${l.line_no}`}
                          value={qty[l.line_id] ?? ''}
                          onChange={(e) => {
                            setQty({ ...qty, [l.line_id]: e.target.value });
                            setError(undefined);
                          }}
                        />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
              <div className="form-field">
                <label htmlFor={`${id}-reason`}>{t('fields.reason')}</label>
                <input id={`${id}-reason`} maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} />
              </div>
              <FormDialogFoot error={error} submitLabel={t('invoices.credit_note_issue')} submitDisabled={busy} />
            </form>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </>
  );
}

/** What a refused download says in the user's language (the server's code and parameters). */
const refusalText = (intl: ReturnType<typeof useIntl>, e: unknown) => (e instanceof ApiError ? say(intl, describeError(e)) : String(e));

/** A picked document's e-invoice file: its UBL XML, or its Factur-X PDF (the printed invoice with the XML inside). */
function useDocumentDownload(query: BulkActionProps['query'], what: 'ubl' | 'facturx') {
  const intl = useIntl();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    const ids = pickedKeys<number>(query);
    if (ids.length !== 1) return void toast({ variant: 'warning', id: 'invoices.pick_one_document' });
    setBusy(true);
    try {
      // The file is named by the document's number, as the server names it.
      const [blob, r] = await Promise.all([
        api.downloadGet(`/api/invoices/${ids[0]}/${what}`),
        gridData().list('invoices', { startRow: 0, endRow: 1, filterModel: { invoice_id: { filterType: 'number', type: 'equals', filter: ids[0] } } }),
      ]);
      saveBlob(blob, `${(r.rows[0] as { invoice_number?: string } | undefined)?.invoice_number ?? ids[0]}.${what === 'ubl' ? 'xml' : 'pdf'}`);
    } catch (e) {
      toast({ variant: 'danger', id: 'invoices.einvoice_failed', values: { reason: refusalText(intl, e) } });
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}

export function EInvoiceDownload({ query }: BulkActionProps) {
  const t = useT();
  const { busy, run } = useDocumentDownload(query, 'ubl');
  return (
    <button type="button" className="grid-bulk-einvoice" title={t('invoices.pick_one_document')} disabled={busy} onClick={() => void run()}>
      {t('invoices.einvoice')}
    </button>
  );
}

export function FacturXDownload({ query }: BulkActionProps) {
  const t = useT();
  const { busy, run } = useDocumentDownload(query, 'facturx');
  return (
    <button type="button" className="grid-bulk-facturx" title={t('invoices.pick_one_document')} disabled={busy} onClick={() => void run()}>
      {t('invoices.facturx')}
    </button>
  );
}

/** The current month's first and last day, as yyyy-MM-dd. */
function thisMonth(): [string, string] {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  const last = new Date(now.getFullYear(), now.getMonth() + 1, 0).getDate();
  const ym = `${now.getFullYear()}-${pad(now.getMonth() + 1)}`;
  return [`${ym}-01`, `${ym}-${pad(last)}`];
}

export function AccountingExport(_: BulkActionProps) {
  const t = useT();
  const intl = useIntl();
  const lang = useSession((s) => s.lang);
  const id = useId();
  const [open, setOpen] = useState(false);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const start = () => {
    const [a, b] = thisMonth();
    setFrom(a);
    setTo(b);
    setError(undefined);
    setOpen(true);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    // The days as the date inputs read them (yyyy-MM-dd, or the day-first way the language writes them).
    const a = parseDateInput(from);
    const b = parseDateInput(to);
    if (!a || !b) return void setError(t('invoices.export_period_invalid'));
    if (a > b) return void setError(t('invoices.export_period_order'));
    setBusy(true);
    setError(undefined);
    try {
      const blob = await api.downloadGet(`/api/invoices/accounting_export?${new URLSearchParams({ from: a, to: b, lang })}`);
      saveBlob(blob, `accounting-${a}-${b}.zip`);
      toast({ variant: 'success', id: 'invoices.export_done' });
      setOpen(false);
    } catch (err) {
      setError(refusalText(intl, err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <button type="button" className="grid-bulk-accounting-export" onClick={start}>
        {t('invoices.accounting_export')}
      </button>
      <Dialog.Root open={open} onOpenChange={setOpen}>
        <Dialog.Portal>
          <Dialog.Overlay className="dialog-overlay" />
          <Dialog.Content className="dialog" aria-describedby={`${id}-intro`} onInteractOutside={(e) => e.preventDefault()}>
            <Dialog.Title className="dialog-title">{t('invoices.accounting_export')}</Dialog.Title>
            <form className="screen-form" onSubmit={(e) => void submit(e)} noValidate>
              <p id={`${id}-intro`}>{t('invoices.export_intro')}</p>
              <div className="form-field">
                <label htmlFor={`${id}-from`}>{t('invoices.export_from')}</label>
                <DateInput id={`${id}-from`} value={from} lang={lang} onChange={setFrom} onBlur={() => undefined} disabled={busy} required invalid={false} describedBy={undefined} />
              </div>
              <div className="form-field">
                <label htmlFor={`${id}-to`}>{t('invoices.export_to')}</label>
                <DateInput id={`${id}-to`} value={to} lang={lang} onChange={setTo} onBlur={() => undefined} disabled={busy} required invalid={false} describedBy={undefined} />
              </div>
              <FormDialogFoot error={error} submitLabel={t('invoices.export_download')} submitDisabled={busy} />
            </form>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </>
  );
}
