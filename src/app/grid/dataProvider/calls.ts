/**
 * The grid's server calls by the names its modules use (gridApi.ts re-exports them): a
 * query's window, a row's position, rows by key, the writes, aggregate, grid state and
 * views — each over the current data provider (`gridData()`), typed by the contract.
 */
import type { FilterModel, SortItem } from '../filters.ts';
import type { Row } from '../types.ts';
import type * as C from './contract.ts';
import { gridData } from './provider.ts';
import { onWrite } from '../../api/client.ts';

/** A window of rows; `totalExact` false: `total` is an estimate (the server counts exactly on `count: 'exact'`). */
export type Page = Omit<C.ListResult, 'totalExact'> & Partial<Pick<C.ListResult, 'totalExact'>>;

/** What rows a grid asks for (everything but the window). */
export interface Query {
  form: string;
  sortModel: SortItem[];
  filterModel: FilterModel;
  /** Equality filters of a detail grid (the `filter` action's object). */
  fixed?: Record<string, unknown> | undefined;
  language: string;
}

export interface Window {
  startRow: number;
  endRow: number;
  /** Keyset: the sort values of the last row before the window (row values: scalars). */
  after?: unknown[] | undefined;
  count?: C.ListParams['count'] | undefined;
}

/** The set filter of some values (exact equality with any of them). */
const setItem = (values: readonly unknown[]): C.FilterItem => ({ filterType: 'set', values: values as NonNullable<C.FilterItem['values']> });
/** The set filter of one value: exact equality for any type, null as "is null". */
export const equalsItem = (value: unknown) => setItem([value]);

/** A window asked for ahead of the render that will ask for it, by what it asks. */
const aheadKey = (q: Query, w: Window) => JSON.stringify([q.form, q.sortModel, q.filterModel, q.fixed ?? null, q.language, w.startRow, w.endRow, w.after ?? null, w.count ?? null]);
const ahead = new Map<string, Promise<Page>>();
/** An answer asked for ahead and not taken within this long is not used (the rows may have changed since). */
const AHEAD_MS = 2000;
// Nor after a write: a reload right after a delete took the rows asked for before it (the row stayed on screen).
onWrite(() => ahead.clear());

/**
 * Sends a window's request now, for the render that is about to ask for it (a header click,
 * a filter applied: the request leaves in the event's task, before the grid renders the
 * new state); that render's `fetchWindow` of the same window takes it, once.
 */
export function fetchAhead(q: Query, w: Window): void {
  const key = aheadKey(q, w);
  if (ahead.has(key)) return;
  const p = fetchWindowNow(q, w);
  // A failure is the taker's to report; untaken, it is nobody's.
  p.catch(() => {});
  ahead.set(key, p);
  setTimeout(() => ahead.get(key) === p && ahead.delete(key), AHEAD_MS);
}

/**
 * One window of a query (the answer asked for ahead, when there is one). A detail grid's
 * fixed filter goes by the `filter` action (equality object beside window and sort); with
 * column filters too, the fixed fields become set filters of `list` (the same equality).
 */
export function fetchWindow(q: Query, w: Window): Promise<Page> {
  if (ahead.size) {
    const key = aheadKey(q, w);
    const p = ahead.get(key);
    if (p) {
      ahead.delete(key);
      return p;
    }
  }
  return fetchWindowNow(q, w);
}

function fetchWindowNow(q: Query, w: Window): Promise<Page> {
  const filtersActive = Object.keys(q.filterModel).length > 0;
  const base = {
    startRow: w.startRow,
    endRow: w.endRow,
    language: q.language,
    // The planner's estimate on large sources (the grid offers the exact count).
    count: w.count ?? 'estimate',
    ...(q.sortModel.length ? { sortModel: q.sortModel } : {}),
    ...(w.after ? { after: w.after as NonNullable<C.ListParams['after']> } : {}),
  };
  const data = gridData();
  if (q.fixed && Object.keys(q.fixed).length) {
    if (!filtersActive) return data.filter(q.form, { ...q.fixed, ...base });
    return data.list(q.form, { ...base, filterModel: allFilters(q) });
  }
  return data.list(q.form, { ...base, ...(filtersActive ? { filterModel: q.filterModel } : {}) });
}

/**
 * Where the row with these key fields stands in the query's order under its filters (the
 * server's `locate`): its position, or null when the filters leave it out.
 */
export async function locateRow(q: Query, keys: Row): Promise<number | null> {
  const filterModel = allFilters(q);
  const r = await gridData().locate(q.form, {
    language: q.language,
    locate: keys as C.LocateParams['locate'],
    ...(q.sortModel.length ? { sortModel: q.sortModel } : {}),
    ...(Object.keys(filterModel).length ? { filterModel } : {}),
  });
  return r.position;
}

