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
