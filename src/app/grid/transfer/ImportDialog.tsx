/**
 * Import of a CSV or XLSX into a screen, in three steps, all checked on the server:
 * 1. the file → its columns and a sample (inspect);
 * 2. each file column → a field (suggested by header = field label or name), then a
 *    validation preview: new rows, updates, and every problem by row and column;
 * 3. import: the valid rows in one transaction (rows with problems are skipped, and the
 *    problems can be downloaded as a CSV report: row, key, column, the file's value, problem).
 */
import * as Dialog from '@radix-ui/react-dialog';
import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import type * as v from 'valibot';
import type { ImportInspectOutput, ImportResultOutput } from '../../../../schemas/api.ts';
import type { ScreenDescriptor } from '../../../../schemas/screen.ts';
import { fieldLabelId } from '../../../core/fieldLabel.ts';
import { isoDate } from '../../../core/format.ts';
import { api } from '../../api/client.ts';
import { describeError, say } from '../../api/said.ts';
import { useReturnFocus } from '../../chrome/returnFocus.ts';
import { toast } from '../../chrome/toasts.tsx';
import { useT } from '../../i18n/useT.ts';
import { fileTitle, saveBlob } from './saveBlob.ts';
import { problemText, reportCsv, suggestMapping, type ReportHeaders } from './importModel.ts';

type Inspect = v.InferOutput<typeof ImportInspectOutput>;
type Result = v.InferOutput<typeof ImportResultOutput>;
type Step = { kind: 'file' } | { kind: 'map'; info: Inspect } | { kind: 'preview'; info: Inspect; result: Result };

interface Props {
  form: string;
  columns: ScreenDescriptor['columns'];
  language: string;
  onClose(): void;
  onImported(): void;
}

/** The prices a confirmation may take under the minimum margin (migrations 121, 129). */
const PRICE_FIELDS = ['selling_price_shop', 'shop_price'];

/** Problems listed in the dialog; the report holds all the server sent. */
const SHOWN = 200;