/** The filter model of a query with its fixed filter folded in as set filters (aggregate, list). */
export function allFilters(q: Pick<Query, 'filterModel' | 'fixed'>): FilterModel {
  if (!q.fixed) return q.filterModel;
  const out: FilterModel = { ...q.filterModel };
  for (const [f, v] of Object.entries(q.fixed)) out[f] = equalsItem(v);
  return out;
}

/** Set-filter values per request when rows are fetched by key. */
const KEYS_PER_FETCH = 500;

/**
 * The rows with these keys as they are now (e.g. after a save met a newer row version):
 * one `list` with a set filter on a single key, else one `filter` (key equality) per row.
 * Rows that are gone (or outside the company) are simply missing from the answer.
 */
export async function fetchRows(form: string, keyFields: readonly Row[]): Promise<Row[]> {
  if (!keyFields.length) return [];
  const data = gridData();
  const names = Object.keys(keyFields[0]!);
  if (names.length === 1) {
    const k = names[0]!;
    const out: Row[] = [];
    for (let at = 0; at < keyFields.length; at += KEYS_PER_FETCH) {
      const values = keyFields.slice(at, at + KEYS_PER_FETCH).map((r) => r[k]);
      const page = await data.list(form, { startRow: 0, endRow: values.length, count: 'exact', filterModel: { [k]: setItem(values) } });
      out.push(...page.rows);
    }
    return out;
  }
  const pages = await Promise.all(keyFields.map((keys) => data.filter(form, { ...keys, startRow: 0, endRow: 1 })));
  return pages.flatMap((p) => p.rows);
}

// ---- writes ----------------------------------------------------------------------------

export const setRow = (form: string, payload: Row) => gridData().set(form, payload);

/** All-or-nothing: every row or none; an error names `payload.rows.<i>.<field>`. */
export const setRows = (form: string, rows: Row[]) => gridData().setMany(form, { rows });

export const undo = (form: string, logIds: number[]) => gridData().undo(form, { log_ids: logIds });
/** `logIds`: those an undo answered (its reverts). */
export const redo = (form: string, logIds: number[]) => gridData().redo(form, { log_ids: logIds });

/** `log_ids`: one change-log entry per deleted row; `undo` of them puts the rows back with what cascaded. */
export const deleteKeys = (form: string, keys: unknown[]) => gridData().delete(form, { keys });

/** What a delete of these keys takes: the rows (a few named) and, per screen, the rows going with them. */
export type DeletePreview = C.DeletePreviewResult;
export const deletePreview = (form: string, keys: unknown[]) => gridData().deletePreview(form, { keys });

// ---- aggregate ---------------------------------------------------------------------------

export type AggFn = Exclude<C.AggregateFunction, 'count'>;
export const AGG_FNS: readonly AggFn[] = ['sum', 'avg', 'min', 'max'];
/** What the totals row may show in a column: a function, or nothing (saved with the column state). */
export type TotalFn = AggFn | 'none';
export type Aggs = C.AggregateValues;
export type AggGroup = C.AggregateGroup;
export type AggResult = C.AggregateResult;
export type AggRequest = C.AggregateParams;

export const aggregate = (form: string, req: AggRequest) => gridData().aggregate(form, req);

// ---- grid state and views ---------------------------------------------------------------------

/** `view`: the saved view applied when the state was saved, while the user may still see it. */
export const loadGridState = (form: string) => gridData().gridState.list({ form });
export const saveGridState = (form: string, state: C.GridStateSetParams['state'], view_id: number | null) => gridData().gridState.set({ form, state, view_id });

export type SavedView = C.SavedView;

export const listViews = (form: string) => gridData().views.list({ form });
export const addView = (form: string, name: string, shared: boolean, state: C.ViewAddParams['state']) => gridData().views.add({ form, name, shared, state });
export const updateView = (view: Pick<SavedView, 'view_id' | 'row_version'>, changes: Omit<C.ViewSetParams, 'view_id' | 'row_version'>) =>
  gridData().views.set({ view_id: view.view_id, row_version: view.row_version, ...changes });
export const deleteView = (viewId: number) => gridData().views.delete({ keys: [viewId] });

// ---- translation ---------------------------------------------------------------------------

/**
 * Texts (keyed by id) from `from` into each of `to`, by the company's default engine
 * (/settings/gtranslate) through the server: { lang: { id: text } }, only the asked
 * languages' texts taken.
 */
export async function translateText(texts: Record<string, string>, from: string, to: string[]): Promise<Record<string, Record<string, string>>> {
  const r: Record<string, unknown> = await gridData().translate({ text: texts, from, to });
  const out: Record<string, Record<string, string>> = {};
  for (const lang of to) {
    const got = r[lang];
    if (got && typeof got === 'object') out[lang] = Object.fromEntries(Object.entries(got).filter((e): e is [string, string] => typeof e[1] === 'string'));
  }
  return out;
}
