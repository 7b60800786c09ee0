/**
 * The toolbar's Export (CSV or XLSX of the current view: filter, sort, visible columns
 * with their headers in the UI language) and Import buttons. The import dialog is its own
 * chunk, loaded when opened.
 */
import { lazy, Suspense, useState } from 'react';
import type { ScreenDescriptor } from '../../../../schemas/screen.ts';
import { fieldLabelId } from '../../../core/fieldLabel.ts';
import { ApiError, api } from '../../api/client.ts';
import { toast } from '../../chrome/toasts.tsx';
import { useT } from '../../i18n/useT.ts';
import { Popup } from '../popover/Popup.tsx';
import type { ToolbarQuery } from '../ScreenGrid.tsx';
import { saveBlob } from './saveBlob.ts';
import './transfer.css';

const ImportDialog = lazy(() => import('./ImportDialog.tsx'));

interface Props {
  q: ToolbarQuery;
  /** The screen's columns: headers are their labels. */
  columns: ScreenDescriptor['columns'];
  canExport: boolean;
  canImport: boolean;
  onImported(): void;
}

export function TransferButtons({ q, columns, canExport, canImport, onImported }: Props) {
  const t = useT();
  const [menu, setMenu] = useState(false);
  const [busy, setBusy] = useState(false);
  const [importing, setImporting] = useState(false);

  const run = async (format: 'csv' | 'xlsx') => {
    setMenu(false);
    setBusy(true);
    try {
      const blob = await api.download(`/api/export/${q.form}`, {
        format,
        language: q.language,
        title: t(`screens.${q.form}.title`),
        ...(q.sortModel.length ? { sortModel: q.sortModel } : {}),
        ...(Object.keys(q.filterModel).length ? { filterModel: q.filterModel } : {}),
        columns: q.visibleColumns.map((field) => ({ field, header: t(fieldLabelId(field, columns[field])) })),
      });
      // Named after the screen as the user knows it ('Produktliste-2026-11-24.csv'), without characters file systems refuse.
      const name = t(`screens.${q.form}.title`).replace(/[\\/:*?"<>|\u0000-\u001f]+/g, '-').trim() || q.form;
      saveBlob(blob, `${name}-${new Date().toISOString().slice(0, 10)}.${format}`);
    } catch (e) {
      toast({ variant: 'danger', id: 'transfer.export_failed', values: { message: e instanceof ApiError ? e.message : String(e) } });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      {canExport && (
        <Popup
          open={menu}
          onOpenChange={setMenu}
          trigger={{ className: 'grid-export', disabled: busy || !q.visibleColumns.length, 'aria-haspopup': 'menu', 'aria-busy': busy || undefined }}
          label={t('transfer.export')}
          panel={{ className: 'grid-popover grid-export-menu', role: 'menu', label: t('transfer.export'), align: 'end', sideOffset: 4 }}
        >
          <button type="button" role="menuitem" className="grid-export-csv" onClick={() => void run('csv')}>
            {t('transfer.export_csv')}
          </button>
          <button type="button" role="menuitem" className="grid-export-xlsx" onClick={() => void run('xlsx')}>
            {t('transfer.export_xlsx')}
          </button>
        </Popup>
      )}
      {canImport && (
        <button type="button" className="grid-import" onClick={() => setImporting(true)} aria-haspopup="dialog">
          {t('transfer.import')}
        </button>
      )}
      {importing && (
        <Suspense fallback={null}>
          <ImportDialog form={q.form} columns={columns} language={q.language} onClose={() => setImporting(false)} onImported={onImported} />
        </Suspense>
      )}
    </>
  );
}
