/**
 * Set filters (`filterType: 'set'`, several values, null for "(empty)"), one rule for both
 * sides: the server writes `e = any($n)` and, with null among the values, the empty test;
 * the client row model tests values with `emptyCell` and equality (clientQuery.ts
 * `setTest`). A property test runs random set filters through both (query-agreement).
 */
/** Most values one set filter may carry (a column's choices, a page of keys). */
export const MAX_SET_VALUES = 10_000;

/** The values besides "(empty)", and whether empty cells pass. */
export function setParts<T>(values: readonly (T | null)[]): { values: T[]; empty: boolean } {
  return { values: values.filter((x): x is T => x !== null), empty: values.includes(null) };
}

/**
 * A cell "(empty)" keeps: no value (SQL `e is null`). An empty text is a value: a key or
 * option is never '', and a text column filters by text, not by a list.
 */
export const emptyCell = (v: unknown): boolean => v === null || v === undefined;

/**
 * The first value (its index) that is not one of a column's own options; -1 when all are.
 * Values arrive typed as the column stores them (numbers, texts).
 */
export function outsideOptions(values: readonly unknown[], options: readonly unknown[]): number {
  return values.findIndex((x) => x !== null && !options.some((o) => o === x));
}
