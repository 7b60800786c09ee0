/**
 * ScreenGrid: a screen descriptor → a working data grid.
 *
 * Data flows one way: table state (sorting, column filters) → query → a row generation
 * (block cache) → the rows the virtualizer shows → the table's row model → markup.
 * TanStack Table v9 (`useTable`) owns the column model (visibility, pinning, sizing),
 * sorting, filters and row selection; TanStack Virtual renders only the visible rows;
 * the server sorts, filters and windows (blocks of 100 rows).
 *
 * Cells are display-only: one delegated handler on the grid body handles clicks,
 * double-clicks and keys for every cell. Column metadata and permissions are resolved
 * once per screen (`buildGridModel`, `layout`), never per cell.
 */
import {
  columnFilteringFeature,
  columnPinningFeature,
  columnSizingFeature,
  columnVisibilityFeature,
  functionalUpdate,
  metaHelper,
  rowSelectionFeature,
  rowSortingFeature,
  tableFeatures,
  useTable,
  type Column,
  type ColumnDef,
  type ColumnFiltersState,
  type ColumnPinningState,
  type ColumnSizingState,
  type ColumnVisibilityState,
  type FilterFn,
  type OnChangeFn,
  type RowSelectionState,
  type SortingState,
} from '@tanstack/react-table';
import { defaultRangeExtractor, useVirtualizer, type Range } from '@tanstack/react-virtual';
import {
  memo,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type CSSProperties,
  type JSX,
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
  type ReactNode,
} from 'react';
import { useIntl } from 'react-intl';
import type { ScreenDescriptor } from '../../../schemas/screen.ts';
import type { Lang } from '../../core/langs.ts';
import { ApiError, api } from '../api/client.ts';
import { confirm } from '../chrome/confirm.tsx';
import { toast } from '../chrome/toasts.tsx';
import type { Values } from '../i18n/useT.ts';
import { useSession } from '../session/session.ts';
import { buildGridModel, type GridModel } from './columns.ts';
import { toFilterModel, toSortModel } from './filters.ts';
import { createFormatters } from './format.ts';
import { LookupStore } from './lookups.ts';
import { displayText } from './renderers/index.tsx';
import { BLOCK_SIZE, RowStore, type Page, type RowGeneration } from './rowSource.ts';
import type { CellCtx, EditMove, GridColumn, GridRow, Row } from './types.ts';
import './grid.css';

export interface GridPermissions {
  list: boolean;
  add: boolean;
  set: boolean;
  delete: boolean;
}

export interface ScreenGridProps {
  /** A parsed descriptor (`parseScreen`). */
  screen: ScreenDescriptor;
  perms: GridPermissions;
  theme?: 'balham' | 'alpine';
  /** Called by the toolbar's add button (shown with the add permission and `actions.add`). */
  onAdd?: () => void;
  /** Any change reloads the rows. */
  reloadKey?: unknown;
}

/** Geometry of the themes (the CSS reads it through custom properties set from here). */
const THEMES = {
  balham: { rowHeight: 28, headerHeight: 32, filterHeight: 30 },
  alpine: { rowHeight: 42, headerHeight: 48, filterHeight: 40 },
} as const;

const OVERSCAN = 10;
const FILTER_DEBOUNCE_MS = 300;
/** Blocks are fetched once scrolling rests this long on them (fast scrolls skip blocks). */
const SCROLL_FETCH_DELAY_MS = 60;
const SELECT_ID = '__select';
const SELECT_WIDTH = 36;
const FLEX_MIN = 100;
const PINNED_DEFAULT = 150;

const features = tableFeatures({
  rowSortingFeature,
  columnFilteringFeature,
  columnSizingFeature,
  columnVisibilityFeature,
  columnPinningFeature,
  rowSelectionFeature,
  columnMeta: metaHelper<{ col?: GridColumn }>(),
});
type Features = typeof features;
type TableColumn = Column<Features, GridRow, unknown>;

const rowIdOf = (r: GridRow) => r.id;
/** Filtering happens on the server (manualFiltering); the table never filters rows itself. */
const serverFilter: FilterFn<Features, GridRow> = Object.assign(() => true, {
  autoRemove: (v: unknown) => v === undefined || v === null || v === '',
});
const EMPTY_SELECTION: RowSelectionState = {};

export function ScreenGrid(props: ScreenGridProps): JSX.Element {
  // A new screen or theme is a new grid: state, caches and geometry start afresh.
  return <GridView key={`${props.screen.form}:${props.theme ?? 'balham'}`} {...props} />;
}

/** A rendered column: descriptor column (null for the selection column) and its layout. */
interface ViewColumn {
  id: string;
  col: GridColumn | null;
  column: TableColumn;
  canEdit: boolean;
  /** Fixed width in px, or null for flex. */
  width: number | null;
  minWidth: number;
  className: string;
  style: CSSProperties | undefined;
}

