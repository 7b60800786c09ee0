import { describe, expect, it } from 'vitest';
import { countryFromAnswer, countryCurrency, ipCountryRequestUrl } from '../../src/core/ipCountry.ts';
import { discountOnDay } from '../../src/core/discountLimit.ts';
import { shopPrice } from '../../src/core/shopPrice.ts';

const rates = { EUR: 1, HUF: 0.0025316456, CZK: 0.0396825397 };
const base = { vatRate: 23, multiplier: 1, discountPercent: 0, from: 'EUR', to: 'EUR', rates, digits: 2 };

describe('shopPrice (the storefront price rule)', () => {
  it('adds VAT to the net price and rounds once to the shown currency', () => {
    expect(shopPrice({ ...base, net: 149.99 })).toEqual({ price: 184.49, original: null, discount: 0, currency: 'EUR' });
    expect(shopPrice({ ...base, net: 0 }).price).toBe(0);
    expect(shopPrice({ ...base, net: null }).price).toBe(0);
  });

  it('applies the shopper group multiplier before rounding', () => {
    // 10 × 1.23 × 0.85 = 10.455 → 10.46 (half away from zero on the decimal value)
    expect(shopPrice({ ...base, net: 10, multiplier: 0.85 }).price).toBe(10.46);
  });

  it('discounts from the same unrounded gross and keeps the original, both rounded once', () => {
    const p = shopPrice({ ...base, net: 100, multiplier: 1.1, discountPercent: 10 });
    expect(p.original).toBe(135.3);
    expect(p.price).toBe(121.77);
    expect(p.discount).toBe(10);
  });

  it('converts with the company rates into the shop currency with its digits (HUF: none)', () => {
    // A HUF shop of a EUR company: 10 EUR net, 12.30 gross → 4858.5 HUF → 4859
    const p = shopPrice({ ...base, net: 10, to: 'HUF', digits: 0 });
    expect(p.currency).toBe('HUF');
    expect(p.price).toBe(Math.round((10 * 1.23) / 0.0025316456));
    // No rate: shown in the company currency.
    expect(shopPrice({ ...base, net: 10, to: 'PLN', digits: 2 }).currency).toBe('EUR');
  });

  it('counts a discount through its end date, then the staged one, capped at the limit', () => {
    const day = '2026-11-25';
    expect(discountOnDay({ discount_percent: 10 }, day)).toBe(10);
    expect(discountOnDay({ discount_percent: 10, discount_end_date: day }, day)).toBe(10);
    expect(discountOnDay({ discount_percent: 10, discount_end_date: '2026-11-24' }, day)).toBe(0);
    expect(discountOnDay({ discount_percent: 10, discount_end_date: '2026-11-24', new_discount: 15 }, day)).toBe(15);
    expect(discountOnDay({ discount_percent: 10, new_discount: 15 }, day)).toBe(10); // staged: waits for an end date
    expect(discountOnDay({ discount_percent: 30, max_discount: 20, max_discount_limit_percent: 25 }, day)).toBe(20);
    expect(discountOnDay({ discount_percent: 30, max_discount_limit_percent: 25 }, day)).toBe(25);
    expect(discountOnDay({ discount_percent: null }, day)).toBe(0);
    expect(discountOnDay({ discount_percent: 100 }, day)).toBe(0);
  });
});

describe('IP-to-country answers (spec §7)', () => {
  it("reads '1' then the code at positions 2–3, anything else is empty", () => {
    expect(countryFromAnswer('1;SK;SVK;Slovakia')).toBe('SK');
    expect(countryFromAnswer('1;hu;HUN;Hungary')).toBe('HU');
    expect(countryFromAnswer('0;;;WRONG INPUT')).toBe('');
    expect(countryFromAnswer('2;ZZ;ZZZ;Unknown')).toBe('');
    expect(countryFromAnswer('1;1')).toBe('');
    expect(countryFromAnswer('')).toBe('');
  });
  it('builds the request URL with {ip} or by appending the address', () => {
    expect(ipCountryRequestUrl('https://ip2c.org/{ip}', '1.2.3.4')).toBe('https://ip2c.org/1.2.3.4');
    expect(ipCountryRequestUrl('https://ip2c.org/?ip=', '::1')).toBe('https://ip2c.org/?ip=%3A%3A1');
  });
  it('knows the currencies of the region', () => {
    expect(countryCurrency('HU')).toBe('HUF');
    expect(countryCurrency('AT')).toBe('EUR');
    expect(countryCurrency('XX')).toBe('');
  });
});
