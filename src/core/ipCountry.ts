/**
 * Spec §7: the IP-to-country text service answers '1' then a two-letter country code at
 * positions 2–3 (ip2c's "1;SK;SVK;Slovakia"); anything else means no country (''). Pure.
 */
export function countryFromAnswer(text: string): string {
  if (text[0] !== '1') return '';
  const code = text.slice(2, 4);
  return /^[A-Za-z]{2}$/.test(code) ? code.toUpperCase() : '';
}

/** The service's URL for an address: `{ip}` replaced, else the address appended (ip2c style 'https://ip2c.org/?ip='). */
export function ipCountryRequestUrl(template: string, ip: string): string {
  const e = encodeURIComponent(ip);
  return template.includes('{ip}') ? template.replaceAll('{ip}', e) : template + e;
}

/** A country code a visitor's cookie or form may carry. */
export const COUNTRY_CODE = /^[A-Z]{2}$/;

/**
 * Which currency a country pays in, for the approximate price beside the shop's (only where
 * the company keeps a rate for it): the currencies the demo companies trade in.
 */
const COUNTRY_CURRENCY: Readonly<Record<string, string>> = { HU: 'HUF', CZ: 'CZK', RO: 'RON', BG: 'BGN', PL: 'PLN', GB: 'GBP', US: 'USD' };
const EURO = new Set(['AT', 'BE', 'CY', 'DE', 'EE', 'ES', 'FI', 'FR', 'GR', 'HR', 'IE', 'IT', 'LT', 'LU', 'LV', 'MT', 'NL', 'PT', 'SI', 'SK']);

/** The currency of a country ('' when not known here). */
export const countryCurrency = (country: string): string => COUNTRY_CURRENCY[country] ?? (EURO.has(country) ? 'EUR' : '');
