import * as v from 'valibot';
import { collationSql } from '../../../core/query/collation.ts';
import { cursorValues } from '../../../core/query/keyset.ts';
import { kindOf } from '../../../core/query/kinds.ts';
import { comparisonOf, defaultOp, isSetItem, textOp, type TextTest } from '../../../core/query/operators.ts';
import { MAX_SET_VALUES, outsideOptions, setParts } from '../../../core/query/setFilter.ts';
import { collated, fullOrder } from '../../../core/query/order.ts';
import { ListPayload, SortModel } from '../../../../schemas/api.ts';
import type { Queryable } from '../../db/types.ts';
import { badRequest, parseInput, refused, unknownColumn } from '../../http/errors.ts';
import { expr, type Filter, type ListScope, type WhereRequest } from './listScope.ts';
import { ownerCondition } from './owner.ts';
import type { Screen } from './screens.ts';
import type { AgGridRequest } from './agGrid.ts';
import { labelJoin, sortsByLabel } from './lookupSql.ts';
import { namedTextCondition } from './namedFilter.ts';
import { searchClause, windowCap, type SearchClause } from './search.ts';
import { RawJson } from '../../http/rawJson.ts';
import { joinArrays, jsonPage, rowsJson } from './rowsJson.ts';
import { sourceFrom } from './params.ts';
import { Params, castOf, ident } from './sql.ts';
import { plainObject, scalar } from './values.ts';

/** Rows without a window are capped; a larger source must be asked for in windows. */
const MAX_ROWS = 100_000;

type Sort = v.InferOutput<typeof SortModel>[number];

/**
 * The SQL of an order column's values as the order compares them: text in the request
 * language's collation (core/query/order.ts `collated`: not keys, whose index serves their
 * order), the same in ORDER BY and keyset conditions, else pages would skip or repeat rows.
 */
export function sortExpr(screen: Screen, field: string, p: Params, scope: ListScope, langParam: { ref?: string }): string {
  return collate(screen, field, expr(screen, field, p, scope, langParam), scope);
}

/** An expression of a column's values (its own, or its looked-up text) in the column's sort collation. */
function collate(screen: Screen, field: string, e: string, scope: ListScope, byLabel = false): string {
  const text = byLabel || collated(kindOf(screen.valueType[field]!), screen.keys.includes(field));
  return text ? `${e} collate ${collationSql(scope.language)}` : e;
}

/** The positive text tests (core/query/operators.ts) on a lower-cased expression. */
const TEXT_SQL: Record<TextTest, (e: string, x: string) => string> = {
  contains: (e, x) => `strpos(${e}, ${x}) > 0`,
  equals: (e, x) => `${e} = ${x}`,
  startsWith: (e, x) => `left(${e}, length(${x})) = ${x}`,
  endsWith: (e, x) => `right(${e}, length(${x})) = ${x}`,
};

