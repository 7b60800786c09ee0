/**
 * Price rules shared by server and browser (spec §9).
 */
import { shownAmount, type Rates } from './money.ts';

/** Spec §9: nice prices may move the price by at most 2 %. */
const NICE_PRICE_TOLERANCE = 0.02;

const roundTo = (x: number, digits: number) => {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
};

/** The power of ten of x's first digit (1234 → 3, 0.5 → −1), exact at the powers themselves. */
function magnitude(x: number): number {
  let m = Math.floor(Math.log10(x));
  if (10 ** (m + 1) <= x) m += 1;
  else if (10 ** m > x) m -= 1;
  return m;
}

/** x × 10^e computed on its decimal text, so 0.00995 × 10^4 is 99.5 (not 99.50000000000001). */
function shift(x: number, e: number): number {
  const [m, exp = '0'] = String(x).split('e');
  return Number(`${m}e${Number(exp) + e}`);
}

/**
 * x rounded to `sig` significant digits, minus a small step at the digit after them — the
 * step taken from the rounded value's magnitude, so 999.9 → 1000 → 990 like 1000 itself
 * (never 999 above 1000's 990: the rounding stays monotone). Decimal arithmetic on integers:
 * no float noise decides a magnitude.
 */
function stepBelow(x: number, sig: number): number {
  const unitExp = magnitude(x) - sig + 1; // 2 significant digits of 1234 → units of 10^2
  const n = Math.round(shift(x, -unitExp)); // 12 (99.5 → 100: a digit more, the next magnitude)
  const k = String(n).length > sig ? 0 : 1;
  return Number(`${n * 10 ** k - 1}e${unitExp - k}`); // 12 → 119 × 10^1 = 1190; 100 → 99 × 10^1 = 990
}

/**
 * Nice-price rounding (spec §9): round to 2 significant digits, then subtract a small step at
 * the third (1234 → 1200 → 1190; 47.3 → 47 → 46.9; 5.83 → 5.8 → 5.79). If that moves the price
 * by more than 2 %, the same at 3 significant digits (1234 → 1230 → 1229), which never moves
 * it by more than 0.6 %. Monotone: a higher price never gets a lower nice price
 * (tests/unit/prices.test.ts proves it for any prices). Zero and negative prices stay as they are.
 */
export function nicePrice(price: number): number {
  if (!Number.isFinite(price) || price <= 0) return price;
  for (const sig of [2, 3]) {
    const nice = stepBelow(price, sig);
    if (nice > 0 && Math.abs(nice - price) / price <= NICE_PRICE_TOLERANCE) return nice;
  }
  return roundTo(price, 2);
}

/**
 * The lowest nice price at or above `floor` (the first value nicePrice gives at or above it):
 * what a price rounded under its minimum margin is raised to. Monotone in `floor` like
 * nicePrice itself (bisection over nicePrice's steps, which lie within ±3 % of the floor).
 */
export function niceAtLeast(floor: number): number {
  if (!Number.isFinite(floor) || floor <= 0) return floor;
  let lo = floor * 0.97; // nicePrice(lo) ≤ lo × 1.02 < floor
  let hi = floor * 1.03; // nicePrice(hi) ≥ hi × 0.98 > floor
  for (let i = 0; i < 60 && hi - lo > hi * 1e-13; i++) {
    const mid = (lo + hi) / 2;
    if (nicePrice(mid) >= floor) hi = mid;
    else lo = mid;
  }
  return nicePrice(hi);
}

// ---- selling price from purchase price and margin (issue 48) --------------------------

/** Decimals of a stored price (numeric(14, 4)). */
const PRICE_UNITS = 10_000;
const isNumber = (x: unknown): x is number => typeof x === 'number' && Number.isFinite(x);
/** A stored price in ten-thousandths (what numeric(14, 4) holds). */
const priceUnits = (x: number): bigint => BigInt(Math.round(x * PRICE_UNITS));
/** A stored percentage (numeric(…, 2)) in hundredths. */
const percentHundredths = (x: number): bigint => BigInt(Math.round(x * 100));

/**
 * The margin of a selling price on its purchase price, in percent (the markup: selling =
 * purchase × (1 + margin / 100), as min_margin and exp_margin mean it); null without a
 * purchase price above 0 or a selling price.
 */
export function marginOf(selling: number | null | undefined, purchase: number | null | undefined): number | null {
  if (!isNumber(selling) || !isNumber(purchase) || purchase <= 0) return null;
  return (selling / purchase - 1) * 100;
}

/**
 * The lowest stored selling price with at least the minimum margin: purchase × (1 + min / 100)
 * rounded UP to the 4 decimals a price is stored with, computed exactly on the stored values
 * (as PostgreSQL's numeric does: the database function min_selling_price of migration 121); null when the rule does
 * not apply (no purchase price above 0, no minimum margin).
 */
