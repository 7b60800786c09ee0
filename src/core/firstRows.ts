/**
 * A screen's first request, made before its grid is there (issue 27): by the route in the
 * browser (app/router/screenStart.ts) and by the server into the page it serves
 * (server/http/startData.ts). One rule for both, so the grid's own request, made the same
 * way, takes the answer (app/api/early.ts).
 */

/** Rows per block of the server row model: the grid's first request asks for the first block. */
export const BLOCK_SIZE = 100;

/** What the first request depends on in a saved state: its sort, and whether it filters or groups. */
export interface FirstRequestParts {
  sorting: { id: string; desc: boolean }[];
  narrows: boolean;
}

/**
 * Those parts of a saved grid state (null: none saved), read without the grid's shape check:
 * only a version 2 state whose sort is well-formed counts, anything else is left to the
 * grid (undefined). Nothing read here reaches the grid: it only makes a request that the
 * grid's own may take.
 */
export function firstRequestParts(state: unknown): FirstRequestParts | undefined {
  if (state === null || state === undefined) return { sorting: [], narrows: false };
  const s = state as { v?: unknown; sorting?: unknown; columnFilters?: unknown; grouping?: unknown };
  if (typeof s !== 'object' || s.v !== 2) return undefined;
  const sorting = s.sorting ?? [];
  if (!Array.isArray(sorting) || !sorting.every((x: { id?: unknown; desc?: unknown } | null) => typeof x?.id === 'string' && typeof x.desc === 'boolean')) return undefined;
  const nonEmpty = (x: unknown) => Array.isArray(x) && x.length > 0;
  return { sorting: sorting as FirstRequestParts['sorting'], narrows: nonEmpty(s.columnFilters) || nonEmpty(s.grouping) };
}

export interface FirstRowsPayload {
  startRow: 0;
  endRow: number;
  language: string;
  count: 'estimate';
  sortModel?: { colId: string; sort: 'asc' | 'desc' }[];
}

/** The `list` payload of the grid's first block under those parts (undefined: the grid filters or groups, its request differs). */
export function firstRowsPayload(parts: FirstRequestParts | undefined, language: string): FirstRowsPayload | undefined {
  if (!parts || parts.narrows) return undefined;
  const sortModel = parts.sorting.filter((x, i, all) => all.findIndex((y) => y.id === x.id) === i).map((x) => ({ colId: x.id, sort: x.desc ? ('desc' as const) : ('asc' as const) }));
  return { startRow: 0, endRow: BLOCK_SIZE, language, count: 'estimate', ...(sortModel.length ? { sortModel } : {}) };
}