function condition(screen: Screen, field: string, f: Filter, p: Params, scope: ListScope, lang: { ref?: string }, where = `payload.filterModel.${field}`): string {
  // Own columns only: `toString` is no column (Object.prototype's is not one).
  const col = Object.hasOwn(screen.columns, field) ? screen.columns[field] : undefined;
  if (!col) throw unknownColumn(where, field);
  if (!col.filterable && !screen.source.params?.includes(field)) throw badRequest(`${where}: column "${field}" cannot be filtered`);
  const type = screen.valueType[field]!;
  const kind = kindOf(type);
  if (kind === 'json') throw badRequest(`${where}: column "${field}" cannot be filtered`);
  const e = expr(screen, field, p, scope, lang);
  const cast = castOf[type];
  const value = (raw: unknown, name: string) => {
    if (kind === 'date' && typeof raw === 'string' && type === 'date') raw = raw.slice(0, 10); // AG Grid sends 'yyyy-MM-dd hh:mm:ss'
    return p.add(scalar(type, raw, `${where}.${name}`), cast);
  };

  if (isSetItem(f)) {
    if (!f.values) throw badRequest(`${where}.values: expected an array`);
    if (f.values.length > MAX_SET_VALUES) throw badRequest(`${where}.values: at most ${MAX_SET_VALUES} values`);
    // Typed as the column stores them; a column with options takes only its options (core/query/setFilter.ts).
    const typed = f.values.map((x, i) => (x === null ? null : scalar(type, x, `${where}.values.${i}`)));
    const outside = col.options ? outsideOptions(typed, col.options) : -1;
    if (outside >= 0) throw badRequest(`${where}.values.${outside}: not one of the options of "${field}"`);
    const { values: vals, empty } = setParts(typed);
    const parts = [`${e} = any(${p.add(vals, `${cast}[]`)})`];
    // "(empty)": no value (as the client row model's emptyCell).
    if (empty) parts.push(`${e} is null`);
    return `(${parts.join(' or ')})`;
  }
  const op = f.type ?? defaultOp(kind);
  if (op === 'blank') return kind === 'text' ? `coalesce(${e}, '') = ''` : `${e} is null`;
  if (op === 'notBlank') return kind === 'text' ? `coalesce(${e}, '') <> ''` : `${e} is not null`;
  const first = f.filter ?? f.dateFrom;
  if (first === undefined || first === null) throw badRequest(`${where}.filter: expected a value for "${op}"`);

  if (kind === 'text') {
    // A column shown by name (a logged screen's title) filters by the name the user sees.
    const named = namedTextCondition(col, e, op, String(scalar('text', first, `${where}.filter`)), p, scope.language);
    if (named) return named;
    const t = textOp(op);
    if (!t) throw badRequest(`${where}.type: "${op}" is not a text filter`);
    const x = p.add(String(scalar('text', first, `${where}.filter`)).toLowerCase(), 'text');
    const test = TEXT_SQL[t.test](`lower(${e})`, x);
    // A negated test passes NULL (a row without the text does not contain it).
    return t.negate ? `not coalesce(${test}, false)` : test;
  }
  if (kind === 'bool') {
    if (op !== 'equals') throw badRequest(`${where}.type: "${op}" is not a filter for true/false`);
    return `${e} = ${value(first, 'filter')}`;
  }
  if (op === 'inRange') {
    const to = f.filterTo ?? f.dateTo;
    if (to === undefined || to === null) throw badRequest(`${where}.filterTo: expected a value for inRange`);
    return `${e} between ${value(first, 'filter')} and ${value(to, 'filterTo')}`;
  }
  const sqlOp = comparisonOf(op);
  if (!sqlOp) throw badRequest(`${where}.type: "${op}" is not a ${kind} filter`);
  return `${e} ${sqlOp} ${value(first, 'filter')}`;
}

/**
 * A column's filter as AG Grid 36 builds it (schemas/agGrid.ts) as one condition: a multi
 * filter's child models all apply (null ones are unused), a combined model joins its
 * conditions with its operator, a simple one is `condition`'s. `type: 'empty'` selects no
 * condition (AG Grid's CommonFilterOptionKey).
 */
function columnCondition(screen: Screen, field: string, f: Filter, p: Params, scope: ListScope, lang: { ref?: string }, where: string): string {
  const simple = (['type', 'filter', 'filterTo', 'dateFrom', 'dateTo', 'values'] as const).find((k) => f[k] !== undefined);
  if (f.filterType === 'multi' || f.filterModels !== undefined) {
    const extra = simple ?? (f.operator !== undefined ? 'operator' : f.conditions !== undefined ? 'conditions' : undefined);
    if (extra) throw badRequest(`${where}.${extra}: a multi filter keeps its filters in filterModels`);
    const parts = (f.filterModels ?? []).flatMap((m, i) => (m ? [columnCondition(screen, field, m, p, scope, lang, `${where}.filterModels.${i}`)] : []));
    return parts.length ? `(${parts.join(' and ')})` : 'true';
  }
  if (f.operator !== undefined || f.conditions !== undefined) {
    if (simple) throw badRequest(`${where}.${simple}: a combined filter keeps its values in conditions`);
    if (!f.operator) throw badRequest(`${where}.operator: expected AND or OR beside conditions`);
    if (!f.conditions?.length) throw badRequest(`${where}.conditions: expected at least one condition`);
    const parts = f.conditions.map((c, i) => columnCondition(screen, field, c, p, scope, lang, `${where}.conditions.${i}`));
    return `(${parts.join(f.operator === 'OR' ? ' or ' : ' and ')})`;
  }
  if (f.type === 'empty') return 'true';
  return condition(screen, field, agGridValues(screen, field, f), p, scope, lang, where);
}

