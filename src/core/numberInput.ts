/**
 * Numbers typed, pasted, filled or imported as text, read the way the user's language
 * writes them (CLDR separators through Intl): the one rule of the grid's editors, paste
 * and Fill, the forms, the number filters, the bulk price dialog and CSV/XLSX text cells.
 *
 *   en  1,234.56   ',' groups, '.' is decimal      de/ro  1.234,56   '.' groups, ',' decimal
 *   hu/sk/cs/bg  1 234,56   a (no-break) space groups, ',' is decimal
 *
 * A group is always three digits after the first; a space (any Unicode space) groups in
 * every language, since no language writes it for anything else. A text that fits the
 * language's way is read so ('1,000' is 1000 in English, '1.000' is 1000 in German); one
 * that fits none ('1,00,0' in English; '1.5' in German, where '.' only groups) is refused
 * (`numberText`'s message names how the language writes numbers), never read another
 * way than it shows. Why '1.5' is not taken as a decimal in a comma language: whether a
 * '.' could group depends on the digits after it, so '1.50' would be 1.5 while '1.500'
 * is 1500 — one more digit would change the amount a thousandfold.
 *
 * Spec §5 (a lone comma is decimal in every language) is superseded here: issue 43.
 */
import { LOCALE, type Lang } from './langs.ts';
import { M, msg } from './validation/messages.ts';

/** How a language writes a number: its decimal mark and its group separator (a space for the no-break ones). */
export interface NumberStyle {
  decimal: string;
  group: string;
}

const styles = new Map<string, NumberStyle>();
const SPACE = /\s/u;

/** The separators of a UI language (CLDR, through `Intl.NumberFormat#formatToParts`); an unknown one reads as English. */
export function numberStyle(lang: string): NumberStyle {
  let s = styles.get(lang);
  if (!s) {
    const parts = new Intl.NumberFormat(LOCALE[lang as Lang] ?? LOCALE.en, { useGrouping: 'always' }).formatToParts(12345.5);
    const decimal = parts.find((p) => p.type === 'decimal')?.value ?? '.';
    const group = parts.find((p) => p.type === 'group')?.value ?? ',';
    s = { decimal, group: SPACE.test(group) ? ' ' : group };
    styles.set(lang, s);
  }
  return s;
}

/** Text before and after the number that is not part of it: a currency or unit ('€', 'HUF ', ' Ft', ' лв.', ' kg', '%'). */
const AFFIX = String.raw`[\p{L}\p{Sc}%][\p{L}\p{Sc}%.]*`;
const SIGN = '[-−+]';
const SHAPE = new RegExp(String.raw`^(${SIGN})?\s*(?:${AFFIX}\s*)?(${SIGN})?\s*([\d.,\s]*?)\s*(?:${AFFIX})?$`, 'u');

/**
 * The number a text means in a language, or why not: blank → null (the field cleared); a
 * text that is no number the language writes → its refusal (a validation message key
 * with an example of the language's way, for the field). `integer` refuses a fraction
 * (a fraction of zeros is the whole number: '2.0' is 2 in English).
 */
export function numberText(text: string, lang: string, integer = false): { ok: true; value: number | null } | { ok: false; message: string } {
  const t = text.trim();
  if (t === '') return { ok: true, value: null };
  const n = readNumber(t, lang);
  if (n === null) return { ok: false, message: formatRefusal(lang) };
  if (integer && !Number.isSafeInteger(n)) return { ok: false, message: M.type_integer };
  return { ok: true, value: n };
}

/** A number as the language writes it (a leading minus, a currency or unit around it kept out); null for blank or any other text. */
export function readNumber(text: string, lang: string): number | null {
  const m = SHAPE.exec(text.trim());
  if (!m || (m[1] && m[2])) return null;
  const body = m[3]!.replace(/\s/gu, ' ');
  if (!/\d/.test(body)) return null;
  const { decimal, group } = numberStyle(lang);
  const at = body.indexOf(decimal);
  if (at >= 0 && body.indexOf(decimal, at + 1) >= 0) return null;
  const whole = at < 0 ? body : body.slice(0, at);
  const fraction = at < 0 ? '' : body.slice(at + 1);
  if (!/^\d*$/.test(fraction) || !wholeOk(whole, group, fraction !== '')) return null;
  const n = Number(`${whole.replace(/\D/g, '') || '0'}.${fraction || '0'}`);
  if (!Number.isFinite(n)) return null;
  const negative = /[-−]/.test(m[1] ?? m[2] ?? '');
  return negative && n !== 0 ? -n : n;
}

/** The whole part: plain digits, or groups of three after the first joined by one separator (the language's, or a space). */
function wholeOk(whole: string, group: string, hasFraction: boolean): boolean {
  if (whole === '') return hasFraction;
  if (/^\d+$/.test(whole)) return true;
  const sep = whole.replace(/\d/g, '')[0]!;
  if (sep !== group && sep !== ' ') return false;
  const esc = sep === '.' ? '\\.' : sep;
  return new RegExp(`^\\d{1,3}(?:${esc}\\d{3})+$`).test(whole);
}

/** The refusal of a text that is no number: 'validation.number_format' with the language's way of writing one ('1,234.56'). */
function formatRefusal(lang: string): string {
  // With a fraction, so that the example is never a plain number the message would format again.
  const example = new Intl.NumberFormat(LOCALE[lang as Lang] ?? LOCALE.en, { useGrouping: 'always', minimumFractionDigits: 2 }).format(1234.56);
  return msg(M.number_format, { example });
}

/**
 * A number box's text as the user types or pastes into it: digits, comma and dot, with
 * a leading minus kept and a currency or unit after the number dropped, so the box shows
 * what it reads ('13xyz' → '13', '€ 7.06' → '7.06', '1 234,50 лв.' → '1234,50'). Whether
 * the separators fit the language is `readNumber`'s to say (the box then says why not).
 */
export function numberTyping(text: string): string {
  const t = text.trimStart();
  const sign = /^[-−]/.test(t) ? '-' : '';
  return sign + text.replace(/[\p{L}\p{Sc}][^\d]*$/u, '').replace(/[^0-9.,]/g, '');
}

/**
 * A stored number as a box opens with it: the language's decimal mark, no groups, all
 * digits ('0,69' in German, '1234567.5' in English), which `readNumber` reads back as
 * the same number.
 */
export function editableNumber(value: unknown, lang: string): string {
  if (value === null || value === undefined) return '';
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  if (!Number.isFinite(n)) return String(value);
  const s = plain(n);
  const { decimal } = numberStyle(lang);
  return decimal === '.' ? s : s.replace('.', decimal);
}

/** Plain digits of a finite number ('-1234.5', never exponent notation). */
function plain(n: number): string {
  const s = String(n);
  if (!/e/i.test(s)) return s;
  if (Math.abs(n) >= 1) return BigInt(Math.round(n)).toString();
  return n.toFixed(20).replace(/\.?0+$/, '');
}
