/**
 * An in-memory data provider (react-admin's testDataProvider, working): the forms' rows in
 * memory, with the server's rules where the grid depends on them — filters and sort as
 * the client row model reads them (clientQuery.ts), keyset windows, writes checked by the
 * shared column schemas with the server's messages (`payload.rows.3.min_margin: …`), row
 * versions (409 stale_row), the change log with undo (409 changed_since, restore of
 * deletes), aggregates (clientAggregate.ts), grid state and views. Failures are the
 * client's `ApiError`s with the server's status and code, so the grid's error paths run
 * as in the browser. For tests and demos: nothing in the app imports it.
 *
 * Not modelled: companies and permissions, cascades of deletes (dependents are none),
 * translation (texts come back marked `[de] …`).
 */
import * as v from 'valibot';
import type { ScreenDescriptor } from '../../../../schemas/screen.ts';
import { lookupDisplayField } from '../../../core/lookupDisplay.ts';
import { checkGridState } from '../../../core/savedGridState.ts';
import { PARSE_CONFIG, emptiedMulti, keysOf, mergeMulti, rowSchema, screenValueTypes } from '../../../core/validation/columns.ts';
import { fieldLabelId } from '../../../core/fieldLabel.ts';
import { M, issuePath, parseMessage } from '../../../core/validation/messages.ts';
import { aggregateRows } from '../rowModel/clientAggregate.ts';
import { queryValue, type QueryColumn } from '../rowModel/clientQuery.ts';
import { lookupScreens } from '../../../generated/lookups.ts';
import { addLookups, lookupScreen } from '../lookupScreens.ts';
import type { Row } from '../types.ts';
import type * as C from './contract.ts';
import type { GridDataProvider } from './contract.ts';
import { badRequest, fail, invalidValue, listOrder, queryRows, type Table } from './testQuery.ts';

// Every lookup descriptor, as the screens' chunks bring them in the browser.
addLookups(lookupScreens);

export interface TestDataProvider extends GridDataProvider {
  /** A form's rows as stored now (copies, in insertion order). */
  rows(form: string): Row[];
  /** Another user's write: the row's fields change, its version goes up, nothing lands in our change log. */
  writeAsOther(form: string, keys: Row, fields: Row): void;
}

interface Entry {
  id: number;
  form: string;
  action: 'set' | 'add' | 'delete';
  keys: unknown[];
  /** set: the changed fields before and after; delete: the whole row in `before`. */
  before: Row | null;
  after: Row | null;
}

const copy = <T>(x: T): T => structuredClone(x);
const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
/** Key values compare as text (a number key given as a string finds its row, as SQL casts it). */
const sameKey = (a: unknown, b: unknown) => String(a) === String(b);