interface Layout {
  cols: ViewColumn[];
  template: string;
  minWidth: number;
  pinStart: number;
  pinEnd: number;
}

function buildLayout(leaf: TableColumn[], sizing: ColumnSizingState, canSet: boolean): Layout {
  const cols: ViewColumn[] = leaf.map((column) => {
    const col = column.columnDef.meta?.col ?? null;
    const pinned = column.getIsPinned();
    const width = sizing[column.id] ?? (col ? (col.width ?? (pinned ? PINNED_DEFAULT : null)) : SELECT_WIDTH);
    const canEdit = !!col && canSet && col.editable;
    const cls = ['cell', col ? `cell-${col.align}` : 'cell-select', col?.type === 'multi' ? 'cell-multi' : '', canEdit ? 'cell-editable' : '', pinned ? `cell-pinned cell-pinned-${pinned}` : '']
      .filter(Boolean)
      .join(' ');
    return { id: column.id, col, column, canEdit, width, minWidth: Math.min(FLEX_MIN, width ?? FLEX_MIN), className: cls, style: undefined };
  });
  // Sticky offsets of pinned columns.
  let left = 0;
  for (const c of cols) {
    if (c.column.getIsPinned() !== 'start') continue;
    c.style = { left };
    left += c.width ?? FLEX_MIN;
  }
  let right = 0;
  for (const c of [...cols].reverse()) {
    if (c.column.getIsPinned() !== 'end') continue;
    c.style = { right };
    right += c.width ?? FLEX_MIN;
  }
  const template = cols.map((c) => (c.width === null ? `minmax(${FLEX_MIN}px, 1fr)` : `${c.width}px`)).join(' ');
  const minWidth = cols.reduce((s, c) => s + (c.width ?? FLEX_MIN), 0);
  return { cols, template, minWidth, pinStart: left, pinEnd: right };
}

function columnDefs(model: GridModel, selectable: boolean): ColumnDef<Features, GridRow>[] {
  const defs: ColumnDef<Features, GridRow>[] = model.columns.map((col) => ({
    id: col.field,
    header: col.field,
    accessorFn: (r: GridRow) => r.data[col.field],
    enableSorting: col.sortable,
    enableColumnFilter: !!col.filter,
    filterFn: serverFilter,
    meta: { col },
  }));
  if (selectable) defs.unshift({ id: SELECT_ID, header: '', enableSorting: false, enableColumnFilter: false, meta: {} });
  return defs;
}

/** Text of a multi-language value: the language's, else English, else the first one. */
function multiText(v: unknown, lang: Lang): string {
  if (v === null || v === undefined) return '';
  if (typeof v !== 'object') return String(v);
  const o = v as Record<string, unknown>;
  const pick = o[lang] ?? o.en;
  if (typeof pick === 'string' && pick) return pick;
  for (const x of Object.values(o)) if (typeof x === 'string' && x) return x;
  return '';
}

const sameValue = (a: unknown, b: unknown) =>
  a === b || (typeof a === 'object' && typeof b === 'object' && a !== null && b !== null && JSON.stringify(a) === JSON.stringify(b));

/** The languages of a multi value that changed (set merges per language). */
function multiChanges(before: unknown, after: unknown): Row {
  const a = before && typeof before === 'object' ? (before as Row) : {};
  const b = after && typeof after === 'object' ? (after as Row) : {};
  return Object.fromEntries(Object.entries(b).filter(([l, v]) => a[l] !== v));
}

const statusText = (e: unknown) =>
  e instanceof ApiError ? (e.message && e.message !== String(e.status) ? `${e.status} ${e.message}` : String(e.status)) : e instanceof Error ? e.message : String(e);

interface Editing {
  index: number;
  id: string;
  field: string;
  initial: string | undefined;
}

/** Editors that take a typed first character (the others open on Enter/F2/double-click). */
const TYPE_TO_EDIT = new Set(['text', 'number', 'int', 'multi']);

