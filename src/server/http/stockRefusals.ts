/**
 * Stock rules the database raises with their error code's parameters as a JSON detail
 * (migrations 092 and 098), turned into the answer the browser says in the user's
 * language: the order, the product (its code and its name in that language) and how much
 * is lacking. The rule stays in SQL; this only words its refusal.
 *
 * - `ship_short_stock`: shipping would take what is not available to the order.
 * - `pick_short_stock`: a pick list could take nothing (what is available to the orders is listed).
 * - `sales_order_not_settled`: a sales order marked paid whose receivable is not settled (128).
 * - `purchase_order_not_receivable`: goods on a purchase order not confirmed or in transit
 *   (a receipt, the toolbar's Receive, the workflow's "Receive goods").
 */
import { pickText } from '../../core/query/langText.ts';
import { HttpError } from './errors.ts';

type Detail = { order?: unknown; product?: unknown; name?: unknown; short?: unknown };

const shortOf = (d: Detail, lang: string) => {
  const product = String(d.product ?? '');
  return { order: String(d.order ?? ''), product, name: pickText(d.name, lang)?.text ?? product, short: Number(d.short) };
};

const RULES = new Map<string, (d: Detail, lang: string) => HttpError>(
  Object.entries({
    ship_short_stock: (d: Detail, lang: string) => {
      const p = shortOf(d, lang);
      return new HttpError(400, 'ship_short_stock', `order ${p.order}: ${p.short} of ${p.product} lacking to ship`, {}, 'ship_short_stock', p);
    },
    pick_short_stock: (d: Detail, lang: string) => {
      const p = shortOf(d, lang);
      return new HttpError(
        400,
        'pick_short_stock',
        `order ${p.order}: ${p.short} of ${p.product} not available to pick (earlier orders reserve it, or no storage holds it)`,
        {},
        'pick_short_stock',
        p,
      );
    },
    sales_order_not_settled: (d: Detail & { open?: unknown; currency?: unknown }) => {
      const p = { order: String(d.order ?? ''), open: Number(d.open), currency: String(d.currency ?? '') };
      return new HttpError(409, 'order_not_settled', `order ${p.order} is not paid: ${p.open} ${p.currency} of its receivable is open`, {}, undefined, p);
    },
    purchase_order_not_receivable: (d: Detail) => {
      const order = String(d.order ?? '');
      return new HttpError(409, 'purchase_order_not_receivable', `purchase order ${order} cannot receive goods: only a confirmed order or one in transit does`, {}, undefined, { order });
    },
  }),
);

/** The answer to a stock rule's refusal (its constraint and JSON detail), else undefined: another error stays as it is. */
export function stockRefusal(e: unknown, lang: string): HttpError | undefined {
  const err = e as { constraint?: unknown; detail?: unknown } | null;
  const make = typeof err?.constraint === 'string' ? RULES.get(err.constraint) : undefined;
  if (!make || typeof err?.detail !== 'string') return undefined;
  let detail: unknown;
  try {
    detail = JSON.parse(err.detail);
  } catch {
    return undefined;
  }
  return detail && typeof detail === 'object' ? make(detail, lang) : undefined;
}
