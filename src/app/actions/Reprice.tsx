/**
 * "Reprice…" on the margins screen (registry key `reprice`; server:
 * src/server/actions/reprice.ts): new selling prices by the price rule (src/core/prices.ts:
 * purchase price, margin, VAT, the shopper group's multiplier, nice rounding) for the picked
 * products, or every product of the grid's filter. The dialog shows each change, old → new,
 * before anything is written (the action's preview, asked again as the inputs change); Apply
 * writes them in one transaction, and the grid's Ctrl+Z puts the old prices back. New prices
 * under their minimum margin are marked in the preview; applying them asks first (the api
 * client's confirmation, api/confirmWrite.tsx).
 */
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { actions, type AnswerOf } from '../api/actions.ts';
import { ApiError } from '../api/client.ts';
import { describeError, say } from '../api/said.ts';
import { gridData } from '../grid/dataProvider/provider.ts';
import { toast } from '../chrome/toasts.tsx';
import { useT } from '../i18n/useT.ts';
import { numberTyping } from '../../core/numberInput.ts';
import { BulkDialog, useBulkRun } from './BulkDialog.tsx';
import { useFailed } from './failed.ts';
import { repricePayload, type RepriceInput } from './reprice.ts';
import type { BulkActionProps } from './actionProps.ts';
import './reprice.css';

interface GroupChoice {
  shopper_group_id: number;
  shopper_group_name: string;
  multiplier: number;
  is_default: boolean;
}

type Preview = AnswerOf<'reprice_filter'> & { of: string };

const START: RepriceInput = { byProduct: true, margin: '', nice: true, groupId: null };