function GridView({ screen, perms, theme = 'balham', onAdd, reloadKey }: ScreenGridProps) {
  const intl = useIntl();
  const lang = useSession((s) => s.lang);
  const company = useSession((s) => s.company);
  const dims = THEMES[theme];

  // ---- metadata, once per screen -------------------------------------------------
  const model = useMemo(() => buildGridModel(screen), [screen]);
  const selectable = perms.delete && !!screen.actions.delete;
  const defs = useMemo(() => columnDefs(model, selectable), [model, selectable]);
  const columnVisibility = useMemo<ColumnVisibilityState>(
    () => Object.fromEntries(model.columns.map((c) => [c.field, !c.meta.hidden])),
    [model],
  );
  const columnPinning = useMemo<ColumnPinningState>(
    () => ({
      start: [...(selectable ? [SELECT_ID] : []), ...model.columns.filter((c) => c.pinned === 'left').map((c) => c.field)],
      end: model.columns.filter((c) => c.pinned === 'right').map((c) => c.field),
    }),
    [model, selectable],
  );
  const hasFilterRow = model.columns.some((c) => c.filter && !c.meta.hidden);
  const headerRows = hasFilterRow ? 2 : 1;
  const headerHeight = dims.headerHeight + (hasFilterRow ? dims.filterHeight : 0);

  // ---- table state that drives the query ------------------------------------------
  const [sorting, setSorting] = useState<SortingState>([]);
  const [columnFilters, setColumnFilters] = useState<ColumnFiltersState>([]);
  const [tick, setTick] = useState(0);
  const viewportRef = useRef<HTMLDivElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);

  const sortModel = useMemo(() => toSortModel(sorting), [sorting]);
  const filterModel = useMemo(() => toFilterModel(columnFilters, model.byField), [columnFilters, model]);
  const filtersActive = Object.keys(filterModel).length > 0;
  // The query: everything the server's answer depends on (the company travels in a
  // header, the language in the payload: multi-language columns filter and sort in it).
  const queryKey = JSON.stringify([screen.form, sortModel, filterModel, company ?? null, lang, tick]);

  const [store] = useState(() => new RowStore());
  const [lookups] = useState(() => new LookupStore());
  const rowsVersion = useSyncExternalStore(store.subscribe, store.getVersion);
  const lookupVersion = useSyncExternalStore(lookups.subscribe, lookups.getVersion);

  // One generation per query key (a value, so an unchanged query keeps its rows).
  const gen = useMemo(() => {
    const fetchPage = (startRow: number, endRow: number) =>
      api.action<Page>(screen.form, 'list', {
        startRow,
        endRow,
        language: lang,
        ...(sortModel.length ? { sortModel } : {}),
        ...(filtersActive ? { filterModel } : {}),
      });
    let reported = false;
    const onError = (e: unknown) => {
      if (reported) return;
      reported = true;
      toast({ variant: 'danger', id: 'messages.error_loading_data', values: { status: statusText(e) }, persistent: true });
    };
    return store.open(fetchPage, model.rowId, onError);
    // sortModel and filterModel are in queryKey; reloadKey: a change from outside reloads.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [store, screen.form, model, queryKey, reloadKey]);
  // Until the new generation's first block answers, the last settled one stays on screen.
  const shown: RowGeneration = gen.settled ? gen : (store.lastSettled ?? gen);
  const total = shown.total ?? 0;
  const loadingFirst = !shown.settled;

  useEffect(() => {
    lookups.ensure(
      model.columns.flatMap((c) => (c.lookup ? [c.lookup] : [])),
      company,
    );
  }, [lookups, model, company]);

  // ---- selection (belongs to the generation: a new query starts with none) ---------
  const [selection, setSelection] = useState<{ owner: RowGeneration | null; value: RowSelectionState }>({ owner: null, value: EMPTY_SELECTION });
  const rowSelection = selection.owner === gen ? selection.value : EMPTY_SELECTION;
  const selectedCount = Object.keys(rowSelection).length;

  // ---- active cell and editing -----------------------------------------------------
  const [active, setActive] = useState({ row: 0, col: selectable ? 1 : 0 });
  const [editing, setEditing] = useState<Editing | null>(null);
  const focusPending = useRef(false);

  // ---- virtual rows ----------------------------------------------------------------
  const keepRows = useMemo(() => [active.row, editing?.index ?? -1], [active.row, editing?.index]);
  const rangeExtractor = useCallback(
    (range: Range) => {
      const idx = defaultRangeExtractor(range);
      // The active and the edited row stay mounted (focus, open editor) when scrolled away.
      const extra = keepRows.filter((i) => i >= 0 && i < range.count && !idx.includes(i));
      return extra.length ? [...idx, ...extra].sort((a, b) => a - b) : idx;
    },
    [keepRows],
  );
  const estimateSize = useCallback(() => dims.rowHeight, [dims.rowHeight]);
  const virtualizer = useVirtualizer({
    count: total,
    getScrollElement: () => viewportRef.current,
    estimateSize,
    overscan: OVERSCAN,
    scrollMargin: headerHeight,
    rangeExtractor,
  });
  const items = virtualizer.getVirtualItems();
  const range = virtualizer.range;
  const fromBlock = Math.floor(Math.max(0, (range?.startIndex ?? 0) - OVERSCAN) / BLOCK_SIZE);
  const toBlock = Math.floor(((range?.endIndex ?? 0) + OVERSCAN) / BLOCK_SIZE);

  // Fetch the blocks the visible rows need (the first block at once).
  useEffect(() => {
    const t = setTimeout(() => gen.ensure(fromBlock, toBlock), gen.settled ? SCROLL_FETCH_DELAY_MS : 0);
    return () => clearTimeout(t);
  }, [gen, fromBlock, toBlock]);

  // The table's data: the loaded rows among the virtual ones.
  const data = useMemo(() => {
    const out: GridRow[] = [];
    for (const it of items) {
      const r = shown.row(it.index);
      if (r) out.push(r);
    }
    return out;
    // rowsVersion: blocks arrived or rows were patched.
  }, [items, shown, rowsVersion]);

  const scrollTop = () => {
    if (viewportRef.current) viewportRef.current.scrollTop = 0;
  };
  const onSortingChange: OnChangeFn<SortingState> = (u) => {
    setSorting(u);
    scrollTop();
  };
  const onColumnFiltersChange: OnChangeFn<ColumnFiltersState> = (u) => {
    setColumnFilters(u);
    scrollTop();
  };
  const onRowSelectionChange: OnChangeFn<RowSelectionState> = (u) =>
    setSelection((s) => ({ owner: gen, value: functionalUpdate(u, s.owner === gen ? s.value : EMPTY_SELECTION) }));

  const table = useTable({
    features,
    columns: defs,
    data,
    getRowId: rowIdOf,
    state: { sorting, columnFilters, rowSelection, columnVisibility, columnPinning },
    onSortingChange,
    onColumnFiltersChange,
    onRowSelectionChange,
    manualSorting: true,
    manualFiltering: true,
    enableMultiSort: true,
    sortDescFirst: false,
    isMultiSortEvent: (e) => !!(e as { shiftKey?: boolean }).shiftKey,
    enableRowSelection: selectable,
  });
  const columnSizing = table.state.columnSizing;
  const startCols = table.getStartVisibleLeafColumns();
  const centerCols = table.getCenterVisibleLeafColumns();
  const endCols = table.getEndVisibleLeafColumns();
  const layout = useMemo(
    () => buildLayout([...startCols, ...centerCols, ...endCols], columnSizing, perms.set),
    [startCols, centerCols, endCols, columnSizing, perms.set],
  );
  const cols = layout.cols;
  const rowsById = table.getRowModel().rowsById;

  // ---- what cells read, once per render ------------------------------------------
  const ctx = useMemo<CellCtx>(
    () => ({
      lang,
      fmt: createFormatters(intl),
      t: (id: string, values?: Values) => intl.formatMessage({ id }, values as Record<string, string>),
      lookup: (form: string) => lookups.get(form, company),
      multi: (v: unknown) => multiText(v, lang),
    }),
    // lookupVersion: a lookup arrived.
    [intl, lang, lookups, company, lookupVersion],
  );
  const t = ctx.t;

  // ---- writes ----------------------------------------------------------------------
  const queues = useRef(new Map<string, Promise<void>>());

  /** Sets a cell's value optimistically and saves it; reverted when the save fails. */
  const save = (target: GridRow, col: GridColumn, next: unknown) => {
    const { index, id } = target;
    const field = col.field;
    const before = target.data[field];
    if (sameValue(before, next)) return;
    const g = gen;
    const s = shown;
    const rowNow = () => (g.row(index)?.id === id ? g.row(index) : s.row(index)?.id === id ? s.row(index) : undefined);
    const patch = (fields: Row) => {
      g.patch(index, id, fields);
      if (s !== g) s.patch(index, id, fields);
    };
    patch({ [field]: next });
    const run = async () => {
      // Saves of one row run in order, each with the row version the previous one left.
      const current = rowNow()?.data ?? target.data;
      try {
        let fields: Row;
        if (col.renderer.save && col.renderer.clickValue) {
          fields = await col.renderer.save({ screen, row: current, col, value: next });
        } else {
          const payload: Row = { ...model.keyFields(current), [field]: col.type === 'multi' ? multiChanges(before, next) : next };
          if (model.version) payload[model.version] = current[model.version];
          fields = (await api.action<{ row: Row }>(screen.form, 'set', payload)).row;
        }
        patch(fields);
        toast({ variant: 'success', id: 'messages.data_saved' });
      } catch (e) {
        if (sameValue(rowNow()?.data[field], next)) patch({ [field]: before });
        if (e instanceof ApiError && e.status === 409) toast({ variant: 'warning', id: 'messages.already_exists' });
        else toast({ variant: 'danger', id: 'messages.error_saving_data', values: { status: statusText(e) } });
      }
    };
    const q = queues.current;
    const p = (q.get(id) ?? Promise.resolve()).then(run);
    q.set(id, p);
    void p.finally(() => {
      if (q.get(id) === p) q.delete(id);
    });
  };

  const reload = () => setTick((n) => n + 1);

  const deleteSelected = async () => {
    const ids = Object.keys(rowSelection);
    if (!ids.length) return;
    const ok = await confirm({ titleId: 'messages.sure', okId: 'common.delete', cancelId: 'common.cancel', variant: 'danger' });
    if (!ok) return;
    try {
      const r = await api.action<{ deleted: number }>(screen.form, 'delete', { keys: ids.map((id) => model.keyOfId(id)) });
      if (r.deleted > 0) toast({ variant: 'success', id: 'messages.records_deleted', values: { count: r.deleted } });
      else toast({ variant: 'warning', id: 'messages.no_records_deleted' });
    } catch {
      toast({ variant: 'danger', id: 'messages.error_deleting_data' });
    }
    reload();
  };

  // ---- cell interaction (one delegated handler set on the body) -------------------
  const lastRow = total - 1;
  const lastCol = cols.length - 1;
  // The active cell, kept inside the grid when rows or columns go away.
  const activeRow = Math.min(active.row, Math.max(0, lastRow));
  const activeCol = Math.min(active.col, Math.max(0, lastCol));
  const moveTo = (row: number, col: number) => {
    setActive({ row: Math.max(0, Math.min(lastRow, row)), col: Math.max(0, Math.min(lastCol, col)) });
    focusPending.current = true;
  };

  const toggleSelected = (r: GridRow) => {
    const row = rowsById[r.id];
    if (row) row.toggleSelected();
    else onRowSelectionChange((old) => ({ ...old, [r.id]: true }));
  };

  const clickChange = (r: GridRow, vc: ViewColumn) => {
    const col = vc.col;
    if (!col?.renderer.clickValue || !vc.canEdit) return;
    save(r, col, col.renderer.clickValue(r.data[col.field], col));
  };

  const startEdit = (index: number, vc: ViewColumn | undefined, initial?: string) => {
    const r = shown.row(index);
    if (!r || !vc?.col?.editor || !vc.canEdit || vc.col.renderer.clickValue) return false;
    setEditing({ index, id: r.id, field: vc.id, initial });
    return true;
  };

  const move = (dir: EditMove) => {
    if (dir === 'next') {
      if (activeCol < lastCol) moveTo(activeRow, activeCol + 1);
      else if (activeRow < lastRow) moveTo(activeRow + 1, 0);
    } else if (dir === 'prev') {
      if (activeCol > 0) moveTo(activeRow, activeCol - 1);
      else if (activeRow > 0) moveTo(activeRow - 1, lastCol);
    } else if (dir === 'down') moveTo(activeRow + 1, activeCol);
    else if (dir === 'up') moveTo(activeRow - 1, activeCol);
  };

  const finishEdit = (commit: boolean, value?: unknown, dir?: EditMove, blurred?: boolean) => {
    const ed = editing;
    setEditing(null);
    // Focus returns to the cell after Enter, Esc and Tab; a blur went elsewhere on purpose.
    if (!blurred) focusPending.current = true;
    if (!ed) return;
    const r = shown.row(ed.index);
    const col = model.byField.get(ed.field);
    if (commit && r && r.id === ed.id && col) save(r, col, value);
    if (dir) move(dir);
  };

  const locate = (target: EventTarget) => {
    const cell = (target as Element).closest?.('[role="gridcell"]');
    const rowEl = cell?.parentElement;
    if (!cell || !rowEl || rowEl.parentElement !== bodyRef.current) return null;
    const index = Number(rowEl.dataset.index);
    const col = Number(cell.getAttribute('aria-colindex')) - 1;
    return Number.isInteger(index) && col >= 0 ? { index, col } : null;
  };

  const isEditingCell = (hit: { index: number; col: number }) => !!editing && editing.index === hit.index && cols[hit.col]?.id === editing.field;

  const onBodyClick = (e: MouseEvent<HTMLDivElement>) => {
    const hit = locate(e.target);
    if (!hit || isEditingCell(hit)) return;
    setActive({ row: hit.index, col: hit.col });
    const vc = cols[hit.col];
    const r = shown.row(hit.index);
    if (!vc || !r) return;
    if (!vc.col) toggleSelected(r);
    else clickChange(r, vc);
  };

  const onBodyDoubleClick = (e: MouseEvent<HTMLDivElement>) => {
    const hit = locate(e.target);
    if (!hit || isEditingCell(hit)) return;
    startEdit(hit.index, cols[hit.col]);
  };

  const onBodyKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (editing || !locate(e.target)) return;
    const row = activeRow;
    const col = activeCol;
    const vc = cols[col];
    const r = shown.row(row);
    const viewport = viewportRef.current;
    const page = Math.max(1, Math.floor(((viewport?.clientHeight ?? 0) - headerHeight) / dims.rowHeight));
    const ctrl = e.ctrlKey || e.metaKey;
    switch (e.key) {
      case 'ArrowDown':
        moveTo(row + 1, col);
        break;
      case 'ArrowUp':
        moveTo(row - 1, col);
        break;
      case 'ArrowRight':
        moveTo(row, col + 1);
        break;
      case 'ArrowLeft':
        moveTo(row, col - 1);
        break;
      case 'PageDown':
        moveTo(row + page, col);
        break;
      case 'PageUp':
        moveTo(row - page, col);
        break;
      case 'Home':
        moveTo(ctrl ? 0 : row, ctrl ? col : 0);
        break;
      case 'End':
        moveTo(ctrl ? lastRow : row, ctrl ? col : lastCol);
        break;
      case 'Tab':
        // Leaving the grid from its first or last cell is the browser's.
        if (e.shiftKey ? row === 0 && col === 0 : row === lastRow && col === lastCol) return;
        move(e.shiftKey ? 'prev' : 'next');
        break;
      case 'Enter':
      case 'F2':
      case ' ':
        if (!r || !vc) break;
        if (!vc.col) toggleSelected(r);
        else if (vc.col.renderer.clickValue) clickChange(r, vc);
        else if (e.key !== ' ') startEdit(row, vc);
        else return;
        break;
      default:
        if (e.key.length === 1 && !ctrl && !e.altKey && vc?.col?.editorKey && TYPE_TO_EDIT.has(vc.col.editorKey) && startEdit(row, vc, e.key)) break;
        return;
    }
    e.preventDefault();
  };

  // Focus follows the active cell after keyboard moves and edits (and scrolls it into view).
  useLayoutEffect(() => {
    if (!focusPending.current) return;
    focusPending.current = false;
    const viewport = viewportRef.current;
    const el = bodyRef.current?.querySelector<HTMLElement>(`:scope > [data-index="${activeRow}"] > [aria-colindex="${activeCol + 1}"]`);
    if (!viewport || !el) return;
    const top = activeRow * dims.rowHeight;
    const visible = viewport.clientHeight - headerHeight;
    if (top < viewport.scrollTop) viewport.scrollTop = top;
    else if (top + dims.rowHeight > viewport.scrollTop + visible) viewport.scrollTop = top + dims.rowHeight - visible;
    if (!el.classList.contains('cell-pinned')) {
      const left = el.offsetLeft;
      const width = el.offsetWidth;
      if (left < viewport.scrollLeft + layout.pinStart) viewport.scrollLeft = left - layout.pinStart;
      else if (left + width > viewport.scrollLeft + viewport.clientWidth - layout.pinEnd) {
        viewport.scrollLeft = left + width - viewport.clientWidth + layout.pinEnd;
      }
    }
    el.focus({ preventScroll: true });
  });

  // ---- the open editor -------------------------------------------------------------
  let editor: ReactNode = null;
  const editingRow = editing ? shown.row(editing.index) : undefined;
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

  // ---- render ----------------------------------------------------------------------
  const canAdd = perms.add && !!screen.actions.add;
  const canDelete = perms.delete && !!screen.actions.delete;
  const rootStyle = {
    '--grid-row-h': `${dims.rowHeight}px`,
    '--grid-header-h': `${dims.headerHeight}px`,
    '--grid-filter-h': `${dims.filterHeight}px`,
    '--grid-cols': layout.template,
    '--grid-min-w': `${layout.minWidth}px`,
  } as CSSProperties;

  let overlay: ReactNode = null;
  if (loadingFirst) overlay = t('grid.loading');
  else if (total === 0) overlay = t(filtersActive ? 'messages.no_elements_found' : 'messages.list_is_empty');

  return (
    <div className={`screen-grid grid-theme-${theme}`} style={rootStyle} data-form={screen.form}>
      <div className="grid-toolbar" role="toolbar">
        <span className="grid-count" aria-live="polite">
          {shown.settled ? t('grid.rows', { count: total }) : ''}
        </span>
        <span className="grid-spacer" />
        <button type="button" className="grid-refresh" onClick={reload}>
          {t('common.refresh')}
        </button>
        {canAdd && (
          <button type="button" className="grid-add" onClick={() => onAdd?.()}>
            {t('common.add')}
          </button>
        )}
        {canDelete && (
          <button type="button" className="grid-delete" disabled={!selectedCount} onClick={() => void deleteSelected()}>
            {t('common.delete')}
            {selectedCount ? ` (${selectedCount})` : ''}
          </button>
        )}
      </div>
      <div className="grid-frame">
        <div
          ref={viewportRef}
          className="grid-viewport"
          role="grid"
          aria-rowcount={total + headerRows}
          aria-colcount={cols.length}
          aria-multiselectable={selectable || undefined}
          aria-busy={!gen.settled || undefined}
          data-loading={!gen.settled || undefined}
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
                    sorted={vc.column.getIsSorted()}
                    sortIndex={sorting.length > 1 ? vc.column.getSortIndex() : -1}
                    onResize={table.setColumnSizing}
                  />
                ) : (
                  <SelectAllCell
                    key={vc.id}
                    vc={vc}
                    index={i}
                    label={t('grid.select_all')}
                    count={selectedCount}
                    total={total}
                    onToggle={() => onRowSelectionChange(selectedCount ? {} : Object.fromEntries(shown.loadedIds().map((id) => [id, true as const])))}
                  />
                ),
              )}
            </div>
            {hasFilterRow && (
              <div className="grid-filter-row" role="row" aria-rowindex={2}>
                {cols.map((vc, i) => (
                  <FilterCell key={vc.id} vc={vc} index={i} ctx={ctx} value={vc.column.getFilterValue()} />
                ))}
              </div>
            )}
          </div>
          <div
            ref={bodyRef}
            className="grid-body"
            role="rowgroup"
            style={{ height: virtualizer.getTotalSize() }}
            onClick={onBodyClick}
            onDoubleClick={onBodyDoubleClick}
            onKeyDown={onBodyKeyDown}
          >
            {items.map((it) => {
              const r = shown.row(it.index);
              const isEditRow = !!editing && editing.index === it.index && r?.id === editing.id;
              return (
                <RowView
                  key={it.index}
                  index={it.index}
                  top={it.start - headerHeight}
                  row={r}
                  rowIndexBase={headerRows + 1}
                  cols={cols}
                  activeCol={it.index === activeRow ? activeCol : -1}
                  editingField={isEditRow ? editing.field : null}
                  editor={isEditRow ? editor : null}
                  selected={!!r && !!rowSelection[r.id]}
                  selectLabel={selectable ? t('grid.select_row') : ''}
                  ctx={ctx}
                />
              );
            })}
          </div>
        </div>
        {overlay && (
          <div className="grid-overlay" role="status" style={{ top: headerHeight + 1 }}>
            <span>{overlay}</span>
          </div>
        )}
      </div>
    </div>
  );
}

