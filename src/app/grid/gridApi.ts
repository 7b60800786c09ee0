/**
 * The grid's server calls, typed: list/filter windows, single and bulk set, undo,
 * aggregate, grid state and saved views, delete, translation. One place for payload
 * shapes (schemas/api.ts and the api_action engine are the other side).
 */
import { api } from '../api/client.ts';
import type { FilterModel, SortItem } from './filters.ts';
import type { Row } from './types.ts';

const action = api.action;

export interface Page {
  rows: Row[];
  total: number;
  /** false: `total` is an estimate (the server counts exactly on `count: 'exact'`). */
  totalExact?: boolean;
}

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
  /** Keyset: the sort values of the last row before the window. */
  after?: unknown[] | undefined;
  count?: 'estimate' | 'exact' | undefined;
}

/** The set filter of one value: exact equality for any type, null as "is null". */
/** The set filter of some values (exact equality with any of them). */
const setItem = (values: readonly unknown[]) => ({ filterType: 'set' as const, values: values as (string | number | boolean | null)[] });
export const equalsItem = (value: unknown) => setItem([value]);

/**
 * One window of a query. A detail grid's fixed filter goes by the `filter` action
 * (equality object beside window and sort); with column filters too, the fixed fields
 * become set filters of `list` (the same equality).
 */
export function fetchWindow(q: Query, w: Window): Promise<Page> {
  const filtersActive = Object.keys(q.filterModel).length > 0;
  const base = {
    startRow: w.startRow,
    endRow: w.endRow,
    language: q.language,
    // The planner's estimate on large sources (the grid offers the exact count).
    count: w.count ?? 'estimate',
    ...(q.sortModel.length ? { sortModel: q.sortModel } : {}),
    ...(w.after ? { after: w.after } : {}),
  };
  if (q.fixed && Object.keys(q.fixed).length) {
    if (!filtersActive) return action<Page>(q.form, 'filter', { ...q.fixed, ...base });
    return action<Page>(q.form, 'list', { ...base, filterModel: allFilters(q) });
  }
  return action<Page>(q.form, 'list', { ...base, ...(filtersActive ? { filterModel: q.filterModel } : {}) });
}

/**
 * Where the row with these key fields stands in the query's order under its filters (the
 * server's `locate`): its position, or null when the filters leave it out.
 */
export async function locateRow(q: Query, keys: Row): Promise<number | null> {
  const filterModel = allFilters(q);
  const r = await action<{ position: number | null }>(q.form, 'list', {
    language: q.language,
    locate: keys,
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
  const names = Object.keys(keyFields[0]!);
  if (names.length === 1) {
    const k = names[0]!;
    const out: Row[] = [];
    for (let at = 0; at < keyFields.length; at += KEYS_PER_FETCH) {
      const values = keyFields.slice(at, at + KEYS_PER_FETCH).map((r) => r[k]);
      const page = await action<Page>(form, 'list', { startRow: 0, endRow: values.length, count: 'exact', filterModel: { [k]: setItem(values) } });
      out.push(...page.rows);
    }
    return out;
  }
  const pages = await Promise.all(keyFields.map((keys) => action<Page>(form, 'filter', { ...keys, startRow: 0, endRow: 1 })));
  return pages.flatMap((p) => p.rows);
}

// ---- writes ----------------------------------------------------------------------------

export const setRow = (form: string, payload: Row) => action<{ row: Row; log_id?: number }>(form, 'set', payload);

/** All-or-nothing: every row or none; an error names `payload.rows.<i>.<field>`. */
export const setRows = (form: string, rows: Row[]) => action<{ rows: Row[]; log_ids?: number[] }>(form, 'set', { rows });

export const undo = (form: string, logIds: number[]) => action<{ rows: Row[] }>(form, 'undo', { log_ids: logIds });

/** `log_ids`: one change-log entry per deleted row; `undo` of them puts the rows back with what cascaded. */
export const deleteKeys = (form: string, keys: unknown[]) => action<{ deleted: number; log_ids?: number[] }>(form, 'delete', { keys });

/** What a delete of these keys takes: the rows (a few named) and, per screen, the rows going with them. */
export interface DeletePreview {
  count: number;
  rows: { key: string; name: unknown }[];
  dependents: { form: string | null; count: number }[];
}
export const deletePreview = (form: string, keys: unknown[]) => action<DeletePreview>(form, 'delete_preview', { keys });

// ---- aggregate ---------------------------------------------------------------------------

export type AggFn = 'sum' | 'avg' | 'min' | 'max';
export const AGG_FNS: readonly AggFn[] = ['sum', 'avg', 'min', 'max'];
/** What the totals row may show in a column: a function, or nothing (saved with the column state). */
export type TotalFn = AggFn | 'none';
export type Aggs = Record<string, Partial<Record<AggFn | 'count', number | string | null>>>;

export interface AggGroup {
  key: Record<string, unknown>;
  count: number;
  aggs: Aggs;
}
export interface AggResult {
  groups: AggGroup[];
  totals: { count: number; aggs: Aggs };
  truncated?: boolean;
}

export interface AggRequest {
  filterModel?: FilterModel;
  groupBy?: string[];
  aggregates?: Record<string, readonly (AggFn | 'count')[]>;
  language?: string;
}

export const aggregate = (form: string, req: AggRequest) => action<AggResult>(form, 'aggregate', req);

// ---- grid state and views ---------------------------------------------------------------------

/** `view`: the saved view applied when the state was saved, while the user may still see it. */
export const loadGridState = (form: string) =>
  api.action<{ rows: { form: string; state: unknown; view: { view_id: number; name: string; state: unknown } | null }[] }>('grid_state', 'list', { form });
export const saveGridState = (form: string, state: unknown, view_id: number | null) => api.action<unknown>('grid_state', 'set', { form, state, view_id });

export interface SavedView {
  view_id: number;
  name: string;
  shared: boolean;
  owner: string;
  mine: boolean;
  state: unknown;
  row_version: number;
}

export const listViews = (form: string) => api.action<{ rows: SavedView[] }>('grid_views', 'list', { form });
export const addView = (form: string, name: string, shared: boolean, state: unknown) =>
  api.action<{ row: SavedView }>('grid_views', 'add', { form, name, shared, state });
export const updateView = (view: Pick<SavedView, 'view_id' | 'row_version'>, changes: { name?: string; shared?: boolean; state?: unknown }) =>
  api.action<{ row: SavedView }>('grid_views', 'set', { view_id: view.view_id, row_version: view.row_version, ...changes });
export const deleteView = (viewId: number) => api.action<{ deleted: number }>('grid_views', 'delete', { keys: [viewId] });

// ---- translation ---------------------------------------------------------------------------

/** Google Translate through the server: text in `from` → { lang: text } for each of `to`. */
/** The engine translateText calls (named in its messages). */
export const TRANSLATE_ENGINE = 'Google Translate';

export async function translateText(text: string, from: string, to: string[]): Promise<Record<string, string>> {
  const r = await api.post<unknown>('/api/gt', { text, from, to });
  const obj = r && typeof r === 'object' && 'data' in r && r.data && typeof r.data === 'object' ? r.data : r;
  const out: Record<string, string> = {};
  if (obj && typeof obj === 'object') for (const [k, v] of Object.entries(obj)) if (typeof v === 'string' && to.includes(k)) out[k] = v;
  return out;
}
