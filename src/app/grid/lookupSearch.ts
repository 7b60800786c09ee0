/**
 * Search lookups (`source.search`, e.g. products_brief): too large to load whole. The
 * browser asks the server for what the user types (≤ SEARCH_LIMIT rows) and for the keys
 * it shows (a set filter on the key, SEARCH_LIMIT keys a call). Shared by the grid's
 * LookupStore and editor and by the forms' search input.
 */
import { gridData } from './dataProvider/provider.ts';
import { lookupScreen } from './lookupScreens.ts';
import type { Row } from './types.ts';

/** Rows the server answers per call of a search lookup (schemas: source.search). */
const SEARCH_LIMIT = 50;
/** Pause after the last keystroke before searching. */
export const SEARCH_DEBOUNCE_MS = 250;

export const isSearchLookup = (form: string | undefined): boolean => !!form && lookupScreen(form)?.source.search === true;

export interface SearchAnswer {
  rows: Row[];
  /** All matches (more than `rows` when the text is too short to narrow them down). */
  total: number;
}

/** Matches of a text: codes, and names in `language` (the one the user reads). */
export async function searchLookup(form: string, text: string, language: string): Promise<SearchAnswer> {
  const r = await gridData().list(form, { search: text, language, startRow: 0, endRow: SEARCH_LIMIT });
  return { rows: r.rows, total: r.total };
}

/** The rows of the given keys (those that exist in the company), a call per SEARCH_LIMIT keys. */
export async function resolveLookupKeys(form: string, keyField: string, keys: readonly (string | number)[]): Promise<Row[]> {
  const out: Row[] = [];
  for (let i = 0; i < keys.length; i += SEARCH_LIMIT) {
    const values = keys.slice(i, i + SEARCH_LIMIT);
    const r = await gridData().list(form, {
      filterModel: { [keyField]: { filterType: 'set', values } },
      startRow: 0,
      endRow: SEARCH_LIMIT,
    });
    out.push(...r.rows);
  }
  return out;
}

/** A search lookup row as people tell such rows apart: its key, then its name ('P000123 · Oak chair'). */
export function searchLabel(key: unknown, name: string): string {
  const k = key === null || key === undefined ? '' : String(key);
  return name && name !== k ? `${k} · ${name}` : k;
}
