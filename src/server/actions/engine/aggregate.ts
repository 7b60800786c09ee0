import type * as v from 'valibot';
import { AggregatePayload, MAX_GROUPS, type aggregateFunctions } from '../../../../schemas/api.ts';
import type { Queryable } from '../../db/types.ts';
import { badRequest, parseInput } from '../../http/errors.ts';
import { kindOf } from '../../../core/query/kinds.ts';
import { sortExpr, whereConditions } from './list.ts';
import { expr, type ListScope } from './listScope.ts';
import type { Screen } from './screens.ts';
import { sourceFrom } from './params.ts';
import { Params, ident } from './sql.ts';

type Fn = (typeof aggregateFunctions)[number];
type Request = v.InferOutput<typeof AggregatePayload>;
type Values = Record<string, Record<string, number | string | null>>;

export function parseAggregate(payload: unknown): Request {
  return payload === undefined || payload === null ? {} : parseInput(AggregatePayload, payload);
}

/**
 * Counts and aggregates of the rows a list with the same filterModel selects (same
 * company scope, same filter semantics), grouped by up to three columns. Groups come
 * sorted by key, at most MAX_GROUPS (1,000) of them (`truncated` says when there were more).
 */
export async function aggregate(db: Queryable, screen: Screen, req: Request, listScope: ListScope, opts: { maxGroups?: number } = {}) {
  const maxGroups = opts.maxGroups ?? MAX_GROUPS;
  const scope = req.language ? { ...listScope, language: req.language } : listScope;
  const p = new Params();
  const lang: { ref?: string } = {};
  const from = sourceFrom(screen, { filterModel: req.filterModel }, scope, p);
  const where = whereConditions(screen, { filterModel: req.filterModel }, scope, p, lang);

  const groupBy = req.groupBy ?? [];
  groupBy.forEach((field, i) => {
    const at = `payload.groupBy.${i}`;
    const col = Object.hasOwn(screen.columns, field) ? screen.columns[field] : undefined;
    if (!col) throw badRequest(`${at}: unknown column "${field}"`);
    const type = screen.valueType[field]!;
    if (type === 'json' || type === 'multi') throw badRequest(`${at}: column "${field}" cannot be grouped by`);
    if (groupBy.indexOf(field) !== i) throw badRequest(`${at}: column "${field}" is already grouped by`);
  });

  // Every aggregate is one select item a<n>; `items` maps them back to column and function.
  const items: { field: string; fn: Fn; sql: string }[] = [];
  for (const [field, fns] of Object.entries(req.aggregates ?? {})) {
    const at = `payload.aggregates.${field}`;
    const col = Object.hasOwn(screen.columns, field) ? screen.columns[field] : undefined;
    if (!col) throw badRequest(`${at}: unknown column "${field}"`);
    const type = screen.valueType[field]!;
    const kind = kindOf(type);
    const e = ident(field);
    for (const [j, fn] of fns.entries()) {
      if (fns.indexOf(fn) !== j) throw badRequest(`${at}.${j}: "${fn}" is asked twice`);
      if ((fn === 'sum' || fn === 'avg') && !(kind === 'number' && col.type !== 'ref')) throw badRequest(`${at}.${j}: ${fn} needs a numeric column, "${field}" is not`);
      if ((fn === 'min' || fn === 'max') && (type === 'json' || type === 'multi' || kind === 'bool')) {
        throw badRequest(`${at}.${j}: ${fn} cannot be taken of column "${field}"`);
      }
      // count: the rows where the column has a value (multi: in the request's language).
      const arg = fn === 'count' && type === 'multi' ? `nullif(${expr(screen, field, p, scope, lang)}, '')` : e;
      items.push({ field, fn, sql: fn === 'count' ? `count(${arg})` : `${fn}(${e})` });
    }
  }

  const filtered = where.length ? ` where ${where.join(' and ')}` : '';
  const select = [`count(*) as n`, ...items.map((it, i) => `${it.sql} as a${i}`)];
  const aggsOf = (row: Record<string, unknown>): Values => {
    const out: Values = {};
    items.forEach((it, i) => {
      (out[it.field] ??= {})[it.fn] = (row[`a${i}`] ?? null) as number | string | null;
    });
    return out;
  };

  if (!groupBy.length) {
    const row = (await db.query<Record<string, unknown>>(`select ${select.join(', ')} from ${from}${filtered}`, p.values)).rows[0]!;
    return { groups: [], totals: { count: Number(row.n), aggs: aggsOf(row) }, truncated: false };
  }

  // One scan for the groups and the totals: grouping sets, the totals the set () (grouping() = 1:
  // told apart from a group whose keys are all NULL), sorted first.
  const cols = groupBy.map((f) => ident(f));
  const keys = cols.map((c, i) => `${c} as k${i}`);
  // Groups by key, texts in the language's collation (the order a truncated answer keeps).
  const groupOrder = groupBy.map((f) => sortExpr(screen, f, p, scope, lang));
  const r = await db.query<Record<string, unknown>>(
    `select grouping(${cols.join(', ')}) > 0 as whole, ${[...keys, ...select].join(', ')} from ${from}${filtered}` +
      ` group by grouping sets ((${cols.join(', ')}), ()) order by 1 desc, ${groupOrder.join(', ')} limit ${maxGroups + 2}`,
    p.values,
  );
  const [totalsRow, ...rows] = r.rows;
  const totals = { count: Number(totalsRow!.n), aggs: aggsOf(totalsRow!) };
  const groups = rows.slice(0, maxGroups).map((row) => ({
    key: Object.fromEntries(groupBy.map((f, i) => [f, row[`k${i}`] ?? null])),
    count: Number(row.n),
    aggs: aggsOf(row),
  }));
  return { groups, totals, truncated: rows.length > maxGroups };
}
