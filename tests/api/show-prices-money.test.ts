/**
 * show_prices gives exact net and gross amounts in the company currency; the grid converts
 * them into the view currency and rounds once, in that currency's digits (core
 * `shownAmount`). Issue 19 point 5: the view rounded to 2 digits in EUR first, so a CZK
 * gross read 1,673.53 instead of 1,673.48. Checked against the exact value PostgreSQL
 * computes in numeric, on both engines.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shownAmount } from '../../src/core/money.ts';
import { engines, startTestServer, type TestServer } from './harness.ts';

/** The exact gross of a show_prices row converted into `view` and rounded to `digits`, and what rounding in the company currency first gave. */
const EXACT = `
  with r as (select rate from app.company_currency_rates where company_code = 'SK01' and currency_code = $1)
  select v.product_code, v.shop_id, v.shopper_group_id,
         round(p.selling_price_shop * g.multiplier * (100 - coalesce(v.discount_percent, 0)) / 100 * (1 + v.vat_rate / 100) / r.rate, $2) as exact,
         round(round(p.selling_price_shop * g.multiplier * (100 - coalesce(v.discount_percent, 0)) / 100 * (1 + v.vat_rate / 100), 2) / r.rate, $2) as rounded_first
  from app.v_show_prices v
  join app.products p on p.product_code = v.product_code
  join app.shopper_groups g on g.shopper_group_id = v.shopper_group_id
  cross join r
  where v.company_code = 'SK01'`;

describe.each(engines)('show_prices amounts in another view currency on %s', (engine) => {
  let s: TestServer;
  let admin: string;
  beforeAll(async () => {
    s = await startTestServer(engine);
    admin = (await s.login('admin@example.com')).token;
  });
  afterAll(() => s?.close());

  it.each([
    ['CZK', 2],
    ['HUF', 0],
  ])('a gross price in %s is the exact amount rounded once in its digits', async (view, digits) => {
    const cur = (await s.post('/rpc/currencies', {}, { token: admin, company: 'SK01' })).body.data;
    const rates: Record<string, number> = cur.company_rates;
    const digitsOf = (c: string) => cur.currencies.find((x: { currency_code: string }) => x.currency_code === c).currency_precision as number;
    expect(digitsOf(view)).toBe(digits);
    // Rows where rounding in EUR first shows another amount than the exact one.
    const differ = (
      await s.db.query<{ product_code: string; shop_id: number; shopper_group_id: number; exact: number }>(
        `${EXACT} and round(round(p.selling_price_shop * g.multiplier * (100 - coalesce(v.discount_percent, 0)) / 100 * (1 + v.vat_rate / 100), 2) / r.rate, $2)
              <> round(p.selling_price_shop * g.multiplier * (100 - coalesce(v.discount_percent, 0)) / 100 * (1 + v.vat_rate / 100) / r.rate, $2)
         order by v.product_code, v.shop_id, v.shopper_group_id limit 5`,
        [view, digits],
      )
    ).rows;
    expect(differ.length).toBeGreaterThan(0);
    for (const want of differ) {
      const r = await s.action(admin, 'show_prices', 'filter', { product_code: want.product_code }, 'SK01');
      expect(r.status).toBe(200);
      const row = r.body.data.rows.find((x: { shop_id: number; shopper_group_id: number }) => x.shop_id === want.shop_id && x.shopper_group_id === want.shopper_group_id);
      expect(shownAmount(row.gross_price, 'EUR', view, rates, digitsOf).amount, want.product_code).toBe(want.exact);
    }
    // And on a page of rows as listed.
    const page = (await s.action(admin, 'show_prices', 'list', { endRow: 200 }, 'SK01')).body.data.rows;
    expect(page).toHaveLength(200);
    const exact = new Map(
      (await s.db.query<{ product_code: string; shop_id: number; shopper_group_id: number; exact: number }>(EXACT, [view, digits])).rows.map((x) => [
        `${x.product_code}|${x.shop_id}|${x.shopper_group_id}`,
        x.exact,
      ]),
    );
    for (const row of page) expect(shownAmount(row.gross_price, 'EUR', view, rates, digitsOf).amount).toBe(exact.get(`${row.product_code}|${row.shop_id}|${row.shopper_group_id}`));
  });

  it('keeps every money column at 4 decimals, so an amount typed in the view currency is stored as converted', async () => {
    const scales = (
      await s.db.query<{ col: string; scale: number }>(
        `select table_name || '.' || column_name as col, numeric_scale as scale from information_schema.columns
         where table_schema = 'app' and (table_name, column_name) in (('delivery_methods', 'price'), ('delivery_methods', 'free_from'), ('payment_methods', 'fee'), ('delivery_method_rates', 'price'), ('delivery_method_rates', 'free_from'), ('products', 'selling_price_shop'))
         order by 1`,
      )
    ).rows;
    expect(scales.map((x) => x.scale)).toEqual([4, 4, 4, 4, 4, 4]);
    // 1,000 Ft typed for a EUR company: 2.5316… € kept to 4 decimals, not cut to 2.53 (999 Ft).
    const dm = (await s.action(admin, 'delivery_methods', 'list', { endRow: 1 }, 'SK01')).body.data.rows[0];
    const set = await s.action(admin, 'delivery_methods', 'set', { dm_id: dm.dm_id, row_version: dm.row_version, price: 2.5316 }, 'SK01');
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.data.row.price).toBe(2.5316);
    const rates: Record<string, number> = (await s.post('/rpc/currencies', {}, { token: admin, company: 'SK01' })).body.data.company_rates;
    expect(shownAmount(set.body.data.row.price, 'EUR', 'HUF', rates, () => 0).amount).toBe(1000);
  });
});
