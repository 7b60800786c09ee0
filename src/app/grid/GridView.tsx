/**
 * The grid itself: state, row model, layout and the ONE delegated handler set on the
 * body (pointer, click, double-click, keys) plus paste on the root. Cells are
 * display-only; metadata and permissions are resolved here once, never per cell.
 */
import {
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type ClipboardEvent,
  type CSSProperties,
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
  type ReactNode,
} from 'react';
import { useIntl } from 'react-intl';
import { toast } from '../chrome/toasts.tsx';
import type { Values } from '../i18n/useT.ts';
import { useSession } from '../session/session.ts';
import { cellText } from './cellText.ts';
import type { GroupOrder } from './grouping.ts';
import { useCellSession } from './cellSession.ts';
import { masterTitle, useDetailMode, useDetailRow } from './detailPanel.ts';
import { buildGridModel } from './columns.ts';
import { canGroupBy, fromSaved, inViewCurrency, MAX_GROUP_BY, MIN_WIDTH, moveColumn, pinColumn, resetColumns, setColumnVisible, toSaved, totalsColumns } from './columnState.ts';
import { useEdits, statusText } from './edits.ts';
import { FilterCell } from './FilterCell.tsx';
import { toFilterModel, toSortModel } from './filters.ts';
import { convertsFilter, moneyView } from './moneyCurrency.ts';
import { preloadEditors } from './editors/lazy.tsx';
import { createFormatters } from './format.ts';
import { fetchWindow, type Query, type TotalFn } from './gridApi.ts';
import { HeaderCell, SelectAllCell, type HeaderActions } from './HeaderCell.tsx';
import { keyIntent } from './keyboard.ts';
import { buildLayout, leafColumns, SELECT_ID, setFilter, sortOf, THEMES, toggleSort, type ViewColumn } from './layout.ts';
import { LookupStore } from './lookups.ts';
import { GridBody } from './GridBody.tsx';
import { preloadFill } from './FillDialog.tsx';
import { headerNeeds, needsChanged } from './headerFit.ts';
import { useReveal } from './reveal.ts';
import { collectRows, RowGeneration, RowStore } from './rowSource.ts';
import { ImagePopover } from './renderers/index.tsx';
import { GroupRowView, RowView } from './RowView.tsx';
import { fitFor, type FitHolder } from './textFit.ts';
import type { ScreenGridProps } from './ScreenGrid.tsx';
import {
  clampRange,
  followColumns,
  headerState,
  indexRange,
  isRowSelected,
  isSingleCell,
  moveFocus,
  NO_ROWS,
  rectOf,
  rowSpanOf,
  selectedCount,
  setRows,
  single,
  toggleAll,
  toggleRow,
  type CellPos,
  type CellRange,
  type RowSelection,
} from './selection.ts';
import { fillDownChanges, rangeText, type Sheet } from './sheet.ts';
import { Toolbar } from './Toolbar.tsx';
import { TotalsRow, useTotals } from './totals.tsx';
import type { CellCtx, EditMove, GridRow, Row } from './types.ts';
import { useGridState } from './useGridState.ts';
import { useRowModel, type DisplayItem } from './useRowModel.ts';
import { knownScrollTop } from './visibleRows.ts';
import { pickText } from '../../core/multiText.ts';
import './grid.css';

// Delete and translate of rows (confirmation, translation planning): loaded when used.
const loadBulk = () => import('./bulkActions.ts');
// Typed text into cells (parsers and validation schemas): loaded with the first paste or fill.
const loadPasteFill = () => import('./pasteFill.ts');
let editingLoaded = false;
const preloadEditing = () => {
  if (editingLoaded) return;
  editingLoaded = true;
  preloadEditors();
  void loadPasteFill();
  preloadFill();
};
// Sub-grids of a master row: code loaded when a screen with details first shows one.
const MasterDetail = lazy(() => import('./MasterDetail.tsx').then((m) => ({ default: m.MasterDetail })));

/** The detail panel follows keyboard moves after this pause (detailPanel.ts). */
const DETAIL_DELAY_MS = 200;
/** Editors that take a typed first character (the others open on Enter/F2/double-click). */
const TYPE_TO_EDIT = new Set(['text', 'number', 'int', 'multi']);

/** Text of a multi-language value: the language's, else English, else the first one (core/multiText.ts). */
const multiText = (v: unknown, lang: string): string => pickText(v, lang)?.text ?? '';

interface Editing {
  index: number;
  id: string;
  field: string;
  initial: string | undefined;
}

