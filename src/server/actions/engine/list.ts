import * as v from 'valibot';
import { FilterItem, ListPayload, SortModel } from '../../../../schemas/api.ts';
import type { Queryable } from '../../db/types.ts';
import { badRequest, parseInput } from '../../http/errors.ts';
import type { Screen, ValueType } from './screens.ts';
import { searchClause, windowCap } from './search.ts';
import { Params, castOf, ident, relation } from './sql.ts';
import { describe, plainObject, scalar } from './values.ts';

/** Rows without a window are capped; a larger source must be asked for in windows. */
export const MAX_ROWS = 100_000;

export interface ListScope {
  company: string | null;
  language: string;
}

type Filter = v.InferOutput<typeof FilterItem>;
type Sort = v.InferOutput<typeof SortModel>[number];

/** The SQL expression of a column: multi-language columns read the request's language. */
export function expr(screen: Screen, field: string, p: Params, scope: ListScope, langParam: { ref?: string }): string {
  if (screen.columns[field]?.type === 'multi') {
    langParam.ref ??= p.add(scope.language, 'text');
    return `(${ident(field)} ->> ${langParam.ref})`;
  }
  return ident(field);
}

const numberOps: Record<string, string> = {
  equals: '=', notEqual: '<>', lt: '<', lessThan: '<', lte: '<=', lessThanOrEqual: '<=',
  gt: '>', greaterThan: '>', gte: '>=', greaterThanOrEqual: '>=',
};
export const kindOf = (t: ValueType): 'text' | 'number' | 'date' | 'bool' | 'json' =>
  t === 'text' || t === 'multi' ? 'text' : t === 'int' || t === 'number' || t === 'money' ? 'number'
    : t === 'date' || t === 'datetime' ? 'date' : t;

