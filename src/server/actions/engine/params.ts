/**
 * The FROM item of a screen: its relation, or for a parameterized source (`source.params`,
 * a report over a chosen period) the call of its SQL function with the session's company
 * and the parameters' values. A parameter's value is the request's equality on its column —
 * the `filter` action's object, or a set filter of exactly one value in the filterModel (the
 * grid folds a page's fixed filter into the filterModel that way for aggregate, export and
 * locate) — checked by the column's type and options; absent, null. Every value is a bound
 * parameter with its column's cast; the function's name comes from the descriptor.
 */
import { invalidValue, refused } from '../../http/errors.ts';
import type { ListScope, WhereRequest } from './listScope.ts';
import type { Screen } from './screens.ts';
import { Params, castOf, relation } from './sql.ts';
import { scalar } from './values.ts';

/** A parameter's value in the request, unchecked (undefined: not given). */
function requested(req: WhereRequest, field: string): { value: unknown; at: string } | undefined {
  if (req.equals && Object.hasOwn(req.equals, field)) return { value: req.equals[field], at: `payload.${field}` };
  const f = req.filterModel && Object.hasOwn(req.filterModel, field) ? (req.filterModel[field] as { filterType?: string; values?: unknown[] } | null) : undefined;
  if (f && f.filterType === 'set' && Array.isArray(f.values) && f.values.length === 1) return { value: f.values[0], at: `payload.filterModel.${field}.values.0` };
  return undefined;
}

const params = (screen: Screen): readonly string[] => screen.source.params ?? [];

/** The checked parameter values of a parameterized screen's request, by column (null when absent). */
function paramValues(screen: Screen, req: WhereRequest): Record<string, string | number | null> {
  const out: Record<string, string | number | null> = {};
  for (const field of params(screen)) {
    const got = requested(req, field);
    if (got === undefined || got.value === null || got.value === '') {
      out[field] = null;
      continue;
    }
    const col = screen.columns[field]!;
    const value = scalar(screen.valueType[field]!, got.value, got.at) as string | number;
    if (col.options && !col.options.includes(value)) {
      throw invalidValue(got.at, { id: 'validation.options', values: { options: col.options.join(', ') } }, got.value, col.label ?? field);
    }
    out[field] = value;
  }
  // The date parameters in their order are a period: a day may not follow the next one's.
  const dates = params(screen).filter((f) => screen.valueType[f] === 'date');
  for (let i = 1; i < dates.length; i++) {
    const [from, to] = [out[dates[i - 1]!], out[dates[i]!]];
    if (typeof from === 'string' && typeof to === 'string' && from > to) {
      throw refused('bad_period', `payload.${dates[i - 1]}: the period starts after it ends (${from} > ${to})`, { field: `payload.${dates[i - 1]}`, from, to });
    }
  }
  return out;
}

/** The FROM item: the relation, or its function called with the company and the parameters. */
export function sourceFrom(screen: Screen, req: WhereRequest, scope: ListScope, p: Params): string {
  if (!screen.source.params) return relation(screen.source.relation);
  const values = paramValues(screen, req);
  const args = [p.add(scope.company, 'text'), ...screen.source.params.map((f) => p.add(values[f], castOf[screen.valueType[f]!]))];
  return `${relation(screen.source.relation)}(${args.join(', ')}) as "~source"`;
}
