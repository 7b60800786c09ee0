import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { belowMinMargin, marginOf, minimumPrice, niceAtLeast, nicePrice, originalPrice, priceIn, sellingPrice } from '../../src/core/prices.ts';
import { rowMarks } from '../../src/core/rowMarkers.ts';
import { rowRuleRefusal } from '../../src/core/validation/rowRules.ts';
import { canonicalUrl, metaDescription } from '../../src/core/seo.ts';

describe('nice-price rounding (2 % tolerance, 2 significant digits, a small step below)', () => {
  it.each([
    [47.3, 46.9], // 47 → 46.9, 0.8 % away
    [5.83, 5.79], // 5.8 → 5.79
    [199.5, 199], // 200 → 199 (step at the third digit)
    [1234, 1229], // 1200 − 10 = 1190 is 3.6 % away → 3 digits: 1230 − 1 = 1229
    [12990, 12900], // 13000 − 100 = 12900 (0.7 %)
    [0.5, 0.499], // 0.50 − 0.001
    [104, 103.9], // 100 − 1 = 99 is 4.8 % away → 104 − 0.1 = 103.9
  ])('%s → %s', (p, nice) => expect(nicePrice(p)).toBe(nice));
  it('never moves a price by more than 2 %', () => {
    for (let p = 0.37; p < 100000; p *= 1.37) {
      const n = nicePrice(p);
      expect(Math.abs(n - p) / p).toBeLessThanOrEqual(0.02 + 1e-9);
    }
  });
  it('keeps zero and negative prices', () => {
    expect(nicePrice(0)).toBe(0);
    expect(nicePrice(-5)).toBe(-5);
  });
  it('takes the step from the rounded price: 999.9 → 1000 → 990, as 1000 itself', () => {
    expect(nicePrice(999.9)).toBe(990);
    expect(nicePrice(1000)).toBe(990);
  });
});

/** Prices of any size, and many next to a power of ten (where the step of the third digit changes). */
const price = fc.oneof(
  fc.double({ min: 0.01, max: 1e7, noNaN: true }),
  fc.tuple(fc.integer({ min: -2, max: 6 }), fc.double({ min: 0.97, max: 1.03, noNaN: true })).map(([k, f]) => 10 ** k * f),
);
const ordered = fc.tuple(price, price).map(([a, b]): [number, number] => (a <= b ? [a, b] : [b, a]));
/** Purchase prices as stored (numeric(14, 4)). */
const stored = fc.tuple(price, price).map((xs) => xs.map((x) => Math.max(0.0001, Math.round(x * 10_000) / 10_000)).sort((a, b) => a - b) as [number, number]);
/** A percentage as stored (numeric(6, 2)). */
const percent = (max: number) => fc.integer({ min: 0, max: max * 100 }).map((n) => n / 100);