export default function ImportDialog({ form, columns, language, onClose, onImported }: Props) {
  const t = useT();
  const intl = useIntl();
  const [file, setFile] = useState<File | null>(null);
  const [step, setStep] = useState<Step>({ kind: 'file' });
  const [mapping, setMapping] = useState<(string | null)[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Prices under the minimum margin are intended (core/confirmations.ts below_min_margin): passed as the import's confirmation, else such rows are reported.
  const [belowMinMargin, setBelowMinMargin] = useState(false);
  const pricesConfirmable = PRICE_FIELDS.some((f) => columns[f]?.editable);
  const returnFocus = useReturnFocus();
  const label = (field: string) => t(fieldLabelId(field, columns[field]));
  // Rich text is exported and imported as its HTML, cleaned as the editor's save cleans it: the dialog says so.
  const richText = Object.entries(columns)
    .filter(([, c]) => c.html && c.editable)
    .map(([f]) => label(f));

  const send = async <T,>(mode: 'inspect' | 'preview' | 'commit', f: File, map?: (string | null)[], confirmBelow = belowMinMargin): Promise<T | null> => {
    const body = new FormData();
    body.set('file', f, f.name);
    body.set('mode', mode);
    body.set('language', language);
    if (map) body.set('mapping', JSON.stringify(map));
    if (mode !== 'inspect' && pricesConfirmable && confirmBelow) body.set('confirm', 'below_min_margin');
    setBusy(true);
    setError(null);
    try {
      return await api.upload<T>(`/api/import/${form}`, body);
    } catch (e) {
      setError(say(intl, describeError(e)));
      return null;
    } finally {
      setBusy(false);
    }
  };

  const reportHeaders = (info: Inspect): ReportHeaders => ({
    line: t('transfer.line'),
    keys: info.fields.filter((f) => f.key).map((f) => f.field),
    column: t('transfer.column'),
    value: t('transfer.value'),
    problem: t('transfer.problem'),
  });

  const inspect = async (e: FormEvent) => {
    e.preventDefault();
    if (!file) return;
    const info = await send<Inspect>('inspect', file);
    if (!info) return;
    setMapping(suggestMapping(info.headers, info.fields, label));
    setStep({ kind: 'map', info });
  };

  const preview = async (info: Inspect, confirmBelow = belowMinMargin) => {
    const result = await send<Result>('preview', file!, mapping, confirmBelow);
    if (result) setStep({ kind: 'preview', info, result });
  };

  const commit = async (info: Inspect) => {
    const result = await send<Result>('commit', file!, mapping);
    if (!result) return;
    toast({ variant: 'success', id: 'transfer.done', values: { inserts: result.inserts, updates: result.updates } });
    onImported();
    if (result.errorRows) setStep({ kind: 'preview', info, result });
    else onClose();
  };

  const missing = step.kind === 'file' ? [] : step.info.fields.filter((f) => f.required && !mapping.includes(f.field)).map((f) => label(f.field));

  const mappedSomething = mapping.some((f) => f !== null);

  /** "Prices under the minimum margin are intended": on a screen with a selling or shop price; changed after a check, the check runs again. */
  const confirmBox = (info: Inspect, recheck: boolean) =>
    pricesConfirmable && (
      <label className="form-check import-confirm">
        <input
          type="checkbox"
          checked={belowMinMargin}
          disabled={busy}
          onChange={(e) => {
            const on = e.target.checked;
            setBelowMinMargin(on);
            if (recheck) void preview(info, on);
          }}
        />{' '}
        {t('transfer.confirm_below_min_margin')}
      </label>
    );

  return (
    <Dialog.Root open onOpenChange={(o) => !o && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog dialog-xl import-dialog" aria-describedby={undefined} onCloseAutoFocus={returnFocus}>
          <Dialog.Title className="dialog-title">{t('transfer.import_title', { screen: t(`screens.${form}.title`) })}</Dialog.Title>

          {step.kind === 'file' && (
            <form onSubmit={(e) => void inspect(e)}>
              <label className="grid-form-row">
                <span>{t('transfer.choose_file')}</span>
                <input
                  type="file"
                  className="import-file"
                  accept=".csv,.tsv,.txt,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                  onChange={(e) => setFile(e.target.files?.[0] ?? null)}
                />
              </label>
              {error && (
                <p className="grid-form-error" role="alert">
                  {error}
                </p>
              )}
              <div className="dialog-buttons">
                <button type="button" onClick={onClose}>
                  {t('common.cancel')}
                </button>
                <button type="submit" className="import-next" disabled={!file || busy}>
                  {t('transfer.next')}
                </button>
              </div>
            </form>
          )}

          {step.kind === 'map' && (
            <>
              <p>
                {t('transfer.rows_found', { rows: step.info.rows })} {t('transfer.map_hint')}
              </p>
              <table className="import-mapping">
                <thead>
                  <tr>
                    <th>{t('transfer.file_column')}</th>
                    <th>{t('transfer.sample')}</th>
                    <th>{t('transfer.field')}</th>
                  </tr>
                </thead>
                <tbody>
                  {step.info.headers.map((h, i) => (
                    <tr key={i}>
                      <td>{h || `#${i + 1}`}</td>
                      <td className="import-sample">
                        {step.info.sample
                          .slice(0, 3)
                          .map((r) => r[i] ?? '')
                          .filter(Boolean)
                          .join(' · ')}
                      </td>
                      <td>
                        <select
                          aria-label={`${t('transfer.field')}: ${h || `#${i + 1}`}`}
                          value={mapping[i] ?? ''}
                          onChange={(e) => setMapping((m) => m.map((x, j) => (j === i ? e.target.value || null : x === e.target.value ? null : x)))}
                        >
                          <option value="">{t('transfer.ignore')}</option>
                          {step.info.fields.map((f) => (
                            <option key={f.field} value={f.field}>
                              {label(f.field)}
                              {f.key ? ` (${t('transfer.key')})` : f.required ? ' *' : ''}
                            </option>
                          ))}
                        </select>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
              {richText.length > 0 && <p className="grid-muted import-rich-text">{t('transfer.rich_text_html', { columns: richText.join(', ') })}</p>}
              {missing.length > 0 && step.info.canAdd && <p className="grid-muted">{t('transfer.required_unmapped', { fields: missing.join(', ') })}</p>}
              {confirmBox(step.info, false)}
              {error && (
                <p className="grid-form-error" role="alert">
                  {error}
                </p>
              )}
              <div className="dialog-buttons">
                <button type="button" onClick={() => setStep({ kind: 'file' })}>
                  {t('transfer.back')}
                </button>
                <button type="button" className="import-check" disabled={busy || !mappedSomething} onClick={() => void preview(step.info)}>
                  {t('transfer.check')}
                </button>
              </div>
            </>
          )}

          {step.kind === 'preview' && (
            <>
              <p className="import-summary" role="status">
                {t(step.result.written ? 'transfer.summary_written' : 'transfer.summary', {
                  rows: step.result.rows,
                  inserts: step.result.inserts,
                  updates: step.result.updates,
                  unchanged: step.result.unchanged,
                  errorRows: step.result.errorRows,
                })}
              </p>
              {step.result.errors.length > 0 && (
                <>
                  <h3 className="import-errors-title">{t('transfer.errors_title')}</h3>
                  <div className="import-errors-box">
                    <table className="import-errors">
                      <thead>
                        <tr>
                          <th>{t('transfer.line')}</th>
                          <th>{t('transfer.column')}</th>
                          <th>{t('transfer.problem')}</th>
                        </tr>
                      </thead>
                      <tbody>
                        {step.result.errors.slice(0, SHOWN).map((p, i) => (
                          <tr key={i} data-line={p.line}>
                            <td>{p.line}</td>
                            <td>{p.field ? label(p.field) : ''}</td>
                            <td>{problemText(p.message, intl)}</td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  </div>
                  {step.result.errors.length > SHOWN && <p className="grid-muted">{t('transfer.more_errors', { count: step.result.errors.length - SHOWN })}</p>}
                  <button
                    type="button"
                    className="import-report"
                    onClick={() =>
                      saveBlob(
                        new Blob([reportCsv(step.result.errors, reportHeaders(step.info), label, (m) => problemText(m, intl))], {
                          type: 'text/csv;charset=utf-8',
                        }),
                        // Named as an export of the screen is ('Produktliste-2026-11-24-Probleme.csv').
                        `${t('transfer.report_file', { name: fileTitle(t(`screens.${form}.title`), form), date: isoDate(new Date()) })}.csv`,
                      )
                    }
                  >
                    {t('transfer.download_report')}
                  </button>
                </>
              )}
              {!step.result.written && confirmBox(step.info, true)}
              {error && (
                <p className="grid-form-error" role="alert">
                  {error}
                </p>
              )}
              <div className="dialog-buttons">
                {step.result.written ? (
                  <button type="button" onClick={onClose}>
                    {t('common.close')}
                  </button>
                ) : (
                  <>
                    <button type="button" onClick={() => setStep({ kind: 'map', info: step.info })}>
                      {t('transfer.back')}
                    </button>
                    <button type="button" className="import-run" disabled={busy || step.result.inserts + step.result.updates === 0} onClick={() => void commit(step.info)}>
                      {t('transfer.run', { count: step.result.inserts + step.result.updates })}
                    </button>
                  </>
                )}
              </div>
            </>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
