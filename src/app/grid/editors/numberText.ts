/**
 * The text a number editor opens with: the stored number written with the UI language's
 * decimal separator ('0,69' in German, '0.69' in English), without thousands separators
 * or a currency, so that the spec §5 float rule (parseFloatInput) reads it back as the
 * same number. All digits are kept (no rounding to the cell's display format).
 */
import { LOCALE, type Lang } from '../../../core/langs.ts';

const decimals = new Map<Lang, string>();

/** The decimal separator of the UI language ('.' or ','). */
export function decimalSeparator(lang: Lang): string {
  let sep = decimals.get(lang);
  if (sep === undefined) {
    sep = new Intl.NumberFormat(LOCALE[lang]).formatToParts(1.5).find((p) => p.type === 'decimal')?.value ?? '.';
    decimals.set(lang, sep);
  }
  return sep;
}

/** Plain digits of a finite number ('-1234.5', never exponent notation). */
function plain(n: number): string {
  const s = String(n);
  if (!/e/i.test(s)) return s;
  if (Math.abs(n) >= 1) return BigInt(Math.round(n)).toString();
  return n.toFixed(20).replace(/\.?0+$/, '');
}

/** A stored number as the editor's text in the UI language; anything else as it is (null → ''). */
export function editableNumber(value: unknown, lang: Lang): string {
  if (value === null || value === undefined) return '';
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  if (!Number.isFinite(n)) return String(value);
  const s = plain(n);
  const sep = decimalSeparator(lang);
  return sep === '.' ? s : s.replace('.', sep);
}
