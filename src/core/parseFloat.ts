/**
 * Spec §5, the float editor's rule: strip all but digits, comma and dot; with both
 * separators the last one is the decimal separator (the other groups thousands); a lone
 * comma (or dot) is decimal. Several of one separator and none of the other group
 * thousands. Answers null when no digit is left.
 *
 *   '12,5' → 12.5   '1.234,56' → 1234.56   '1,234.56' → 1234.56   '1 000 kg' → 1000
 */
export function parseFloatInput(input: string | number | null | undefined): number | null {
  if (input === null || input === undefined) return null;
  if (typeof input === 'number') return Number.isFinite(input) ? input : null;
  const s = input.replace(/[^0-9.,]/g, '');
  if (!/[0-9]/.test(s)) return null;
  const lastComma = s.lastIndexOf(',');
  const lastDot = s.lastIndexOf('.');
  let normal: string;
  if (lastComma >= 0 && lastDot >= 0) {
    const dec = Math.max(lastComma, lastDot);
    normal = `${s.slice(0, dec).replace(/[.,]/g, '')}.${s.slice(dec + 1).replace(/[.,]/g, '')}`;
  } else {
    const sep = lastComma >= 0 ? ',' : lastDot >= 0 ? '.' : '';
    const count = sep ? s.split(sep).length - 1 : 0;
    normal = count === 1 ? s.replace(sep, '.') : s.replace(/[.,]/g, '');
  }
  const n = Number(normal.startsWith('.') ? `0${normal}` : normal.endsWith('.') ? normal.slice(0, -1) : normal);
  return Number.isFinite(n) ? n : null;
}

/**
 * Whole numbers: thousands grouped by spaces, dots or commas ('1 000', '1.000', '1,000'),
 * else the float rule with a leading minus kept; a number with a fraction ('2.5', '1,5')
 * is none (never 25 or 15).
 */
export function parseIntInput(input: string | number | null | undefined): number | null {
  if (input === null || input === undefined) return null;
  if (typeof input === 'number') return Number.isSafeInteger(input) ? input : null;
  const t = input.trim();
  const sign = /^[-−]/.test(t) ? -1 : 1;
  const body = t.replace(/^[-−]/, '').replace(/\s/g, '');
  const grouped = /^\d{1,3}(?:([.,])\d{3})(?:\1\d{3})*$/.test(body);
  const n = grouped ? Number(body.replace(/[.,]/g, '')) : parseFloatInput(body);
  if (n === null || !Number.isSafeInteger(n)) return null;
  return n === 0 ? 0 : sign * n;
}

/**
 * A number box's text as the user types or pastes into it (spec §5: the float editor
 * strips all but digits, comma and dot), with a leading minus kept: what the box shows is
 * always the number it saves ('13xyz' → '13', '1,5e' → '1,5', '€ 7.06' → '7.06').
 */
export function numberTyping(text: string): string {
  const t = text.trimStart();
  const sign = /^[-−]/.test(t) ? '-' : '';
  return sign + text.replace(/[^0-9.,]/g, '');
}

/**
 * A money amount typed or pasted in a currency with `digits` decimals: the float rule with
 * a leading minus kept, except that in a currency without decimals (HUF) one separator
 * followed by three digits groups thousands ('3,141 Ft' and '3.141 Ft' copied from a cell
 * are 3141, not 3.141).
 */
export function parseAmountInput(text: string, digits: number): number | null {
  const t = text.trim();
  const body = t.replace(/[^0-9.,]/g, '');
  const sign = /^[-−]/.test(t) ? -1 : 1;
  const n = digits === 0 && /^\d{1,3}(?:([.,])\d{3})(?:\1\d{3})*$/.test(body) ? Number(body.replace(/[.,]/g, '')) : parseFloatInput(body);
  return n === null ? null : n === 0 ? 0 : sign * n;
}