describe('the price rule (issue 48), for any prices', () => {
  it('nice rounding is monotone and within 2 %; the lowest nice price at or above a floor is monotone too', () => {
    fc.assert(
      fc.property(ordered, ([a, b]) => {
        expect(nicePrice(a)).toBeLessThanOrEqual(nicePrice(b));
        expect(Math.abs(nicePrice(a) - a) / a).toBeLessThanOrEqual(0.02 + 1e-12);
        expect(niceAtLeast(a)).toBeGreaterThanOrEqual(a);
        expect(niceAtLeast(a)).toBeLessThanOrEqual(niceAtLeast(b));
      }),
      { numRuns: 600 },
    );
  });

  it('the selling price grows with the purchase price, and never falls under the minimum margin unless the margin asked for does', () => {
    const inputs = fc.record({
      margin: percent(200),
      minMargin: fc.option(percent(100), { nil: null }),
      vatRate: fc.constantFrom(0, 5, 9.5, 20, 27),
      multiplier: fc.constantFrom(1, 0.98, 0.85, 1.1),
      nice: fc.boolean(),
    });
    fc.assert(
      fc.property(stored, inputs, ([a, b], i) => {
        const low = sellingPrice({ ...i, purchase: a })!;
        const high = sellingPrice({ ...i, purchase: b })!;
        expect(low.net).toBeLessThanOrEqual(high.net);
        // Its mark is the rule's own (what the grid shows, what the server asks to confirm).
        expect(low.belowMin).toBe(belowMinMargin(low.net, a, i.minMargin));
        if (i.minMargin === null || i.margin >= i.minMargin) expect(low.belowMin).toBe(false);
        else if (low.belowMin) expect(low.margin).toBeLessThan(i.minMargin);
      }),
      { numRuns: 1500 },
    );
  });

  it('rounds what the group sees: purchase 10, margin 100 %, VAT 20 % → 24 gross → 23.9 → net 19.9167', () => {
    const p = sellingPrice({ purchase: 10, margin: 100, vatRate: 20, multiplier: 1, nice: true })!;
    expect([p.net, p.gross, p.belowMin]).toEqual([19.9167, 23.9, false]);
    expect(p.margin).toBeCloseTo(99.167, 10);
    // Without nice rounding the margin is exact.
    expect(sellingPrice({ purchase: 10, margin: 100, vatRate: 20, multiplier: 1, nice: false })!.net).toBe(20);
    // The nice price 11.9 (gross 14.28) would be under a 20 % minimum (12): raised to the lowest nice gross at or above 14.40, 14.49.
    const raised = sellingPrice({ purchase: 10, margin: 20, minMargin: 20, vatRate: 20, multiplier: 1, nice: true })!;
    expect([raised.gross, raised.belowMin]).toEqual([14.49, false]);
    // A margin asked for under the minimum: priced, and marked for the confirmation.
    expect(sellingPrice({ purchase: 10, margin: 5, minMargin: 20, vatRate: 0, multiplier: 1, nice: false })).toMatchObject({ net: 10.5, belowMin: true });
    expect(sellingPrice({ purchase: 0, margin: 20, vatRate: 20, multiplier: 1, nice: true })).toBeNull();
  });

  it('the minimum price is exact on stored values, rounded up to 4 decimals; the mark compares as stored', () => {
    expect(minimumPrice(10, 15)).toBe(11.5);
    expect(minimumPrice(0.3333, 12.5)).toBe(0.375); // 0.3749625 → up
    expect(minimumPrice(null, 15)).toBeNull();
    expect(minimumPrice(10, null)).toBeNull();
    expect(belowMinMargin(11.4999, 10, 15)).toBe(true);
    expect(belowMinMargin(11.5, 10, 15)).toBe(false);
    expect(belowMinMargin(null, 10, 15)).toBe(false);
    expect(marginOf(12.5, 10)).toBeCloseTo(25, 10);
    // The grid's mark reads the database's twin of the rule (v_product_margins.below_min_margin; tests/api/prices-rule.test.ts holds them equal).
    expect(rowMarks(['belowMinMargin'], { below_min_margin: true })).toBe('belowMinMargin');
    expect(rowMarks(['belowMinMargin'], { below_min_margin: false })).toBe('');
  });

  it("a product's discount and staged discount are refused at the cell over its limit", () => {
    expect(rowRuleRefusal('productDiscount', 30, { max_discount_limit_percent: 25, max_discount: 40 })).toBe('validation.discount_limit?limit=25');
    expect(rowRuleRefusal('productDiscount', 25, { max_discount_limit_percent: 25, max_discount: 40 })).toBeUndefined();
    expect(rowRuleRefusal('productDiscount', 99, { max_discount_limit_percent: null, max_discount: null })).toBeUndefined();
  });
});

describe('prices', () => {
  it('original price = price / ((100 − discount) / 100)', () => {
    expect(originalPrice(80, 20)).toBe(100);
    expect(originalPrice(99.99, 0)).toBe(99.99);
    expect(originalPrice(10, 100)).toBeNull();
  });
  it('gross/net in the view currency with company rates', () => {
    const rates = { EUR: 1, HUF: 1 / 395, CZK: 1 / 25.2 };
    const digitsOf = (c: string) => (c === 'HUF' ? 0 : 2);
    expect(priceIn(100, { type: 'net', vatRate: 23, from: 'EUR', to: 'EUR', rates, digitsOf })).toBe(100);
    expect(priceIn(100, { type: 'gross', vatRate: 23, from: 'EUR', to: 'EUR', rates, digitsOf })).toBe(123);
    expect(priceIn(100, { type: 'net', vatRate: 27, from: 'EUR', to: 'HUF', rates, digitsOf })).toBe(39500);
    expect(priceIn(0, { type: 'gross', vatRate: 27, from: 'EUR', to: 'HUF', rates, digitsOf })).toBe(0);
    expect(priceIn(null, { type: 'gross', vatRate: 27, from: 'EUR', to: 'HUF', rates, digitsOf })).toBe(0);
    expect(priceIn(10, { type: 'net', vatRate: 0, from: 'EUR', to: 'XXX', rates, digitsOf })).toBe(10);
  });
});

describe('seo', () => {
  it('strips HTML from meta descriptions and cuts at 167 + ... when over 170', () => {
    expect(metaDescription('<p>Hello <b>world</b> &amp; more</p><script>alert(1)</script>')).toBe('Hello world & more');
    const long = `<p>${'a'.repeat(171)}</p>`;
    expect(metaDescription(long)).toBe(`${'a'.repeat(167)}...`);
    expect(metaDescription('b'.repeat(170))).toBe('b'.repeat(170));
  });
  it('makes canonical URLs lowercase, without trailing slash and www.', () => {
    expect(canonicalUrl('https://WWW.Shop.example.com/Kategorie/')).toBe('https://shop.example.com/kategorie');
    expect(canonicalUrl('https://shop.example.com/a/?x=1')).toBe('https://shop.example.com/a?x=1');
    expect(canonicalUrl('/')).toBe('/');
  });
});
