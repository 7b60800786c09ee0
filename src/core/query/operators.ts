/**
 * The filter operators (AG Grid's names) and what each one means, for both sides: the
 * client row model tests values with the functions here, the server writes SQL for the
 * same names (its SQL tables are typed by these, so neither side can have an operator the
 * other lacks).
 *
 * - text (compared lower-cased): a positive test never passes NULL; its negation
 *   (notContains, notEqual) passes NULL — SQL's `not coalesce(test, false)`.
 * - number and date: comparisons and inRange (inclusive); NULL passes none of them.
 * - blank / notBlank: NULL (and '' for text) is blank.
 * - set: exact equality with any of the values; null in the values is "is null".
 */
import type { Kind } from './kinds.ts';

/** The positive text tests, on lower-cased text and needle. */
export const TEXT_TESTS = {
  contains: (s: string, x: string) => s.includes(x),
  equals: (s: string, x: string) => s === x,
  startsWith: (s: string, x: string) => s.startsWith(x),
  endsWith: (s: string, x: string) => s.endsWith(x),
} as const;
export type TextTest = keyof typeof TEXT_TESTS;

/** The negative text filters: a value passes when the positive test does not (NULL passes). */
const NEGATED = { notContains: 'contains', notEqual: 'equals' } as const satisfies Record<string, TextTest>;

/** A text filter's test and whether it is negated; null for a name that is not a text filter. */
export function textOp(op: string): { test: TextTest; negate: boolean } | null {
  if (Object.hasOwn(TEXT_TESTS, op)) return { test: op as TextTest, negate: false };
  if (Object.hasOwn(NEGATED, op)) return { test: NEGATED[op as keyof typeof NEGATED], negate: true };
  return null;
}

/** Comparison filters of numbers and dates, by name (AG Grid's long names and the short ones). */
export const COMPARISONS = {
  equals: '=',
  notEqual: '<>',
  lt: '<',
  lessThan: '<',
  lte: '<=',
  lessThanOrEqual: '<=',
  gt: '>',
  greaterThan: '>',
  gte: '>=',
  greaterThanOrEqual: '>=',
} as const;
export type Comparison = (typeof COMPARISONS)[keyof typeof COMPARISONS];

/** The comparison of a filter name; undefined for a name that is none. */
export const comparisonOf = (op: string): Comparison | undefined => (Object.hasOwn(COMPARISONS, op) ? COMPARISONS[op as keyof typeof COMPARISONS] : undefined);

/** The comparisons on numbers (dates as time): what SQL's operators answer on non-NULL values. */
export const COMPARE: Record<Comparison, (a: number, b: number) => boolean> = {
  '=': (a, b) => a === b,
  '<>': (a, b) => a !== b,
  '<': (a, b) => a < b,
  '<=': (a, b) => a <= b,
  '>': (a, b) => a > b,
  '>=': (a, b) => a >= b,
};

/** The operator of an item without one: text contains, the others equal. */
export const defaultOp = (kind: Kind): string => (kind === 'text' ? 'contains' : 'equals');

/** A set filter: `filterType: 'set'`, or values without an operator. */
export const isSetItem = (item: { filterType?: string | undefined; type?: string | null | undefined; values?: unknown }): boolean =>
  // AG Grid sends `type: null` for no type.
  item.filterType === 'set' || (item.values !== undefined && item.values !== null && (item.type === undefined || item.type === null));
