/**
 * Rules of the schema that refuse a write answer 400 `rule_violated` with the rule's name
 * (the client's locale key) and a message saying what is wrong, never the database's
 * system text: the category tree refuses cycles, a banner's period must not end before it
 * starts, a shop keeps its default language.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startSignedIn, type TestServer } from './harness.ts';
import type { Json } from './harness.ts';

type Row = Record<string, Json>;

describe.each(engines)('named rules on %s', (engine) => {
  let s: TestServer, admin: string;
  beforeAll(async () => void ({ s, admin } = await startSignedIn(engine)));
  afterAll(() => s?.close());

  const row = async (sql: string, args: unknown[] = []): Promise<Row> => (await s.db.query<Row>(sql, args)).rows[0]!;

  it('refuses a category under itself or under one of its own subcategories', async () => {
    const child = await row(`select c.product_category_id as id, p.product_category_id as parent, p.row_version from app.product_categories c
      join app.product_categories p on p.product_category_id = c.parent_category_id order by c.product_category_id limit 1`);
    const cycle = await s.action(admin, 'categories', 'set', { product_category_id: child.parent, row_version: child.row_version, parent_category_id: child.id });
    expect(cycle.status, JSON.stringify(cycle.body)).toBe(400);
    expect(cycle.body).toEqual({
      error: 'rule_violated',
      rule: 'category_cycle',
      params: { rule: 'category_cycle', fields: 'parent_category_id', field: 'payload.parent_category_id' },
      message: 'a category cannot be placed under itself or under one of its own subcategories',
    });
    const self = await s.action(admin, 'categories', 'set', { product_category_id: child.parent, row_version: child.row_version, parent_category_id: child.parent });
    expect(self.body.rule).toBe('category_cycle');
    expect((await row('select parent_category_id from app.product_categories where product_category_id = $1', [child.parent])).parent_category_id).not.toBe(child.id);
    // A real move still works.
    const other = await row(`select product_category_id as id from app.product_categories where parent_category_id is null and product_category_id <> $1 order by 1 limit 1`, [child.parent]);
    const childNow = await row('select row_version from app.product_categories where product_category_id = $1', [child.id]);
    const move = await s.action(admin, 'categories', 'set', { product_category_id: child.id, row_version: childNow.row_version, parent_category_id: other.id });
    expect(move.status, JSON.stringify(move.body)).toBe(200);
  });

  it('names the check of a banner period, without the system text', async () => {
    const b = await row('select banner_id, row_version from app.banners order by banner_id limit 1');
    const r = await s.action(admin, 'banners', 'set', { banner_id: b.banner_id, row_version: b.row_version, valid_from: '2027-06-01', valid_to: '2026-01-01' });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({
      error: 'rule_violated',
      rule: 'banner_valid_range',
      params: { rule: 'banner_valid_range', fields: 'valid_to,valid_from', field: 'payload.valid_to' },
      message: 'a value is out of its allowed range',
    });
  });

  it('stores a text without the spaces around it, on add and set (a required one of spaces only is empty)', async () => {
    const add = await s.action(admin, 'brands', 'add', { brand_name: '  Trimmed Co ', active: true });
    expect(add.status, JSON.stringify(add.body)).toBe(200);
    const id = add.body.data.row.brand_id;
    expect((await row('select brand_name, row_version from app.brands where brand_id = $1', [id])).brand_name).toBe('Trimmed Co');
    const v1 = (await row('select row_version from app.brands where brand_id = $1', [id])).row_version;
    const set = await s.action(admin, 'brands', 'set', { brand_id: id, row_version: v1, brand_name: 'Trimmed  Co\t' });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect((await row('select brand_name from app.brands where brand_id = $1', [id])).brand_name).toBe('Trimmed  Co');
    const v2 = (await row('select row_version from app.brands where brand_id = $1', [id])).row_version;
    const blank = await s.action(admin, 'brands', 'set', { brand_id: id, row_version: v2, brand_name: '   ' });
    expect(blank.status).toBe(400);
  });

  it("passes on a trigger's own message (a shop keeps one default language)", async () => {
    const l = await row('select shop_id, language_code, row_version from app.shop_languages where is_default order by shop_id limit 1');
    const r = await s.action(admin, 'shop_languages', 'set', { shop_id: l.shop_id, language_code: l.language_code, row_version: l.row_version, is_default: false });
    expect(r.status, JSON.stringify(r.body)).toBe(400);
    expect(r.body.error).toBe('rule_violated');
    expect(r.body.rule).toBe('shop_default_language');
    expect(r.body.message).toBe('a shop keeps one default language; make another language the default instead');
  });
});
