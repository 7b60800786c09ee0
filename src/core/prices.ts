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

/** x rounded to `sig` significant digits, minus one unit of the next digit. */
function stepBelow(x: number, sig: number): number {
  const magnitude = Math.floor(Math.log10(x)); // 1234 → 3
  const unit = 10 ** (magnitude - sig + 1); // 2 significant digits of 1234 → units of 100
  const rounded = Math.round(x / unit) * unit; // 1200
  const step = unit / 10; // the "small step at the third digit": 10
  return roundTo(rounded - step, Math.max(0, -(magnitude - sig)));
}

/**
 * Nice-price rounding: round to 2 significant digits, then subtract a small step at the
 * third (1234 → 1200 → 1190; 47.3 → 47 → 46.9; 5.83 → 5.8 → 5.79). If that moves the
 * price by more than 2 %, the same at 3 significant digits (1234 → 1230 → 1229); if that
 * is still too far, the price rounded to cents. Zero and negative prices stay as they are.
 */
export function nicePrice(price: number): number {
  if (!Number.isFinite(price) || price <= 0) return price;
  for (const sig of [2, 3]) {
    const nice = stepBelow(price, sig);
    if (nice > 0 && Math.abs(nice - price) / price <= NICE_PRICE_TOLERANCE) return nice;
  }
  return roundTo(price, 2);
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
