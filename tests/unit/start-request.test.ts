import { describe, expect, it } from 'vitest';
import { sameRequest, type StartData } from '../../src/app/api/startData.ts';

/** A page's start as the server makes it: its request and the bootstrap's currencies (EUR the company's own; USD rated, GBP not). */
const start = (currency_code: string | null): StartData =>
  ({
    request: { currency_code, page: '/en/products/product_list', form: 'product_list' },
    bootstrap: {
      data: {
        currencies: {
          currencies: [{ currency_code: 'EUR' }, { currency_code: 'USD' }, { currency_code: 'GBP' }],
          company_rates: { EUR: 1, USD: 1.08 },
          currency: { currency_code: 'EUR' },
        },
      },
    },
  }) as unknown as StartData;
const request = (currency_code: string | null, page = '/en/products/product_list', form: string | null = 'product_list') => ({ currency_code, page, form });

describe("the page's start answers the app's first bootstrap request", () => {
  it('when page, form and currency are the same', () => {
    expect(sameRequest(start(null), request(null))).toBe(true);
    expect(sameRequest(start('USD'), request('USD'))).toBe(true);
  });

  it('when the currency differs but makes the same view currency (a cookie set by a page left just before)', () => {
    // The server saw no cookie and chose the company's own (EUR); the app now remembers EUR, or a currency without a rate.
    expect(sameRequest(start(null), request('EUR'))).toBe(true);
    expect(sameRequest(start(null), request('GBP'))).toBe(true);
    expect(sameRequest(start('EUR'), request(null))).toBe(true);
  });

  it('not for another view currency, page or form', () => {
    expect(sameRequest(start(null), request('USD'))).toBe(false);
    expect(sameRequest(start('USD'), request(null))).toBe(false);
    expect(sameRequest(start(null), request(null, '/en/partners/partner_list', 'partner_list'))).toBe(false);
    expect(sameRequest(start(null), request(null, '/en/products/product_list', null))).toBe(false);
  });
});
