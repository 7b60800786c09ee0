/**
 * Display formats and input rules shared by grid renderers, editors and forms (spec §9):
 * dates as the UI language writes them in digits (`formatDay`: the grid, the kanban and
 * printed documents; `yyyy-MM-dd` in files and forms), date-times with `HH:mm` (24-hour), weight in kg with 2
 * decimals and space thousands separators, volume in m³ with up to 3 decimals (unit symbols
 * in the language's script, from the catalogue), money with Intl currency formats. Pure:
 * locales and time zones are arguments; Intl formatters are cached per option set.
 */

const pad2 = (n: number) => String(n).padStart(2, '0');
const pad4 = (n: number) => String(n).padStart(4, '0');

// ---- dates -------------------------------------------------------------------------

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function asDate(v: unknown): Date | null {
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? null : v;
  if (typeof v !== 'string' && typeof v !== 'number') return null;
  if (typeof v === 'string' && v.trim() === '') return null;
  const d = new Date(v);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** A Date's local calendar day as `yyyy-MM-dd`. */
export const isoDate = (d: Date): string => `${pad4(d.getFullYear())}-${pad2(d.getMonth() + 1)}-${pad2(d.getDate())}`;

/** `yyyy-MM-dd` → that day at local midnight (for calendars); null when not a real day. */
export function localDate(s: string): Date | null {
  const m = ISO_DATE.exec(s);
  if (!m) return null;
  const d = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return isoDate(d) === s ? d : null;
}

/**
 * `yyyy-MM-dd`. Dates travel as such and are shown as they are; a timestamp (ISO string,
 * epoch ms, Date) is shown as its local day. Empty → ''; unreadable text as it is.
 */
export function formatDate(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string' && ISO_DATE.test(v)) return v;
  const d = asDate(v);
  return d ? isoDate(d) : String(v);
}

const zoneFormats = new Map<string, Intl.DateTimeFormat>();
/**
 * An instant's calendar fields as the clock reads them in `timeZone` (default: the local
 * one), 24-hour; the grid's date-times and the export's XLSX wall times read them alike.
 */
export function zoneParts(d: Date, timeZone?: string): { year: number; month: number; day: number; hour: number; minute: number; second: number } {
  const key = timeZone ?? '';
  let f = zoneFormats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric', hourCycle: 'h23' });
    zoneFormats.set(key, f);
  }
  const p: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const part of f.formatToParts(d)) p[part.type] = part.value;
  return { year: Number(p.year), month: Number(p.month), day: Number(p.day), hour: Number(p.hour), minute: Number(p.minute), second: Number(p.second) };
}

/**
 * `yyyy-MM-dd HH:mm`, 24-hour, in `timeZone` (default: the local one). A date alone
 * (`yyyy-MM-dd`) stays a date. Empty → ''; unreadable text as it is.
 */
export function formatDateTime(v: unknown, timeZone?: string): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string' && ISO_DATE.test(v)) return v;
  const d = asDate(v);
  if (!d) return String(v);
  const p = zoneParts(d, timeZone);
  return `${String(p.year).padStart(4, '0')}-${pad2(p.month)}-${pad2(p.day)} ${pad2(p.hour)}:${pad2(p.minute)}`;
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();
/** The locale's numeric date (two-digit day and month, the whole year), read in UTC: a calendar day, not an instant. */
function dayFormat(locale: string): Intl.DateTimeFormat {
  let f = dayFormats.get(locale);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' });
    dayFormats.set(locale, f);
  }
  return f;
}

/**
 * `yyyy-MM-dd` as the locale writes that day in digits. English keeps the spec's own
 * `yyyy-MM-dd` (§9): its readers write 05/03 as either March or May, the year first as neither.
 */
function localDay(iso: string, locale: string): string {
  if (locale === 'en' || locale.startsWith('en-')) return iso;
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  const at = new Date(Date.UTC(2000, m - 1, d));
  at.setUTCFullYear(y);
  return dayFormat(locale).format(at);
}

/**
 * A day as the UI language writes it, in digits (Intl): '2026-03-05' (en, the spec's form), '05.03.2026'
 * (de, ro), '2026. 03. 05.' (hu), '05. 03. 2026' (sk, cs), '05.03.2026 г.' (bg). The one
 * format of dates shown in the grid, on the kanban's cards and in printed documents;
 * `parseDateInput` reads every one back (and `yyyy-MM-dd`). A timestamp is shown as its
 * local day; empty → ''; unreadable text as it is.
 */
