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

/** Whole numbers: every character but digits and a leading minus is dropped. */
export function parseIntInput(input: string | number | null | undefined): number | null {
  if (input === null || input === undefined) return null;
  if (typeof input === 'number') return Number.isSafeInteger(input) ? input : null;
  const t = input.trim();
  const digits = t.replace(/[^0-9]/g, '');
  if (!digits) return null;
  const n = Number(digits) * (t.startsWith('-') ? -1 : 1);
  return Number.isSafeInteger(n) ? n : null;
}