// ---- header cells ------------------------------------------------------------------

interface HeaderCellProps {
  vc: ViewColumn;
  col: GridColumn;
  index: number;
  label: string;
  sorted: false | 'asc' | 'desc';
  /** Position in a multi-column sort, -1 when sorting by one column (or none). */
  sortIndex: number;
  onResize: (u: (old: ColumnSizingState) => ColumnSizingState) => void;
}

/** A column header: label, sort (shift-click adds a column), resize handle. Re-renders only when its props change. */
const HeaderCell = memo(function HeaderCell({ vc, col, index, label, sorted, sortIndex, onResize }: HeaderCellProps) {
  const column = vc.column;
  const toggle = column.getToggleSortingHandler();

  const startResize = (e: PointerEvent<HTMLSpanElement>) => {
    e.preventDefault();
    e.stopPropagation();
    const handle = e.currentTarget;
    const cell = handle.parentElement;
    if (!cell) return;
    const startX = e.clientX;
    const startWidth = cell.getBoundingClientRect().width;
    handle.setPointerCapture(e.pointerId);
    const onMove = (ev: globalThis.PointerEvent) => {
      const w = Math.max(vc.minWidth, Math.round(startWidth + ev.clientX - startX));
      onResize((old) => ({ ...old, [vc.id]: w }));
    };
    const onUp = () => {
      handle.removeEventListener('pointermove', onMove);
      handle.removeEventListener('pointerup', onUp);
      handle.removeEventListener('pointercancel', onUp);
    };
    handle.addEventListener('pointermove', onMove);
    handle.addEventListener('pointerup', onUp);
    handle.addEventListener('pointercancel', onUp);
  };

  return (
    <div
      role="columnheader"
      aria-colindex={index + 1}
      aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none'}
      data-field={col.field}
      className={`grid-hcell cell-${col.align}${vc.style ? ` cell-pinned cell-pinned-${column.getIsPinned()}` : ''}`}
      style={vc.style}
    >
      {column.getCanSort() ? (
        <button type="button" className="grid-sort" onClick={toggle} title={label}>
          <span className="grid-hlabel">{label}</span>
          {sorted && (
            <span className="grid-sort-icon" aria-hidden="true">
              {sorted === 'asc' ? '▲' : '▼'}
              {sortIndex >= 0 ? <sub>{sortIndex + 1}</sub> : null}
            </span>
          )}
        </button>
      ) : (
        <span className="grid-hlabel" title={label}>
          {label}
        </span>
      )}
      <span
        className="grid-resizer"
        aria-hidden="true"
        onPointerDown={startResize}
        onDoubleClick={() => onResize((old) => Object.fromEntries(Object.entries(old).filter(([k]) => k !== vc.id)))}
      />
    </div>
  );
});

