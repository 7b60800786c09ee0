/**
 * Export of the grid's current view (filter, sort, visible columns with their headers in the
 * UI language) as CSV or XLSX, saved as a download. Rarely used: a chunk of its own, loaded
 * when a format is picked (not on the list route).
 */
import type { ScreenDescriptor } from '../../../../schemas/screen.ts';
import { fieldLabelId } from '../../../core/fieldLabel.ts';
import { isoDate } from '../../../core/format.ts';
import { describeError } from '../../api/said.ts';
import { toast } from '../../chrome/toasts.tsx';
import { gridData } from '../dataProvider/provider.ts';
import type { ToolbarQuery } from '../gridProps.ts';
import { fileTitle, saveBlob } from './saveBlob.ts';

export async function exportView(q: ToolbarQuery, columns: ScreenDescriptor['columns'], format: 'csv' | 'xlsx', t: (id: string) => string): Promise<void> {
  try {
    const blob = await gridData().export(q.form, {
      format,
      language: q.language,
      // Date-times are written as the grid shows them: in this browser's zone.
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      title: t(`screens.${q.form}.title`),
      ...(q.sortModel.length ? { sortModel: q.sortModel } : {}),
      ...(Object.keys(q.filterModel).length ? { filterModel: q.filterModel } : {}),
      columns: q.visibleColumns.map((field) => ({ field, header: t(fieldLabelId(field, columns[field])) })),
    });
    // Named after the screen as the user knows it ('Produktliste-2026-11-24.csv'), without characters file systems refuse.
    const name = fileTitle(t(`screens.${q.form}.title`), q.form);
    saveBlob(blob, `${name}-${isoDate(new Date())}.${format}`); // today here, not in UTC
  } catch (e) {
    toast({ variant: 'danger', id: 'transfer.export_failed', values: { message: describeError(e) } });
  }
}