/**
 * AG Grid's value forms as the column's: its set filter keys are strings ('2', 'true'), its
 * bigint filter's values too; a `type` of null is no type.
 */
function agGridValues(screen: Screen, field: string, f: Filter): Filter {
  const type = screen.valueType[field];
  const kind = type === undefined ? undefined : kindOf(type);
  const typed = (x: string | number | boolean | null | undefined) => {
    if (typeof x !== 'string') return x;
    if (kind === 'number' && /^-?\d+(\.\d+)?$/.test(x.trim())) return Number(x);
    if (kind === 'bool' && (x === 'true' || x === 'false')) return x === 'true';
    return x;
  };
  const out: Filter = { ...f, type: f.type ?? undefined };
  if (f.values) out.values = f.values.map(typed) as Filter['values'];
  if (f.filterType === 'bigint') {
    out.filter = typed(f.filter);
    out.filterTo = typed(f.filterTo);
  }
  return out;
}

/** Order: the request's sort (else the descriptor's), then the key as tie-breaker (core/query/order.ts). */
export function ordering(screen: Screen, sortModel: Sort[] | undefined): Sort[] {
  for (const [i, s] of (sortModel ?? []).entries()) {
    const col = screen.columns[s.colId];
    if (!col) throw badRequest(`payload.sortModel.${i}.colId: unknown column "${s.colId}"`);
    if (!col.sortable || col.type === 'json') throw badRequest(`payload.sortModel.${i}.colId: column "${s.colId}" cannot be sorted`);
  }
  return fullOrder(sortModel ?? [], screen.source.sort, screen.keys);
}

/**
 * The rows after a keyset cursor (or, `before`, ahead of it), as parts: after a cursor they
 * follow each other in the list order — the rows of the first part come first, then those
 * of the second, and so on. Each part is a condition an index on the order columns can
 * serve: equalities on a prefix and one row comparison, `(a, b) > ($1, $2)`, or an
 * `is [not] null`. NULL sorts after every value in both directions (core/query/order.ts),
 * and so do the parts: a nullable column's NULLs after a value come as a part of their own,
 * after a NULL nothing of that column does (before it, every value). Keys are never NULL,
 * so a sort column and the key merge into one row comparison (the usual deep page costs
 * one index range scan, not a scan from the start with `or … is null`). The columns are
 * compared as the order sorts them (`sortExpr`: text in the language's collation).
 */
function keysetParts(screen: Screen, order: Sort[], after: unknown[], p: Params, scope: ListScope, lang: { ref?: string }, side: 'after' | 'before' = 'after'): string[] {
  const byLabel = order.find((s) => sortsByLabel(screen, s.colId));
  if (byLabel) throw badRequest(`payload.after: a sort by "${byLabel.colId}" (a looked-up text) is answered by startRow and endRow`);
  if (after.length !== order.length) {
    throw badRequest(`payload.after: expected ${order.length} values (${order.map((s) => s.colId).join(', ')}), got ${after.length}`);
  }
  const exprs = order.map((s) => sortExpr(screen, s.colId, p, scope, lang));
  const values = order.map((s, i) => {
    const type = screen.valueType[s.colId]!;
    // No cast: the parameter takes the column's own type, so `int_col > $1` stays indexable.
    return after[i] === null ? null : p.add(scalar(type, after[i], `payload.after.${i}`));
  });
  const notNull = order.map((s) => screen.keys.includes(s.colId));
  const prefix = (i: number) => exprs.slice(0, i).map((e, j) => (values[j] === null ? `${e} is null` : `${e} = ${values[j]}`));

  const parts: string[] = [];
  // The columns (one direction) the last part compares, while that part may still grow to the left.
  let run = null as { from: number; to: number; sort: 'asc' | 'desc' } | null;
  const compare = (from: number, to: number, sort: 'asc' | 'desc') => {
    const op = (sort === 'asc') === (side === 'after') ? '>' : '<';
    const cols = exprs.slice(from, to + 1);
    const vals = values.slice(from, to + 1);
    const cmp = cols.length === 1 ? `${cols[0]} ${op} ${vals[0]}` : `(${cols.join(', ')}) ${op} (${vals.join(', ')})`;
    return [...prefix(from), cmp].join(' and ');
  };
  // From the deepest column out: rows tied on columns 0..i-1 and after (before) the cursor on column i.
  for (let i = order.length - 1; i >= 0; i--) {
    const s = order[i]!;
    if (values[i] === null) {
      run = null;
      // Nothing of the column sorts after NULL; every value sorts before it.
      if (side === 'before') parts.push([...prefix(i), `${exprs[i]} is not null`].join(' and '));
      continue;
    }
    // Extend the previous part when nothing can sort between the two (same direction, no NULLs part between).
    if (run && run.sort === s.sort && run.from === i + 1) {
      run.from = i;
      parts[parts.length - 1] = compare(run.from, run.to, run.sort);
    } else {
      parts.push(compare(i, i, s.sort));
      run = { from: i, to: i, sort: s.sort };
    }
    // A row comparison leaves NULL out: after a value, the column's NULLs follow as a part of their own.
    if (side === 'after' && !notNull[i]) {
      parts.push([...prefix(i), `${exprs[i]} is null`].join(' and '));
      run = null;
    }
  }
  return parts;
}

