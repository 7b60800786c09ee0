/**
 * The view currency a session starts in: the one the browser remembers while it is a known
 * currency the company has a rate for, else the company's own. The browser applies it after a
 * company change; the bootstrap procedure before it answers the rates.
 */
export function viewCurrency(
  remembered: string | null | undefined,
  currencies: readonly { currency_code: string }[],
  companyRates: Readonly<Record<string, number>>,
  own: string | undefined,
): string | undefined {
  return remembered && currencies.some((c) => c.currency_code === remembered) && companyRates[remembered] ? remembered : own;
}
