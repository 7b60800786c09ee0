/**
 * The storefront's cart and checkout rules, one copy for the server (validation of what a
 * form posts) and the pages (the form's attributes: required, maxLength, type, pattern).
 * Messages are `validation.*` catalogue keys, said in the shop's language.
 */
import * as v from 'valibot';
import { roundMoney } from './money.ts';

/** Most of one product a cart line holds (a shop is no wholesale channel). */
export const MAX_LINE_QTY = 999;
/** Most lines in one cart. */
export const MAX_CART_LINES = 100;

/** A quantity as posted: a whole number 1…MAX_LINE_QTY, else null (ignored). */
export function postedQty(raw: unknown): number | null {
  if (typeof raw !== 'string' || !/^\s*\d{1,4}\s*$/.test(raw)) return null;
  const n = Number(raw);
  return n >= 1 && n <= MAX_LINE_QTY ? n : null;
}

/** The quantity a line may hold: not above MAX_LINE_QTY, nor above free stock when the product cannot be ordered without stock. */
export function allowedQty(wanted: number, freeQty: number, canOrder: boolean): number {
  const cap = canOrder ? MAX_LINE_QTY : Math.min(MAX_LINE_QTY, Math.max(0, Math.floor(freeQty)));
  return Math.min(wanted, cap);
}

/** A line's amounts as an order's line has them (app.v_sales_order_items): net and VAT each rounded once. */
export function lineAmounts(qty: number, unitNet: number, vatRate: number, digits: number): { net: number; vat: number; gross: number } {
  const net = roundMoney(qty * unitNet, digits);
  const vat = roundMoney((net * vatRate) / 100, digits);
  return { net, vat, gross: roundMoney(net + vat, digits) };
}

/** The unit net price kept for a shown gross price (4 places, as app.sales_order_items.unit_price). */
export const unitNetOf = (gross: number, vatRate: number): number => roundMoney(gross / (1 + vatRate / 100), 4);

interface FieldRule {
  max: number;
  required: boolean;
  type: 'text' | 'email' | 'tel';
  autoComplete: string;
  /**
   * An HTML pattern attribute (whole value), also checked on the server. Browsers compile it
   * with the `v` flag (`^(?:pattern)$`): inside a character class ( ) [ ] { } / - \ | are
   * escaped, else the pattern is invalid and ignored (tests/unit/html-patterns.test.ts).
   */
  pattern?: string;
}

/** The customer-detail fields of the checkout form, in form order. */
export const CHECKOUT_FIELDS = {
  name: { max: 120, required: true, type: 'text', autoComplete: 'name' },
  email: { max: 254, required: true, type: 'email', autoComplete: 'email' },
  phone: { max: 40, required: true, type: 'tel', autoComplete: 'tel', pattern: '[+0-9 \\(\\)\\/.\\-]{6,40}' },
  address: { max: 200, required: true, type: 'text', autoComplete: 'street-address' },
  zip: { max: 20, required: true, type: 'text', autoComplete: 'postal-code', pattern: '[A-Za-z0-9 \\-]{2,20}' },
  city: { max: 100, required: true, type: 'text', autoComplete: 'address-level2' },
} as const satisfies Record<string, FieldRule>;
export type CheckoutField = keyof typeof CHECKOUT_FIELDS | 'country' | 'dm' | 'pm';

function textField(rule: FieldRule) {
  const checks: v.PipeItem<string, string, v.BaseIssue<unknown>>[] = [v.trim(), v.nonEmpty('validation.required'), v.maxLength(rule.max, `validation.max_length?max=${rule.max}`)];
  if (rule.type === 'email') checks.push(v.email('validation.invalidEmail'));
  // As the browser reads the attribute: the whole value, with the `v` flag.
  if (rule.pattern) checks.push(v.regex(new RegExp(`^(?:${rule.pattern})$`, 'v'), 'validation.pattern'));
  return v.pipe(v.optional(v.string(), ''), ...checks);
}

/** The posted checkout form: the customer's details and the chosen country and methods (checked against the shop's choices by the server). */
const CheckoutForm = v.object({
  ...(Object.fromEntries(Object.entries(CHECKOUT_FIELDS).map(([k, r]) => [k, textField(r)])) as Record<keyof typeof CHECKOUT_FIELDS, ReturnType<typeof textField>>),
  country: v.pipe(v.optional(v.string(), ''), v.regex(/^[A-Z]{2}$/, 'validation.required')),
  dm: v.pipe(v.optional(v.string(), ''), v.regex(/^\d{1,9}$/, 'validation.required'), v.transform(Number)),
  pm: v.pipe(v.optional(v.string(), ''), v.regex(/^\d{1,9}$/, 'validation.required'), v.transform(Number)),
});
export type CheckoutInput = v.InferOutput<typeof CheckoutForm>;

/** A field's problem: a catalogue key and its values. */
export interface FieldError {
  id: string;
  values?: Record<string, number>;
}

/** Validates a posted form: the values, or each field's first problem. */
export function checkCheckout(raw: Record<string, unknown>): { ok: true; value: CheckoutInput } | { ok: false; errors: Partial<Record<CheckoutField, FieldError>> } {
  const r = v.safeParse(CheckoutForm, raw, { abortPipeEarly: true });
  if (r.success) return { ok: true, value: r.output };
  const errors: Partial<Record<CheckoutField, FieldError>> = {};
  for (const issue of r.issues) {
    const key = issue.path?.[0]?.key as CheckoutField | undefined;
    if (!key || errors[key]) continue;
    const [id, q] = issue.message.split('?');
    errors[key] = q ? { id: id!, values: Object.fromEntries([...new URLSearchParams(q)].map(([k, x]) => [k, Number(x)])) } : { id: id! };
  }
  return { ok: false, errors };
}
