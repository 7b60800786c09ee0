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
