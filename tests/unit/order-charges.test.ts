/**
 * The VAT in an order's charges (src/core/orderCharges.ts; issue 43, finding 12): a delivery
 * price or payment fee (gross, as the shop shows it) takes the goods' VAT rate, apportioned
 * by the goods' net amounts when they have several; the parts add up to the charge exactly;
 * no goods: the company's default rate. The order's totals add up.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { roundMoney } from '../../src/core/money.ts';
import { chargeParts, chargeVat, orderTotals } from '../../src/core/orderCharges.ts';

describe('VAT in an order’s charges', () => {
  it('takes the goods’ rate out of a cash-on-delivery fee: 1.50 € at 20 % holds 0.25 €', () => {
    expect(chargeParts(1.5, [{ rate: 20, net: 41.67 }], 2, 20)).toEqual([{ rate: 20, gross: 1.5, net: 1.25, vat: 0.25 }]);
    expect(chargeVat(1.5, [{ rate: 10, net: 8.33 }], 2, 20)).toBe(0.14);
    // Forints have no decimals: 590 Ft at 27 % holds 125 Ft.
    expect(chargeVat(590, [{ rate: 27, net: 10_000 }], 0, 27)).toBe(125);
    expect(chargeVat(0, [{ rate: 20, net: 10 }], 2, 20)).toBe(0);
  });

  it('apportions a charge over several rates by the goods’ net amounts, the parts adding up to the charge', () => {
    // 100 € net at 20 %, 100 € at 10 %: half the fee at each rate.
    expect(
      chargeParts(
        1.5,
        [
          { rate: 10, net: 60 },
          { rate: 20, net: 100 },
          { rate: 10, net: 40 },
        ],
        2,
        20,
      ),
    ).toEqual([
      { rate: 20, gross: 0.75, net: 0.62, vat: 0.13 },
      { rate: 10, gross: 0.75, net: 0.68, vat: 0.07 },
    ]);
    // A zero-rated share carries no VAT; goods of no value take no share.
    expect(
      chargeParts(
        4.9,
        [
          { rate: 0, net: 30 },
          { rate: 20, net: 70 },
          { rate: 5, net: 0 },
        ],
        2,
        20,
      ),
    ).toEqual([
      { rate: 20, gross: 3.43, net: 2.86, vat: 0.57 },
      { rate: 0, gross: 1.47, net: 1.47, vat: 0 },
    ]);
  });

  it('falls back to the company’s default rate when no goods have a net amount', () => {
    expect(chargeParts(1.5, [], 2, 20)).toEqual([{ rate: 20, gross: 1.5, net: 1.25, vat: 0.25 }]);
    expect(chargeVat(1.5, [{ rate: 10, net: 0 }], 2, 27)).toBe(0.32);
  });

  it('always splits a charge into parts that add up to it, none negative, each part’s VAT its rate’s share', () => {
    const rates = fc.constantFrom(0, 5, 9, 10, 12, 15, 19, 20, 21, 23, 27);
    fc.assert(
      fc.property(
        fc.constantFrom(0, 2),
        fc.integer({ min: 0, max: 5_000_000 }),
        fc.array(fc.record({ rate: rates, cents: fc.integer({ min: 0, max: 100_000_000 }) }), { maxLength: 6 }),
        rates,
        (digits, grossUnits, goods, defaultRate) => {
          const unit = 10 ** -digits;
          const gross = roundMoney(grossUnits * unit, digits);
          const lines = goods.map((g) => ({ rate: g.rate, net: roundMoney(g.cents * unit, digits) }));
          const parts = chargeParts(gross, lines, digits, defaultRate);
          expect(
            roundMoney(
              parts.reduce((s, p) => s + p.gross, 0),
              digits,
            ),
          ).toBe(gross);
          for (const p of parts) {
            expect(p.gross).toBeGreaterThanOrEqual(0);
            expect(p.vat).toBe(roundMoney((p.gross * p.rate) / (100 + p.rate), digits));
            expect(roundMoney(p.net + p.vat, digits)).toBe(p.gross);
          }
          expect(new Set(parts.map((p) => p.rate)).size).toBe(parts.length);
        },
      ),
    );
  });

  it('gives an order’s totals: goods, the charges’ VAT, net + VAT = what the customer pays', () => {
    const t = orderTotals(
      [
        { net: 83.33, vat: 16.67, vatRate: 20 },
        { net: 9.09, vat: 0.91, vatRate: 10 },
      ],
      4.9,
      1.5,
      2,
      20,
    );
    expect(t).toMatchObject({ goodsNet: 92.42, goodsVat: 17.58, goodsGross: 110, total: 116.4 });
    expect(t.feeVat).toBe(
      chargeVat(
        1.5,
        [
          { rate: 20, net: 83.33 },
          { rate: 10, net: 9.09 },
        ],
        2,
        20,
      ),
    );
    expect(t.feeVat).toBeGreaterThan(0);
    expect(t.vat).toBe(roundMoney(17.58 + t.deliveryVat + t.feeVat, 2));
    expect(roundMoney(t.net + t.vat, 2)).toBe(t.total);
  });
});