export interface ListRequest extends AgGridRequest {
  startRow?: number | undefined;
  endRow?: number | undefined;
  sortModel?: Sort[] | undefined;
  filterModel?: Record<string, Filter> | undefined;
  after?: unknown[] | undefined;
  language?: string | undefined;
  /** Equality filters of the `filter` action. */
  equals?: Record<string, unknown> | undefined;
  /** 'exact' counts; 'estimate' (the default) answers the planner's estimate when it is above the threshold. */
  count?: 'exact' | 'estimate' | undefined;
  /** Search lookups: the text searched (search.ts). */
  search?: string | undefined;
  /** A row's key: answer where it stands instead of a window (`locate`). */
  locate?: Record<string, unknown> | undefined;
}

/** An estimated total is answered only above this many rows (smaller ones are counted). */
const ESTIMATE_THRESHOLD = 100_000;

export interface ListOptions {
  /** Estimated totals above this are answered as estimates (default ESTIMATE_THRESHOLD). */
  estimateThreshold?: number;
  /** listJson: the rows as JSON the database writes (rowsJson.ts); false answers list's value as it is. */
  json?: boolean;
}

/**
 * The WHERE conditions of a request (joined with `and`; empty = every row), with the
 * values added to `p`. Shared by list and aggregate: the same rows, the same company.
 */
export function whereConditions(screen: Screen, req: WhereRequest, scope: ListScope, p: Params, lang: { ref?: string }): string[] {
  const where: string[] = [];
  if (screen.source.company) where.push(`${ident(screen.source.company)} = ${p.add(scope.company, 'text')}`);
  const own = ownerCondition(screen, scope, p);
  if (own) where.push(own);
  for (const [field, f] of Object.entries(req.filterModel ?? {})) where.push(columnCondition(screen, field, f, p, scope, lang, `payload.filterModel.${field}`));
  for (const [field, raw] of Object.entries(req.equals ?? {})) {
    const col = Object.hasOwn(screen.columns, field) ? screen.columns[field] : undefined;
    // A source's parameter is given this way even where the grid offers no filter on it.
    if (!col || !(col.filterable || screen.source.params?.includes(field))) throw badRequest(`payload.${field}: unknown or unfilterable column "${field}"`);
    const type = screen.valueType[field]!;
    if (type === 'json') throw badRequest(`payload.${field}: column "${field}" cannot be filtered`);
    where.push(raw === null ? `${expr(screen, field, p, scope, lang)} is null` : `${expr(screen, field, p, scope, lang)} = ${p.add(scalar(type, raw, `payload.${field}`), castOf[type])}`);
  }
  return where;
}

/** The planner's row estimate of `select 1 from … where …` (EXPLAIN, no execution). */
async function plannerEstimate(db: Queryable, from: string, where: string, params: unknown[]): Promise<number> {
  const r = await db.query<Record<string, unknown>>(`explain (format json) select 1 from ${from} ${where}`, params);
  let plan = Object.values(r.rows[0] ?? {})[0];
  if (typeof plan === 'string') plan = JSON.parse(plan);
  const rows = (plan as { Plan?: { 'Plan Rows'?: unknown } }[] | undefined)?.[0]?.Plan?.['Plan Rows'];
  return typeof rows === 'number' && Number.isFinite(rows) ? Math.round(rows) : 0;
}

