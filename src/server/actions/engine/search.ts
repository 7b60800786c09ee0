/**
 * Search lookups (`source.search`, e.g. products_brief): sources too large to hand out
 * whole. Every `list` answers at most SEARCH_LIMIT rows; `search` keeps the rows whose key
 * or text columns (multi ones in the request's language) contain every word of the text,
 * exact and prefix matches first. Browsers resolve the labels of the keys they show with a
 * set filter on the key, a window at a time.
 */
import { badRequest } from '../../http/errors.ts';
import { expr, type ListScope } from './list.ts';
import type { Screen } from './screens.ts';
import type { Params } from './sql.ts';

export const SEARCH_LIMIT = 50;
/** Words of a search text that count; more are ignored (each one is a condition). */
const MAX_WORDS = 6;

export interface SearchClause {
  /** Every word in some searched column. */
  where: string;
  /**
   * The order of relevance: 0 a column equal to the text, 1 a column starting with it, 2
   * the rest. A function: its parameter is added after the count query took its own.
   */
  rank(): string;
}

/** The key and the text/multi columns, in descriptor order: what a search looks in. */
function searchedColumns(screen: Screen): string[] {
  const text = Object.entries(screen.columns)
    .filter(([, c]) => c.type === 'text' || c.type === 'multi')
    .map(([f]) => f);
  return [...new Set([...screen.keys.filter((k) => screen.valueType[k] === 'text'), ...text])];
}

/** The clause of a request's `search`; undefined when it has none (or only blanks). */
export function searchClause(screen: Screen, search: string | undefined, p: Params, scope: ListScope, lang: { ref?: string }): SearchClause | undefined {
  if (search === undefined) return undefined;
  if (!screen.source.search) throw badRequest(`payload.search: ${screen.form} is not a search lookup`);
  const text = search.trim().toLowerCase();
  if (!text) return undefined;
  const cols = searchedColumns(screen).map((f) => `lower(${expr(screen, f, p, scope, lang)})`);
  const words = [...new Set(text.split(/\s+/))].slice(0, MAX_WORDS);
  const where = words.map((w) => {
    const x = p.add(w, 'text');
    return `(${cols.map((c) => `strpos(${c}, ${x}) > 0`).join(' or ')})`;
  });
  const rank = () => {
    const whole = p.add(text, 'text');
    const exact = cols.map((c) => `${c} = ${whole}`).join(' or ');
    const prefix = cols.map((c) => `left(${c}, length(${whole})) = ${whole}`).join(' or ');
    return `(case when ${exact} then 0 when ${prefix} then 1 else 2 end)`;
  };
  return { where: `(${where.join(' and ')})`, rank };
}

/** Rows one list call may answer: a search lookup's SEARCH_LIMIT, else `max`. */
export const windowCap = (screen: Screen, max: number): number => (screen.source.search ? SEARCH_LIMIT : max);
