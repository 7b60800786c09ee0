/**
 * Master-detail: the panel of a screen with `details` shows the active row's sub-grids
 * (detailPanel.ts: one derivation, held during a keyboard move's pause). A detail that
 * wrote makes the grid read its master row again (a detail may write the master's table
 * and move its row version: a stale version would make the next inline edit a 409). A
 * row just added or edited is scrolled to and made the active row (the panel follows it),
 * or reported filtered out. The panel's code loads when a screen first shows one.
 */
import { useCallback, useLayoutEffect, useRef } from 'react';
import { toast } from '../../../chrome/toasts.tsx';
import { masterTitle, useDetailMode, useDetailRow } from './detailPanel.ts';
import { fetchWindow } from '../../gridApi.ts';
import { useReveal } from '../../rowModel/reveal.ts';
import { single } from '../selection/selection.utils.ts';
import type { MasterDetailInput } from './masterDetail.types.ts';

/** The detail panel follows keyboard moves after this pause (detailPanel.ts). */
const DETAIL_DELAY_MS = 200;

export type { MasterDetailInput } from './masterDetail.types.ts';

export function useMasterDetail({ screen, model, q, range: ra, reveal, firstDataCol, grouped }: MasterDetailInput) {
  const details = screen.details ?? [];
  const [mode, setMode] = useDetailMode(screen.form);
  const activeItem = q.display.item(ra.activeRow);
  const detail = useDetailRow(details.length && activeItem?.kind === 'row' ? activeItem.row : undefined, q.company ?? null, DETAIL_DELAY_MS);
  const detailId = detail.shown?.id ?? null;
  const row = detail.shown ? (q.current(detail.shown.id) ?? detail.shown.row) : undefined;

  // The master row read again, as the last committed render shows it (the detail's callback stays one function).
  const refresh = useRef<() => void>(() => {});
  useLayoutEffect(() => {
    refresh.current = () => {
      const current = detailId ? q.current(detailId) : undefined;
      if (!detailId || !current) return;
      const keys = Object.fromEntries(model.keys.map((k) => [k, current[k]]));
      fetchWindow({ form: screen.form, sortModel: [], filterModel: {}, fixed: keys, language: q.lang }, { startRow: 0, endRow: 1, count: 'exact' }).then(
        (p) => p.rows[0] && q.patch(detailId, p.rows[0]),
        (e: unknown) => console.warn('grid: could not refresh the master row', e),
      );
    };
  });
  const onDetailWrite = useCallback(() => refresh.current(), []);

  useReveal({
    row: reveal,
    model,
    query: q.query,
    queryKey: q.queryKey,
    dataKey: q.dataKey,
    main: q.rm.main,
    grouped,
    show: (index, _id, asked) => {
      // An edited row keeps the column the user was on; a new row starts at the first.
      ra.setRange((r) => single({ row: index, col: asked.edited ? r.focus.col : firstDataCol }));
      ra.focusActive();
      detail.release();
    },
    missing: (asked) => toast({ variant: 'info', id: asked.edited ? 'messages.edited_row_filtered' : 'messages.added_row_filtered' }),
  });

  const open = details.length > 0 && mode === 'open';
  return {
    details,
    open,
    /** The panel's master row (null: none to show). */
    panel: open && row ? { row, title: masterTitle(screen, model.keys, row, q.ctx.multi) } : null,
    toolbar: details.length ? { open, toggle: () => setMode(open ? 'closed' : 'open') } : undefined,
    close: () => setMode('closed'),
    onDetailWrite,
    /** A keyboard move: the panel keeps its row for a pause. */
    onMove: () => {
      if (open) detail.hold();
    },
    /** A data cell pressed: the panel shows its row at once, and opens unless the user closed it. */
    onCellPress: () => {
      if (!details.length) return;
      detail.release();
      if (!mode) setMode('open');
    },
  };
}