/**
 * The list payload: AG Grid's request (schemas/agGrid.ts) and ours. Its own keys are checked
 * against the screen by `checkAgGridRequest` (engine/agGrid.ts); a null filterModel (the
 * server-side row model's "no filter") is none.
 */
export function parseList(payload: unknown): ListRequest {
  if (payload === undefined || payload === null) return {};
  const { filterModel, ...req } = parseInput(ListPayload, payload);
  return filterModel === null ? req : { ...req, filterModel };
}

/** `filter` payload: an equality object, with the window and sort allowed beside it. */
export function parseFilter(payload: unknown): ListRequest {
  if (payload === undefined || payload === null) return {};
  const { startRow, endRow, sortModel, after, language, count, ...equals } = plainObject(payload, 'payload');
  const windowed = parseList({ startRow, endRow, sortModel, after, language, count });
  return { ...windowed, equals };
}

/**
 * A statement with only the parameters it uses, renumbered: keyset parts share one
 * Params, and PostgreSQL cannot type a parameter no part of the text uses. (Engine SQL
 * holds identifiers and $n placeholders only, never literals with a `$`.)
 */
function used(sql: string, values: readonly unknown[]): [string, unknown[]] {
  const renumbered = new Map<string, string>();
  const out: unknown[] = [];
  const text = sql.replace(/\$(\d+)/g, (_, n: string) => {
    let to = renumbered.get(n);
    if (to === undefined) {
      out.push(values[Number(n) - 1]);
      renumbered.set(n, (to = `$${out.length}`));
    }
    return to;
  });
  return [text, out];
}

/** The fields a list answers: keys, columns and the version, once per screen. */
const fieldLists = new WeakMap<Screen, string[]>();
function fieldsOf(screen: Screen): string[] {
  let f = fieldLists.get(screen);
  if (f === undefined) {
    f = [...new Set([...screen.keys, ...Object.keys(screen.columns), ...(screen.source.version ? [screen.source.version] : [])])];
    fieldLists.set(screen, f);
  }
  return f;
}
const selectLists = new WeakMap<Screen, string>();
function selectList(screen: Screen): string {
  let s = selectLists.get(screen);
  if (s === undefined) selectLists.set(screen, (s = fieldsOf(screen).map(ident).join(', ')));
  return s;
}

/** How long a planner estimate is reused for the same query (scrolling asks for the same total again and again). */
const ESTIMATE_TTL_MS = 10_000;
const ESTIMATES_KEPT = 1000;
const estimatesOf = new WeakMap<Queryable, Map<string, { rows: number; at: number }>>();

/**
 * The planner's estimate of a query's rows, remembered for ESTIMATE_TTL_MS per database,
 * statement and values (the company is one of them). An estimate moves only with the table
 * statistics, so a few seconds' reuse changes nothing about what it is.
 */
async function cachedEstimate(db: Queryable, from: string, where: string, params: unknown[]): Promise<number> {
  let estimates = estimatesOf.get(db);
  if (!estimates) estimatesOf.set(db, (estimates = new Map()));
  const key = JSON.stringify([from, where, params]);
  const now = Date.now();
  const hit = estimates.get(key);
  if (hit && now - hit.at < ESTIMATE_TTL_MS) return hit.rows;
  const rows = await plannerEstimate(db, from, where, params);
  estimates.delete(key);
  if (estimates.size >= ESTIMATES_KEPT) estimates.delete(estimates.keys().next().value!);
  estimates.set(key, { rows, at: now });
  return rows;
}

/**
 * The ORDER BY terms of an order, and the joins they need after the FROM: a ref column
 * sorts by its display text (Brand by name, not by id), joined in (lookupSql.ts
 * `labelJoin`); texts in the language's collation; NULL last both ways (a key is never
 * NULL: its term stays as its index has it).
 */