export function formatDay(v: unknown, locale: string): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string' && ISO_DATE.test(v)) return localDate(v) ? localDay(v, locale) : v;
  const d = asDate(v);
  return d ? localDay(isoDate(d), locale) : String(v);
}

/**
 * A date-time as the UI language writes its day (`formatDay`), then the time `HH:mm`,
 * 24-hour, in `timeZone` (default: the local one): '05.03.2026 14:30'. A date alone stays
 * a day. `parseDateTimeInput` reads it back.
 */
export function formatDayTime(v: unknown, locale: string, timeZone?: string): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string' && ISO_DATE.test(v)) return formatDay(v, locale);
  const d = asDate(v);
  if (!d) return String(v);
  const p = zoneParts(d, timeZone);
  return `${localDay(`${pad4(p.year)}-${pad2(p.month)}-${pad2(p.day)}`, locale)} ${pad2(p.hour)}:${pad2(p.minute)}`;
}

/** Year first ('2024-03-05', '2024. 03. 05.'), or day first as every UI locale writes a date ('05.03.2024', '5. 3. 2024', '05/03/2024', '05.03.2024 г.'). */
const YEAR_FIRST = String.raw`(\d{4})\s*[-./]\s*(\d{1,2})\s*[-./]\s*(\d{1,2})\s*\.?`;
const DAY_FIRST = String.raw`(\d{1,2})\s*[./]\s*(\d{1,2})\s*[./]\s*(\d{4})\s*\.?\s*(?:г\.?)?`;
const DATE_PART = `(?:${YEAR_FIRST}|${DAY_FIRST})`;
const DATE_INPUT = new RegExp(`^\\s*${DATE_PART}\\s*$`);

/** The day of a DATE_PART match starting at group `i`, or null when it is not a real calendar day. */
function matchedDay(m: RegExpExecArray, i: number): string | null {
  const [y, mo, d] = m[i] !== undefined ? [m[i], m[i + 1], m[i + 2]] : [m[i + 5], m[i + 4], m[i + 3]];
  const s = `${y}-${pad2(Number(mo))}-${pad2(Number(d))}`;
  return localDate(s) ? s : null;
}

/**
 * A typed or pasted date → `yyyy-MM-dd`, or null when it is not a real calendar day. Year
 * first, then month and day, separated by `-`, `.` or `/` (spaces and a trailing dot
 * allowed: '2024. 03. 05.'); or day, month, year the way the UI locales write dates
 * ('31.12.2026', '5. 3. 2026', '05/03/2026'; en is en-GB, so never month first). One-digit
 * month and day are padded.
 */
export function parseDateInput(input: string): string | null {
  const m = DATE_INPUT.exec(input);
  return m ? matchedDay(m, 1) : null;
}

const DATE_TIME_INPUT = new RegExp(`^\\s*${DATE_PART}(?:(?:\\s*T\\s*|\\s+)(\\d{1,2}):(\\d{2})(?::(\\d{2}))?)?\\s*$`);

/**
 * A typed local date-time `yyyy-MM-dd HH:mm` (or with `T`, optional `:ss`) → the Date it
 * means in the local time zone; null when not a real day or time. A date alone is its
 * midnight.
 */
export function parseDateTimeInput(input: string): Date | null {
  const m = DATE_TIME_INPUT.exec(input);
  if (!m) return null;
  const day = matchedDay(m, 1);
  if (!day) return null;
  const [h, mi, s] = [Number(m[7] ?? 0), Number(m[8] ?? 0), Number(m[9] ?? 0)];
  if (h > 23 || mi > 59 || s > 59) return null;
  const d = localDate(day)!;
  d.setHours(h, mi, s, 0);
  return d;
}

// ---- numbers -----------------------------------------------------------------------

const numberFormats = new Map<string, Intl.NumberFormat>();
function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let f = numberFormats.get(key);
  if (!f) {
    f = new Intl.NumberFormat(locale, options);
    numberFormats.set(key, f);
  }
  return f;
}

/** The locale's digits and decimal separator, every thousands group separated by a plain space. */
function spaced(v: number, locale: string, minDigits: number, maxDigits: number): string {
  return numberFormat(locale, { minimumFractionDigits: minDigits, maximumFractionDigits: maxDigits, useGrouping: 'always' })
    .formatToParts(v)
    .map((p) => (p.type === 'group' ? ' ' : p.value))
    .join('');
}

