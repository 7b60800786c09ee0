/** Exact decimal arithmetic for the money tests: the database's numerics as scaled integers. */

/** A decimal text as an integer of `scale` digits after the point (exact). */
export function scaled(text: string, scale: number): bigint {
  const [int, frac = ''] = String(text).split('.');
  const neg = int!.startsWith('-');
  const v = BigInt(int!.replace('-', '') + frac.padEnd(scale, '0').slice(0, scale));
  return neg ? -v : v;
}
