/**
 * Money shown in another currency is converted, THEN rounded once to the digits of the
 * currency it is shown in (issue 19 point 5: CZK gross 1,673.53 instead of 1,673.48 when
 * rounded in EUR first); an amount typed in the shown currency is stored so that it is
 * shown again exactly as typed (point 1). Checked against exact rational arithmetic.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { roundMoney, shownAmount, storedFromShown } from '../../src/core/money.ts';
import { priceIn } from '../../src/core/prices.ts';

/** num/den (positive BigInts) rounded half away from zero to an integer. */
const roundRatio = (num: bigint, den: bigint) => (2n * num + den) / (2n * den);

/** The exact shown amount of a decimal price, VAT and rates: price × (1 + vat/100) × rate(from) / rate(to), rounded to `d` digits. */
function exactShown(priceE4: bigint, vatE2: bigint, rateFromE10: bigint, rateToE10: bigint, d: number): number {
  // price/1e4 × (10000 + vatE2)/1e4 × rf/rt × 10^d
  const num = priceE4 * (10000n + vatE2) * rateFromE10 * 10n ** BigInt(d);
  const den = 10n ** 8n * rateToE10;
  return Number(`${roundRatio(num, den)}e-${d}`);
}

const digitsOf = (c: string) => (c === 'HUF' ? 0 : 2);

describe('roundMoney', () => {
  it('rounds the decimal an amount stands for, half away from zero', () => {
    expect(roundMoney(1.005, 2)).toBe(1.01);
    expect(roundMoney(-1.005, 2)).toBe(-1.01);
    expect(roundMoney(1673.4765, 2)).toBe(1673.48);
    expect(roundMoney(2.5, 0)).toBe(3);
    expect(roundMoney(3140.52, 0)).toBe(3141);
    expect(roundMoney(0.1 + 0.2, 2)).toBe(0.3);
    expect(roundMoney(1e20, 2)).toBe(1e20);
  });
});

describe('convert, then round once in the shown currency', () => {
  it('the issue case: a CZK gross of a EUR price is rounded in CZK, not first in EUR', () => {
    // SK01's rates as company_currency_rates keeps them (numeric(20, 10)): CZK = 1/25.2.
    const rates = { EUR: 1, CZK: 0.0396825397 };
    const net = 1360.55 * 0.0396825397; // the EUR net that shows as 1,360.55 Kč
    expect(shownAmount(net, 'EUR', 'CZK', rates, digitsOf).amount).toBe(1360.55);
    expect(priceIn(net, { type: 'gross', vatRate: 23, from: 'EUR', to: 'CZK', rates, digitsOf })).toBe(1673.48);
  });

  it('rounds to the shown currency’s digits (HUF has none), and to the stored one’s without a rate', () => {
    const rates = { EUR: 1, HUF: 1 / 395 };
    expect(priceIn(10, { type: 'gross', vatRate: 27, from: 'EUR', to: 'HUF', rates, digitsOf })).toBe(5017);
    expect(priceIn(10.004, { type: 'net', vatRate: 0, from: 'EUR', to: 'XXX', rates, digitsOf })).toBe(10);
  });

  it('equals exact decimal arithmetic for any price, VAT and rates (property)', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 9n }), // price, 4 decimals (≤ 100,000)
        fc.bigInt({ min: 0n, max: 3000n }), // VAT %, 2 decimals
        fc.bigInt({ min: 10n ** 7n, max: 10n ** 13n }), // rate(from), 10 decimals: 0.001 … 1000
        fc.bigInt({ min: 10n ** 7n, max: 10n ** 13n }), // rate(to)
        fc.constantFrom('EUR', 'HUF'),
        (p, v, rf, rt, to) => {
          // Amounts shown below a thousand million: a float's 15 digits hold them with room to spare.
          fc.pre((p * rf) / rt < 10n ** 13n);
          const rates = { AAA: Number(rf) / 1e10, [to]: Number(rt) / 1e10 };
          const got = priceIn(Number(p) / 1e4, { type: 'gross', vatRate: Number(v) / 100, from: 'AAA', to, rates, digitsOf });
          expect(got).toBe(exactShown(p, v, rf, rt, digitsOf(to)));
        },
      ),
      { numRuns: 3000 },
    );
  });
});

describe('an amount typed in the shown currency', () => {
  it('the issue case: €8 in a HUF company is stored as 3,140.52 Ft and shown as €8.00', () => {
    const rates = { HUF: 1, EUR: 392.565 };
    const s = storedFromShown(8, 'EUR', 'HUF', rates, 2);
    expect(s).toBe(3140.52);
    expect(shownAmount(s, 'HUF', 'EUR', rates, digitsOf).amount).toBe(8);
  });

  it('keeps the typed number in the stored currency itself', () => {
    expect(storedFromShown(8.123, 'EUR', 'EUR', { EUR: 1 }, 2)).toBe(8.123);
  });

  it('is stored to 4 decimals and shown again exactly as typed, for any amount and rates (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1_000_000_00, max: 1_000_000_00 }), // typed, in cents (or forints)
        fc.bigInt({ min: 10n ** 6n, max: 10n ** 13n }),
        fc.bigInt({ min: 10n ** 6n, max: 10n ** 13n }),
        fc.constantFrom('EUR', 'HUF'),
        (cents, rs, rv, shown) => {
          const d = digitsOf(shown);
          const typed = d === 0 ? cents : cents / 100;
          const rates = { STO: Number(rs) / 1e10, [shown]: Number(rv) / 1e10 };
          // A stored step of 0.0001 must move the shown amount by less than its last digit.
          fc.pre((rates.STO / rates[shown]!) * 1e-4 < 0.9 * 10 ** -d);
          // Amounts below a thousand million (stored with 4 decimals in a float's 15 digits).
          fc.pre(Math.abs(typed) * (rates[shown]! / rates.STO) < 1e9);
          const s = storedFromShown(typed, shown, 'STO', rates, d);
          expect(roundMoney(s, 4)).toBe(s);
          expect(shownAmount(s, 'STO', shown, rates, digitsOf).amount).toBe(typed === 0 ? 0 : typed);
        },
      ),
      { numRuns: 3000 },
    );
  });
});
