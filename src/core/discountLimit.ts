/**
 * A product's discount limit on its sales order lines (issue 43, point 5): a line's
 * discount is at most the lower of the product's "Discount limit %"
 * (max_discount_limit_percent) and "Max. discount %" (max_discount), of those that are set;
 * neither set: no limit. The database refuses a write over it (migration 093, trigger
 * sales_order_items_discount_limit, which sees the discount as stored: numeric(5, 2)); the
 * grid refuses it at the discount cell before saving with this same rule and message.
 * Isomorphic and pure.
 */
import { M, msg } from './validation/messages.ts';

/** Digits a discount is stored with (sales_order_items.discount_percent numeric(5, 2)). */
const SCALE = 2;

const isNumber = (x: unknown): x is number => typeof x === 'number' && Number.isFinite(x);

/** The limit of a product: the lower of the two set ones (app.product_discount_limit); null: none. */
export function productDiscountLimit(limitPercent: number | null | undefined, maxDiscount: number | null | undefined): number | null {
  const set = [limitPercent, maxDiscount].filter(isNumber);
  return set.length ? Math.min(...set) : null;
}

/**
 * A number as PostgreSQL stores it in a numeric(…, 2) column, in hundredths: it reads the
 * number's decimal text (as the driver sends it) and rounds half away from zero.
 */
export function storedHundredths(x: number): number {
  const text = String(Math.abs(x));
  if (/e/i.test(text)) return Math.sign(x) * Math.round(Math.abs(x) * 10 ** SCALE); // tiny or huge: no digit to lose
  const [int = '0', frac = ''] = text.split('.');
  const kept = Number(int) * 10 ** SCALE + Number(frac.slice(0, SCALE).padEnd(SCALE, '0'));
  const up = frac.length > SCALE && frac[SCALE]! >= '5' ? 1 : 0;
  return Math.sign(x) * (kept + up);
}

/** Whether a discount is over a limit, compared as stored; no limit (null) or no discount: never. */
export function discountOverLimit(discount: unknown, limit: unknown): boolean {
  if (!isNumber(discount) || !isNumber(limit)) return false;
  return storedHundredths(discount) > storedHundredths(limit);
}

/** The refusal of a discount over the line's limit (`validation.discount_limit?limit=10`), else undefined. */
export function discountRefusal(discount: unknown, limit: unknown): string | undefined {
  return discountOverLimit(discount, limit) ? msg(M.discount_limit, { limit: limit as number }) : undefined;
}

/** A product's discount fields as its rows carry them (numbers, or null when not set). */
export interface ProductDiscounts {
  discount_percent?: number | null;
  /** yyyy-MM-dd: the last day of discount_percent; none: it holds until changed. */
  discount_end_date?: string | null;
  /** The staged discount: it follows discount_percent from the day after discount_end_date. */
  new_discount?: number | null;
  /** "Max. discount %": the most any discount of the product may be. */
  max_discount?: number | null;
  /** "Discount limit %": the ceiling of every discount of the product, max_discount included. */
  max_discount_limit_percent?: number | null;
}

/**
 * The discount a product gives on `day` (issue 48), the storefront's and a new order line's:
 * discount_percent through discount_end_date (inclusive; without one, until it is changed),
 * then the staged new_discount; capped at the product's limit (productDiscountLimit, which a
 * limit lowered after the discount was set still holds). None, ≤ 0 or ≥ 100 %: 0. The
 * database's twin is app.product_discount_on (migration 121; tests/api/prices-rule.test.ts
 * holds them equal).
 */
export function discountOnDay(p: ProductDiscounts, day: string): number {
  const ended = !!p.discount_end_date && p.discount_end_date < day;
  const raw = ended ? p.new_discount : p.discount_percent;
  if (!isNumber(raw)) return 0;
  const limit = productDiscountLimit(p.max_discount_limit_percent, p.max_discount);
  const d = limit === null ? raw : Math.min(raw, limit);
  return d > 0 && d < 100 ? d : 0;
}

/**
 * The limit of a product's own discount and staged discount (issue 48): the product's limit,
 * as on its order lines (the lower of "Discount limit %" and "Max. discount %"); null: none.
 * The database refuses a write over it (migration 121, rule product_discount_over_limit); the
 * grid and forms say it at the field first (row rule productDiscount).
 */
export const ownDiscountLimit = (p: ProductDiscounts): number | null => productDiscountLimit(p.max_discount_limit_percent, p.max_discount);
