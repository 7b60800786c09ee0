import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, serverHelpers, startSignedIn, type TestServer } from './harness.ts';

/**
 * Shop listings from the back office (issue 46): a product added to a shop, reordered and
 * removed through the engine (the product's shops tab and the shop's products grid), the
 * categories it shows under in the shop, "List in shop…" over picked products or a filter,
 * import creating listings — and the storefront showing each change on its next request.
 */
describe.each(engines)('shop listings on %s', (engine) => {
  let s: TestServer, admin: string, catalog: string;
  const { ok, rows, one } = serverHelpers(() => s);
  let sk: number, at: number, hu: number, category: number, slug: string, otherCategory: number;
  beforeAll(async () => {
    ({ s, admin, catalog } = await startSignedIn(engine));
    const shop = async (host: string) => Number((await one(`select shop_id from app.shops where hostname = $1`, [host])).shop_id);
    [sk, at, hu] = [await shop('shop-sk.example.com'), await shop('shop-at.example.com'), await shop('shop-hu.example.com')];
    // New products of SK01 (listed nowhere yet) in an existing category, and a new top category of the SK shop.
    const main = Number((await one(`select product_category_id from app.product_categories where parent_category_id is null order by position limit 1`)).product_category_id);
    await s.db.query(
      `insert into app.products (product_code, company_code, product_name, selling_price_shop, vat_id, main_product_category_id, active)
       select 'LST-' || n, 'SK01', jsonb_build_object('en', 'Listing lamp ' || n), 10 + n,
              (select vat_id from app.vats where company_code = 'SK01' and vat_default), $1, true
       from generate_series(1, 6) n`,
      [main],
    );
    category = Number(
      (await one(`insert into app.product_categories (product_category_names, position) values ('{"en": "Listing lights", "sk": "Svetlá zoznamu"}', 99) returning product_category_id`))
        .product_category_id,
    );
    otherCategory = Number((await one(`insert into app.product_categories (product_category_names) values ('{"en": "Listing extras"}') returning product_category_id`)).product_category_id);
    await s.db.query(`insert into app.shop_categories (shop_id, product_category_id, position) values ($1, $2, 99), ($1, $3, 100)`, [sk, category, otherCategory]);
    slug = String((await one(`select slug from app.category_translations where product_category_id = $1 and language_code = 'en'`, [category])).slug);
  });
  afterAll(() => s?.close());

  const page = async (path: string) => {
    const r = await fetch(`${s.url}/storefront/shop-sk.example.com${path}`, { headers: { accept: 'text/html' } });
    return { status: r.status, body: await r.text() };
  };

  it('adds, reorders and removes a listing from the product’s shops tab; the storefront follows on its next request', async () => {
    expect((await page('/en/product/lst-1')).status).toBe(404);
    const last = Number((await one(`select max(position) as m from app.shop_products where shop_id = $1`, [sk])).m);
    // The catalogue manager adds it under the product list's rights (the tab is a detail of product_list).
    const added = (await ok(catalog, 'product_shops', 'add', { shop_id: sk, product_code: 'LST-1', shop_price: 12.5 })).row;
    expect(added).toMatchObject({ shop_id: sk, product_code: 'LST-1', published: true, shop_price: 12.5, position: last + 1 });
    expect(added.published_at).toBeTruthy();
    const shown = await page('/en/product/lst-1');
    expect(shown.status).toBe(200);
    expect(shown.body).toContain('Listing lamp 1');

    // Reorder: position is edited like any field.
    const moved = (await ok(catalog, 'product_shops', 'set', { shop_id: sk, product_code: 'LST-1', row_version: added.row_version, position: 1 })).row;
    expect(moved.position).toBe(1);
    const listed = await ok(catalog, 'product_shops', 'filter', { product_code: 'LST-1' });
    expect(listed.rows).toEqual([expect.objectContaining({ shop_id: sk, position: 1 })]);

    // Unpublished: gone from the shop at once; published again: back.
    const off = (await ok(catalog, 'product_shops', 'set', { shop_id: sk, product_code: 'LST-1', row_version: moved.row_version, published: false })).row;
    expect((await page('/en/product/lst-1')).status).toBe(404);
    await ok(catalog, 'product_shops', 'set', { shop_id: sk, product_code: 'LST-1', row_version: off.row_version, published: true });
    expect((await page('/en/product/lst-1')).status).toBe(200);

    // Removed: gone, and its categories with it.
    await ok(admin, 'shop_product_categories', 'add', { shop_id: sk, product_code: 'LST-1', product_category_id: category }, 'SK01');
    expect((await page(`/en/c/${slug}`)).body).toContain('Listing lamp 1');
    // The catalogue manager may not delete; the administrator may.
    expect((await s.action(catalog, 'product_shops', 'delete', { keys: [{ shop_id: sk, product_code: 'LST-1' }] })).status).toBe(403);
    expect(await ok(admin, 'product_shops', 'delete', { keys: [{ shop_id: sk, product_code: 'LST-1' }] }, 'SK01')).toMatchObject({ deleted: 1 });
    expect((await page('/en/product/lst-1')).status).toBe(404);
    expect((await page(`/en/c/${slug}`)).body).not.toContain('Listing lamp 1');
    expect(await rows(`select 1 from app.shop_product_categories where product_code = 'LST-1'`)).toEqual([]);
  });

  it('refuses a listing in another company’s shop, or of another company’s product', async () => {
    const foreignShop = await s.action(admin, 'frontend_shop_products', 'add', { shop_id: hu, product_code: 'LST-2' }, 'SK01');
    expect(foreignShop.status).toBe(400);
    expect(foreignShop.body.error).toBe('foreign_reference');
    const huProduct = String((await one(`select product_code from app.products where company_code = 'HU01' order by product_code limit 1`)).product_code);
    const foreignProduct = await s.action(admin, 'frontend_shop_products', 'add', { shop_id: sk, product_code: huProduct }, 'SK01');
    expect(foreignProduct.status).toBe(400);
    expect(foreignProduct.body.error).toBe('foreign_reference');
    // The rule holds for every writer, named.
    await expect(s.db.query(`insert into app.shop_products (shop_id, product_code) values ($1, $2)`, [hu, 'LST-2'])).rejects.toThrow(/different companies/);
    // The shop's grid adds one too, last in the shop; a second add of the same listing is a conflict.
    const row = (await ok(admin, 'frontend_shop_products', 'add', { shop_id: at, product_code: 'LST-2', published: false }, 'SK01')).row;
    expect(row).toMatchObject({ published: false, published_at: null });
    expect((await s.action(admin, 'frontend_shop_products', 'add', { shop_id: at, product_code: 'LST-2' }, 'SK01')).status).toBe(409);
  });

  it('lists picked products in a shop with categories in one action, previewed first; replace or keep existing listings', async () => {
    await s.db.query(`insert into app.shop_products (shop_id, product_code, published) values ($1, 'LST-3', false)`, [sk]);
    const payload = { shop_id: sk, keys: ['LST-3', 'LST-4', 'LST-5'], category_ids: [category], published: true, mode: 'keep' };
    expect(await ok(admin, 'shop_list', 'filter', payload, 'SK01')).toEqual({ rows: 3, added: 2, replaced: 0, kept: 1, outside: 0 });
    // A category outside the shop's categories is counted (listed, but no category page of the shop shows it there).
    const loose = Number((await one(`insert into app.product_categories (product_category_names) values ('{"en": "Loose"}') returning product_category_id`)).product_category_id);
    expect((await ok(admin, 'shop_list', 'filter', { ...payload, category_ids: [category, loose] }, 'SK01')).outside).toBe(1);
    expect(await rows(`select 1 from app.shop_products where product_code in ('LST-4', 'LST-5')`)).toEqual([]);

    const before = Number((await one(`select max(position) as m from app.shop_products where shop_id = $1`, [sk])).m);
    expect(await ok(admin, 'shop_list', 'set', payload, 'SK01')).toEqual({ rows: 3, added: 2, replaced: 0, kept: 1, outside: 0, log_ids: [] });
    expect(await rows(`select product_code, published, position from app.shop_products where shop_id = $1 and product_code like 'LST-%' order by product_code`, [sk])).toEqual([
      { product_code: 'LST-3', published: false, position: expect.any(Number) },
      { product_code: 'LST-4', published: true, position: before + 1 },
      { product_code: 'LST-5', published: true, position: before + 2 },
    ]);
    expect(await rows(`select product_code from app.shop_product_categories where shop_id = $1 order by product_code`, [sk])).toEqual([{ product_code: 'LST-4' }, { product_code: 'LST-5' }]);
    // The product's shops tab names the listing's categories.
    expect((await ok(admin, 'product_shops', 'filter', { product_code: 'LST-4' }, 'SK01')).rows).toEqual([
      expect.objectContaining({ shop_id: sk, listing_categories: { en: 'Listing lights', sk: 'Svetlá zoznamu' } }),
    ]);
    // The storefront's next request shows them on the category's page; the kept one stays unpublished.
    const cat = await page(`/en/c/${slug}`);
    expect(cat.body).toContain('Listing lamp 4');
    expect(cat.body).toContain('Listing lamp 5');
    expect(cat.body).not.toContain('Listing lamp 3');
    expect(Number((await one(`select count(*) as n from app.product_change_log where entity_name = 'frontend_shop_products' and log_action = 'add' and entity_id like $1`, [`${sk}/LST-%`])).n)).toBe(
      2,
    );

    // Replace: the listed one takes the flag and exactly the categories given; undo takes the flag back.
    const replace = await ok(admin, 'shop_list', 'set', { ...payload, category_ids: [otherCategory], mode: 'replace' }, 'SK01');
    expect(replace).toMatchObject({ rows: 3, added: 0, replaced: 3, kept: 0 });
    expect(replace.log_ids).toHaveLength(1);
    expect(await rows(`select product_code, product_category_id from app.shop_product_categories where shop_id = $1 order by product_code`, [sk])).toEqual([
      { product_code: 'LST-3', product_category_id: otherCategory },
      { product_code: 'LST-4', product_category_id: otherCategory },
      { product_code: 'LST-5', product_category_id: otherCategory },
    ]);
    expect((await page('/en/product/lst-3')).status).toBe(200);
    expect((await page(`/en/c/${slug}`)).body).not.toContain('Listing lamp 4');
    await ok(admin, 'frontend_shop_products', 'undo', { log_ids: replace.log_ids }, 'SK01');
    expect((await page('/en/product/lst-3')).status).toBe(404);
  });

  it('lists every product of the list’s filter when none is picked, minus those unpicked', async () => {
    const filterModel = { product_code: { filterType: 'text', type: 'startsWith', filter: 'LST-' } };
    const preview = await ok(admin, 'shop_list', 'filter', { shop_id: at, filterModel, except: ['LST-6'], mode: 'keep' }, 'SK01');
    expect(preview).toMatchObject({ rows: 5, kept: 1, added: 4 });
    await ok(admin, 'shop_list', 'set', { shop_id: at, filterModel, except: ['LST-6'], mode: 'keep' }, 'SK01');
    expect((await rows(`select product_code from app.shop_products where shop_id = $1 and product_code like 'LST-%' order by 1`, [at])).map((r) => r.product_code)).toEqual([
      'LST-1',
      'LST-2',
      'LST-3',
      'LST-4',
      'LST-5',
    ]);
  });

  it('refuses another company’s shop, a user without the right, and a missing category; nothing is written', async () => {
    const payload = { shop_id: hu, keys: ['LST-6'], mode: 'keep' };
    const foreign = await s.action(admin, 'shop_list', 'set', payload, 'SK01');
    expect(foreign.status).toBe(400);
    expect(foreign.body).toMatchObject({ error: 'foreign_reference', params: { field: 'payload.shop_id' } });
    expect((await s.action(admin, 'shop_list', 'filter', payload, 'SK01')).status).toBe(400);
    // Another company's product is not among the list's rows: nothing chosen, nothing written.
    const huProduct = String((await one(`select product_code from app.products where company_code = 'HU01' order by product_code limit 1`)).product_code);
    expect(await ok(admin, 'shop_list', 'set', { shop_id: sk, keys: [huProduct], mode: 'keep' }, 'SK01')).toMatchObject({ rows: 0, added: 0 });
    // The catalogue manager has the product list but not the shops' pages.
    const denied = await s.action(catalog, 'shop_list', 'set', { shop_id: sk, keys: ['LST-6'], mode: 'keep' });
    expect(denied.status).toBe(403);
    const missing = await s.action(admin, 'shop_list', 'set', { shop_id: sk, keys: ['LST-6'], category_ids: [999999], mode: 'keep' }, 'SK01');
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ error: 'bad_reference', params: { field: 'payload.category_ids.0' } });
    expect(await rows(`select shop_id from app.shop_products where product_code = 'LST-6'`)).toEqual([]);
  });

  it('imports listings into the shop’s products grid', async () => {
    const csv = `shop_id,product_code,published,position\n${sk},LST-6,yes,\n${hu},LST-6,yes,\n`;
    const mapping = JSON.stringify(['shop_id', 'product_code', 'published', 'position']);
    const importFile = async (mode: string) => {
      const fd = new FormData();
      fd.set('file', new Blob([csv]), 'listings.csv');
      fd.set('mode', mode);
      fd.set('language', 'en');
      fd.set('mapping', mapping);
      const r = await fetch(`${s.url}/api/import/frontend_shop_products`, { method: 'POST', body: fd, headers: { authorization: `Bearer ${admin}`, 'x-company': 'SK01' } });
      return { status: r.status, body: await r.json() };
    };
    const preview = await importFile('preview');
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    // The HU shop is another company's: that row is refused, the SK one is inserted.
    expect(preview.body).toMatchObject({ rows: 2, inserts: 1, errorRows: 1 });
    const commit = await importFile('commit');
    expect(commit.body).toMatchObject({ inserts: 1, written: true });
    expect(await rows(`select shop_id, published from app.shop_products where product_code = 'LST-6'`)).toEqual([{ shop_id: sk, published: true }]);
    expect((await page('/en/product/lst-6')).status).toBe(200);
  });
});
