/**
 * Currency rates with a history (issue 46): what the browser and the server share. A rate
 * row's source (migration 110) and the daily feed's failure codes, each said in the user's
 * language (`options.rate_source.<source>`, `rates.error.<code>`).
 */
export const RATE_SOURCES = ['manual', 'feed', 'initial'] as const;

/** Why the last fetch of the rate feed failed: the outbound guard's codes, an error status, an answer that is no ECB rate file. */
export const RATE_FEED_ERRORS = ['timeout', 'network', 'http_status', 'too_large', 'invalid_feed', 'blocked_address'] as const;
export type RateFeedError = (typeof RATE_FEED_ERRORS)[number];

const rateFormats = new Map<string, Intl.NumberFormat>();

/**
 * A currency rate as the language writes numbers, with the decimals it has (up to the 10 a
 * rate keeps): 0.9523809524 is not 0.952, as a number column would show it (the `rate` renderer).
 */
export function formatRate(n: number, locale: string): string {
  let f = rateFormats.get(locale);
  if (!f) rateFormats.set(locale, (f = new Intl.NumberFormat(locale, { maximumFractionDigits: 10 })));
  return f.format(n);
}

/** The ECB's daily reference rates (rates per 1 EUR): RATES_URL's default. */
export const ECB_DAILY_URL = 'https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml';