/** `screens`: the forms served; `rows`: their rows at the start, by form. */
export function testDataProvider(screens: readonly ScreenDescriptor[], rows: Record<string, readonly Row[]> = {}): TestDataProvider {
  const byForm = new Map(screens.map((s) => [s.form, s]));
  const tables = new Map<string, Table>();
  for (const screen of screens) {
    const types = screenValueTypes(screen, (f) => byForm.get(f) ?? lookupScreen(f));
    tables.set(screen.form, { screen, keys: keysOf(screen), version: screen.source.version, types, rows: copy([...(rows[screen.form] ?? [])]) });
  }
  const log: Entry[] = [];
  let nextLogId = 1;
  const state = new Map<string, { state: Record<string, unknown>; view_id: number | null; updated_at: string }>();
  const views: C.SavedView[] = [];
  let nextViewId = 1;
  const now = () => new Date().toISOString();

  const table = (form: string): Table => {
    const t = tables.get(form);
    if (!t) throw fail(404, 'bad_data_source', `bad_data_source: no form "${form}"`);
    return t;
  };
  const columnsOf = (t: Table) => new Map<string, QueryColumn>(Object.keys(t.types).map((f) => [f, { field: f, valueType: t.types[f]!, html: t.screen.columns[f]?.html }]));
  const keyOf = (t: Table, row: Row) => t.keys.map((k) => row[k]);
  const findIndex = (t: Table, keys: readonly unknown[]) => t.rows.findIndex((r) => t.keys.every((k, i) => sameKey(r[k], keys[i])));
  const addLog = (e: Omit<Entry, 'id'>) => {
    const id = nextLogId++;
    log.push({ ...e, id });
    return id;
  };

  // ---- reading ----------------------------------------------------------------------------

  /** The rows under the filters (and a search), in the list order (testQuery.ts). */
  const query = (t: Table, p: Pick<C.ListParams, 'filterModel' | 'sortModel' | 'language' | 'search'>): Row[] => queryRows(t, columnsOf(t), p);

  function list<F extends string>(form: F, p: C.ListParams): C.ListResult<F> {
    const t = table(form);
    const all = query(t, p);
    let from = p.after ? 0 : (p.startRow ?? 0);
    let rows = all;
    if (p.after) {
      const o = listOrder(t, columnsOf(t), p.sortModel, p.language ?? 'en');
      if (p.after.length !== o.order.length) throw badRequest(`payload.after: expected ${o.order.length} values, got ${p.after.length}`);
      rows = all.filter((r) => o.compare(o.values(r), p.after!) > 0);
      from = 0;
    }
    const size = p.endRow === undefined ? rows.length : p.endRow - (p.startRow ?? 0);
    return { rows: copy(rows.slice(from, from + size)) as C.FormRow<F>[], total: all.length, totalExact: true };
  }

  // ---- writing ----------------------------------------------------------------------------

  /** A set of one row on `rows` (the table's or a transaction's copy); answers the log id, if anything changed. */
  function applySet(t: Table, rows: Row[], payload: Row, where: string, named: boolean): number | undefined {
    const at = (field: string) => (named ? `${where}.${field}: ` : '');
    const keys = t.keys.map((k) => payload[k]);
    if (keys.some((k) => k === undefined || k === null)) throw badRequest(`${where}.${t.keys[0]}: the key is required`);
    const i = rows.findIndex((r) => t.keys.every((k, j) => sameKey(r[k], keys[j])));
    if (i < 0) throw fail(404, 'not_found', `${at(t.keys[0]!)}The row does not exist (or not in this company)`);
    const stored = rows[i]!;
    if (t.version && stored[t.version] !== payload[t.version]) throw fail(409, 'stale_row', `${at(t.version)}The row was changed by someone else meanwhile; reload it`);
    const fields = Object.fromEntries(Object.entries(payload).filter(([f]) => !t.keys.includes(f) && f !== t.version));
    const values = checked(t, 'set', fields, where);
    const emptied = emptiedMulti(t.screen, stored, values);
    if (emptied) throw invalidValue(`${where}.${emptied}`, { id: M.required_any_language }, undefined, fieldLabelId(emptied, t.screen.columns[emptied]));
    const next = { ...stored };
    for (const [f, x] of Object.entries(values)) next[f] = t.types[f] === 'multi' && x !== null ? mergeMulti(stored[f], x) : x;
    const moved = Object.keys(values).filter((f) => !same(stored[f], next[f]));
    if (!moved.length) return undefined; // already holds the values: no version, no entry
    if (t.version) next[t.version] = Number(stored[t.version]) + 1;
    rows[i] = next;
    return addLog({ form: t.screen.form, action: 'set', keys, before: pick(stored, moved), after: pick(next, moved) });
  }
  const pick = (row: Row, fields: string[]) => Object.fromEntries(fields.map((f) => [f, row[f] ?? null]));

  /** The written fields by the shared column schemas, with the server's 400 texts. */
  function checked(t: Table, mode: 'add' | 'set', fields: Row, where: string): Row {
    for (const f of Object.keys(fields)) {
      const col = t.screen.columns[f];
      if (!col?.editable && !(mode === 'add' && t.keys.includes(f) && !t.screen.source.generatedKey)) {
        throw badRequest(`${where}.${f}: "${f}" ${col ? 'is not editable' : 'is not a column of this form'}`);
      }
    }
    const r = v.safeParse(rowSchema(t.screen, mode, t.types, { multiPatch: mode === 'set' }), fields, PARSE_CONFIG);
    if (!r.success) {
      const issue = r.issues[0];
      const path = issuePath(issue);
      const field = path.split('.')[0] ?? '';
      throw invalidValue(
        path ? `${where}.${path}` : where,
        parseMessage(issue.message),
        issue.input,
        Object.hasOwn(t.screen.columns, field) ? fieldLabelId(field, t.screen.columns[field]) : undefined,
      );
    }
    return Object.fromEntries(Object.keys(fields).map((f) => [f, r.output[f] ?? null]));
  }

  const rowsAt = (t: Table, keyLists: unknown[][]) => keyLists.map((k) => copy(t.rows[findIndex(t, k)]!));

  function set<F extends string>(form: F, payload: C.SetParams): C.SetResult<F> {
    const t = table(form);
    const logId = applySet(t, t.rows, payload, 'payload', false);
    return { row: rowsAt(t, [keyOf(t, payload)])[0] as C.FormRow<F>, ...(logId ? { log_id: logId } : {}) };
  }

  /** One transaction: every row or none. */
  function setMany<F extends string>(form: F, p: C.SetManyParams): C.SetManyResult<F> {
    const t = table(form);
    const rows = [...t.rows];
    const logBefore = log.length;
    const ids: number[] = [];
    try {
      p.rows.forEach((payload, i) => {
        const id = applySet(t, rows, payload, `payload.rows.${i}`, true);
        if (id) ids.push(id);
      });
    } catch (e) {
      log.length = logBefore;
      throw e;
    }
    t.rows = rows;
    return {
      rows: rowsAt(
        t,
        p.rows.map((r) => keyOf(t, r)),
      ) as C.FormRow<F>[],
      log_ids: ids,
    };
  }

  function add<F extends string>(form: F, p: C.AddParams): C.AddResult<F> {
    const t = table(form);
    const values = checked(t, 'add', p, 'payload');
    const row: Row = {};
    for (const [f, col] of Object.entries(t.screen.columns)) row[f] = f in values ? values[f] : (col.default ?? null);
    if (t.screen.source.generatedKey) {
      const k = t.keys[0]!;
      row[k] = Math.max(0, ...t.rows.map((r) => Number(r[k]) || 0)) + 1;
    } else if (findIndex(t, keyOf(t, row)) >= 0) throw fail(409, 'already_exists', 'The row already exists');
    if (t.version) row[t.version] = 1;
    t.rows.push(row);
    const logId = addLog({ form, action: 'add', keys: keyOf(t, row), before: null, after: copy(row) });
    return { row: copy(row) as C.FormRow<F>, log_id: logId };
  }

  const keysOfPayload = (t: Table, keys: unknown[]) => keys.map((k) => (t.keys.length === 1 && (typeof k !== 'object' || k === null) ? [k] : t.keys.map((f) => (k as Row)[f])));

  function remove(form: string, p: C.DeleteParams): C.DeleteResult {
    const t = table(form);
    const ids: number[] = [];
    for (const keys of keysOfPayload(t, p.keys)) {
      const i = findIndex(t, keys);
      if (i < 0) continue;
      const [row] = t.rows.splice(i, 1);
      ids.push(addLog({ form, action: 'delete', keys, before: row!, after: null }));
    }
    return { deleted: ids.length, log_ids: ids };
  }

  function deletePreview(form: string, p: C.DeleteParams): C.DeletePreviewResult {
    const t = table(form);
    const found = keysOfPayload(t, p.keys).flatMap((k) => {
      const i = findIndex(t, k);
      return i < 0 ? [] : [t.rows[i]!];
    });
    const name = lookupDisplayField(t.screen.columns, t.keys);
    return { count: found.length, rows: found.slice(0, 3).map((r) => ({ key: keyOf(t, r).join(' / '), name: t.keys.includes(name) ? null : (r[name] ?? null) })), dependents: [] };
  }

  /** Newest first, all or nothing, like the server's undo (own entries of this form only). */
  function undo<F extends string>(form: F, p: C.UndoParams): C.UndoResult<F> {
    const t = table(form);
    const entries = [...new Set(p.log_ids)].map((id, i) => {
      const e = log.find((x) => x.id === id && x.form === form && x.action !== 'add');
      if (!e) throw fail(404, 'not_found', `payload.log_ids.${i}: no change ${id} of yours to ${form}`);
      return e;
    });
    const rows = [...t.rows];
    const touched: unknown[][] = [];
    const reverts: Omit<Entry, 'id'>[] = [];
    for (const e of entries.sort((a, b) => b.id - a.id)) {
      const i = rows.findIndex((r) => t.keys.every((k, j) => sameKey(r[k], e.keys[j])));
      if (e.action === 'delete') {
        if (i >= 0) throw fail(409, 'restore_conflict', 'The deleted rows cannot be put back: a key is taken again');
        const back = { ...e.before!, ...(t.version ? { [t.version]: Number(e.before![t.version]) + 1 } : {}) };
        rows.push(back);
        reverts.push({ form, action: 'add', keys: e.keys, before: null, after: copy(back) });
      } else {
        const cur = rows[i];
        const fields = Object.keys(e.after ?? {});
        if (!cur) throw fail(409, 'changed_since', `the row of change ${e.id} no longer exists`);
        const moved = fields.find((f) => !same(cur[f], e.after![f]));
        if (moved) throw fail(409, 'changed_since', `${moved} was changed since change ${e.id}; reload the row`);
        const next = { ...cur, ...e.before, ...(t.version ? { [t.version]: Number(cur[t.version]) + 1 } : {}) };
        rows[i] = next;
        reverts.push({ form, action: 'set', keys: e.keys, before: pick(cur, fields), after: pick(next, fields) });
      }
      if (!touched.some((k) => same(k, e.keys))) touched.push(e.keys);
    }
    t.rows = rows;
    return { rows: rowsAt(t, touched) as C.FormRow<F>[], log_ids: reverts.map(addLog) };
  }

  function aggregate(form: string, p: C.AggregateParams): C.AggregateResult {
    const t = table(form);
    const r = aggregateRows(query(t, p), columnsOf(t), p.groupBy ?? [], p.aggregates ?? {}, p.language ?? 'en');
    // The server answers groups sorted by key.
    const groups = r.groups.sort((a, b) => (JSON.stringify(Object.values(a.key)) < JSON.stringify(Object.values(b.key)) ? -1 : 1));
    return { ...r, groups };
  }

  // ---- custom entities --------------------------------------------------------------------

  const viewOf = (id: number) => {
    const view = views.find((x) => x.view_id === id);
    if (!view) throw fail(404, 'not_found', `payload.view_id: no view ${id}`);
    return view;
  };
  const nameTaken = (form: string, name: string, except?: number) => views.some((x) => x.form === form && x.name === name && x.view_id !== except);

  function keepInStock(p: C.KeepInStockParams): C.KeepInStockResult {
    const t = table('product_list');
    const i = findIndex(t, [p.product_code]);
    if (i < 0) throw fail(404, 'not_found', 'The row does not exist (or not in this company)');
    // An operation, not an edit: no version check (the keep_in_stock action's rule).
    const logId = applySet(t, t.rows, { product_code: p.product_code, keep_in_stock: p.keep_in_stock, ...(t.version ? { [t.version]: t.rows[i]![t.version] } : {}) }, 'payload', false);
    const row = t.rows[i]!;
    return { product_code: p.product_code, keep_in_stock: Number(row.keep_in_stock), row_version: Number(row[t.version ?? 'row_version']), ...(logId ? { log_id: logId } : {}) };
  }

  /** The texts of the ref values the entries changed, by the lookup display rule (English names). */
  function changeLabels(p: C.ChangeLabelsParams): C.ChangeLabelsResult {
    const labels: C.ChangeLabelsResult['labels'] = {};
    for (const e of log.filter((x) => p.log_ids.includes(x.id))) {
      const screen = tables.get(e.form)?.screen;
      for (const field of Object.keys({ ...e.before, ...e.after })) {
        const lookup = screen?.columns[field]?.lookup;
        const lt = lookup ? tables.get(lookup) : undefined;
        if (!lt) continue;
        for (const key of new Set([e.before?.[field], e.after?.[field]])) {
          const row = lt.rows[findIndex(lt, [key])];
          if (!row) continue;
          const shown = row[lookupDisplayField(lt.screen.columns, lt.keys)];
          const text = shown && typeof shown === 'object' ? (shown as Record<string, string>)[p.language ?? 'en'] : shown;
          if (typeof text === 'string') ((labels[e.form] ??= {})[field] ??= {})[String(key)] = text;
        }
      }
    }
    return { labels };
  }

  /** The purchase price update over the form frontend_purchase_prices (percent or amount, rounded). */
  function priceRows(p: C.PriceUpdateParams) {
    const t = table('frontend_purchase_prices');
    let rows = p.keys ? t.rows.filter((r) => p.keys!.includes(String(r.product_code))) : query(t, p);
    if (p.except) rows = rows.filter((r) => !p.except!.includes(String(r.product_code)));
    const d = 10 ** (p.decimals ?? 2);
    const change = (x: unknown) => (typeof x !== 'number' ? x : Math.round((p.mode === 'percent' ? x * (1 + p.value / 100) : x + p.value) * d) / d);
    return { t, rows, change };
  }

  const provider: TestDataProvider = {
    list: async (form, p) => list(form, p),
    filter: async (form, p) => {
      const { startRow, endRow, sortModel, after, language, count, ...equals } = p;
      const filterModel = Object.fromEntries(Object.entries(equals).map(([f, x]): [string, C.FilterItem] => [f, { filterType: 'set', values: [x as NonNullable<C.FilterItem['values']>[number]] }]));
      return list(form, { startRow, endRow, sortModel, after, language, count, filterModel });
    },
    locate: async (form, p) => {
      const t = table(form);
      const i = query(t, p).findIndex((r) => t.keys.every((k) => sameKey(r[k], p.locate[k])));
      return { position: i < 0 ? null : i };
    },
    set: async (form, p) => set(form, p),
    setMany: async (form, p) => setMany(form, p),
    add: async (form, p) => add(form, p),
    delete: async (form, p) => remove(form, p),
    deletePreview: async (form, p) => deletePreview(form, p),
    undo: async (form, p) => undo(form, p),
    // The server writes an undo's reverts again through the set path; in memory, only edits, replayed like an undo of them.
    redo: async (form, p) => {
      for (const [i, id] of p.log_ids.entries()) if (log.find((x) => x.id === id)?.action !== 'set') throw fail(422, 'not_undoable', `payload.log_ids.${i}: change ${id} is not an undone edit`);
      return undo(form, p);
    },
    aggregate: async (form, p) => aggregate(form, p),
    export: async (form, p) => {
      const { rows } = list(form, { ...(p.sortModel ? { sortModel: p.sortModel } : {}), ...(p.filterModel ? { filterModel: p.filterModel } : {}), language: p.language });
      const lines = [
        p.columns.map((c) => c.header),
        ...rows.map((r) => p.columns.map((c) => String(queryValue(r, { field: c.field, valueType: table(form).types[c.field] ?? 'text' }, p.language) ?? ''))),
      ];
      return new Blob([lines.map((l) => l.join(',')).join('\n')], { type: 'text/csv' });
    },
    translate: async (p) =>
      Object.fromEntries(p.to.map((lang) => [lang, typeof p.text === 'string' ? `[${lang}] ${p.text}` : Object.fromEntries(Object.entries(p.text).map(([f, x]) => [f, `[${lang}] ${x}`]))])),
    gridState: {
      list: async ({ form }) => {
        const s = state.get(form);
        const view = s?.view_id ? views.find((x) => x.view_id === s.view_id) : undefined;
        // Checked as the server answers them (server/actions/grid_state.ts).
        const rows = s ? [{ form, state: checkGridState(s.state), updated_at: s.updated_at, view: view ? { view_id: view.view_id, name: view.name, state: checkGridState(view.state) } : null }] : [];
        return { rows, total: rows.length, totalExact: true };
      },
      set: async ({ form, state: st, view_id }) => {
        const s = { state: copy(st), view_id: view_id && views.some((x) => x.view_id === view_id && x.form === form) ? view_id : null, updated_at: now() };
        state.set(form, s);
        return { row: { form, state: copy(s.state), updated_at: s.updated_at } };
      },
    },
    views: {
      list: async ({ form }) => {
        const rows = views.filter((x) => x.form === form).map(copy);
        return { rows, total: rows.length, totalExact: true };
      },
      add: async ({ form, name, shared, state: st }) => {
        if (nameTaken(form, name.trim())) throw fail(409, 'already_exists', `payload.name: you already have a view named "${name}"`);
        const view: C.SavedView = { view_id: nextViewId++, form, name: name.trim(), shared: shared ?? false, state: copy(st), row_version: 1, owner: 'Test User', mine: true, updated_at: now() };
        views.push(view);
        return { row: copy(view) };
      },
      set: async ({ view_id, row_version, ...changes }) => {
        const view = viewOf(view_id);
        if (view.row_version !== row_version) throw fail(409, 'stale_row', 'The view was changed meanwhile; reload it');
        if (changes.name !== undefined && nameTaken(view.form, changes.name.trim(), view_id))
          throw fail(409, 'view_name_taken', `payload.name: you already have a view named "${changes.name}" for this screen`);
        Object.assign(view, { ...changes, ...(changes.name !== undefined ? { name: changes.name.trim() } : {}), row_version: view.row_version + 1, updated_at: now() });
        return { row: copy(view) };
      },
      delete: async ({ keys }) => {
        const before = views.length;
        for (const id of keys) {
          const i = views.findIndex((x) => x.view_id === id);
          if (i >= 0) views.splice(i, 1);
        }
        return { deleted: before - views.length };
      },
    },
    keepInStock: async (p) => keepInStock(p),
    changeLabels: async (p) => changeLabels(p),
    priceUpdate: {
      preview: async (p) => {
        const { rows, change } = priceRows(p);
        const changes = rows.filter((r) => p.fields.some((f) => !same(change(r[f]), r[f])));
        const invalid = rows.filter((r) => p.fields.some((f) => typeof r[f] === 'number' && (Number(change(r[f])) < 0 || Number(change(r[f])) > 100_000_000)));
        return { rows: rows.length, changes: changes.length, invalid: invalid.length };
      },
      apply: async (p) => {
        const { t, rows, change } = priceRows(p);
        let updated = 0;
        for (const r of rows) {
          const moved = p.fields.filter((f) => !same(change(r[f]), r[f]));
          if (!moved.length) continue;
          const i = findIndex(t, keyOf(t, r));
          const next = { ...r, ...Object.fromEntries(moved.map((f) => [f, change(r[f])])), ...(t.version ? { [t.version]: Number(r[t.version]) + 1 } : {}) };
          t.rows[i] = next;
          addLog({ form: t.screen.form, action: 'set', keys: keyOf(t, r), before: pick(r, moved), after: pick(next, moved) });
          updated++;
        }
        return { rows: rows.length, updated };
      },
    },
    rows: (form) => copy(table(form).rows),
    writeAsOther(form, keys, fields) {
      const t = table(form);
      const i = findIndex(t, keyOf(t, keys));
      if (i < 0) throw new Error(`testDataProvider: no ${form} row ${JSON.stringify(keys)}`);
      const row = { ...t.rows[i]!, ...fields };
      if (t.version) row[t.version] = Number(t.rows[i]![t.version]) + 1;
      t.rows[i] = row;
    },
  };
  return provider;
}