function orderTerms(screen: Screen, order: Sort[], p: Params, scope: ListScope, lang: { ref?: string }): { terms: string[]; joins: string; split?: { expr: string; term: string } } {
  let joins = '';
  let split: { expr: string; term: string } | undefined;
  const terms = order.map((s, i) => {
    const nulls = s.sort === 'desc' && !screen.keys.includes(s.colId) ? ' nulls last' : '';
    if (!sortsByLabel(screen, s.colId)) {
      const e = sortExpr(screen, s.colId, p, scope, lang);
      if (i === 0 && nulls) split = { expr: e, term: `${e} desc` };
      return `${e} ${s.sort}${nulls}`;
    }
    const j = labelJoin(screen, s.colId, p, scope.language, scope.company, `sort_label_${i}`);
    joins += j.join;
    return `${collate(screen, s.colId, j.expr, scope, true)} ${s.sort}${nulls}`;
  });
  return { terms, joins, ...(split ? { split } : {}) };
}

/**
 * Where one row stands in a list: its index (0 = first) in the request's order under its
 * filters and company, or null when no row with that key passes them (the grid scrolls to
 * a row just added or edited). The row is read under the list's WHERE; its index is the
 * count of the rows before it, by the keyset parts ahead of a cursor on its sort values
 * (index-friendly counts, no numbering of every row). A sort by a looked-up text has no keyset: there the rows are numbered by
 * row_number() over the list's own ORDER BY. Key values are parameters of their types.
 */
export async function locateRow(db: Queryable, screen: Screen, req: ListRequest, listScope: ListScope): Promise<{ position: number | null }> {
  const keys = req.locate ?? {};
  if (req.after) throw badRequest('payload.after: locate answers a position, not a window');
  if (req.search) throw badRequest('payload.search: locate does not search');
  for (const k of Object.keys(keys)) if (!screen.keys.includes(k)) throw badRequest(`payload.locate.${k}: expected a key column (${screen.keys.join(', ')})`);
  for (const k of screen.keys) if (!(k in keys)) throw badRequest(`payload.locate.${k}: expected a value`);
  const scope = req.language ? { ...listScope, language: req.language } : listScope;
  const order = ordering(screen, req.sortModel);
  const p = new Params();
  const lang: { ref?: string } = {};
  const from = sourceFrom(screen, req, scope, p);
  const where = whereConditions(screen, req, scope, p, lang);
  const match = (col: (k: string, i: number) => string) =>
    screen.keys.map((k, i) => {
      const type = screen.valueType[k]!;
      return `${col(k, i)} = ${p.add(scalar(type, keys[k], `payload.locate.${k}`), castOf[type])}`;
    });

  if (order.some((s) => sortsByLabel(screen, s.colId))) {
    const sorted = orderTerms(screen, order, p, scope, lang);
    const keyCols = screen.keys.map((k, i) => `${from}.${ident(k)} as k${i}`).join(', ');
    const sql =
      `select n from (select ${keyCols}, row_number() over (order by ${sorted.terms.join(', ')}) - 1 as n from ${from}${sorted.joins}` +
      (where.length ? ` where ${where.join(' and ')}` : '') +
      `) t where ${match((_, i) => `k${i}`).join(' and ')}`;
    const n = (await db.query<{ n: number | string }>(...used(sql, p.values))).rows[0]?.n;
    return { position: n === undefined || n === null ? null : Number(n) };
  }

  const row = (await db.query<Record<string, unknown>>(...used(`select ${selectList(screen)} from ${from} where ${[...where, ...match(ident)].join(' and ')}`, p.values))).rows[0];
  if (!row) return { position: null };
  const parts = keysetParts(screen, order, cursorOf(screen, order, row, scope.language), p, scope, lang, 'before');
  const count = (part: string) => `(select count(*) from ${from} where ${[...where, part].join(' and ')})`;
  const sql = parts.length ? `select ${parts.map(count).join(' + ')} as n` : 'select 0 as n';
  const n = (await db.query<{ n: number | string }>(...used(sql, p.values))).rows[0]!.n;
  return { position: Number(n) };
}

/**
 * A keyset cursor on a row: its values of the order's columns as a client sends them back
 * (`after`; core/query/keyset.ts): a multi-language column's text in the language (rich
 * text as read: `expr`), other values as JSON has them.
 */
export function cursorOf(screen: Screen, order: Sort[], row: Record<string, unknown>, lang: string): unknown[] {
  const column = (f: string) => ({ multi: screen.columns[f]?.type === 'multi', html: !!screen.columns[f]?.html });
  return cursorValues(row, order, column, lang).map((v) => (v === null || typeof v === 'string' ? v : JSON.parse(JSON.stringify(v))));
}

