/**
 * A VAT cell's parts: the rate first, compact ('23 %' as the language writes a percentage),
 * then the name without the rate it repeats ('Standard rate 23 %' → 'Standard rate'), so a
 * narrow column still shows what matters. Pure: the grid's `vat` renderer and the server's
 * first paint of a screen say the same.
 */
const percents = new Map<string, Intl.NumberFormat>();
/** Parts by locale, rate and name: a grid has a handful of VAT rates and paints them on every row (each call compiled a RegExp: ~15 ms of a product list's first render). */
const made = new Map<string, { rate: string; name: string }>();
const MADE_MAX = 1000;

export function vatParts(name: string, rate: number | null, locale: string): { rate: string; name: string } {
  if (rate === null || !Number.isFinite(rate)) return { rate: '', name };
  const key = `${locale}\n${rate}\n${name}`;
  let parts = made.get(key);
  if (!parts) {
    if (made.size >= MADE_MAX) made.clear();
    made.set(key, (parts = partsOf(name, rate, locale)));
  }
  return parts;
}

function partsOf(name: string, rate: number, locale: string): { rate: string; name: string } {
  let f = percents.get(locale);
  if (!f) percents.set(locale, (f = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 })));
  // The rate as names write it: '23 %', '23%', '5,5 %', '5.5%' (whole words only).
  const digits = String(rate).replace('.', '[.,]');
  const repeated = new RegExp(`(^|\\s)\\(?${digits}(?:[.,]0+)?\\s*%\\)?`, 'u');
  const rest = name
    .replace(repeated, '$1')
    .replace(/[\s,;:–-]+$/u, '')
    .replace(/\s{2,}/gu, ' ')
    .trim();
  return { rate: f.format(rate / 100), name: rest };
}
