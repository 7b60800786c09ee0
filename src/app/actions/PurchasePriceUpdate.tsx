/**
 * Bulk purchase price update (registry key `purchase_price_update`): a percentage or an
 * amount applied to the purchase prices of the picked rows, or of every row of the
 * grid's filter. The preview counts what would change; the update runs in one
 * transaction on the server (src/server/actions/purchase_price_update.ts).
 */
import * as Dialog from '@radix-ui/react-dialog';
import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { ApiError } from '../api/client.ts';
import { describeError, say } from '../api/said.ts';
import type { PriceUpdatePreview } from '../grid/dataProvider/contract.ts';
import { gridData } from '../grid/dataProvider/provider.ts';
import { confirm } from '../chrome/confirm.ts';
import { toast } from '../chrome/toasts.tsx';
import { useT } from '../i18n/useT.ts';
import type { BulkActionProps } from './actionProps.ts';
import { numberTyping } from '../../core/numberInput.ts';
import { PRICE_FIELDS, inputProblem, priceUpdatePayload, sendable, type PriceField, type PriceMode, type PriceUpdateInput } from './priceUpdate.ts';

/** The preview with the inputs it was made for: a changed input needs a new preview. */
type Preview = PriceUpdatePreview & { of: string };

export function PurchasePriceUpdate({ query, onDone }: BulkActionProps) {
  const t = useT();
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  const [input, setInput] = useState<PriceUpdateInput>({ fields: ['purchase_price_base'], mode: 'percent', value: '', decimals: 2 });
  const [preview, setPreview] = useState<Preview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const sel = query.selection;
  const picked = sel && !sel.all && sel.count > 0;
  const scope = picked ? t('grid.bulk_scope_picked', { count: sel.count }) : sel?.all ? t('grid.bulk_scope_all', { count: sel.count }) : t('grid.bulk_scope_filter');
  const payload = priceUpdatePayload(query, input);
  const key = JSON.stringify(payload);
  const current = preview?.of === key ? preview : null;
  const problem = inputProblem(input, query.language);

  const change = (u: Partial<PriceUpdateInput>) => {
    setInput((i) => ({ ...i, ...u }));
    setError(null);
  };
  const toggleField = (f: PriceField, on: boolean) => change({ fields: PRICE_FIELDS.filter((x) => (x === f ? on : input.fields.includes(x))) });

  const failed = (e: unknown) => {
    if (e instanceof ApiError && e.status === 400) setError(say(intl, describeError(e)));
    else if (e instanceof ApiError && (e.status === 403 || e.status === 404)) toast({ variant: 'danger', id: e.messageId });
    else toast({ variant: 'danger', id: 'messages.error_saving_data', values: { status: describeError(e) } });
  };

  const runPreview = async () => {
    if (problem) return setError(t(problem));
    const p = sendable(payload);
    if (!p) return;
    setBusy(true);
    try {
      const r = await gridData().priceUpdate.preview(p);
      setPreview({ ...r, of: key });
    } catch (e) {
      failed(e);
    } finally {
      setBusy(false);
    }
  };

  const apply = async (e: FormEvent) => {
    e.preventDefault();
    const p = sendable(payload);
    if (!current || busy || !p) return;
    const ok = await confirm({ titleId: 'grid.bulk_price_confirm', titleValues: { count: current.changes }, okId: 'grid.bulk_price_apply', cancelId: 'common.cancel', variant: 'warning' });
    if (!ok) return;
    setBusy(true);
    try {
      const r = await gridData().priceUpdate.apply(p);
      toast({ variant: 'success', id: 'grid.bulk_price_done', values: { count: r.updated } });
      setOpen(false);
      setPreview(null);
      onDone();
    } catch (err) {
      failed(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(o) => {
        setOpen(o);
        setError(null);
        setPreview(null);
      }}
    >
      <Dialog.Trigger asChild>
        <button type="button" className="grid-bulk-price">
          {t('grid.bulk_price')}
          {picked ? ` (${sel.count})` : ''}
        </button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog" aria-describedby={undefined} onInteractOutside={(e) => e.preventDefault()}>
          <Dialog.Title className="dialog-title">{t('grid.bulk_price')}</Dialog.Title>
          <form className="screen-form" onSubmit={(e) => void apply(e)} noValidate>
            <p className="bulk-scope">{scope}</p>
            <fieldset className="form-field">
              <legend>{t('grid.bulk_price_fields')}</legend>
              {PRICE_FIELDS.map((f) => (
                <label key={f} className="form-check">
                  <input type="checkbox" checked={input.fields.includes(f)} onChange={(e) => toggleField(f, e.target.checked)} /> {t(`fields.${f}`)}
                </label>
              ))}
            </fieldset>
            <div className="form-field">
              <label htmlFor="bulk-price-mode">{t('grid.bulk_price_mode')}</label>
              <select id="bulk-price-mode" value={input.mode} onChange={(e) => change({ mode: e.target.value as PriceMode })}>
                <option value="percent">{t('grid.bulk_price_percent')}</option>
                <option value="amount">{t('grid.bulk_price_amount')}</option>
              </select>
            </div>
            <div className="form-field">
              <label htmlFor="bulk-price-value">{t('grid.bulk_price_value')}</label>
              <input id="bulk-price-value" inputMode="decimal" value={input.value} onChange={(e) => change({ value: numberTyping(e.target.value) })} autoFocus />
            </div>
            <div className="form-field">
              <label htmlFor="bulk-price-decimals">{t('grid.bulk_price_decimals')}</label>
              <select id="bulk-price-decimals" value={input.decimals} onChange={(e) => change({ decimals: Number(e.target.value) })}>
                {[0, 1, 2, 3, 4].map((d) => (
                  <option key={d} value={d}>
                    {d}
                  </option>
                ))}
              </select>
            </div>
            {error && (
              <div className="alert alert-danger" role="alert">
                {error}
              </div>
            )}
            {current && (
              <p className="bulk-preview" role="status">
                {t('grid.bulk_price_preview', { rows: current.rows, changes: current.changes })}
                {current.invalid > 0 && ` ${t('grid.bulk_price_preview_invalid', { count: current.invalid })}`}
              </p>
            )}
            <div className="dialog-buttons">
              <Dialog.Close asChild>
                <button type="button" className="btn btn-secondary">
                  {t('common.cancel')}
                </button>
              </Dialog.Close>
              <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => void runPreview()}>
                {t('grid.bulk_price_preview_button')}
              </button>
              <button type="submit" className="btn btn-primary" disabled={busy || !current || current.changes === 0 || current.invalid > 0}>
                {t('grid.bulk_price_apply')}
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