/** How a window's rows are read: as row objects, or as JSON text the database made. */
interface Reader<R> {
  /** Runs a page statement (a select of the screen's fields); n is its row count. */
  read(sql: string, params: unknown[]): Promise<{ n: number; part: R }>;
  /** The parts of a keyset window, in order, as one. */
  join(parts: R[]): R;
}

const rowReader = (db: Queryable): Reader<Record<string, unknown>[]> => ({
  async read(sql, params) {
    const rows = (await db.query<Record<string, unknown>>(sql, params)).rows;
    return { n: rows.length, part: rows };
  },
  join: (parts) => parts.flat(),
});

const jsonReader = (db: Queryable, select: string): Reader<string> => ({
  async read(sql, params) {
    const r = (await db.query<{ n: number; j: string }>(jsonPage(select, sql), params)).rows[0]!;
    return { n: r.n, part: r.j };
  },
  join: joinArrays,
});

export interface ListAnswer {
  rows: Record<string, unknown>[];
  total: number;
  totalExact: boolean;
}

export function list(db: Queryable, screen: Screen, req: ListRequest, listScope: ListScope, opts: ListOptions = {}): Promise<ListAnswer> {
  return listWindow(db, screen, req, listScope, opts, rowReader(db));
}

/**
 * list's answer for an HTTP answer: with `opts.json`, as JSON text whose rows the database
 * made (rowsJson.ts), the same value list gives through JSON.stringify. Without it, or for a
 * relation with a column type rowsJson does not know, list's value itself.
 */
export async function listJson(db: Queryable, screen: Screen, req: ListRequest, listScope: ListScope, opts: ListOptions = {}): Promise<RawJson | ListAnswer> {
  const select = opts.json ? await rowsJson(db, screen, fieldsOf(screen)) : null;
  if (select === null) return list(db, screen, req, listScope, opts);
  const { rows, total, totalExact } = await listWindow(db, screen, req, listScope, opts, jsonReader(db, select));
  return new RawJson(`{"rows":${rows},"total":${total},"totalExact":${totalExact}}`);
}

async function listWindow<R>(db: Queryable, screen: Screen, req: ListRequest, listScope: ListScope, opts: ListOptions, reader: Reader<R>): Promise<{ rows: R; total: number; totalExact: boolean }> {
  const scope = req.language ? { ...listScope, language: req.language } : listScope;
  const p = new Params();
  const lang: { ref?: string } = {};
  const from = sourceFrom(screen, req, scope, p);
  const where = whereConditions(screen, req, scope, p, lang);
  const search = searchClause(screen, req.search, p, scope, lang);
  if (search) return searchWindow(db, screen, req, scope, p, lang, from, where, search, reader);
  const filtered = where.length ? `where ${where.join(' and ')}` : '';
  const countParams = [...p.values];

  const start = req.startRow ?? 0;
  const cap = windowCap(screen, MAX_ROWS);
  const end = req.endRow ?? start + cap;
  if (end < start) throw badRequest('payload.endRow: must not be less than startRow');
  if (end - start > cap) throw refused('window_too_large', `payload.endRow: a window holds at most ${cap} rows`, { field: 'payload.endRow', limit: cap });

  const order = ordering(screen, req.sortModel);
  const sorted = orderTerms(screen, order, p, scope, lang);
  const orderBy = ` order by ${sorted.terms.join(', ')}`;
  // A part whose rows all have the first sort column set (or all lack it) may order it
  // descending as an ascending index read backwards does (NULLs first: there are none),
  // so one index (company, column, key) serves both directions (migration 082).
  const split = sorted.split;
  const splitOrderBy = split ? ` order by ${[split.term, ...sorted.terms.slice(1)].join(', ')}` : orderBy;
  const page = (conditions: string[], limit: number, offset: number, by = orderBy) =>
    reader.read(
      ...used(
        `select ${selectList(screen)} from ${from}${sorted.joins}` + (conditions.length ? ` where ${conditions.join(' and ')}` : '') + by + ` limit ${limit}` + (offset ? ` offset ${offset}` : ''),
        p.values,
      ),
    );
  let rows: R;
  let n = 0;
  if (req.after) {
    // Part after part until the window is full; the first usually fills it. Every part
    // fixes the first sort column's NULLs (a row comparison, an equality or `is null`).
    const parts: R[] = [];
    for (const cond of keysetParts(screen, order, req.after, p, scope, lang)) {
      if (n >= end - start) break;
      const r = await page([...where, cond], end - start - n, 0, splitOrderBy);
      n += r.n;
      parts.push(r.part);
    }
    rows = parts.length === 1 ? parts[0]! : reader.join(parts);
  } else if (split && start === 0) {
    // The first page of a descending sort: the rows with a value, then (if room is left) those without.
    const first = await page([...where, `${split.expr} is not null`], end, 0, splitOrderBy);
    n = first.n;
    rows = first.part;
    if (n < end) {
      const rest = await page([...where, `${split.expr} is null`], end - n, 0, splitOrderBy);
      n += rest.n;
      rows = reader.join([first.part, rest.part]);
    }
  } else {
    const r = await page(where, end - start, start);
    n = r.n;
    rows = r.part;
  }
  let total: number;
  let totalExact = true;
  if (n < end - start && (req.after ? req.endRow !== undefined : start === 0 || n > 0)) {
    // The window holds the end of the rows: the total is known without counting (keyset: at the client's startRow).
    total = start + n;
  } else {
    // An estimate by default, for a window the client asked for (the 400 below needs the truth).
    const estimate = req.count !== 'exact' && req.endRow !== undefined ? await cachedEstimate(db, from, filtered, countParams) : 0;
    if (estimate > (opts.estimateThreshold ?? ESTIMATE_THRESHOLD)) {
      total = Math.max(estimate, start + n);
      totalExact = false;
    } else {
      total = (await db.query<{ n: number }>(`select count(*)::int as n from ${from} ${filtered}`, countParams)).rows[0]!.n;
    }
  }
  if (req.endRow === undefined && total > start + n && !req.after && !screen.source.search) {
    throw refused('too_many_rows', `payload.endRow: more than ${MAX_ROWS} rows match; ask for a window (startRow, endRow)`, { field: 'payload.endRow', limit: MAX_ROWS });
  }
  return { rows, total, totalExact };
}

