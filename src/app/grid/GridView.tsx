/**
 * The grid itself, composed of its feature slices (features/<name>/<name>.feature.ts):
 * the state and its saving (viewState), the query and its rows (query), the TanStack
 * table (table/gridTable.ts), the row picks (selection), range and editing (range),
 * the pointer (pointer), row actions (rowActions), clipboard and fill (clipboard), keys
 * (keyboard), master-detail (masterDetail), workflow events (workflow) and the header actions (headerActions); the
 * body's rows are TanStack Virtual's (GridBody.tsx). Cells are display-only; metadata
 * and permissions are resolved once, never per cell.
 */
import { Suspense, useCallback, useLayoutEffect, useMemo, useRef, type ComponentType, type CSSProperties, type ReactNode } from 'react';
import { gridShown } from '../chrome/firstPaint.ts';
import { lazyWithMessages } from '../i18n/lazy.tsx';
import { resetColumns, totalsColumns, type ViewState } from './columnState.ts';
import { buildGridModel } from './columns.ts';
import { preloadEditing, useClipboardFill } from './features/clipboard/clipboard.feature.ts';
import { useHeaderActions } from './features/headerActions/headerActions.feature.ts';
import { useGridKeyboard } from './features/keyboard/keyboard.feature.ts';
import { useMasterDetail } from './features/masterDetail/masterDetail.feature.ts';
import { useBodyPointer } from './features/pointer/pointer.feature.ts';
import { useGridQuery } from './features/query/query.feature.ts';
import { useRange } from './features/range/range.feature.ts';
import { cellElement } from './features/range/range.utils.ts';
import { useRowActions } from './features/rowActions/rowActions.feature.ts';
import { useRowPicks } from './features/selection/selection.feature.ts';
import { useSessionRefresh } from './features/sessionRefresh/sessionRefresh.feature.ts';
import { useViewState } from './features/viewState/viewState.feature.ts';
import { useWorkflow } from './features/workflow/workflow.feature.ts';
import { useMayTranslate } from '../session/mayTranslate.ts';
import { useCellSession } from './cellSession.ts';
import { useEdits } from './features/edits/edits.feature.ts';
import { useLiveRows } from './features/liveRows/liveRows.feature.ts';
import { GridBody } from './GridBody.tsx';
import { GridHeader } from './GridHeader.tsx';
import { RowGeneration } from './rowModel/rowSource.ts';
import { rowRenderer } from './body/renderRow.tsx';
import { geometry } from './layout.ts';
import type { ScreenGridProps, ToolbarQuery } from './gridProps.ts';
import { headerState, toggleAll } from './features/selection/selection.utils.ts';
import { useGridTable } from './table/gridTable.ts';
import { useHeaderNeed, useMeasureHeaders } from './table/useHeaderFit.ts';
import { fitFor, type FitHolder } from './body/textFit.ts';
import { Toolbar } from './Toolbar.tsx';
import { TotalsRow, useTotals } from './features/totals/totals.feature.tsx';
import { GridAnnouncer } from './GridAnnouncer.tsx';
import { knownScrollTop, type RowVirtualizer } from './body/visibleRows.ts';
import './styles/grid.css';

/** How far from the active row a refused cell's row is looked for (a save answers within moments of the edit). */
const SHOW_SPAN = 200;

// Sub-grids of a master row: code loaded when a screen with details first shows one.
// The image popover (an image cell's click): code loaded with the first one.
const ImagePopover = lazyWithMessages(() => import('./renderers/ImagePopover.tsx').then((m) => ({ default: m.ImagePopover })));
const MasterDetail = lazyWithMessages(() => import('./features/masterDetail/MasterDetail.tsx').then((m) => ({ default: m.MasterDetail })));

