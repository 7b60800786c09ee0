/**
 * A product's discount limit holds on its sales order lines (issue 43, point 5: "max
 * discount 10 %, 50 % accepted"), on both engines: add, set, bulk set (the row named),
 * another product on a line, import (the line reported), undo, and any other writer (the
 * named rule, migration 093); the limit is the lower of the product's two set limits; lines
 * already stored keep their discount; and the database agrees with the shared rule the
 * browser checks with (core/discountLimit.ts) for any limits and discount.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discountOverLimit, productDiscountLimit } from '../../src/core/discountLimit.ts';
import { engines, serverHelpers, startSignedIn, type Json, type TestServer } from './harness.ts';

type Row = Record<string, Json>;

describe.each(engines)('discount limit of order lines on %s', (engine) => {
  let s: TestServer, admin: string;
  beforeAll(async () => void ({ s, admin } = await startSignedIn(engine)));
  afterAll(() => s?.close());
  const { ok, rows, one } = serverHelpers(() => s);

  let skip = 0;
  /** A product of SK01 in no order yet, with these limits (Discount limit %, Max. discount %) and no discount of its own (a new line would take it: migration 121). */
  const product = async (limitPercent: number | null, maxDiscount: number | null) => {
    const { product_code } = await one(
      `select p.product_code from app.products p where p.company_code = 'SK01' and p.selling_price_shop > 0
         and not exists (select 1 from app.sales_order_items i where i.product_code = p.product_code)
       order by p.product_code offset $1 limit 1`,
      [skip++],
    );
    await s.db.query('update app.products set max_discount_limit_percent = $2, max_discount = $3, discount_percent = null, new_discount = null where product_code = $1', [
      product_code,
      limitPercent,
      maxDiscount,
    ]);
    return product_code as string;
  };
  const newOrder = async () => {
    const { partner_id } = await one("select partner_id from app.partners where company_code = 'SK01' and not is_supplier and not deleted order by partner_id limit 1");
    return (await ok(admin, 'sales_orders', 'add', { partner_id })).row.order_id as number;
  };
  const line = async (itemId: number) =>
    one('select product_code, quantity::float8 as quantity, discount_percent::float8 as discount, row_version from app.sales_order_items where item_id = $1', [itemId]);
  /** The refusal at the discount field, naming the limit. */
  const refusedAt = (r: { status: number; body: Row }, field: string, limit: number) =>
    expect([r.status, r.body.error, r.body.params]).toEqual([400, 'invalid_value', expect.objectContaining({ field, reason: 'validation.discount_limit', limit, label: 'fields.discount_percent' })]);

  it('refuses a line over its product’s limit on add, set and bulk set, at the discount field naming the limit; at the limit it is taken', async () => {
    const ten = await product(10, 10);
    const order = await newOrder();
    const over = await s.action(admin, 'sales_order_items', 'add', { order_id: order, product_code: ten, quantity: 1, discount_percent: 50 });
    refusedAt(over, 'payload.discount_percent', 10);
    expect(over.body.message).toBe('payload.discount_percent: at most 10 % discount on this product');
    expect(await one('select count(*)::int as n from app.sales_order_items where order_id = $1', [order])).toEqual({ n: 0 });

    const a = (await ok(admin, 'sales_order_items', 'add', { order_id: order, product_code: ten, quantity: 1, discount_percent: 10 })).row;
    expect(a).toMatchObject({ discount_percent: 10, discount_limit: 10 });
    refusedAt(await s.action(admin, 'sales_order_items', 'set', { item_id: a.item_id, row_version: 1, discount_percent: 10.01 }), 'payload.discount_percent', 10);
    expect((await ok(admin, 'sales_order_items', 'set', { item_id: a.item_id, row_version: 1, discount_percent: 7.5 })).row).toMatchObject({ discount_percent: 7.5, row_version: 2 });

    // A bulk set (paste, Fill): the row and its field are named, and nothing of the batch is written.
    const b = (await ok(admin, 'sales_order_items', 'add', { order_id: order, product_code: await product(25, null), quantity: 2 })).row;
    const bulk = await s.action(admin, 'sales_order_items', 'set', {
      rows: [
        { item_id: b.item_id, row_version: 1, quantity: 3, discount_percent: 20 },
        { item_id: a.item_id, row_version: 2, discount_percent: 50 },
      ],
    });
    refusedAt(bulk, 'payload.rows.1.discount_percent', 10);
    expect(bulk.body.params.row).toBe(1);
    expect(await line(b.item_id)).toMatchObject({ quantity: 2, discount: 0, row_version: 1 });
    expect(await line(a.item_id)).toMatchObject({ discount: 7.5, row_version: 2 });

    // Another product on a line: its limit holds for the discount the line has.
    const five = await product(5, null);
    refusedAt(await s.action(admin, 'sales_order_items', 'set', { item_id: a.item_id, row_version: 2, product_code: five }), 'payload.discount_percent', 5);
    expect((await line(a.item_id)).product_code).toBe(ten);
  });

  it('takes the lower of the two limits that are set; a product with neither has no limit', async () => {
    const order = await newOrder();
    const both = await product(30, 12);
    refusedAt(await s.action(admin, 'sales_order_items', 'add', { order_id: order, product_code: both, quantity: 1, discount_percent: 15 }), 'payload.discount_percent', 12);
    const onlyMax = await product(null, 8);
    refusedAt(await s.action(admin, 'sales_order_items', 'add', { order_id: order, product_code: onlyMax, quantity: 1, discount_percent: 9 }), 'payload.discount_percent', 8);
    const onlyLimit = await product(30, null);
    expect((await ok(admin, 'sales_order_items', 'add', { order_id: order, product_code: onlyLimit, quantity: 1, discount_percent: 30 })).row.discount_limit).toBe(30);
    const none = await product(null, null);
    expect((await ok(admin, 'sales_order_items', 'add', { order_id: order, product_code: none, quantity: 1, discount_percent: 95 })).row).toMatchObject({ discount_percent: 95, discount_limit: null });
  });

  it('holds on import (the line reported at its field), on undo and for any other writer (the named rule)', async () => {
    const order = await newOrder();
    const ten = await product(10, 10);
    const free = await product(null, null);
    const fd = new FormData();
    fd.set('file', new Blob([`Order,Product,Quantity,Discount\n${order},${ten},1,50\n${order},${free},2,40\n`]), 'items.csv');
    fd.set('mode', 'commit');
    fd.set('language', 'en');
    fd.set('mapping', JSON.stringify(['order_id', 'product_code', 'quantity', 'discount_percent']));
    const res = await fetch(`${s.url}/api/import/sales_order_items`, { method: 'POST', body: fd, headers: { authorization: `Bearer ${admin}`, 'x-company': 'SK01' } });
    const imported = (await res.json()) as Row;
    expect([res.status, imported.inserts, imported.errorRows]).toEqual([200, 1, 1]);
    expect(imported.errors).toEqual([{ line: 2, field: 'discount_percent', value: '50', message: expect.stringMatching(/^server\.invalid_value\?.*reason=validation\.discount_limit/) }]);
    expect(new URLSearchParams(imported.errors[0].message.split('?')[1]).get('limit')).toBe('10');
    expect(await rows('select product_code, discount_percent::float8 as d from app.sales_order_items where order_id = $1', [order])).toEqual([{ product_code: free, d: 40 }]);

    // Undo: back to a discount the product's limit no longer allows.
    const a = (await ok(admin, 'sales_order_items', 'add', { order_id: order, product_code: ten, quantity: 1, discount_percent: 9 })).row;
    const set = await ok(admin, 'sales_order_items', 'set', { item_id: a.item_id, row_version: 1, discount_percent: 2 });
    await s.db.query('update app.products set max_discount_limit_percent = 5 where product_code = $1', [ten]);
    refusedAt(await s.action(admin, 'sales_order_items', 'undo', { log_ids: [set.log_id] }), 'payload.discount_percent', 5);
    expect(await line(a.item_id)).toMatchObject({ discount: 2, row_version: 2 });

    // Any other writer (the storefront's checkout, psql): the named rule of the database.
    await expect(s.db.query('insert into app.sales_order_items (order_id, product_code, quantity, discount_percent) values ($1, $2, 1, 6)', [order, ten])).rejects.toMatchObject({
      constraint: 'discount_over_limit',
    });
    await expect(s.db.query('update app.sales_order_items set discount_percent = 5.01 where item_id = $1', [a.item_id])).rejects.toMatchObject({ constraint: 'discount_over_limit' });
    // Over 100 % is still the range rule's own refusal.
    await expect(s.db.query('update app.sales_order_items set discount_percent = 101 where item_id = $1', [a.item_id])).rejects.toMatchObject({ constraint: 'discount_range' });
  });

  it('leaves lines already stored as they are: a lower limit changes no order, and the line’s other fields still change', async () => {
    const order = await newOrder();
    const code = await product(20, 20);
    const a = (await ok(admin, 'sales_order_items', 'add', { order_id: order, product_code: code, quantity: 1, discount_percent: 18 })).row;
    await s.db.query('update app.products set max_discount_limit_percent = 10, max_discount = 10 where product_code = $1', [code]);
    expect((await ok(admin, 'sales_order_items', 'filter', { item_id: a.item_id })).rows[0]).toMatchObject({ discount_percent: 18, discount_limit: 10 });
    expect((await ok(admin, 'sales_order_items', 'set', { item_id: a.item_id, row_version: 1, quantity: 4, unit_price: 12.5 })).row).toMatchObject({ quantity: 4, discount_percent: 18 });
    // Its discount may go down (within the limit), not up past it.
    refusedAt(await s.action(admin, 'sales_order_items', 'set', { item_id: a.item_id, row_version: 2, discount_percent: 15 }), 'payload.discount_percent', 10);
    await ok(admin, 'sales_order_items', 'set', { item_id: a.item_id, row_version: 2, discount_percent: 10 });
  });

  it('agrees with the shared rule (core/discountLimit.ts) for any limits and discount, as stored', async () => {
    const order = await newOrder();
    const code = await product(null, null);
    const percent = fc.oneof(
      fc.constant(null),
      fc.integer({ min: 0, max: 10_000 }).map((n) => n / 100),
    );
    // Up to three decimals: the third is rounded away as the column stores it (numeric(5, 2)).
    const discount = fc.integer({ min: 0, max: 100_000 }).map((n) => n / 1000);
    await fc.assert(
      fc.asyncProperty(percent, percent, discount, async (limitPercent, maxDiscount, d) => {
        await s.db.query('update app.products set max_discount_limit_percent = $2, max_discount = $3 where product_code = $1', [code, limitPercent, maxDiscount]);
        const refused = await s.db.query('insert into app.sales_order_items (order_id, product_code, quantity, discount_percent) values ($1, $2, 1, $3)', [order, code, d]).then(
          () => false,
          (e: { constraint?: string }) => {
            expect(e.constraint).toBe('discount_over_limit');
            return true;
          },
        );
        expect(refused).toBe(discountOverLimit(d, productDiscountLimit(limitPercent, maxDiscount)));
      }),
      { numRuns: 60 },
    );
  });
});
