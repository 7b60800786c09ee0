/**
 * The ECB's daily reference-rate file (eurofxref-daily.xml): a `gesmes:Envelope` holding
 * `<Cube><Cube time="YYYY-MM-DD"><Cube currency="USD" rate="1.0812"/>…`, each rate the units of
 * the currency per 1 EUR. Read with a few patterns, not an XML library: the format is small,
 * fixed and public, and an answer that does not have it whole (no envelope, no day, no rate,
 * a rate that is no positive number) is refused as a whole — never half read.
 */

export interface EcbRates {
  /** The day the rates are of (the ECB's `time`). */
  day: string;
  /** Units per 1 EUR by ISO code, EUR itself 1. */
  perEur: Record<string, number>;
}

export class EcbFormatError extends Error {}

const attrs = (tag: string): Record<string, string> => {
  const out: Record<string, string> = {};
  for (const m of tag.matchAll(/([A-Za-z_:][\w:.-]*)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) out[m[1]!] = m[2] ?? m[3] ?? '';
  return out;
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The rates of an ECB daily file; EcbFormatError when it is not one. */
export function parseEcbDaily(xml: string): EcbRates {
  if (!/<(?:[\w-]+:)?Envelope[\s>]/.test(xml)) throw new EcbFormatError('no gesmes:Envelope');
  let day: string | undefined;
  const perEur: Record<string, number> = { EUR: 1 };
  for (const m of xml.matchAll(/<Cube\b([^>]*)>/g)) {
    const a = attrs(m[1]!);
    if (a.time !== undefined) {
      if (day !== undefined) throw new EcbFormatError('more than one day');
      if (!DAY.test(a.time) || Number.isNaN(Date.parse(`${a.time}T00:00:00Z`))) throw new EcbFormatError(`bad day "${a.time}"`);
      day = a.time;
    }
    if (a.currency !== undefined) {
      const code = a.currency.trim().toUpperCase();
      const rate = Number(a.rate);
      if (!/^[A-Z]{3}$/.test(code)) throw new EcbFormatError(`bad currency "${a.currency}"`);
      if (!a.rate || !Number.isFinite(rate) || rate <= 0) throw new EcbFormatError(`bad rate of ${code}`);
      perEur[code] = rate;
    }
  }
  if (day === undefined) throw new EcbFormatError('no day');
  if (Object.keys(perEur).length < 2) throw new EcbFormatError('no rate');
  return { day, perEur };
}

/**
 * The value of one unit of `currency` in `own` (the meaning of a company's rate) through EUR:
 * own-per-EUR ÷ currency-per-EUR (a HUF company's USD = HUF per EUR ÷ USD per EUR), to the
 * 10 decimals a rate keeps; undefined when the file has either not.
 */
export function crossRate(perEur: Readonly<Record<string, number>>, own: string, currency: string): number | undefined {
  const o = perEur[own];
  const c = perEur[currency];
  if (o === undefined || c === undefined) return undefined;
  return Number((o / c).toFixed(10));
}
