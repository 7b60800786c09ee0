/**
 * Exact decimal arithmetic on the stored amounts (numeric columns read as text): an amount
 * as an integer of a given scale, and back as text rounded half away from zero — as
 * PostgreSQL's round() does, so what the documents and exports compute from the stored
 * values is what SQL would.
 */

/** A decimal text as an integer of `scale` decimals; refused when it has more (non-zero) decimals. */
export function scaled(text: string, scale: number): bigint {
  const m = /^([-+]?)(\d*)(?:\.(\d*))?$/.exec(text.trim());
  if (!m || (!m[2] && !m[3])) throw new Error(`not a decimal: ${text}`);
  const frac = (m[3] ?? '').padEnd(scale, '0');
  if (/[1-9]/.test(frac.slice(scale))) throw new Error(`${text} has more than ${scale} decimals`);
  const n = BigInt((m[2] || '0') + frac.slice(0, scale));
  return m[1] === '-' ? -n : n;
}

/** An integer of `scale` decimals as text with `digits` decimals (rounded half away from zero; no "-0"). */
export function decimalText(n: bigint, scale: number, digits: number): string {
  let v = n;
  if (scale > digits) {
    const f = 10n ** BigInt(scale - digits);
    v = (v < 0n ? v - f / 2n : v + f / 2n) / f;
  } else v *= 10n ** BigInt(digits - scale);
  const neg = v < 0n;
  const s = (neg ? -v : v).toString().padStart(digits + 1, '0');
  const out = digits ? `${s.slice(0, -digits)}.${s.slice(-digits)}` : s;
  return neg && /[1-9]/.test(out) ? `-${out}` : out;
}

/** An amount (at most 4 decimals) times a rate (at most 10), to `digits` decimals. */
export const timesRate = (value: string, rate: string, digits = 2): string => decimalText(scaled(value, 4) * scaled(rate, 10), 14, digits);
