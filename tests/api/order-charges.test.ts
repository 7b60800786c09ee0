/**
 * The VAT in an order's charges in the back office (issue 43, finding 12; migration 099):
 * app.charge_vat, the SQL twin of src/core/orderCharges.ts, gives the same VAT as the core
 * rule on random charges, goods and rates; app.v_sales_orders takes the VAT out of an
 * order's delivery price and payment fee at its goods' rates (apportioned when they have
 * several, the company's default rate when none) — grand_net + grand_vat = grand_total — and
 * follows the order's lines as they change; the courier collects the whole order on delivery.
 * The storefront's side (its page, the placed order, the e-mail) is in storefront-cart.test.ts.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roundMoney } from '../../src/core/money.ts';
import { chargeVat, orderTotals } from '../../src/core/orderCharges.ts';
import { engines, serverHelpers, startSignedIn, type TestServer } from './harness.ts';

describe.each(engines)('VAT in order charges on %s', (engine) => {
  let s: TestServer, admin: string;
  beforeAll(async () => void ({ s, admin } = await startSignedIn(engine)));
  afterAll(() => s?.close());
  const { ok, rows, one } = serverHelpers(() => s);

  it('app.charge_vat agrees with the core rule', async () => {
    const rates = fc.constantFrom(0, 5, 9, 10, 19, 20, 21, 27);
    const cases = fc.sample(
      fc.record({
        digits: fc.constantFrom(0, 2),
        gross: fc.integer({ min: 0, max: 2_000_000 }),
        goods: fc.array(fc.record({ rate: rates, units: fc.integer({ min: 0, max: 50_000_000 }) }), { maxLength: 5 }),
        defaultRate: rates,
      }),
      { numRuns: 300, seed: 43 },
    );
    // Edge cases: a tie at a half cent, one rate, no goods, goods of no value.
    cases.push(
      { digits: 2, gross: 150, goods: [{ rate: 20, units: 100 }], defaultRate: 20 },
      {
        digits: 2,
        gross: 1,
        goods: [
          { rate: 20, units: 1 },
          { rate: 10, units: 1 },
        ],
        defaultRate: 20,
      },
      { digits: 2, gross: 150, goods: [], defaultRate: 27 },
      { digits: 0, gross: 590, goods: [{ rate: 5, units: 0 }], defaultRate: 27 },
    );
    const input = cases.map((c) => {
      const unit = 10 ** -c.digits;
      return {
        digits: c.digits,
        gross: roundMoney(c.gross * unit, c.digits),
        goods: c.goods.map((g) => ({ rate: g.rate, net: roundMoney(g.units * unit, c.digits) })),
        defaultRate: c.defaultRate,
      };
    });
    const sql = await rows(
      `select (select app.charge_vat((c ->> 'gross')::numeric, array(select (g ->> 'rate')::numeric from jsonb_array_elements(c -> 'goods') g),
                                     array(select (g ->> 'net')::numeric from jsonb_array_elements(c -> 'goods') g), (c ->> 'digits')::int, (c ->> 'defaultRate')::numeric))::text as vat
       from jsonb_array_elements($1::jsonb) with ordinality as x(c, i) order by i`,
      [JSON.stringify(input)],
    );
    expect(sql.map((r) => Number(r.vat))).toEqual(input.map((c) => chargeVat(c.gross, c.goods, c.digits, c.defaultRate)));
  });

  /** A new SK01 order with a line of a product at each of the two highest VAT rates, and its delivery and fee. */
  async function mixedOrder(delivery: number, fee: number): Promise<number> {
    const partner = (await one(`select partner_id from app.partners where company_code = 'SK01' and not is_supplier and not deleted order by partner_id limit 1`)).partner_id;
    const order = (await ok(admin, 'sales_orders', 'add', { partner_id: partner }, 'SK01')).row;
    const products = await rows(
      `select distinct on (v.vat_rate) p.product_code, v.vat_rate from app.products p join app.vats v using (vat_id)
       where p.company_code = 'SK01' and p.selling_price_shop > 0 and v.vat_rate > 0 order by v.vat_rate desc, p.product_code`,
    );
    expect(products.length, 'SK01 sells at two VAT rates at least').toBeGreaterThanOrEqual(2);
    for (const [i, p] of products.slice(0, 2).entries()) await ok(admin, 'sales_order_items', 'add', { order_id: order.order_id, product_code: p.product_code, quantity: i + 2 }, 'SK01');
    // What a storefront order stores (the back office does not edit them).
    await s.db.query(`update app.sales_orders set delivery_price = $2, payment_fee = $3 where order_id = $1`, [order.order_id, delivery, fee]);
    return order.order_id;
  }

  /** The order as the list shows it, and what the core rule makes of its lines and charges. */
  async function orderAndRule(orderId: number) {
    const o = await one(
      `select total_net, total_vat, total, delivery_price, payment_fee, delivery_vat, payment_fee_vat, grand_net, grand_vat, grand_total from app.v_sales_orders where order_id = $1`,
      [orderId],
    );
    const lines = await rows(`select net_amount, vat_amount, vat_rate from app.v_sales_order_items where order_id = $1`, [orderId]);
    const defaultRate = Number((await one(`select vat_rate from app.vats where company_code = 'SK01' and vat_default`)).vat_rate);
    const rule = orderTotals(
      lines.map((l) => ({ net: Number(l.net_amount), vat: Number(l.vat_amount), vatRate: Number(l.vat_rate) })),
      Number(o.delivery_price),
      Number(o.payment_fee),
      2,
      defaultRate,
    );
    return { o, rule, lines, defaultRate };
  }

  it('takes the VAT out of an order’s delivery price and fee at its goods’ rates: net + VAT = what the customer pays', async () => {
    const orderId = await mixedOrder(4.9, 1.5);
    const { o, rule, lines } = await orderAndRule(orderId);
    expect(new Set(lines.map((l) => l.vat_rate)).size).toBe(2);
    expect(o.payment_fee_vat).toBeGreaterThan(0);
    expect(o).toMatchObject({
      total_net: rule.goodsNet,
      total_vat: rule.goodsVat,
      total: rule.goodsGross,
      delivery_vat: rule.deliveryVat,
      payment_fee_vat: rule.feeVat,
      grand_net: rule.net,
      grand_vat: rule.vat,
      grand_total: rule.total,
    });
    expect(roundMoney(o.grand_net + o.grand_vat, 2)).toBe(o.grand_total);
    // The list's column is the same (the screen reads the view).
    const listed = (await ok(admin, 'sales_orders', 'filter', { order_id: orderId }, 'SK01')).rows[0];
    expect([listed.grand_vat, listed.payment_fee_vat]).toEqual([rule.vat, rule.feeVat]);
  });

  it('follows the lines: a changed quantity moves the apportioned VAT; no lines left, the company’s default rate', async () => {
    const orderId = await mixedOrder(39, 1.5);
    const before = (await orderAndRule(orderId)).o.delivery_vat;
    const item = await one(`select item_id, row_version from app.sales_order_items where order_id = $1 order by vat_rate limit 1`, [orderId]);
    await ok(admin, 'sales_order_items', 'set', { item_id: item.item_id, row_version: item.row_version, quantity: 40 }, 'SK01');
    const changed = await orderAndRule(orderId);
    expect(changed.o.delivery_vat).toBe(changed.rule.deliveryVat);
    expect(changed.o.delivery_vat).not.toBe(before); // more of the lower rate: less VAT in the same 39 €
    await s.db.query(`delete from app.sales_order_items where order_id = $1`, [orderId]);
    const empty = await orderAndRule(orderId);
    expect(empty.o).toMatchObject({
      total: 0,
      delivery_vat: roundMoney((39 * empty.defaultRate) / (100 + empty.defaultRate), 2),
      payment_fee_vat: roundMoney((1.5 * empty.defaultRate) / (100 + empty.defaultRate), 2),
      grand_total: 40.5,
    });
  });
});