function SelectAllCell({ vc, index, label, count, total, onToggle }: { vc: ViewColumn; index: number; label: string; count: number; total: number; onToggle: () => void }) {
  const state = count === 0 ? 'false' : count >= total ? 'true' : 'mixed';
  return (
    <div role="columnheader" aria-colindex={index + 1} className="grid-hcell cell-select cell-pinned cell-pinned-start" style={vc.style}>
      <span
        role="checkbox"
        tabIndex={0}
        aria-checked={state}
        aria-label={label}
        className={`cell-checkbox${state === 'true' ? ' cell-checkbox-on' : state === 'mixed' ? ' cell-checkbox-mixed' : ''}`}
        onClick={onToggle}
        onKeyDown={(e) => {
          if (e.key === ' ' || e.key === 'Enter') {
            e.preventDefault();
            onToggle();
          }
        }}
      />
    </div>
  );
}

/** The floating filter of a column: text and numbers debounced, choices at once. */
const FilterCell = memo(function FilterCell({ vc, index, ctx, value }: { vc: ViewColumn; index: number; ctx: CellCtx; value: unknown }) {
  const col = vc.col;
  const column = vc.column;
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const className = `grid-fcell${vc.style ? ` cell-pinned cell-pinned-${column.getIsPinned()}` : ''}`;
  if (!col?.filter || !column.getCanFilter()) {
    return <div role="gridcell" aria-colindex={index + 1} className={className} style={vc.style} />;
  }
  const label = ctx.t(col.labelId);
  const current = value;
  const set = (v: string) => column.setFilterValue(v === '' ? undefined : v);
  const setLater = (v: string) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => set(v), FILTER_DEBOUNCE_MS);
  };

  let input: ReactNode;
  switch (col.filter) {
    case 'bool':
      input = (
        <select className="grid-filter" aria-label={label} value={typeof current === 'string' ? current : ''} onChange={(e) => set(e.target.value)}>
          <option value="">{ctx.t('grid.filter_any')}</option>
          <option value="true">{ctx.t('common.yes')}</option>
          <option value="false">{ctx.t('common.no')}</option>
        </select>
      );
      break;
    case 'ref': {
      const data = col.lookup ? ctx.lookup(col.lookup.form) : undefined;
      const text = col.renderer.lookupText ?? displayText;
      input = (
        <select className="grid-filter" aria-label={label} value={typeof current === 'string' ? current : ''} onChange={(e) => set(e.target.value)}>
          <option value="">{ctx.t('grid.filter_any')}</option>
          {data?.rows.map((r) => {
            const key = String(r[data.def.keyField]);
            return (
              <option key={key} value={key}>
                {text(r, data, ctx)}
              </option>
            );
          })}
        </select>
      );
      break;
    }
    case 'date':
    case 'datetime':
      input = <input className="grid-filter" type="date" aria-label={label} defaultValue={typeof current === 'string' ? current : ''} onChange={(e) => setLater(e.target.value)} />;
      break;
    default:
      input = (
        <input
          className="grid-filter"
          type="text"
          inputMode={col.filter === 'number' ? 'decimal' : undefined}
          aria-label={label}
          placeholder={ctx.t('grid.filter_placeholder')}
          defaultValue={typeof current === 'string' ? current : ''}
          onChange={(e) => setLater(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              clearTimeout(timer.current);
              set(e.currentTarget.value);
            }
          }}
        />
      );
  }
  return (
    <div role="gridcell" aria-colindex={index + 1} data-filter-field={col.field} className={className} style={vc.style}>
      {input}
    </div>
  );
});