export function GridView({
  screen,
  perms: given,
  locked,
  theme = 'balham',
  onAdd,
  onEditRow,
  reloadKey,
  reveal,
  rows,
  fixedFilter,
  toolbarStart,
  toolbarEnd,
  persistState,
  selectable: pickable,
  detailActions,
  detailGrid,
}: ScreenGridProps & { detailGrid: ComponentType<ScreenGridProps> }) {
  const dims = geometry(theme);
  // A workflow state that forbids writes (the lines of a shipped order): every cell read-only, Add and Delete shown disabled with the reason.
  const perms = useMemo(() => (locked ? { ...given, set: false } : given), [given, locked]);

  // ---- metadata, once per screen -------------------------------------------------------
  const model = useMemo(() => buildGridModel(screen), [screen]);
  const canDelete = perms.delete && !!screen.actions.delete;
  const canAdd = perms.add && !!screen.actions.add;
  const numericFields = useMemo(() => new Set(totalsColumns(model).map((c) => c.field)), [model]);
  const translatable = useMemo(() => model.columns.filter((c) => c.meta.translate && c.type === 'multi' && c.editable), [model]);
  // Rows are picked for delete, for the page's bulk actions, and for Translate (Ctrl with picked rows overwrites).
  // The server translates only for users with the translation engines' page (issue 42): no button they could not use.
  const mayTranslate = useMayTranslate();
  const canTranslate = !!screen.actions.translate && perms.set && mayTranslate && translatable.length > 0;
  // A workflow screen's rows are picked for its menu of events, offered only with the events right on its type's page (migration 094).
  const canFire = !!screen.workflow && perms.events === true;
  const selectable = canDelete || !!pickable || canTranslate || canFire;

  const viewportRef = useRef<HTMLDivElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const clipRef = useRef<HTMLTextAreaElement>(null);
  const virtualRef = useRef<RowVirtualizer | null>(null);
  // Back to the first row for a new order or filter. Setting scrollTop forces style and
  // layout in the click's (or key's) task, 3–5 ms of a sort's first task on a slow host:
  // at the top already, as the virtualizer last saw it, it is left alone.
  const scrollTop = () => {
    const viewport = viewportRef.current;
    if (viewport && knownScrollTop(virtualRef.current) !== 0) viewport.scrollTop = 0;
  };

  // ---- state (restored before the first fetch, saved by the change path) and the query --
  const persist = persistState ?? !rows;
  const cellSession = useCellSession();
  const { gs, vs, change, views } = useViewState(screen.form, model, persist, cellSession, scrollTop);
  const q = useGridQuery({ screen, model, vs, ready: gs.ready, rows, fixedFilter, reloadKey, cellSession, canDelete });
  const { ctx: queryCtx, display, count, rm } = q;
  // A new sort or filter: its first window's request leaves in the event's task (query.feature's
  // `ahead`), not after the render of the new state (GridBody's layout effect asks for it then, and takes that answer).
  const aheadOf = useRef(q.ahead);
  useLayoutEffect(() => {
    aheadOf.current = q.ahead;
  });
  const changeQuery = useCallback(
    (update: (s: ViewState) => ViewState, replace?: boolean) =>
      change((s) => {
        const next = update(s);
        if (next.sorting !== s.sorting || next.columnFilters !== s.columnFilters) aheadOf.current(next);
        return next;
      }, replace),
    [change],
  );
  // The events reserved to roles the user lacks (migration 122): neither a row's button nor the menu offers them.
  const deniedKey = perms.deniedEvents?.join(',') ?? '';
  const denied = useMemo(() => (deniedKey ? new Set(deniedKey.split(',')) : undefined), [deniedKey]);
  const ctx = useMemo(
    () => (locked || canFire ? { ...queryCtx, ...(locked ? { locked } : {}), ...(canFire ? { canEvents: true, ...(denied ? { deniedEvents: denied } : {}) } : {}) } : queryCtx),
    [queryCtx, locked, canFire, denied],
  );
  const t = ctx.t;

  // ---- the TanStack table and the rendered columns ---------------------------------------
  const headerKey = `${q.lang}/${theme}`;
  const [headerNeed, setHeaderNeed] = useHeaderNeed(headerKey);
  const { table, layout } = useGridTable({ model, selectable, state: vs, headerNeed, expanded: q.expanded, canSet: perms.set, change: changeQuery, setExpanded: q.setExpanded });
  const cols = layout.cols;
  const firstDataCol = Math.max(
    0,
    cols.findIndex((c) => c.col !== null),
  );
  useMeasureHeaders(rootRef, cols, vs.columnSizing, headerKey, setHeaderNeed);
  const hasFilterRow = model.columns.some((c) => c.filter && vs.columnVisibility[c.field] !== false);
  const headerRows = hasFilterRow ? 2 : 1;
  const headerHeight = dims.headerHeight + (hasFilterRow ? dims.filterHeight : 0);
  const grouped = vs.grouping.length > 0;

  // ---- picks, edits, range --------------------------------------------------------------
  const picks = useRowPicks(q.queryKey, q.queryTotal, rm.main, () => rm.fetchPage(q.query), model);
  // source.siblingWrites: a save may change other rows; they are read again in place (reread.ts, loaded with the first such save).
  // The rows of the latest commit are read (set below, after each commit).
  const rereadLatest = useRef<(skip: (id: string) => boolean) => Promise<void>>(async () => {});
  const reread = useMemo(() => (screen.source.siblingWrites && !rows ? (skip: (id: string) => boolean) => rereadLatest.current(skip) : undefined), [screen.source.siblingWrites, rows]);
  // A refused save's cell (a rule of the record) is brought into view: set after the range exists, below.
  const showCell = useRef<(id: string, field: string) => void>(() => {});
  const edits = useEdits({ screen, model, patch: q.patch, current: q.current, reread, reload: q.reload, show: (id, field) => showCell.current(id, field) });
  useSessionRefresh(screen, edits.savedTick, reloadKey);
  const detailMove = useRef(() => {});
  const orderKey = JSON.stringify([q.sortModel, q.filterModel, q.fixedKey, vs.grouping]);
  // Live rows: other users' changes read again in place; the row being edited shows the conflict instead.
  const editingId = useRef<string | undefined>(undefined);
  const live = useLiveRows({
    form: screen.form,
    model,
    on: !rows,
    current: q.current,
    patch: q.patch,
    busy: edits.busy,
    editingId: () => editingId.current,
    rereadAll: () => rereadLatest.current(edits.busy),
  });
  const range = useRange({ screen, model, cols, display, orderKey, firstDataCol, edits, ctx, onEditRow, onMove: () => detailMove.current(), live });
  const activeCellEl = () => cellElement(bodyRef.current, { row: range.activeRow, col: range.activeCol });

  // Which cells' text surely fits (textFit.ts): filled in from the grid's font after the
  // commit, like a ref (no render for it: rows drawn before clip, which looks the same).
  // A new one per theme: its font size makes the rows' answers stale.
  const fit = useMemo((): FitHolder & { theme: string } => ({ theme, fit: null, pad: 0 }), [theme]);
  useLayoutEffect(() => {
    if (rootRef.current && !fit.fit) Object.assign(fit, fitFor(rootRef.current));
  }, [fit]);
  // The server's first paint of this grid goes in the commit that shows its first answer (chrome/firstPaint.ts).
  useLayoutEffect(() => {
    if (!q.loadingFirst) gridShown(screen.form);
  }, [q.loadingFirst, screen.form]);
  const keepRows = useMemo(() => [range.activeRow, range.editing?.index ?? -1], [range.activeRow, range.editing?.index]);

  // ---- totals, master-detail, row actions, pointer, clipboard, keys, headers ----------------
  const visibleNumeric = cols.filter((c) => c.col && numericFields.has(c.id)).map((c) => c.id);
  const totalsOn = vs.totals && visibleNumeric.length > 0 && gs.ready;
  // A column switched to 'none' is not asked for.
  const totalsFields = visibleNumeric.filter((f) => vs.aggs[f] !== 'none');
  const totals = useTotals({
    on: totalsOn,
    model,
    query: q.query,
    client: rm.client,
    texts: rm.texts,
    groupBy: vs.grouping,
    fields: totalsFields,
    aggs: vs.aggs,
    numeric: numericFields,
    ctx,
    key: [q.dataKey, edits.savedTick],
  });
  const md = useMasterDetail({ screen, model, q, range, reveal, firstDataCol, grouped });
  // A screen whose columns name groups has a record form (the row's fields in tabs): opened for the active row.
  const activeRowItem = display.item(range.activeRow);
  const recordRow = activeRowItem?.kind === 'row' ? activeRowItem.row?.data : undefined;
  const hasRecord = useMemo(() => Object.values(screen.columns).some((c) => c.group !== undefined), [screen]);
  // What the handlers above call, as of the latest commit (they run in events, after it).
  useLayoutEffect(() => {
    detailMove.current = md.onMove;
    showCell.current = (id, field) => {
      // Not while an editor is open (the user is typing elsewhere); the row is looked for around the active one.
      const col = cols.findIndex((c) => c.id === field);
      if (range.editing || col < 0) return;
      const from = Math.max(0, range.activeRow - SHOW_SPAN);
      const to = Math.min(display.count - 1, range.activeRow + SHOW_SPAN);
      for (let i = from; i <= to; i++) {
        const it = display.item(i);
        if (it?.kind === 'row' && it.row?.id === id) return range.moveTo({ row: i, col });
      }
    };
    editingId.current = range.editing?.id;
    rereadLatest.current = (skip) =>
      import('./features/edits/reread.ts').then((m) => m.rereadRows({ query: q.query, main: rm.main, fetchPage: rm.fetchPage, rowId: model.rowId, current: q.current, patch: q.patch, skip }));
  });
  const rowActions = useRowActions({ screen, model, q, picks, edits, canDelete, translatable, focusActive: range.focusActive });
  const workflow = useWorkflow({ screen, q, picks, canFire, denied });
  // One delegated handler for the cells' buttons: a workflow event's, else the row actions'.
  const actions = { ...rowActions, cellAction: (...a: Parameters<typeof rowActions.cellAction>) => void (workflow.cellAction(a[0], a[1]) || rowActions.cellAction(...a)) };
  const pointer = useBodyPointer({ bodyRef, cols, display, range, picks, toggleGroup: q.toggleGroup, cellAction: actions.cellAction, onCellPress: md.onCellPress });
  const clip = useClipboardFill({ model, cols, display, ctx, range, picks, edits, canSet: perms.set, bodyRef, clipRef, activeCellEl });
  const keys = useGridKeyboard({
    viewportRef,
    bodyRef,
    rootRef,
    layout,
    display,
    range,
    picks,
    edits,
    firstDataCol,
    rowHeight: dims.rowHeight,
    headerHeight,
    totalsOn,
    selectable,
    canSet: perms.set,
    toggleGroup: q.toggleGroup,
    cellAction: actions.cellAction,
    activeCellEl,
    clip,
  });
  const headerActions = useHeaderActions({ table, change: changeQuery, grouping: vs.grouping, client: rm.client, lang: q.lang, scrollTop });

  // ---- render ----------------------------------------------------------------------------------------
  const rootStyle = {
    '--grid-row-h': `${dims.rowHeight}px`,
    '--grid-header-h': `${dims.headerHeight}px`,
    '--grid-filter-h': `${dims.filterHeight}px`,
    '--grid-cols': layout.template,
    '--grid-min-w': `${layout.minWidth}px`,
  } as CSSProperties;

  let overlay: ReactNode = null;
  if (q.loadingFirst) overlay = t('grid.loading');
  else if (count === 0) overlay = t(q.filtersActive ? 'grid.no_elements_found' : 'grid.list_is_empty');

  const main = rm.main;
  const shownSettled = !!rm.shown?.settled;
  const renderRow = rowRenderer({
    model,
    ctx,
    cols,
    rowIndexBase: headerRows + 1,
    activeRow: range.activeRow,
    activeCol: range.activeCol,
    rect: range.rect,
    editing: range.editing,
    editor: range.editor,
    rowSel: picks.rowSel,
    selectLabel: selectable ? t('grid.select_row') : '',
    flags: edits.flags,
    fit,
    groupTotals: totals.groups,
  });
  const rowSel = picks.rowSel;
  // What the page's toolbar parts act on (export, bulk actions).
  const toolbarQuery: ToolbarQuery | null =
    toolbarStart || toolbarEnd
      ? {
          form: screen.form,
          sortModel: q.sortModel,
          filterModel: q.filterModel,
          language: q.lang,
          visibleColumns: cols.flatMap((c) => (c.col ? [c.id] : [])),
          selection: { count: picks.selCount, all: rowSel.all, keys: [...(rowSel.all ? rowSel.except : rowSel.ids)].map((id) => model.keyOfId(id)) },
        }
      : null;

  return (
    <div
      ref={rootRef}
      className={`screen-grid grid-theme-${theme}`}
      style={rootStyle}
      data-form={screen.form}
      onPaste={clip.onPaste}
      onCopy={clip.onCopy}
      // Editing starts from a focused grid: its editors and paste code load then, before the first edit.
      onFocus={perms.set ? preloadEditing : undefined}
    >
      <Toolbar
        form={screen.form}
        model={model}
        state={vs}
        t={t}
        total={shownSettled ? q.queryTotal : null}
        estimate={!!rm.shown && !rm.shown.totalExact}
        onCountExactly={main instanceof RowGeneration ? () => void main.countExactly().catch(q.onError) : undefined}
        groupBy={vs.grouping}
        groupsTruncated={!!rm.groups?.truncated}
        onUngroup={headerActions.toggleGroup}
        views={views}
        hasTotals={numericFields.size > 0}
        onVisible={(f, visible) => table.getColumn(f)?.toggleVisibility(visible)}
        onTotals={(on) => change((s) => ({ ...s, totals: on }))}
        onResetColumns={() => change((s) => resetColumns(model, s), true)}
        fill={clip.fill && { ...clip.fill, disabled: !shownSettled }}
        onTranslate={canTranslate ? actions.onTranslate : undefined}
        history={perms.set || canDelete ? { canUndo: edits.canUndo, canRedo: edits.canRedo, undo: () => void edits.undoLast(), redo: () => void edits.redoLast() } : undefined}
        onRefresh={rows ? undefined : q.reload}
        onAdd={canAdd ? () => onAdd?.() : undefined}
        record={hasRecord && onEditRow ? { disabled: !recordRow, open: () => recordRow && onEditRow(recordRow) } : undefined}
        locked={locked}
        details={md.toolbar}
        del={canDelete ? { count: picks.selCount, busy: actions.deleting, run: () => void actions.deleteSelected() } : undefined}
        workflow={workflow.on ? { actions: workflow.menu, picked: picks.selCount, lang: q.lang, run: workflow.onMenu } : undefined}
        start={toolbarQuery && toolbarStart?.(toolbarQuery, { pushUndo: edits.pushLogged })}
        end={toolbarQuery && toolbarEnd?.(toolbarQuery)}
      />
      <div className="grid-frame">
        <div
          ref={viewportRef}
          className="grid-viewport"
          role="grid"
          aria-rowcount={count + headerRows + (totalsOn ? 1 : 0)}
          aria-colcount={cols.length}
          aria-multiselectable={selectable || undefined}
          aria-busy={q.loadingFirst || !main?.settled || undefined}
          data-loading={(!main?.settled && gs.ready) || undefined}
          // Where the rows are worked on: in memory ('client': sorts and filters ask no server) or by the server.
          data-row-model={rm.client ? 'client' : 'server'}
          // Writes on their way, for whoever waits for them to end (the browser tests): cell saves
          // not answered yet (a count), and the state's save waiting for its pause or answer.
          data-saving={edits.saving || undefined}
          data-state-save={gs.saving ?? undefined}
        >
          <GridHeader
            table={table}
            cols={cols}
            hasFilterRow={hasFilterRow}
            actions={headerActions}
            ctx={ctx}
            numeric={numericFields}
            aggs={vs.aggs}
            totalsOn={totalsOn}
            selectAll={{ state: headerState(rowSel, q.queryTotal), toggle: () => picks.update((s) => toggleAll(s, q.queryTotal)) }}
            epoch={gs.epoch}
            filterCurrency={vs.filterCurrency}
            toBody={(col) => range.moveTo({ row: range.activeRow, col })}
          />
          <GridBody
            viewportRef={viewportRef}
            bodyRef={bodyRef}
            virtualRef={virtualRef}
            display={display}
            rowHeight={dims.rowHeight}
            headerHeight={headerHeight}
            keep={keepRows}
            fetching={rm.client === null}
            layout={layout}
            renderRow={renderRow}
            handlers={{ ...pointer, onKeyDown: keys.onKeyDown }}
          />
          {totalsOn && <TotalsRow cols={cols} totals={totals.row} aggs={vs.aggs} numeric={numericFields} ctx={ctx} rowIndex={count + headerRows + 1} />}
        </div>
        {overlay && (
          <div className="grid-overlay" role="status" style={{ top: headerHeight + 1 }}>
            <span>{overlay}</span>
          </div>
        )}
        <textarea ref={clipRef} className="grid-clipboard" aria-hidden="true" tabIndex={-1} defaultValue="" />
      </div>
      <GridAnnouncer
        sorting={vs.sorting}
        filters={vs.columnFilters}
        total={shownSettled ? q.queryTotal : null}
        estimate={!!rm.shown && !rm.shown.totalExact}
        labelId={(id) => model.byField.get(id)?.labelId ?? id}
      />
      {actions.image && (
        <Suspense fallback={null}>
          <ImagePopover anchor={actions.image.anchor} src={actions.image.src} label={t('grid.image')} onClose={actions.closeImage} />
        </Suspense>
      )}
      {md.panel && (
        <Suspense fallback={null}>
          <MasterDetail
            forms={md.details}
            masterKeys={model.keys}
            masterRow={md.panel.row}
            title={md.panel.title}
            perms={perms}
            theme={theme}
            t={t}
            lang={q.lang}
            onClose={() => {
              md.close();
              range.focusActive();
            }}
            onDetailWrite={md.onDetailWrite}
            Grid={detailGrid}
            BulkActions={detailActions}
          />
        </Suspense>
      )}
    </div>
  );
}
