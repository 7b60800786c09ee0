/**
 * Money rules (spec §5, §9): conversion between currencies with the company's rates, and
 * which currency a row's amount is in. Pure apart from the spec's console warning.
 *
 * Rates are `company_rates`: the value of one unit of each currency in the company's own
 * currency (so the company currency has rate 1). Hence
 *
 *   amount in `to` = amount × rate(from) / rate(to)
 */

export type Rates = Readonly<Record<string, number>>;

const CURRENCY_CODE = /^[A-Za-z]{3}$/;

const usableRate = (r: number | undefined): r is number => typeof r === 'number' && Number.isFinite(r) && r > 0;

/** Both currencies have a usable rate (or they are the same currency): `convert` really converts. */
export function canConvert(from: string, to: string, rates: Rates): boolean {
  return from === to || (usableRate(rates[from]) && usableRate(rates[to]));
}

/** Pairs already warned about: the warning is said once, not once per cell and render. */
const warned = new Set<string>();

/**
 * `amount` in `from` → in `to`: amount × rate(from) / rate(to). A falsy amount (0, null,
 * undefined, '', NaN) answers 0. A missing rate (absent, zero, not a number) leaves the
 * amount unchanged, with a console warning (once per currency pair).
 */
export function convert(amount: number | string | null | undefined, from: string, to: string, rates: Rates): number {
  const n = typeof amount === 'string' ? (amount.trim() === '' ? 0 : Number(amount)) : amount;
  if (!n || !Number.isFinite(n)) return 0;
  if (from === to) return n;
  const rf = rates[from];
  const rt = rates[to];
  if (!usableRate(rf) || !usableRate(rt)) {
    const key = `${from}>${to}`;
    if (!warned.has(key)) {
      warned.add(key);
      console.warn(`money: no rate for ${usableRate(rf) ? to : from} (converting ${from} to ${to}); the amount is left unchanged`);
    }
    return n;
  }
  return (n * rf) / rt;
}

/**
 * The currency of a row's amount: the value of the row field named by the column (its
 * descriptor's currency field) when that holds a currency code, else `fallback` (the
 * company currency: products, prices and stock values are kept in it).
 */
export function rowCurrency(row: Readonly<Record<string, unknown>>, field: string | undefined, fallback: string | undefined): string | undefined {
  const v = field ? row[field] : undefined;
  return typeof v === 'string' && CURRENCY_CODE.test(v) ? v.toUpperCase() : fallback;
}

/**
 * The decimals a stored money column keeps (numeric(14, 4); migration 025 brings every
 * money column to it): an amount typed in another currency is stored to this many.
 */
export const MONEY_SCALE = 4;

/**
 * `x` rounded half away from zero to `digits` decimals as the decimal number it stands
 * for: a value a few float steps (ulps) off a tie is that tie, so 1.005 → 1.01 although
 * the float 1.005 lies just below it, and a converted amount is not rounded the wrong
 * way by the noise of its multiplications.
 */
export function roundMoney(x: number, digits: number): number {
  const shifted = Math.abs(x) * 10 ** digits;
  // Beyond 2^52 a float has no fraction left to round.
  if (!Number.isFinite(shifted) || shifted >= 2 ** 52) return x;
  const floor = Math.floor(shifted);
  const tie = Math.abs(shifted - floor - 0.5) <= 4 * Number.EPSILON * Math.max(1, shifted);
  const r = Number(`${tie ? floor + 1 : Math.round(shifted)}e${-digits}`);
  return x < 0 ? -r : r === 0 ? 0 : r;
}

/**
 * An amount stored in `from` as it is shown in `to` (spec §9): converted with the company
 * rates, THEN rounded once to the digits of the currency it is shown in — never rounded in
 * one currency before converting into another. A missing rate shows it in `from`.
 */
export function shownAmount(amount: number, from: string, to: string, rates: Rates, digitsOf: (currency: string) => number): { amount: number; currency: string } {
  const currency = canConvert(from, to, rates) ? to : from;
  return { amount: roundMoney(convert(amount, from, currency, rates), digitsOf(currency)), currency };
}

/**
 * An amount typed in the currency the user sees (`shown`, shown with `digits` decimals) →
 * the amount to store in `stored`: converted back with the company rates and kept to
 * `scale` decimals, chosen so that it is shown again as exactly what was typed (rounded
 * to `digits`). In the same currency (or without rates) the typed number itself. When no
 * amount of that scale shows as typed (a rate too large for the scale), the nearest one.
 */
export function storedFromShown(typed: number, shown: string, stored: string, rates: Rates, digits: number, scale = MONEY_SCALE): number {
  if (shown === stored || !canConvert(shown, stored, rates)) return typed;
  const near = roundMoney(convert(typed, shown, stored, rates), scale);
  const want = roundMoney(typed, digits);
  const unit = 10 ** -scale;
  for (const k of [0, 1, -1, 2, -2, 3, -3]) {
    const s = roundMoney(near + k * unit, scale);
    if (roundMoney(convert(s, stored, shown, rates), digits) === want) return s;
  }
  return near;
}

/**
 * A bound on amounts stored in `stored` (a column's `min` or `max`) said in the currency
 * `shown` the user types in (with its `digits`): the shown amount nearest to it that is
 * itself accepted once typed (stored back with `storedFromShown`), so a max is rounded
 * down and a min up where the nearest one would pass it. Without rates, the bound itself.
 */
export function shownLimit(limit: number, bound: 'min' | 'max', stored: string, shown: string, rates: Rates, digits: number): number {
  const near = roundMoney(canConvert(stored, shown, rates) ? convert(limit, stored, shown, rates) : limit, digits);
  const back = storedFromShown(near, shown, stored, rates, digits);
  const step = 10 ** -digits;
  if (bound === 'max' && back > limit) return roundMoney(near - step, digits);
  if (bound === 'min' && back < limit) return roundMoney(near + step, digits);
  return near;
}