// ---- body rows -----------------------------------------------------------------------

interface RowViewProps {
  index: number;
  top: number;
  row: GridRow | undefined;
  /** aria-rowindex of the first body row (after the header rows). */
  rowIndexBase: number;
  cols: ViewColumn[];
  activeCol: number;
  editingField: string | null;
  editor: ReactNode;
  selected: boolean;
  selectLabel: string;
  ctx: CellCtx;
}

/** One body row; re-renders only when its row, its active/edited cell, selection or layout change. */
const RowView = memo(function RowView({ index, top, row, rowIndexBase, cols, activeCol, editingField, editor, selected, selectLabel, ctx }: RowViewProps) {
  return (
    <div
      role="row"
      className={`grid-row${index % 2 ? ' grid-row-odd' : ''}${selected ? ' grid-row-selected' : ''}${row ? '' : ' grid-row-loading'}`}
      aria-rowindex={index + rowIndexBase}
      aria-selected={selectLabel ? selected : undefined}
      aria-busy={row ? undefined : true}
      data-index={index}
      data-key={row?.id}
      style={{ transform: `translateY(${top}px)` }}
    >
      {cols.map((vc, i) => {
        const isActive = i === activeCol;
        const className = isActive ? `${vc.className} cell-active` : vc.className;
        if (!vc.col) {
          return (
            <div key={vc.id} role="gridcell" aria-colindex={i + 1} tabIndex={isActive ? 0 : -1} className={className} style={vc.style}>
              {row && <span role="checkbox" aria-checked={selected} aria-label={selectLabel} className={`cell-checkbox${selected ? ' cell-checkbox-on' : ''}`} />}
            </div>
          );
        }
        const editingHere = editingField === vc.id;
        return (
          <div
            key={vc.id}
            role="gridcell"
            aria-colindex={i + 1}
            aria-readonly={vc.canEdit ? 'false' : 'true'}
            data-field={vc.id}
            tabIndex={isActive ? 0 : -1}
            className={editingHere ? `${className} cell-editing` : className}
            style={vc.style}
          >
            {editingHere
              ? editor
              : row
                ? vc.col.renderer.render({ value: row.data[vc.id], row: row.data, col: vc.col, ctx, canEdit: vc.canEdit })
                : null}
          </div>
        );
      })}
    </div>
  );
});
