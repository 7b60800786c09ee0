/**
 * The toolbar's Export (CSV or XLSX of the current view: filter, sort, visible columns
 * with their headers in the UI language) and Import buttons. The export's code
 * (exportView.ts) and the import dialog are chunks of their own, loaded when used.
 */
import { Suspense, useState } from 'react';
import { lazyWithMessages } from '../../i18n/lazy.tsx';
import type { ScreenDescriptor } from '../../../../schemas/screen.ts';
import { toast } from '../../chrome/toasts.tsx';
import { useT } from '../../i18n/useT.ts';
import { Popup } from '../popover/Popup.tsx';
import type { ToolbarQuery } from '../gridProps.ts';
import './transfer.css';
import { describeError } from '../../api/said.ts';

const ImportDialog = lazyWithMessages(() => import('./ImportDialog.tsx'));

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
      await (await import('./exportView.ts')).exportView(q, columns, format, t);
    } catch (e) {
      // The chunk did not load (offline, a new deployment): said as an export failure.
      toast({ variant: 'danger', id: 'transfer.export_failed', values: { message: describeError(e) } });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      {canExport && (
        <Popup
          open={menu}
          onOpenChange={(open) => setMenu(open && !busy)}
          // Busy is aria-disabled, not disabled: a disabled button would drop the focus the menu's closing just gave it.
          trigger={{ className: 'grid-export', disabled: !q.visibleColumns.length, 'aria-disabled': busy || undefined, 'aria-haspopup': 'menu', 'aria-busy': busy || undefined }}
          label={t('grid.export')}
          panel={{ className: 'grid-popover grid-export-menu', role: 'menu', label: t('grid.export'), align: 'end', sideOffset: 4 }}
        >
          <button type="button" role="menuitem" className="grid-export-csv" onClick={() => void run('csv')}>
            {t('grid.export_csv')}
          </button>
          <button type="button" role="menuitem" className="grid-export-xlsx" onClick={() => void run('xlsx')}>
            {t('grid.export_xlsx')}
          </button>
        </Popup>
      )}
      {canImport && (
        <button type="button" className="grid-import" onClick={() => setImporting(true)} aria-haspopup="dialog">
          {t('grid.import')}
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