export function Reprice({ query, onDone, onUndoable }: BulkActionProps) {
  const t = useT();
  const intl = useIntl();
  const failed = useFailed();
  const [open, setOpen] = useState(false);
  const [groups, setGroups] = useState<GroupChoice[]>([]);
  const [input, setInput] = useState<RepriceInput>(START);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const sayFailure = (e: unknown) => (e instanceof ApiError && (e.status === 400 || e.status === 409) ? setError(say(intl, describeError(e))) : failed(e));
  const { busy, run } = useBulkRun(sayFailure);

  const sel = query.selection;
  const picked = sel && !sel.all && sel.count > 0;
  const scope = picked ? t('grid.bulk_scope_picked', { count: sel.count }) : sel?.all ? t('grid.bulk_scope_all', { count: sel.count }) : t('grid.bulk_scope_filter');
  const payload = repricePayload(query, input);
  const key = JSON.stringify(payload);
  const current = preview?.of === key ? preview : null;

  const start = async () => {
    setInput(START);
    setPreview(null);
    setError(null);
    try {
      const g = await gridData().list('shopper_groups_brief', { startRow: 0, endRow: 100 });
      setGroups(g.rows as unknown as GroupChoice[]);
      setOpen(true);
    } catch (e) {
      failed(e);
    }
  };

  // The changes follow the inputs: each change asks the preview again (an older answer is dropped).
  useEffect(() => {
    if (!open || !payload) return;
    let live = true;
    actions.reprice_filter(payload).then(
      (r) => live && setPreview({ ...r, of: key }),
      (e: unknown) => live && sayFailure(e),
    );
    return () => void (live = false);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` is the payload's identity
  }, [open, key]);

  const change = (u: Partial<RepriceInput>) => {
    setInput((i) => ({ ...i, ...u }));
    setError(null);
  };

  const apply = () =>
    run(async () => {
      if (!payload || !current) return;
      const r = await actions.reprice_set(payload);
      onUndoable?.(r.log_ids);
      toast({ variant: 'success', id: 'grid.bulk_reprice_done', values: { count: r.updated } });
      setOpen(false);
      onDone();
    });

  const money = (x: number | null) => (x === null ? '—' : current?.currency ? intl.formatNumber(x, { style: 'currency', currency: current.currency, maximumFractionDigits: 4 }) : intl.formatNumber(x));
  const percent = (x: number | null) => (x === null ? '—' : `${intl.formatNumber(x, { maximumFractionDigits: 2 })} %`);

  return (
    <>
      <button type="button" className="grid-bulk-reprice" onClick={() => void start()}>
        {t('grid.bulk_reprice')}
        {picked ? ` (${sel.count})` : ''}
      </button>
      <BulkDialog
        open={open}
        busy={busy}
        onClose={() => setOpen(false)}
        title={t('grid.bulk_reprice_title')}
        hintId="reprice-hint"
        hint={scope}
        runLabel={t('grid.bulk_reprice_run')}
        busyLabel={t('grid.bulk_reprice_working')}
        runTestId="reprice-run"
        runDisabled={!current || current.changes === 0}
        onRun={() => void apply()}
      >
        <fieldset className="form-field">
          <legend>{t('grid.bulk_reprice_margin')}</legend>
          <label className="form-check">
            <input type="radio" name="reprice-margin" checked={input.byProduct} onChange={() => change({ byProduct: true })} /> {t('grid.bulk_reprice_expected')}
          </label>
          <label className="form-check">
            <input type="radio" name="reprice-margin" checked={!input.byProduct} onChange={() => change({ byProduct: false })} data-testid="reprice-own-margin" /> {t('grid.bulk_reprice_own')}
          </label>
          {!input.byProduct && (
            <input
              aria-label={t('grid.bulk_reprice_own')}
              inputMode="decimal"
              value={input.margin}
              onChange={(e) => change({ margin: numberTyping(e.target.value) })}
              data-testid="reprice-margin"
              autoFocus
            />
          )}
        </fieldset>
        <label className="form-field">
          <span>{t('grid.bulk_reprice_group')}</span>
          <select value={input.groupId ?? ''} onChange={(e) => change({ groupId: e.target.value ? Number(e.target.value) : null })}>
            <option value="">{t('grid.bulk_reprice_default_group')}</option>
            {groups.map((g) => (
              <option key={g.shopper_group_id} value={g.shopper_group_id}>
                {g.shopper_group_name} (× {intl.formatNumber(g.multiplier)})
              </option>
            ))}
          </select>
        </label>
        <label className="form-check">
          <input type="checkbox" checked={input.nice} onChange={(e) => change({ nice: e.target.checked })} /> {t('grid.bulk_reprice_nice')}
        </label>
        {error && (
          <div className="alert alert-danger" role="alert">
            {error}
          </div>
        )}
        {current && (
          <>
            <p className="bulk-preview" role="status" data-testid="reprice-preview">
              {t('grid.bulk_reprice_preview', { rows: current.rows, changes: current.changes, skipped: current.skipped })}
              {current.below > 0 && ` ${t('grid.bulk_reprice_below', { count: current.below })}`}
            </p>
            {current.shown.length > 0 && (
              <div className="bulk-reprice-table">
                <table>
                  <thead>
                    <tr>
                      <th scope="col">{t('fields.product_code')}</th>
                      <th scope="col">{t('fields.product_name')}</th>
                      <th scope="col">{t('grid.bulk_reprice_old')}</th>
                      <th scope="col">{t('grid.bulk_reprice_new')}</th>
                      <th scope="col">{t('fields.margin_percent')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {current.shown.map((r) => (
                      <tr key={r.product_code} data-code={r.product_code} className={r.below_min ? 'cell-marked' : undefined} title={r.below_min ? t('grid.below_min_margin') : undefined}>
                        <td>{r.product_code}</td>
                        <td>{r.product_name}</td>
                        <td>{money(r.old_price)}</td>
                        <td>{money(r.new_price)}</td>
                        <td>
                          {percent(r.margin)}
                          {r.below_min && ` < ${percent(r.min_margin)}`}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
                {current.changes > current.shown.length && <p>{t('grid.bulk_reprice_more', { count: current.changes - current.shown.length })}</p>}
              </div>
            )}
          </>
        )}
      </BulkDialog>
    </>
  );
}