export function minimumPrice(purchase: number | null | undefined, minMargin: number | null | undefined): number | null {
  if (!isNumber(purchase) || purchase <= 0 || !isNumber(minMargin)) return null;
  // purchase (units of 1e-4) × (10000 + min in hundredths) / 10000, rounded up
  const n = priceUnits(purchase) * (10_000n + percentHundredths(minMargin));
  const q = n / 10_000n + (n % 10_000n > 0n ? 1n : 0n);
  return Number(q) / PRICE_UNITS;
}

/**
 * Is this selling price under the product's minimum margin? Then saving it needs a
 * confirmation (the server's rule, migration 121, refuses it without one; the grid marks the
 * cell). Compared as stored; no purchase price, minimum margin or selling price: never.
 */
export function belowMinMargin(selling: unknown, purchase: unknown, minMargin: unknown): boolean {
  if (!isNumber(selling)) return false;
  const min = minimumPrice(isNumber(purchase) ? purchase : null, isNumber(minMargin) ? minMargin : null);
  return min !== null && priceUnits(selling) < priceUnits(min);
}

export interface SellingPriceInput {
  /** The purchase price in the company currency (purchase_price_base), net. */
  purchase: number;
  /** The margin asked for, in percent on the purchase price (a product's exp_margin, or one typed). */
  margin: number;
  /** The product's minimum margin (min_margin), if it has one. */
  minMargin?: number | null | undefined;
  /** VAT in percent (the product's rate). */
  vatRate: number;
  /** The shopper group's multiplier whose shoppers see the nice price (the company's default group: a visitor's). */
  multiplier: number;
  /** Round the price that group sees (gross, in the company currency) to a nice price. */
  nice: boolean;
}

export interface SellingPrice {
  /** The net selling price to store (selling_price_shop, 4 decimals). */
  net: number;
  /** What the group sees: net × (1 + VAT) × multiplier, to cents. */
  gross: number;
  /** The margin the stored price gives, in percent on the purchase price. */
  margin: number;
  /** Under the minimum margin (only when the margin asked for is): saving it needs a confirmation. */
  belowMin: boolean;
}

/**
 * THE selling price rule (issue 48): purchase price → + margin → + VAT × the shopper group's
 * multiplier → nice-price rounding of what that group sees (gross) → back to the net price
 * stored. When the margin asked for is at least the minimum margin, the result never falls
 * under it: a nice price rounded below the minimum is raised to the lowest nice price at or
 * above it (and the stored net to at least the minimum price). Monotone in the purchase price.
 * Used by the demo seed, the Reprice bulk action (server: its preview and apply), and the
 * grid's mark of prices under the minimum margin (belowMinMargin). Null without a purchase
 * price above 0 or with a factor that is not positive.
 */
export function sellingPrice(i: SellingPriceInput): SellingPrice | null {
  const factor = (1 + i.vatRate / 100) * (i.multiplier > 0 ? i.multiplier : 1);
  if (!isNumber(i.purchase) || i.purchase <= 0 || !isNumber(i.margin) || !(factor > 0) || !Number.isFinite(factor)) return null;
  const target = i.purchase * (1 + i.margin / 100);
  if (!(target > 0)) return null;
  const min = minimumPrice(i.purchase, i.minMargin);
  const guarded = min !== null && percentHundredths(i.margin) >= percentHundredths(i.minMargin!);
  let gross = i.nice ? nicePrice(target * factor) : target * factor;
  if (guarded && i.nice && gross < min * factor) gross = niceAtLeast(min * factor);
  let net = roundTo(gross / factor, 4);
  if (guarded && priceUnits(net) < priceUnits(min)) net = min;
  return { net, gross: roundTo(net * factor, 2), margin: marginOf(net, i.purchase)!, belowMin: belowMinMargin(net, i.purchase, i.minMargin) };
}

/** Spec §9: original price = price / ((100 − discount) / 100). A 100 % discount has no original price. */
export function originalPrice(price: number, discountPercent: number): number | null {
  if (!Number.isFinite(price) || !Number.isFinite(discountPercent) || discountPercent >= 100) return null;
  return roundTo(price / ((100 - discountPercent) / 100), 2);
}

export type PriceType = 'net' | 'gross';

/**
 * A net price shown as `type` in the view currency `to`: gross adds VAT, then the amount is
 * converted (company rates) and rounded once, to the digits of the currency it is shown in
 * (`digitsOf`: currency_precision; HUF 0) — never rounded before converting. A missing
 * rate leaves it in `from` (with a warning), rounded to `from`'s digits.
 */
export function priceIn(net: number | null | undefined, o: { type: PriceType; vatRate: number; from: string; to: string; rates: Rates; digitsOf: (currency: string) => number }): number {
  if (!net) return 0;
  const withVat = o.type === 'gross' ? net * (1 + o.vatRate / 100) : net;
  return shownAmount(withVat, o.from, o.to, o.rates, o.digitsOf).amount;
}
