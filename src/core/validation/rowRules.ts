/**
 * Rules of a column's value that read another field of its row (descriptor column
 * `rowRule`): checked in the browser where a value is about to be written into a cell
 * (inline editors, paste, Fill), with the row as the grid holds it. The database keeps each
 * rule for every writer (its own migration); these say the same refusal before the save.
 * Kept as a table of names, not closures in descriptors: descriptors stay data.
 * Isomorphic and pure.
 */
import { discountRefusal, ownDiscountLimit } from '../discountLimit.ts';

type Row = Readonly<Record<string, unknown>>;

/** Each rule: the row field it reads, and the refusal (a validation message) of a value in that row, else undefined. */
export const ROW_RULES = {
  /** An order line's discount: at most the product's limit (the row's discount_limit; migration 093). */
  discountLimit: { reads: 'discount_limit', check: (value: unknown, row: Row) => discountRefusal(value, row.discount_limit) },
  /** A product's discount or staged discount: at most its limit (the lower of "Discount limit %" and "Max. discount %"; migration 121). */
  productDiscount: { reads: 'max_discount_limit_percent', check: (value: unknown, row: Row) => discountRefusal(value, ownDiscountLimit(row)) },
} as const;

export type RowRuleName = keyof typeof ROW_RULES;
export const rowRuleNames = Object.keys(ROW_RULES) as RowRuleName[];

/** The refusal of `value` in `row` by the column's row rule, else undefined (no rule: undefined). */
export function rowRuleRefusal(rule: RowRuleName | undefined, value: unknown, row: Row): string | undefined {
  return rule ? ROW_RULES[rule].check(value, row) : undefined;
}
