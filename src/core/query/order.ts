/**
 * The order of a list, for both sides (the server's ORDER BY and keyset conditions in
 * engine/list.ts, the client row model's sorts):
 *
 * - the request's sort, else the descriptor's, then the key columns ascending as
 *   tie-breakers (`fullOrder`): every order is total;
 * - no value (NULL) sorts after every value, ascending and descending alike;
 * - text in the user's language sorts by that language's collation (collation.ts): every
 *   text column and a looked-up column's text — except key columns, which sort by their
 *   characters (code points, as the database's "C" collation; a key's index serves it);
 * - a ref column (not a key, not of a searched lookup) sorts by the text its lookup shows.
 */
import type { Kind } from './kinds.ts';

export interface SortItem {
  colId: string;
  sort: 'asc' | 'desc';
}

/** The order a query runs: the request's (else the default), then the keys ascending. */
export function fullOrder(sortModel: readonly SortItem[], defaultSort: readonly SortItem[] | undefined, keys: readonly string[]): SortItem[] {
  const order = [...(sortModel.length ? sortModel : (defaultSort ?? []))];
  for (const k of keys) if (!order.some((s) => s.colId === k)) order.push({ colId: k, sort: 'asc' });
  return order;
}

/** Whether a column's values sort by the language's collation (else by value, text by code points). */
export const collated = (kind: Kind, isKey: boolean): boolean => kind === 'text' && !isKey;

/**
 * Whether a ref column sorts by its lookup's display text: a ref column that is not a key
 * (keys break ties and carry cursors: they sort by value) and whose lookup is not searched
 * (a searched lookup's codes carry the meaning).
 */
export const sortsByLabel = (col: { type?: string | undefined; lookup?: unknown }, isKey: boolean, searchedLookup: boolean): boolean => col.type === 'ref' && !!col.lookup && !isKey && !searchedLookup;