/**
 * Weight (spec §9): 2 decimals, space thousands separators, the language's kilogram symbol
 * (`grid.unit_kg`: 'kg', Bulgarian 'кг'). 1234.5 → '1 234.50 kg' (en).
 */
export const formatWeight = (v: number, locale: string, unit = 'kg'): string => `${spaced(v, locale, 2, 2)} ${unit}`;

/** Volume: up to 3 decimals, space thousands separators, the language's cubic metre symbol (`grid.unit_m3`). 1.5 → '1.5 m³' (en). */
export const formatVolume = (v: number, locale: string, unit = 'm³'): string => `${spaced(v, locale, 0, 3)} ${unit}`;

/**
 * Money in a currency, the locale's way ('€1,234.50', '1.234,50 €'). `digits` is the
 * currency's precision (currency_precision), else the currency's usual one. An invalid
 * currency code falls back to the number and the code.
 */
export function formatMoney(amount: number, currency: string, locale: string, digits?: number): string {
  const d = digits === undefined ? {} : { minimumFractionDigits: digits, maximumFractionDigits: digits };
  try {
    return numberFormat(locale, { style: 'currency', currency, ...d }).format(amount);
  } catch {
    const n = numberFormat(locale, digits === undefined ? { minimumFractionDigits: 2, maximumFractionDigits: 2 } : d).format(amount);
    return currency ? `${n} ${currency}` : n;
  }
}

// ---- other values ------------------------------------------------------------------

/**
 * A link target that is safe to put in href: http(s) URLs, protocol-relative and
 * relative paths. Other schemes (javascript:, data:, mailto: …) answer null. Browsers
 * ignore control characters and blanks inside a scheme, so the test does too.
 */
export function safeHref(v: unknown): string | null {
  if (typeof v !== 'string') return null;
  const href = v.trim();
  if (!href) return null;
  const probe = href.replace(/[\p{Cc} ]/gu, '');
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(probe);
  if (scheme) return /^https?$/i.test(scheme[1]!) ? href : null;
  return href;
}

/** A CSS hex colour, normalised to lower-case '#rrggbb' (or '#rrggbbaa'); null when not one. '#ABC' → '#aabbcc', 'ff0000' → '#ff0000'. */
export function normalizeHex(v: unknown): string | null {
  if (typeof v !== 'string') return null;
  const m = /^#?([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i.exec(v.trim());
  if (!m) return null;
  let h = m[1]!.toLowerCase();
  if (h.length <= 4) h = [...h].map((c) => c + c).join('');
  return `#${h}`;
}

/** A list of strings as it is typed in a tag input: 'a, b, c'. Accepts an array or a JSON array text. */
export function formatTags(v: unknown): string {
  return tagList(v).join(', ');
}

/** The strings of a tag value: an array, a JSON array text or a comma-separated text. */
export function tagList(v: unknown): string[] {
  if (v === null || v === undefined || v === '') return [];
  if (Array.isArray(v)) return v.filter((x) => x !== null && x !== undefined && x !== '').map(String);
  if (typeof v === 'string') {
    const t = v.trim();
    if (t.startsWith('[')) {
      try {
        const a: unknown = JSON.parse(t);
        if (Array.isArray(a)) return tagList(a);
      } catch {
        /* a plain text after all */
      }
    }
    return parseTags(t) ?? [];
  }
  return [String(v)];
}

/** Tag input → strings: split on commas, trimmed, empty and repeated ones dropped; none → null. */
export function parseTags(input: string): string[] | null {
  const out: string[] = [];
  for (const part of input.split(',')) {
    const t = part.trim();
    if (t && !out.includes(t)) out.push(t);
  }
  return out.length ? out : null;
}

/** Compact JSON of a value (no spaces); strings as they are, empty → ''. */
export function compactJson(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v;
  try {
    return JSON.stringify(v) ?? '';
  } catch {
    return String(v);
  }
}

/** Readable JSON (2-space indent), for tooltips and the JSON editor; empty → ''. */
export function prettyJson(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v;
  try {
    return JSON.stringify(v, null, 2) ?? '';
  } catch {
    return String(v);
  }
}

/** JSON editor text → its value: blank → null; invalid → { ok: false }. */
export function parseJsonInput(input: string): { ok: true; value: unknown } | { ok: false } {
  if (input.trim() === '') return { ok: true, value: null };
  try {
    return { ok: true, value: JSON.parse(input) as unknown };
  } catch {
    return { ok: false };
  }
}