/**
 * A search's window (search.ts): the rows holding every word, by relevance then the list's
 * order; when none does, those holding words like them (typos), most alike first. A full
 * window's total is not counted: it is the window's end, plus one (`totalExact: false`) when
 * a row follows — all the browser says ("more than shown"); counting the matches of a
 * one-letter search of 100,000 products per keystroke cost as much as the page.
 */
async function searchWindow<R>(
  db: Queryable,
  screen: Screen,
  req: ListRequest,
  scope: ListScope,
  p: Params,
  lang: { ref?: string },
  from: string,
  where: string[],
  search: SearchClause,
  reader: Reader<R>,
): Promise<{ rows: R; total: number; totalExact: boolean }> {
  if (req.after) throw badRequest('payload.after: a search is answered by startRow and endRow');
  const start = req.startRow ?? 0;
  const cap = windowCap(screen, MAX_ROWS);
  const end = req.endRow ?? start + cap;
  if (end < start) throw badRequest('payload.endRow: must not be less than startRow');
  if (end - start > cap) throw refused('window_too_large', `payload.endRow: a window holds at most ${cap} rows`, { field: 'payload.endRow', limit: cap });
  const sorted = orderTerms(screen, ordering(screen, req.sortModel), p, scope, lang);
  const run = async (match: string, rank: string) => {
    const conditions = `where ${[...where, match].join(' and ')}`;
    const r = await reader.read(
      ...used(`select ${selectList(screen)} from ${from}${sorted.joins} ${conditions} order by ${[rank, ...sorted.terms].join(', ')} limit ${end - start}${start ? ` offset ${start}` : ''}`, p.values),
    );
    if (r.n < end - start && (start === 0 || r.n > 0)) return { rows: r.part, n: r.n, total: start + r.n, totalExact: true };
    // A full window: is there a row after it? (Not how many: the browser says "more than shown".)
    const more = (await db.query<{ more: boolean }>(...used(`select exists (select 1 from ${from} ${conditions} offset ${end}) as more`, p.values))).rows[0]!.more;
    return { rows: r.part, n: r.n, total: more ? end + 1 : end, totalExact: !more };
  };
  const found = await run(search.where, search.rank());
  if (found.n > 0 || start > 0 || !search.typos) return found;
  return run(search.typos.where, search.typos.rank());
}