export function GridView({ screen, perms, theme = 'balham', onAdd, onEditRow, reloadKey, reveal, rows, fixedFilter, toolbarEnd, persistState, selectable: pickable }: ScreenGridProps) {
  const intl = useIntl();
  const lang = useSession((s) => s.lang);
  const company = useSession((s) => s.company);
  const dims = THEMES[theme];

  // ---- metadata, once per screen -------------------------------------------------------
  const model = useMemo(() => buildGridModel(screen), [screen]);
  const canDelete = perms.delete && !!screen.actions.delete;
  const canAdd = perms.add && !!screen.actions.add;
  const numericFields = useMemo(() => new Set(totalsColumns(model).map((c) => c.field)), [model]);
  const translatable = useMemo(() => model.columns.filter((c) => c.meta.translate && c.type === 'multi' && c.editable), [model]);
  // Rows are picked for delete, for the page's bulk actions, and for Translate (Ctrl with picked rows overwrites).
  const canTranslate = !!screen.actions.translate && perms.set && translatable.length > 0;
  const selectable = canDelete || !!pickable || canTranslate;

  // ---- column state (restored before the first fetch) ------------------------------------
  const persist = persistState ?? !rows;
  const gs = useGridState(screen.form, model, persist);
  // Money filters are typed against the amounts shown (converted into the view currency):
  // the state as this currency shows it, and every change stores it so.
  const cellSession = useCellSession();
  const vs = useMemo(() => inViewCurrency(gs.state, model, cellSession), [gs.state, model, cellSession]);
  const gsChange = gs.change;
  const change = useCallback<typeof gsChange>((update, replace) => gsChange((s) => update(inViewCurrency(s, model, cellSession)), replace), [gsChange, model, cellSession]);

  const hasFilterRow = model.columns.some((c) => c.filter && vs.columnVisibility[c.field] !== false);
  const headerRows = hasFilterRow ? 2 : 1;
  const headerHeight = dims.headerHeight + (hasFilterRow ? dims.filterHeight : 0);

  // ---- the query -------------------------------------------------------------------------
  const [tick, setTick] = useState(0);
  const sortModel = useMemo(() => toSortModel(vs.sorting), [vs.sorting]);
  const filterModel = useMemo(() => toFilterModel(vs.columnFilters, model.byField, (c) => moneyView(c, cellSession)), [vs.columnFilters, model, cellSession]);
  const filtersActive = Object.keys(filterModel).length > 0;
  const fixedKey = JSON.stringify(fixedFilter ?? null);
  const fixed = useMemo(() => (fixedFilter ? (JSON.parse(fixedKey) as Record<string, unknown>) : undefined), [fixedKey]); // eslint-disable-line react-hooks/exhaustive-deps
  const query = useMemo<Query>(() => ({ form: screen.form, sortModel, filterModel, fixed, language: lang }), [screen.form, sortModel, filterModel, fixed, lang]);
  const reloadSeq = useRef({ key: reloadKey, n: 0 });
  if (reloadSeq.current.key !== reloadKey) reloadSeq.current = { key: reloadKey, n: reloadSeq.current.n + 1 };
  const dataKey = JSON.stringify([company ?? null, fixedKey, tick, reloadSeq.current.n]);
  const queryKey = JSON.stringify([query, dataKey]);

  const [store] = useState(() => new RowStore());
  const [lookups] = useState(() => new LookupStore());
  // Subscriptions: windows answered or rows changed; a lookup arrived (re-render).
  useSyncExternalStore(store.subscribe, store.getVersion);
  const lookupVersion = useSyncExternalStore(lookups.subscribe, lookups.getVersion);

  const lastError = useRef(0);
  const onError = useCallback((e: unknown) => {
    const now = Date.now();
    if (now - lastError.current < 3000) return;
    lastError.current = now;
    toast({ variant: 'danger', id: 'messages.error_loading_data', values: { status: statusText(e) }, persistent: true });
  }, []);

  // ---- what cells read, once per render --------------------------------------------------
  const ctx = useMemo<CellCtx>(() => {
    // Texts without values are looked up once per grid and language (cells ask for Yes/No
    // and the like thousands of times while scrolling).
    const texts = new Map<string, string>();
    return {
      lang,
      fmt: createFormatters(intl),
      t: (id: string, values?: Values) => {
        if (values) return intl.formatMessage({ id }, values as Record<string, string>);
        let text = texts.get(id);
        if (text === undefined) {
          text = intl.formatMessage({ id });
          texts.set(id, text);
        }
        return text;
      },
      lookup: (form: string) => lookups.get(form, company),
      multi: (v: unknown) => multiText(v, lang),
      session: cellSession,
      canDelete,
    };
  },
    // lookupVersion: a lookup arrived.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [intl, lang, lookups, company, lookupVersion, cellSession, canDelete],
  );
  const t = ctx.t;

  const groupBy = vs.groupBy;
  // Expanded groups stay through a new sort or filter (a group's id is its key path).
  const groupKey = JSON.stringify([screen.form, company ?? null, fixedKey, lang, groupBy]);
  // Groups in the order of what their rows show, descending where sorted so (grouping.ts).
  const groupOrder = useMemo<GroupOrder>(
    () => ({
      key: (field, value) => {
        const col = model.byField.get(field);
        return col && (col.lookup || typeof value !== 'number') ? cellText(col, value, {}, ctx) : value;
      },
      desc: (field) => sortModel.some((s) => s.colId === field && s.sort === 'desc'),
    }),
    [model, ctx, sortModel],
  );
  const [expandedState, setExpanded] = useState<{ key: string; set: ReadonlySet<string> }>({ key: '', set: new Set() });
  const expanded = expandedState.key === groupKey ? expandedState.set : EMPTY_SET;

  const rm = useRowModel({ model, store, query, dataKey, ready: gs.ready, rows, groupBy, groupOrder, expanded, onError });
  const display = rm.display;
  const count = display.count;
  const main = rm.main;
  // The query's own total (grouped or not): what "all rows" means.
  const queryTotal = main?.settled ? (main.total ?? 0) : (rm.shown?.total ?? 0);
  const loadingFirst = !gs.ready || !display.settled;

  useEffect(() => {
    lookups.ensure(model.lookups, company);
  }, [lookups, model, company]);

  // Grouped: the main window still answers the total (one block).
  useEffect(() => {
    if (groupBy.length) main?.ensure(0, 0);
  }, [main, groupBy.length]);

  // ---- selection (belongs to the query: a new one starts with none) ------------------------
  const [selection, setSelection] = useState<{ owner: string; value: RowSelection }>({ owner: '', value: NO_ROWS });
  const rowSel = selection.owner === queryKey ? selection.value : NO_ROWS;
  const selCount = selectedCount(rowSel, queryTotal);
  const updateSelection = (u: (s: RowSelection) => RowSelection) =>
    setSelection((s) => ({ owner: queryKey, value: u(s.owner === queryKey ? s.value : NO_ROWS) }));
  const lastToggled = useRef<number | null>(null);

  // ---- table and layout ------------------------------------------------------------------
  // Back to the first row for a new order or filter. Setting scrollTop forces style and
  // layout in the click's (or key's) task, 3–5 ms of a sort's first task on a slow host:
  // at the top already, as the last scroll event saw it, it is left alone.
  const scrollTop = () => {
    const viewport = viewportRef.current;
    if (viewport && knownScrollTop(viewport) !== 0) viewport.scrollTop = 0;
  };
  const leaf = useMemo(
    () => leafColumns(model, selectable, vs.columnOrder, vs.columnPinning, vs.columnVisibility),
    [model, selectable, vs.columnOrder, vs.columnPinning, vs.columnVisibility],
  );
  // Headers that do not fit a descriptor width widen it (headerFit.ts), per language and theme.
  const [headerFit, setHeaderFit] = useState<{ key: string; need: Record<string, number> }>({ key: '', need: {} });
  const headerKey = `${lang}/${theme}`;
  const headerNeed = headerFit.key === headerKey ? headerFit.need : NO_NEEDS;
  const layout = useMemo(() => buildLayout(leaf, vs.columnSizing, perms.set, headerNeed), [leaf, vs.columnSizing, perms.set, headerNeed]);
  const cols = layout.cols;
  const firstDataCol = Math.max(0, cols.findIndex((c) => c.col !== null));


  // ---- writes ------------------------------------------------------------------------------
  const patch = (id: string, fields: Row) => {
    if (rm.client) rm.client.patch(id, fields);
    for (const w of rm.windows()) if (!w.complete) w.patchById(id, fields);
  };
  const current = (id: string): Row | undefined => {
    for (const w of rm.windows()) {
      const d = w.dataById(id);
      if (d) return d;
    }
    return undefined;
  };
  // source.siblingWrites: a save may change other rows; they are read again in place (reread.ts).
  const rereadLatest = useRef<(skip: (id: string) => boolean) => Promise<void>>(async () => {});
  // Its code loads with the first such save (only a few screens have the flag).
  rereadLatest.current = (skip) => {
    const input = { query, main: rm.main, fetchPage: rm.fetchPage, rowId: model.rowId, current, patch, skip };
    return import('./reread.ts').then((m) => m.rereadRows(input));
  };
  const reread = useCallback((skip: (id: string) => boolean) => rereadLatest.current(skip), []);
  const reload = () => setTick((n) => n + 1);
  const edits = useEdits({ screen, model, patch, current, reread: screen.source.siblingWrites && !rows ? reread : undefined, reload });

  // ---- active cell, range, editing ------------------------------------------------------------
  const [range, setRange] = useState<CellRange>(() => single({ row: 0, col: firstDataCol }));
  // A new sort, filter or grouping puts other rows at the range's positions: the range
  // goes, the active cell moves to the first row (its column kept).
  const orderKey = JSON.stringify([sortModel, filterModel, fixedKey, groupBy]);
  const [rangeOrder, setRangeOrder] = useState(orderKey);
  if (rangeOrder !== orderKey) {
    setRangeOrder(orderKey);
    setRange((old) => single({ row: 0, col: old.focus.col }));
  }
  // Columns moved, hidden or shown: the active cell stays on its column, not its position.
  const colKey = cols.map((c) => c.id).join('\n');
  const [rangeCols, setRangeCols] = useState(colKey);
  if (rangeCols !== colKey) {
    setRangeCols(colKey);
    setRange((old) => followColumns(old, rangeCols.split('\n'), colKey.split('\n')));
  }
  const [editing, setEditing] = useState<Editing | null>(null);
  const focusPending = useRef(false);
  const lastRow = count - 1;
  const lastCol = cols.length - 1;
  const r = clampRange(range, Math.max(0, lastRow), Math.max(0, lastCol));
  const activeRow = r.focus.row;
  const activeCol = r.focus.col;
  const rect = isSingleCell(r) ? null : rectOf(r);

  // ---- virtual rows ----------------------------------------------------------------------
  const viewportRef = useRef<HTMLDivElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  // Which cells' text surely fits (textFit.ts): filled in from the grid's font after the
  // commit, like a ref (no render for it: rows drawn before clip, which looks the same).
  // A new one per theme: its font size makes the rows' answers stale.
  const fit = useMemo<FitHolder>(() => ({ fit: null, pad: 0 }), [theme]);
  useLayoutEffect(() => {
    if (rootRef.current && !fit.fit) Object.assign(fit, fitFor(rootRef.current));
  }, [fit]);
  // Before the paint (a layout effect): a widened header shows in the first frame.
  const measuredIds = cols.filter((c) => c.col && !(c.pinned && c.col.width === undefined) && vs.columnSizing[c.id] === undefined).map((c) => c.id);
  const measuredKey = measuredIds.join('\n');
  useLayoutEffect(() => {
    if (!rootRef.current || !measuredKey) return;
    const need = headerNeeds(rootRef.current, measuredKey.split('\n'));
    setHeaderFit((old) => {
      const before = old.key === headerKey ? old.need : NO_NEEDS;
      return needsChanged(before, need) ? { key: headerKey, need: { ...before, ...need } } : old;
    });
  }, [headerKey, measuredKey]);
  const clipRef = useRef<HTMLTextAreaElement>(null);
  const keepRows = useMemo(() => [activeRow, editing?.index ?? -1], [activeRow, editing?.index]);

  // ---- totals -----------------------------------------------------------------------------------
  const visibleNumeric = cols.filter((c) => c.col && numericFields.has(c.id)).map((c) => c.id);
  const totalsOn = vs.totals && visibleNumeric.length > 0 && gs.ready;
  // A column switched to 'none' is not asked for.
  const totalsFields = visibleNumeric.filter((f) => vs.aggs[f] !== 'none');
  const totals = useTotals({ on: totalsOn, model, query, client: rm.client, groupBy, fields: totalsFields, aggs: vs.aggs, numeric: numericFields, ctx, key: [dataKey, edits.savedTick] });

  // ---- master-detail -------------------------------------------------------------------------
  // The panel shows the active row (detailPanel.ts: one derivation, held during a keyboard move's pause).
  const details = screen.details ?? [];
  const [detailMode, setDetailMode] = useDetailMode(screen.form);
  const activeItem = display.item(activeRow);
  const detail = useDetailRow(details.length && activeItem?.kind === 'row' ? activeItem.row : undefined, company ?? null, DETAIL_DELAY_MS);
  const detailId = detail.shown?.id ?? null;
  const detailRow = detail.shown ? (current(detail.shown.id) ?? detail.shown.row) : undefined;
  // A detail wrote: read the master row again (a detail may write the master's table and
  // move its row version; a stale version would make the next inline edit a 409).
  const masterRefresh = useRef<() => void>(() => {});
  masterRefresh.current = () => {
    const row = detailId ? current(detailId) : undefined;
    if (!detailId || !row) return;
    const keys = Object.fromEntries(model.keys.map((k) => [k, row[k]]));
    fetchWindow({ form: screen.form, sortModel: [], filterModel: {}, fixed: keys, language: lang }, { startRow: 0, endRow: 1, count: 'exact' }).then(
      (p) => p.rows[0] && patch(detailId, p.rows[0]),
      (e: unknown) => console.warn('grid: could not refresh the master row', e),
    );
  };
  const onDetailWrite = useCallback(() => masterRefresh.current(), []);

  // A row just added or edited: scrolled to and made the active row (the detail panel follows it), or reported filtered out.
  useReveal({
    row: reveal,
    model,
    query,
    queryKey,
    dataKey,
    main: rm.main,
    grouped: groupBy.length > 0,
    show: (index, _id, asked) => {
      // An edited row keeps the column the user was on; a new row starts at the first.
      setRange((r) => single({ row: index, col: asked.edited ? r.focus.col : firstDataCol }));
      focusPending.current = true;
      detail.release();
    },
    missing: (asked) => toast({ variant: 'info', id: asked.edited ? 'messages.edited_row_filtered' : 'messages.added_row_filtered' }),
  });

  // ---- helpers over positions ------------------------------------------------------------------
  const dataRow = (index: number): GridRow | undefined => {
    const it = display.item(index);
    return it?.kind === 'row' ? it.row : undefined;
  };
  const moveTo = (to: CellPos, extend = false) => {
    setRange((old) => moveFocus(clampRange(old, Math.max(0, lastRow), Math.max(0, lastCol)), { row: Math.max(0, Math.min(lastRow, to.row)), col: Math.max(0, Math.min(lastCol, to.col)) }, extend));
    focusPending.current = true;
    if (details.length && detailMode === 'open') detail.hold();
  };
  const focusActive = () => {
    focusPending.current = true;
    setRange((x) => ({ ...x }));
  };

  /** Rows of the cell range (data rows that are loaded), in order. */
  const rangeRows = (): GridRow[] => {
    const rc = rectOf(r);
    const out: GridRow[] = [];
    for (let i = rc.top; i <= rc.bottom; i++) {
      const row = dataRow(i);
      if (row) out.push(row);
    }
    return out;
  };

  /** The checkbox-selected rows at hand (loaded or in memory); `all` beyond them is collected by the callers that need it. */
  const selectedRowsAtHand = (): GridRow[] => {
    const w = rm.main;
    if (!w) return [];
    return w.loadedRows().filter((x) => isRowSelected(rowSel, x.id));
  };

  /** Every selected row, fetching the query's rows when "all" reaches beyond those loaded. */
  const allSelectedRows = async (): Promise<GridRow[]> => {
    const w = rm.main;
    if (!w) return [];
    if (!rowSel.all || w.complete || (w.settled && w.loadedRows().length >= (w.total ?? 0))) return selectedRowsAtHand();
    const data = await collectRows(rm.fetchPage(query));
    return data.map((d, index) => ({ index, id: model.rowId(d), data: d })).filter((x) => isRowSelected(rowSel, x.id));
  };

  // ---- cell interaction ----------------------------------------------------------------------
  const clickChange = (row: GridRow, vc: ViewColumn) => {
    const col = vc.col;
    if (!col?.renderer.clickValue || !vc.canEdit) return;
    edits.save(row, col, col.renderer.clickValue(row.data[col.field], col));
  };

  const startEdit = (index: number, vc: ViewColumn | undefined, initial?: string) => {
    const row = dataRow(index);
    // Rich text is edited in the row's form (the rich-text editor), not in the cell.
    if (row && vc?.canEdit && onEditRow && screen.columns[vc.id]?.html) {
      onEditRow(row.data);
      return true;
    }
    if (!row || !vc?.col?.editor || !vc.canEdit || vc.col.renderer.clickValue) return false;
    setEditing({ index, id: row.id, field: vc.id, initial });
    return true;
  };

  const finishEdit = (commit: boolean, value?: unknown, dir?: EditMove, blurred?: boolean) => {
    const ed = editing;
    setEditing(null);
    // Focus returns to the cell after Enter, Esc and Tab; a blur went elsewhere on purpose.
    if (!blurred) focusPending.current = true;
    if (!ed) return;
    const row = dataRow(ed.index);
    const col = model.byField.get(ed.field);
    if (commit && row && row.id === ed.id && col) edits.save(row, col, value);
    if (dir === 'next') {
      if (activeCol < lastCol) moveTo({ row: activeRow, col: activeCol + 1 });
      else if (activeRow < lastRow) moveTo({ row: activeRow + 1, col: 0 });
    } else if (dir === 'prev') {
      if (activeCol > 0) moveTo({ row: activeRow, col: activeCol - 1 });
      else if (activeRow > 0) moveTo({ row: activeRow - 1, col: lastCol });
    } else if (dir === 'down') moveTo({ row: activeRow + 1, col: activeCol });
    else if (dir === 'up') moveTo({ row: activeRow - 1, col: activeCol });
    else if (dir === 'right') moveTo({ row: activeRow, col: activeCol + 1 });
    else if (dir === 'left') moveTo({ row: activeRow, col: Math.max(firstDataCol, activeCol - 1) });
  };

  const toggleGroup = (id: string) =>
    setExpanded((s) => {
      const set = new Set(s.key === groupKey ? s.set : []);
      if (set.has(id)) set.delete(id);
      else set.add(id);
      return { key: groupKey, set };
    });

  const locate = (target: EventTarget): CellPos | null => {
    const cell = (target as Element).closest?.('[role="gridcell"]');
    const rowEl = cell?.parentElement;
    if (!cell || !rowEl || rowEl.parentElement !== bodyRef.current) return null;
    const index = Number(rowEl.dataset.index);
    const col = Number(cell.getAttribute('aria-colindex')) - 1;
    return Number.isInteger(index) && col >= 0 ? { row: index, col } : null;
  };
  const isEditingCell = (hit: CellPos) => !!editing && editing.index === hit.row && cols[hit.col]?.id === editing.field;

  // Range by dragging: pointer down sets the anchor, moves extend it until the button is up.
  const dragging = useRef(false);
  useEffect(() => {
    const up = () => {
      dragging.current = false;
    };
    window.addEventListener('pointerup', up);
    return () => window.removeEventListener('pointerup', up);
  }, []);

  const onBodyPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (e.button !== 0) return;
    const hit = locate(e.target);
    if (!hit || isEditingCell(hit)) return;
    if (e.shiftKey && cols[hit.col]?.col) {
      e.preventDefault(); // no text selection
      setRange((old) => moveFocus(old, hit, true));
      focusPending.current = true;
      return;
    }
    setRange(single(hit));
    dragging.current = !!cols[hit.col]?.col;
    // A data cell shows its row in the detail panel at once, and opens the panel unless the user closed it (the checkbox column is for bulk actions).
    if (cols[hit.col]?.col && details.length) {
      detail.release();
      if (!detailMode) setDetailMode('open');
    }
  };
  const onBodyPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    if (!dragging.current || !(e.buttons & 1)) return;
    const hit = locate(e.target);
    if (!hit || !cols[hit.col]?.col) return;
    if (hit.row === range.focus.row && hit.col === range.focus.col) return;
    setRange((old) => ({ anchor: old.anchor, focus: hit }));
  };

  // Buttons and images in cells (renderers mark them with data-action): the cell's own action.
  const [image, setImage] = useState<{ anchor: HTMLElement; src: string } | null>(null);
  const cellAction = (el: HTMLElement, row: GridRow, vc: ViewColumn, mods: { ctrlKey: boolean; metaKey: boolean; shiftKey: boolean }) => {
    const col = vc.col;
    if (!col) return;
    switch (el.dataset.action) {
      case 'image':
        setImage((cur) => (cur?.anchor === el ? null : { anchor: el, src: el.dataset.src ?? '' }));
        break;
      case 'delete':
        if (!canDelete) return;
        void loadBulk()
          .then(({ deleteSelection }) =>
            deleteSelection({ form: screen.form, model, selection: setRows(NO_ROWS, [row.id], true), main: rm.main, collect: async () => [], onDeleted: edits.pushDeleted }),
          )
          .then((done) => {
            if (!done) return;
            reload();
            focusActive(); // the row and its button are gone: the grid keeps the focus
          });
        break;
      case 'translate':
        if (!vc.canEdit) return;
        void loadBulk().then(({ translateRows }) =>
          translateRows(
            {
              model,
              rows: [row],
              picked: true,
              fields: col.type === 'multi' ? [col.field] : translatable.map((c) => c.field),
              lang,
              current,
              save: edits.saveMany,
            },
            mods,
          ),
        );
        break;
    }
  };

  const onBodyClick = (e: MouseEvent<HTMLDivElement>) => {
    const hit = locate(e.target);
    if (!hit || isEditingCell(hit)) return;
    const it = display.item(hit.row);
    if (it?.kind === 'group') {
      toggleGroup(it.node.id);
      return;
    }
    const vc = cols[hit.col];
    const row = it?.row;
    if (!vc || !row) return;
    const button = (e.target as Element).closest<HTMLElement>('[data-action]');
    if (button && vc.col && !(button as HTMLButtonElement).disabled) {
      cellAction(button, row, vc, e);
      return;
    }
    if (!vc.col) {
      if (e.shiftKey && lastToggled.current !== null) {
        const ids = indexRange(lastToggled.current, hit.row).flatMap((i) => dataRow(i)?.id ?? []);
        updateSelection((s) => setRows(s, ids, true));
      } else updateSelection((s) => toggleRow(s, row.id));
      lastToggled.current = hit.row;
    } else if (!e.shiftKey && !e.ctrlKey && !e.metaKey) clickChange(row, vc);
  };

  const onBodyDoubleClick = (e: MouseEvent<HTMLDivElement>) => {
    const hit = locate(e.target);
    if (!hit || isEditingCell(hit)) return;
    startEdit(hit.row, cols[hit.col]);
  };

  // ---- copy, paste, fill -------------------------------------------------------------------------
  const sheet: Sheet = {
    cols,
    dataRow,
    groupValue: (i) => {
      const it = display.item(i);
      return it?.kind === 'group' ? it.node.value : undefined;
    },
    ctx,
  };

  const copyRange = () => {
    const text = rangeText(sheet, rectOf(r));
    const area = clipRef.current;
    let done = false;
    if (area) {
      area.value = text;
      area.focus({ preventScroll: true });
      area.select();
      try {
        done = document.execCommand('copy');
      } catch {
        done = false;
      }
    }
    if (!done) void navigator.clipboard?.writeText(text).catch(() => {});
    focusActive();
  };

  const pasteText = async (text: string) => {
    const { pasteBlock, pasteNotices } = await loadPasteFill();
    const res = pasteBlock(sheet, rectOf(r), isSingleCell(r), text, Math.max(0, lastRow));
    if (!res) return;
    edits.clearFlags();
    edits.setFlag(res.invalid);
    for (const n of pasteNotices(res, (f) => t(model.byField.get(f)?.labelId ?? f))) toast(n);
    if (res.changes.length) void edits.saveMany(res.changes);
    const c = res.covered;
    setRange({ anchor: { row: c.top, col: c.left }, focus: { row: c.bottom, col: c.right } });
  };

  const onRootPaste = (e: ClipboardEvent<HTMLDivElement>) => {
    const target = e.target as Node;
    const fromClip = target === clipRef.current;
    if (!fromClip && (editing || !bodyRef.current?.contains(target))) return;
    e.preventDefault();
    // Focus back from the clipboard textarea to the cells once the block is in.
    void pasteText(e.clipboardData.getData('text/plain')).then(() => fromClip && focusActive());
  };

  const onRootCopy = (e: ClipboardEvent<HTMLDivElement>) => {
    const target = e.target as Node;
    if (target === clipRef.current || editing || !bodyRef.current?.contains(target)) return;
    e.preventDefault();
    e.clipboardData.setData('text/plain', rangeText(sheet, rectOf(r)));
  };

  /** Delete: the range's editable cells emptied, in one save (undone together); refusals flagged. */
  const clearCells = async () => {
    const { clearRange } = await loadPasteFill();
    const res = clearRange(sheet, rectOf(r));
    edits.clearFlags();
    edits.setFlag(res.invalid);
    if (res.invalid.length) toast({ variant: 'warning', id: 'messages.invalid_cells', values: { count: res.invalid.length } });
    if (res.changes.length) void edits.saveMany(res.changes);
  };

  const fillDown = () => {
    const changes = fillDownChanges(sheet, rectOf(r));
    if (changes.length) void edits.saveMany(changes);
  };

  const fillColumns = cols.flatMap((c) => (c.col && c.canEdit ? [c.col] : []));
  /**
   * The Fill dialog closed: focus back on the active cell (not the Fill button), so the
   * grid's keys work at once (Ctrl+Z undoes the fill, not the browser's text undo). A cell
   * scrolled out of the DOM is brought back and focused after the next render.
   */
  const focusGrid = (): HTMLElement | null => {
    const el = activeCellEl();
    if (!el) focusActive();
    return el;
  };
  const fillWith = async (field: string, text: string): Promise<string | null> => {
    const col = model.byField.get(field);
    if (!col) return t('messages.generic_error');
    const targets = selCount > 0 ? await allSelectedRows() : rangeRows();
    if (!targets.length) return t('messages.not_selected', { text: t(col.labelId) });
    const { fillChanges } = await loadPasteFill();
    const res = fillChanges(col, text, targets, ctx);
    if ('error' in res) return res.error;
    return (await edits.saveMany(res.changes)) ? null : t('messages.generic_error');
  };

  // ---- translate, delete -------------------------------------------------------------------------------
  const onTranslate = (e: MouseEvent<HTMLButtonElement>) => {
    const picked = selCount > 0;
    const rows = picked ? selectedRowsAtHand() : (rm.main?.loadedRows() ?? []);
    const mods = { ctrlKey: e.ctrlKey, metaKey: e.metaKey, shiftKey: e.shiftKey };
    void loadBulk().then(({ translateRows }) =>
      translateRows({ model, rows, picked, fields: translatable.map((c) => c.field), lang, current, save: edits.saveMany }, mods),
    );
  };

  const [deleting, setDeleting] = useState(false);
  const deleteSelected = async () => {
    if (!selCount) return;
    const { deleteSelection } = await loadBulk();
    const done = await deleteSelection({
      form: screen.form,
      model,
      selection: rowSel,
      main: rm.main,
      collect: () => collectRows(rm.fetchPage(query)),
      onConfirmed: () => setDeleting(true),
      onDeleted: edits.pushDeleted,
    });
    setDeleting(false);
    if (!done) return;
    setSelection({ owner: '', value: NO_ROWS });
    reload();
    focusActive(); // not the delete button, disabled now: Ctrl+Z works at once
  };

  const activeCellEl = () =>
    bodyRef.current?.querySelector<HTMLElement>(`:scope > [data-index="${activeRow}"] > [aria-colindex="${activeCol + 1}"]`) ?? null;

  // ---- keyboard (one delegated handler) -------------------------------------------------------
  const onBodyKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (editing || !locate(e.target)) return;
    const viewport = viewportRef.current;
    const page = Math.max(1, Math.floor(((viewport?.clientHeight ?? 0) - headerHeight) / dims.rowHeight));
    const at = { row: activeRow, col: activeCol };
    const it = display.item(activeRow);
    const group = it?.kind === 'group' ? { expanded: it.expanded } : undefined;
    const intent = keyIntent(e, at, { lastRow: Math.max(0, lastRow), lastCol: Math.max(0, lastCol), page, firstCol: firstDataCol }, group);
    if (!intent) return;
    const vc = cols[activeCol];
    const row = it?.kind === 'row' ? it.row : undefined;
    switch (intent.type) {
      case 'move':
        moveTo(intent.to, intent.extend);
        break;
      case 'expand':
      case 'collapse':
        if (it?.kind === 'group') toggleGroup(it.node.id);
        break;
      case 'edit':
      case 'toggle':
        if (it?.kind === 'group') toggleGroup(it.node.id);
        else if (!row || !vc) break;
        else if (!vc.col) {
          updateSelection((s) => toggleRow(s, row.id));
          lastToggled.current = activeRow;
        } else if (activeCellEl()?.querySelector<HTMLElement>('[data-action]:not(:disabled)')) {
          cellAction(activeCellEl()!.querySelector<HTMLElement>('[data-action]:not(:disabled)')!, row, vc, e);
        } else if (vc.col.renderer.clickValue) clickChange(row, vc);
        else if (intent.type === 'edit') startEdit(activeRow, vc);
        else return;
        break;
      case 'selectRow':
        if (!selectable || !row) return;
        updateSelection((s) => toggleRow(s, row.id));
        break;
      case 'selectAllCells':
        setRange({ anchor: { row: 0, col: firstDataCol }, focus: { row: Math.max(0, lastRow), col: Math.max(0, lastCol) } });
        break;
      case 'copy':
        copyRange();
        break;
      case 'cut':
        copyRange();
        if (perms.set) void clearCells();
        break;
      case 'clear':
        if (!perms.set) return;
        void clearCells();
        break;
      case 'paste':
        // The browser pastes into the clipboard textarea; its paste event arrives at the root.
        if (clipRef.current) {
          clipRef.current.value = '';
          clipRef.current.focus({ preventScroll: true });
        }
        return;
      case 'fillDown':
        fillDown();
        break;
      case 'undo':
        void edits.undoLast();
        break;
      case 'type':
        if (vc?.col?.editorKey && TYPE_TO_EDIT.has(vc.col.editorKey) && startEdit(activeRow, vc, intent.char)) break;
        return;
    }
    e.preventDefault();
  };

  // Focus follows the active cell after keyboard moves and edits (and scrolls it into view).
  useLayoutEffect(() => {
    if (!focusPending.current) return;
    const viewport = viewportRef.current;
    const rowEl = bodyRef.current?.querySelector<HTMLElement>(`:scope > [data-index="${activeRow}"]`);
    const el = rowEl?.querySelector<HTMLElement>(`:scope > [aria-colindex="${activeCol + 1}"]`) ?? rowEl?.querySelector<HTMLElement>(':scope > [role="gridcell"]');
    // Rows reloading (after a delete): the focus waits for them, unless the user put it elsewhere meanwhile.
    const focusFree = document.activeElement === document.body || !!rootRef.current?.contains(document.activeElement);
    focusPending.current = !el && !display.settled && focusFree;
    if (focusPending.current) return;
    const top = activeRow * dims.rowHeight;
    if (viewport) {
      const visible = viewport.clientHeight - headerHeight - (totalsOn ? dims.rowHeight : 0);
      if (top < viewport.scrollTop) viewport.scrollTop = top;
      else if (top + dims.rowHeight > viewport.scrollTop + visible) viewport.scrollTop = top + dims.rowHeight - visible;
    }
    if (!viewport || !el) return;
    if (!el.classList.contains('cell-pinned') && !el.classList.contains('grid-group-cell')) {
      const left = el.offsetLeft;
      const width = el.offsetWidth;
      if (left < viewport.scrollLeft + layout.pinStart) viewport.scrollLeft = left - layout.pinStart;
      else if (left + width > viewport.scrollLeft + viewport.clientWidth - layout.pinEnd) {
        viewport.scrollLeft = left + width - viewport.clientWidth + layout.pinEnd;
      }
    }
    el.focus({ preventScroll: true });
  });

  // ---- header actions (stable for memoized headers) --------------------------------------------
  const headerImpl = {
    sort: (id: string, multi: boolean) => {
      change((s) => ({ ...s, sorting: toggleSort(s.sorting, id, multi) }));
      scrollTop();
    },
    prepareFilter: (id: string) => rm.client?.prepareFilter(id, lang),
    filter: (id: string, value: unknown) => {
      change((s) => ({ ...s, columnFilters: setFilter(s.columnFilters, id, value) }));
      scrollTop();
    },
    resize: (id: string, width: number | null) =>
      change((s) => {
        const sizing = { ...s.columnSizing };
        if (width === null) delete sizing[id];
        else sizing[id] = Math.max(MIN_WIDTH, width);
        return { ...s, columnSizing: sizing };
      }),
    move: (id: string, target: string, after: boolean) => {
      if (id === SELECT_ID || target === SELECT_ID) return;
      change((s) => ({ ...s, columnOrder: moveColumn(s.columnOrder, id, target, after) }));
    },
    pin: (id: string, side: 'start' | 'end' | false) => change((s) => ({ ...s, columnPinning: pinColumn(s.columnPinning, id, side) })),
    hide: (id: string) => change((s) => setColumnVisible(s, id, false)),
    toggleGroup: (id: string) => {
      // A group column past the limit is refused, saying so (it used to drop the first one silently).
      if (!groupBy.includes(id) && groupBy.length >= MAX_GROUP_BY) {
        toast({ variant: 'warning', id: 'grid.group_limit', values: { max: MAX_GROUP_BY } });
        return;
      }
      change((s) => ({ ...s, groupBy: s.groupBy.includes(id) ? s.groupBy.filter((f) => f !== id) : [...s.groupBy, id].slice(0, MAX_GROUP_BY) }));
    },
    setAgg: (id: string, fn: TotalFn) => change((s) => ({ ...s, aggs: { ...s.aggs, [id]: fn }, totals: true })),
  };
  const headerRef = useRef(headerImpl);
  headerRef.current = headerImpl;
  const headerActions = useMemo<HeaderActions>(
    () => ({
      sort: (...a) => headerRef.current.sort(...a),
      filter: (...a) => headerRef.current.filter(...a),
      prepareFilter: (...a) => headerRef.current.prepareFilter(...a),
      resize: (...a) => headerRef.current.resize(...a),
      move: (...a) => headerRef.current.move(...a),
      pin: (...a) => headerRef.current.pin(...a),
      hide: (...a) => headerRef.current.hide(...a),
      toggleGroup: (...a) => headerRef.current.toggleGroup(...a),
      setAgg: (...a) => headerRef.current.setAgg(...a),
    }),
    [],
  );

  // ---- the open editor ----------------------------------------------------------------------------
  let editor: ReactNode = null;
  const editingRow = editing ? dataRow(editing.index) : undefined;
  const editingCol = editing ? model.byField.get(editing.field) : undefined;
  if (editing && editingRow?.id === editing.id && editingCol?.editor) {
    const Editor = editingCol.editor;
    editor = (
      <Editor
        col={editingCol}
        value={editingRow.data[editingCol.field]}
        row={editingRow.data}
        ctx={ctx}
        initialInput={editing.initial}
        commit={(value, dir, blurred) => finishEdit(true, value, dir, blurred)}
        cancel={(blurred) => finishEdit(false, undefined, undefined, blurred)}
      />
    );
  }

  // ---- render ----------------------------------------------------------------------------------------
  const rootStyle = {
    '--grid-row-h': `${dims.rowHeight}px`,
    '--grid-header-h': `${dims.headerHeight}px`,
    '--grid-filter-h': `${dims.filterHeight}px`,
    '--grid-cols': layout.template,
    '--grid-min-w': `${layout.minWidth}px`,
  } as CSSProperties;

  let overlay: ReactNode = null;
  if (loadingFirst) overlay = t('grid.loading');
  else if (count === 0) overlay = t(filtersActive ? 'messages.no_elements_found' : 'messages.list_is_empty');

  const sorting = vs.sorting;
  const shownSettled = !!rm.shown?.settled;
  const estimate = !!rm.shown && !rm.shown.totalExact;
  const visibleColumns = cols.flatMap((c) => (c.col ? [c.id] : []));
  const rowIndexBase = headerRows + 1;
  const selectLabel = selectable ? t('grid.select_row') : '';

  const renderRow = (item: DisplayItem | null, index: number, top: number, key: string) => {
    if (item?.kind === 'group') {
      const col = model.byField.get(item.node.field);
      return (
        <GroupRowView
          key={key}
          index={index}
          top={top}
          rowIndexBase={rowIndexBase}
          node={item.node}
          expanded={item.expanded}
          label={col ? t(col.labelId) : item.node.field}
          valueText={col ? cellText(col, item.node.value, {}, ctx) || t('grid.group_empty') : String(item.node.value)}
          active={index === activeRow}
          cols={cols}
          totals={totals.groups}
        />
      );
    }
    const row = item?.row;
    const span = rowSpanOf(rect, index);
    const isEditRow = !!editing && editing.index === index && row?.id === editing.id;
    return (
      <RowView
        key={key}
        index={index}
        top={top}
        row={row}
        rowIndexBase={rowIndexBase}
        cols={cols}
        activeCol={index === activeRow ? activeCol : -1}
        rangeFrom={span ? span[0] : -1}
        rangeTo={span ? span[1] : -1}
        editingField={isEditRow ? editing.field : null}
        editor={isEditRow ? editor : null}
        selected={!!row && isRowSelected(rowSel, row.id)}
        selectLabel={selectLabel}
        invalid={row ? edits.flags.get(row.id) : undefined}
        ctx={ctx}
        depth={item?.kind === 'row' ? item.depth : 0}
        fit={fit}
      />
    );
  };

  return (
    <div
      ref={rootRef}
      className={`screen-grid grid-theme-${theme}`}
      style={rootStyle}
      data-form={screen.form}
      onPaste={onRootPaste}
      onCopy={onRootCopy}
      // Editing starts from a focused grid: its editors and paste code load then, before the first edit.
      onFocus={perms.set ? preloadEditing : undefined}
    >
      <Toolbar
        form={screen.form}
        model={model}
        state={vs}
        t={t}
        total={shownSettled ? queryTotal : null}
        estimate={estimate}
        onCountExactly={main instanceof RowGeneration ? () => void main.countExactly().catch(onError) : undefined}
        groupBy={groupBy}
        groupsTruncated={!!rm.groups?.truncated}
        onUngroup={headerImpl.toggleGroup}
        views={
          persist
            ? {
                // As stored (money filters in the currency typed in): a view is the same filter in any view currency.
                current: () => toSaved(gs.state, model),
                apply: (state) => {
                  change(() => fromSaved(state, model), true);
                  scrollTop();
                },
              }
            : undefined
        }
        hasTotals={numericFields.size > 0}
        onVisible={(f, visible) => change((s) => setColumnVisible(s, f, visible))}
        onTotals={(on) => change((s) => ({ ...s, totals: on }))}
        onResetColumns={() => change((s) => resetColumns(model, s), true)}
        fill={perms.set && fillColumns.length > 0 ? { columns: fillColumns, defaultField: cols[activeCol]?.col?.field, disabled: !shownSettled, apply: fillWith, focusOnClose: focusGrid } : undefined}
        onTranslate={canTranslate ? onTranslate : undefined}
        onRefresh={reload}
        onAdd={canAdd ? () => onAdd?.() : undefined}
        details={details.length ? { open: detailMode === 'open', toggle: () => setDetailMode(detailMode === 'open' ? 'closed' : 'open') } : undefined}
        del={canDelete ? { count: selCount, busy: deleting, run: () => void deleteSelected() } : undefined}
        end={toolbarEnd?.({
          form: screen.form,
          sortModel,
          filterModel,
          language: lang,
          visibleColumns,
          selection: { count: selCount, all: rowSel.all, keys: [...(rowSel.all ? rowSel.except : rowSel.ids)].map((id) => model.keyOfId(id)) },
        })}
      />
      <div className="grid-frame">
        <div
          ref={viewportRef}
          className="grid-viewport"
          role="grid"
          aria-rowcount={count + headerRows + (totalsOn ? 1 : 0)}
          aria-colcount={cols.length}
          aria-multiselectable={selectable || undefined}
          aria-busy={loadingFirst || !main?.settled || undefined}
          data-loading={(!main?.settled && gs.ready) || undefined}
        >
          <div className="grid-header" role="rowgroup">
            <div className="grid-header-row" role="row" aria-rowindex={1}>
              {cols.map((vc, i) =>
                vc.col ? (
                  <HeaderCell
                    key={vc.id}
                    vc={vc}
                    col={vc.col}
                    index={i}
                    label={t(vc.col.labelId)}
                    sorted={sortOf(sorting, vc.id).sorted}
                    sortIndex={sorting.length > 1 ? sortOf(sorting, vc.id).index : -1}
                    grouped={groupBy.includes(vc.id)}
                    canGroup={canGroupBy(vc.col)}
                    agg={numericFields.has(vc.id) ? (vs.aggs[vc.id] ?? vc.col?.meta.total ?? 'sum') : null}
                    totalsOn={totalsOn}
                    actions={headerActions}
                    t={t}
                  />
                ) : (
                  <SelectAllCell
                    key={vc.id}
                    vc={vc}
                    index={i}
                    label={t('grid.select_all')}
                    state={headerState(rowSel, queryTotal)}
                    onToggle={() => updateSelection((s) => toggleAll(s, queryTotal))}
                  />
                ),
              )}
            </div>
            {hasFilterRow && (
              <div className="grid-filter-row" role="row" aria-rowindex={2}>
                {cols.map((vc, i) => (
                  <FilterCell key={vc.id} vc={vc} index={i} ctx={ctx} value={vs.columnFilters.find((f) => f.id === vc.id)?.value} epoch={convertsFilter(vc.col ?? undefined) ? `${gs.epoch}|${vs.filterCurrency ?? ''}` : String(gs.epoch)} onFilter={headerActions.filter} onPrepare={headerActions.prepareFilter} />
                ))}
              </div>
            )}
          </div>
          <GridBody
            bodyRef={bodyRef}
            display={display}
            rowHeight={dims.rowHeight}
            headerHeight={headerHeight}
            keep={keepRows}
            fetching={rm.client === null}
            renderRow={renderRow}
            handlers={{ onPointerDown: onBodyPointerDown, onPointerMove: onBodyPointerMove, onClick: onBodyClick, onDoubleClick: onBodyDoubleClick, onKeyDown: onBodyKeyDown }}
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
      {image && <ImagePopover anchor={image.anchor} src={image.src} label={t('grid.image')} onClose={() => setImage(null)} />}
      {details.length > 0 && detailMode === 'open' && detailRow && (
        <Suspense fallback={null}>
          <MasterDetail
            forms={details}
            masterKeys={model.keys}
            masterRow={detailRow}
            title={masterTitle(screen, model.keys, detailRow, ctx.multi)}
            perms={perms}
            theme={theme}
            t={t}
            onClose={() => {
              setDetailMode('closed');
              focusActive();
            }}
            onDetailWrite={onDetailWrite}
          />
        </Suspense>
      )}
    </div>
  );
}

const NO_NEEDS: Readonly<Record<string, number>> = {};
const EMPTY_SET: ReadonlySet<string> = new Set();