function condition(screen: Screen, field: string, f: Filter, p: Params, scope: ListScope, lang: { ref?: string }): string {
  const where = `payload.filterModel.${field}`;
  const col = screen.columns[field];
  if (!col) throw badRequest(`${where}: unknown column "${field}"`);
  if (!col.filterable) throw badRequest(`${where}: column "${field}" cannot be filtered`);
  const type = screen.valueType[field]!;
  const kind = kindOf(type);
  if (kind === 'json') throw badRequest(`${where}: column "${field}" cannot be filtered`);
  const e = expr(screen, field, p, scope, lang);
  const cast = castOf[type];
  const value = (raw: unknown, name: string) => {
    if (kind === 'date' && typeof raw === 'string' && type === 'date') raw = raw.slice(0, 10); // AG Grid sends 'yyyy-MM-dd hh:mm:ss'
    return p.add(scalar(type, raw, `${where}.${name}`), cast);
  };

  if (f.filterType === 'set' || (f.values && f.type === undefined)) {
    if (!f.values) throw badRequest(`${where}.values: expected an array`);
    const vals = f.values.filter((x) => x !== null).map((x, i) => scalar(type, x, `${where}.values.${i}`));
    const parts = [`${e} = any(${p.add(vals, `${cast}[]`)})`];
    if (f.values.includes(null)) parts.push(`${e} is null`);
    return `(${parts.join(' or ')})`;
  }
  const op = f.type ?? (kind === 'text' ? 'contains' : 'equals');
  if (op === 'blank') return kind === 'text' ? `coalesce(${e}, '') = ''` : `${e} is null`;
  if (op === 'notBlank') return kind === 'text' ? `coalesce(${e}, '') <> ''` : `${e} is not null`;
  const first = f.filter ?? f.dateFrom;
  if (first === undefined || first === null) throw badRequest(`${where}.filter: expected a value for "${op}"`);

  if (kind === 'text') {
    const x = p.add(String(scalar('text', first, `${where}.filter`)).toLowerCase(), 'text');
    switch (op) {
      case 'contains': return `strpos(lower(${e}), ${x}) > 0`;
      case 'notContains': return `coalesce(strpos(lower(${e}), ${x}), 0) = 0`;
      case 'equals': return `lower(${e}) = ${x}`;
      case 'notEqual': return `lower(${e}) is distinct from ${x}`;
      case 'startsWith': return `left(lower(${e}), length(${x})) = ${x}`;
      case 'endsWith': return `right(lower(${e}), length(${x})) = ${x}`;
    }
    throw badRequest(`${where}.type: "${op}" is not a text filter`);
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
  const sqlOp = numberOps[op];
  if (!sqlOp) throw badRequest(`${where}.type: "${op}" is not a ${kind} filter`);
  return `${e} ${sqlOp} ${value(first, 'filter')}`;
}

/** Order: the request's sort (else the descriptor's), then the key as tie-breaker. */
export function ordering(screen: Screen, sortModel: Sort[] | undefined): Sort[] {
  const requested = sortModel?.length ? sortModel : screen.source.sort ?? [];
  for (const [i, s] of requested.entries()) {
    const col = screen.columns[s.colId];
    if (!col) throw badRequest(`payload.sortModel.${i}.colId: unknown column "${s.colId}"`);
    if (!col.sortable || col.type === 'json') throw badRequest(`payload.sortModel.${i}.colId: column "${s.colId}" cannot be sorted`);
  }
  const order = [...requested];
  for (const k of screen.keys) if (!order.some((s) => s.colId === k)) order.push({ colId: k, sort: 'asc' });
  return order;
}

/**
 * Keyset predicate: rows strictly after `after` in the given order. PostgreSQL sorts
 * NULL as larger than any value (asc nulls last, desc nulls first), and so does this.
 */
function keyset(screen: Screen, order: Sort[], after: unknown[], p: Params, scope: ListScope, lang: { ref?: string }): string {
  if (after.length !== order.length) {
    throw badRequest(`payload.after: expected ${order.length} values (${order.map((s) => s.colId).join(', ')}), got ${after.length}`);
  }
  const ors: string[] = [];
  for (let i = 0; i < order.length; i++) {
    const ands: string[] = [];
    for (let j = 0; j < i; j++) {
      const s = order[j]!;
      const val = after[j] === null ? null : scalar(screen.valueType[s.colId]!, after[j], `payload.after.${j}`);
      ands.push(`${expr(screen, s.colId, p, scope, lang)} is not distinct from ${p.add(val, castOf[screen.valueType[s.colId]!])}`);
    }
    const s = order[i]!;
    const e = expr(screen, s.colId, p, scope, lang);
    const raw = after[i];
    if (raw === null) {
      if (s.sort === 'asc') continue; // nothing sorts after NULL ascending but NULLs (ties)
      ands.push(`${e} is not null`);
    } else {
      const x = p.add(scalar(screen.valueType[s.colId]!, raw, `payload.after.${i}`), castOf[screen.valueType[s.colId]!]);
      ands.push(s.sort === 'asc' ? `(${e} > ${x} or ${e} is null)` : `${e} < ${x}`);
    }
    ors.push(`(${ands.join(' and ')})`);
  }
  return ors.length ? `(${ors.join(' or ')})` : 'false';
}

export interface ListRequest {
  startRow?: number | undefined;
  endRow?: number | undefined;
  sortModel?: Sort[] | undefined;
  filterModel?: Record<string, Filter> | undefined;
  after?: unknown[] | undefined;
  language?: string | undefined;
  /** Equality filters of the `filter` action. */
  equals?: Record<string, unknown> | undefined;
  /** 'estimate': a large total may be the planner's estimate (default 'exact'). */
  count?: 'exact' | 'estimate' | undefined;
  /** Search lookups: the text searched (search.ts). */
  search?: string | undefined;
}

/** The rows a request selects: company scope, filterModel and equality filters. */
export type WhereRequest = Pick<ListRequest, 'filterModel' | 'equals'>;

/** An estimated total is answered only above this many rows (smaller ones are counted). */
export const ESTIMATE_THRESHOLD = 100_000;

export interface ListOptions {
  /** Estimated totals above this are answered as estimates (default ESTIMATE_THRESHOLD). */
  estimateThreshold?: number;
}

/**
 * The WHERE conditions of a request (joined with `and`; empty = every row), with the
 * values added to `p`. Shared by list and aggregate: the same rows, the same company.
 */
export function whereConditions(screen: Screen, req: WhereRequest, scope: ListScope, p: Params, lang: { ref?: string }): string[] {
  const where: string[] = [];
  if (screen.source.company) where.push(`${ident(screen.source.company)} = ${p.add(scope.company, 'text')}`);
  for (const [field, f] of Object.entries(req.filterModel ?? {})) where.push(condition(screen, field, f, p, scope, lang));
  for (const [field, raw] of Object.entries(req.equals ?? {})) {
    const col = screen.columns[field];
    if (!col || !col.filterable) throw badRequest(`payload.${field}: unknown or unfilterable column "${field}"`);
    const type = screen.valueType[field]!;
    if (type === 'json') throw badRequest(`payload.${field}: column "${field}" cannot be filtered`);
    where.push(raw === null ? `${expr(screen, field, p, scope, lang)} is null`
      : `${expr(screen, field, p, scope, lang)} = ${p.add(scalar(type, raw, `payload.${field}`), castOf[type])}`);
  }
  return where;
}

/** The planner's row estimate of `select 1 from … where …` (EXPLAIN, no execution). */
export async function plannerEstimate(db: Queryable, from: string, where: string, params: unknown[]): Promise<number> {
  const r = await db.query<Record<string, unknown>>(`explain (format json) select 1 from ${from} ${where}`, params);
  let plan = Object.values(r.rows[0] ?? {})[0];
  if (typeof plan === 'string') plan = JSON.parse(plan);
  const rows = (plan as { Plan?: { 'Plan Rows'?: unknown } }[] | undefined)?.[0]?.Plan?.['Plan Rows'];
  return typeof rows === 'number' && Number.isFinite(rows) ? Math.round(rows) : 0;
}

export function parseList(payload: unknown): ListRequest {
  return payload === undefined || payload === null ? {} : parseInput(ListPayload, payload);
}

/** `filter` payload: an equality object, with the window and sort allowed beside it. */
export function parseFilter(payload: unknown): ListRequest {
  if (payload === undefined || payload === null) return {};
  const { startRow, endRow, sortModel, after, language, count, ...equals } = plainObject(payload, 'payload');
  const windowed = parseInput(ListPayload, { startRow, endRow, sortModel, after, language, count });
  return { ...windowed, equals };
}

export async function list(db: Queryable, screen: Screen, req: ListRequest, listScope: ListScope, opts: ListOptions = {}) {
  const scope = req.language ? { ...listScope, language: req.language } : listScope;
  const p = new Params();
  const lang: { ref?: string } = {};
  const where = whereConditions(screen, req, scope, p, lang);
  const search = searchClause(screen, req.search, p, scope, lang);
  if (search) where.push(search.where);
  const filtered = where.length ? `where ${where.join(' and ')}` : '';
  const countParams = [...p.values];

  const start = req.startRow ?? 0;
  const cap = windowCap(screen, MAX_ROWS);
  const end = req.endRow ?? start + cap;
  if (end < start) throw badRequest('payload.endRow: must not be less than startRow');
  if (end - start > cap) throw badRequest(`payload.endRow: a window holds at most ${cap} rows`);
  if (search && req.after) throw badRequest('payload.after: a search is answered by startRow and endRow');

  const order = ordering(screen, req.sortModel);
  const pageWhere = [...where];
  if (req.after) pageWhere.push(keyset(screen, order, req.after, p, scope, lang));
  const fields = [...new Set([...screen.keys, ...Object.keys(screen.columns), ...(screen.source.version ? [screen.source.version] : [])])];
  const from = relation(screen.source.relation);
  const sql =
    `select ${fields.map(ident).join(', ')} from ${from}` +
    (pageWhere.length ? ` where ${pageWhere.join(' and ')}` : '') +
    ` order by ${[...(search ? [search.rank()] : []), ...order.map((s) => `${expr(screen, s.colId, p, scope, lang)} ${s.sort}`)].join(', ')}` +
    ` limit ${end - start}` +
    (req.after ? '' : ` offset ${start}`);
  const rows = await db.query<Record<string, unknown>>(sql, p.values);
  const n = rows.rows.length;
  let total: number;
  let totalExact = true;
  if (!req.after && n < end - start && (start === 0 || n > 0)) {
    // The window ends before the rows do: the total is known without counting.
    total = start + n;
  } else {
    // An estimate only when asked, for a window the client asked for (the 400 below needs the truth).
    const estimate = req.count === 'estimate' && req.endRow !== undefined ? await plannerEstimate(db, from, filtered, countParams) : 0;
    if (estimate > (opts.estimateThreshold ?? ESTIMATE_THRESHOLD)) {
      total = Math.max(estimate, req.after ? n : start + n);
      totalExact = false;
    } else {
      total = (await db.query<{ n: number }>(`select count(*)::int as n from ${from} ${filtered}`, countParams)).rows[0]!.n;
    }
  }
  if (req.endRow === undefined && total > start + n && !req.after && !screen.source.search) {
    throw badRequest(`payload.endRow: more than ${MAX_ROWS} rows match; ask for a window (startRow, endRow)`);
  }
  return { rows: rows.rows, total, totalExact };
}
