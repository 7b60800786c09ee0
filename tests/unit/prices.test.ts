import { describe, expect, it } from 'vitest';
import { nicePrice, originalPrice, priceIn } from '../../src/core/prices.ts';
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
