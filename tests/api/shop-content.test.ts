import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { metaDescription } from '../../src/core/seo.ts';
import { engines, startSignedIn, type TestServer } from './harness.ts';
import type { Json } from './harness.ts';

type Row = Record<string, Json>;

describe.each(engines)('shop content and details on %s', (engine) => {
  let s: TestServer, admin: string, catalog: string, warehouse: string;
  beforeAll(async () => void ({ s, admin, catalog, warehouse } = await startSignedIn(engine)));
  afterAll(() => s?.close());

  const rows = async (token: string, form: string, payload: unknown, company?: string): Promise<Row[]> => {
    const r = await s.action(token, form, 'filter', payload, company);
    expect(r.status, `${form}: ${JSON.stringify(r.body)}`).toBe(200);
    return r.body.data.rows;
  };

  it('stores the meta description exactly as src/core/seo.ts computes it', async () => {
    const long = `<p>${'Lorem ipsum dolor sit amet, '.repeat(8)}</p>`;
    const inputs = [
      '<p>Hello <b>world</b> &amp; more</p><script>alert(1)</script>',
      '<p>a</p><p>b</p>',
      '<h2>Title</h2>\n\n<p>Text&nbsp;with&nbsp;spaces &lt;b&gt; &quot;q&quot; &#39;s&#39; &amp;lt; stays</p>',
      'x<script>1</script>y<SCRIPT a=1>2\n</script>z<style>p{}</STYLE>w<style>q<script>r</style>s</script>t<scriptx>u</scriptx>v',
      `a\u00a0\u2003b\u0085c\u3000\u000bd\ufeff  `,
      'Кухня и <em>градина</em> — šťastný ő ű',
      long,
      'b'.repeat(170),
      'c'.repeat(171),
      `${'d'.repeat(166)} <i>e</i> f`,
      '',
      '   <br>  ',
    ];
    for (const html of inputs) {
      const r = await s.db.query<{ m: string }>('select app.meta_description($1) as m', [html]);
      expect(r.rows[0]!.m, JSON.stringify(html)).toBe(metaDescription(html));
    }
    expect(metaDescription(long).endsWith('...')).toBe(true);
  });

  it('keeps frontend pages’ meta description per language with every body write; it is read-only', async () => {
    const page = (await s.action(admin, 'frontend_pages', 'list', { endRow: 1 })).body.data.rows[0];
    expect(page.meta_description.en).toBe(metaDescription(page.page_body.en));
    const body = `<p>Neu: <strong>Gartenmöbel</strong> &amp; Zubehör.</p><p>${'Sehr langer Text. '.repeat(12)}</p><script>x()</script>`;
    const r = await s.action(admin, 'frontend_pages', 'set', { page_id: page.page_id, row_version: page.row_version, page_body: { de: body } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const row = r.body.data.row;
    expect(row.meta_description.de).toBe(metaDescription(row.page_body.de));
    expect(row.meta_description.de.startsWith('Neu: Gartenmöbel & Zubehör. Sehr langer Text.')).toBe(true);
    expect(row.meta_description.de).toHaveLength(170);
    expect(row.meta_description.en).toBe(page.meta_description.en);
    const ro = await s.action(admin, 'frontend_pages', 'set', { page_id: page.page_id, row_version: row.row_version, meta_description: { en: 'mine' } });
    expect(ro.status).toBe(400);
    // Undo of the body edit takes the description back with it.
    const undo = await s.action(admin, 'frontend_pages', 'undo', { log_ids: [r.body.data.log_id] });
    expect(undo.status, JSON.stringify(undo.body)).toBe(200);
    expect(undo.body.data.rows[0].meta_description.de).toBe(page.meta_description.de);
  });

  it('builds second-generation pages from column blocks; the page’s meta description follows its blocks', async () => {
    const pages = (await s.action(admin, 'frontend_pages2', 'list')).body.data.rows as Row[];
    const shops = (await s.action(admin, 'shops_brief', 'list')).body.data.rows as Row[];
    expect(pages.length).toBe(shops.length * 3);
    const home = pages.find((p) => p.page_code === 'home')!;
    expect(home.column_count).toBe(6);
    // The blocks' texts in page order (block tags become spaces, inline ones nothing), cut at 170.
    expect(home.meta_description.hu).toMatch(/^Szerszámok, bútorok és háztartási cikkek megbízható márkáktól, saját raktárunkból szállítva\. A kosárban .*\.\.\.$/);
    expect(home.meta_description.hu).toHaveLength(170);
    const blocks = await rows(admin, 'frontend_pages2_col_defs', { content_page_id: home.content_page_id });
    expect(blocks.map((b) => b.position)).toEqual([...blocks.map((b) => b.position)].sort((a, b) => a - b));
    expect(blocks.every((b) => b.content_page_id === home.content_page_id)).toBe(true);

    const add = await s.action(admin, 'frontend_pages2', 'add', { shop_id: home.shop_id, page_code: 'faq', page_title: { en: 'FAQ', de: 'Häufige Fragen' } });
    expect(add.status, JSON.stringify(add.body)).toBe(200);
    const faq = add.body.data.row;
    expect(faq.meta_description).toEqual({});
    const b1 = await s.action(admin, 'frontend_pages2_col_defs', 'add', {
      content_page_id: faq.content_page_id,
      position: 20,
      col_width: 6,
      block_type: 'text',
      block_body: { en: '<p onclick="x()">Second <b>block</b></p><script>steal()</script>', de: '<p>Zweiter Block</p>' },
    });
    expect(b1.status, JSON.stringify(b1.body)).toBe(200);
    expect(b1.body.data.row.block_body.en).toBe('<p>Second <b>block</b></p>');
    const b2 = await s.action(admin, 'frontend_pages2_col_defs', 'add', {
      content_page_id: faq.content_page_id,
      position: 10,
      col_width: 6,
      block_type: 'text',
      block_body: { en: '<p>First &amp; foremost</p>' },
    });
    expect(b2.status).toBe(200);
    let meta = (await rows(admin, 'frontend_pages2', { content_page_id: faq.content_page_id }))[0]!;
    expect(meta.meta_description).toEqual({ en: 'First & foremost Second block', de: 'Zweiter Block' });
    expect(meta.column_count).toBe(2);
    // Deactivating or deleting a block takes its text out.
    const first = b2.body.data.row;
    expect((await s.action(admin, 'frontend_pages2_col_defs', 'set', { col_def_id: first.col_def_id, row_version: first.row_version, active: false })).status).toBe(200);
    meta = (await rows(admin, 'frontend_pages2', { content_page_id: faq.content_page_id }))[0]!;
    expect(meta.meta_description.en).toBe('Second block');
    expect((await s.action(admin, 'frontend_pages2_col_defs', 'delete', { keys: [b1.body.data.row.col_def_id] })).body.data).toMatchObject({ deleted: 1 });
    meta = (await rows(admin, 'frontend_pages2', { content_page_id: faq.content_page_id }))[0]!;
    expect(meta.meta_description).toEqual({});

    // Bounds, block rules, company scope.
    expect((await s.action(admin, 'frontend_pages2_col_defs', 'add', { content_page_id: faq.content_page_id, col_width: 13, block_type: 'text' })).status).toBe(400);
    expect((await s.action(admin, 'frontend_pages2_col_defs', 'add', { content_page_id: faq.content_page_id, col_width: 4, block_type: 'image' })).status).toBe(400);
    expect((await s.action(admin, 'frontend_pages2_col_defs', 'add', { content_page_id: faq.content_page_id, col_width: 4, block_type: 'image', media_url: 'javascript:alert(1)' })).status).toBe(400);
    const czPage = (await s.action(admin, 'frontend_pages2', 'list', { endRow: 1 }, 'CZ01')).body.data.rows[0];
    expect((await s.action(admin, 'frontend_pages2_col_defs', 'add', { content_page_id: czPage.content_page_id, col_width: 4, block_type: 'text' }, 'SK01')).status).toBe(400);
    expect((await s.action(admin, 'frontend_pages2_col_defs', 'filter', { content_page_id: czPage.content_page_id }, 'SK01')).body.data.total).toBe(0);
    expect((await s.action(admin, 'frontend_pages2', 'add', { shop_id: home.shop_id, page_code: 'faq', page_title: { en: 'x' } })).status).toBe(409);
    expect((await s.action(admin, 'frontend_pages2', 'delete', { keys: [faq.content_page_id] })).body.data).toMatchObject({ deleted: 1 });
  });

  it('keeps one default language per shop, the shop’s own, from either screen', async () => {
    const shop = (await s.action(admin, 'frontend_shops', 'list', { endRow: 1 })).body.data.rows[0];
    let langs = await rows(admin, 'shop_languages', { shop_id: shop.shop_id });
    expect(langs.filter((l) => l.is_default).map((l) => l.language_code)).toEqual([shop.language_code]);
    expect(langs.length).toBeGreaterThan(1);
    expect(langs.find((l) => l.is_default)!.storefront_url).toBe(`https://${shop.hostname}/`);

    const add = await s.action(admin, 'shop_languages', 'add', { shop_id: shop.shop_id, language_code: 'ro', url_prefix: '/ro' });
    expect(add.status, JSON.stringify(add.body)).toBe(200);
    expect(add.body.data.row.storefront_url).toBe(`https://${shop.hostname}/ro/`);
    expect((await s.action(admin, 'shop_languages', 'add', { shop_id: shop.shop_id, language_code: 'ro' })).status).toBe(409);
    expect((await s.action(admin, 'shop_languages', 'add', { shop_id: shop.shop_id, language_code: 'bg', url_prefix: 'bg' })).status).toBe(400);
    expect((await s.action(admin, 'shop_languages', 'add', { shop_id: shop.shop_id, language_code: 'xx' })).status).toBe(400);

    // Flagging ro moves the default and the shop's language_code.
    const ro = add.body.data.row;
    const flag = await s.action(admin, 'shop_languages', 'set', { shop_id: shop.shop_id, language_code: 'ro', row_version: ro.row_version, is_default: true });
    expect(flag.status, JSON.stringify(flag.body)).toBe(200);
    langs = await rows(admin, 'shop_languages', { shop_id: shop.shop_id });
    expect(langs.filter((l) => l.is_default).map((l) => l.language_code)).toEqual(['ro']);
    let shopNow = (await rows(admin, 'frontend_shops', { shop_id: shop.shop_id }))[0]!;
    expect(shopNow.language_code).toBe('ro');
    // The default cannot be un-flagged, disabled or removed directly.
    const roNow = langs.find((l) => l.language_code === 'ro')!;
    expect((await s.action(admin, 'shop_languages', 'set', { shop_id: shop.shop_id, language_code: 'ro', row_version: roNow.row_version, is_default: false })).status).toBe(400);
    expect((await s.action(admin, 'shop_languages', 'set', { shop_id: shop.shop_id, language_code: 'ro', row_version: roNow.row_version, enabled: false })).status).toBe(400);
    expect((await s.action(admin, 'shop_languages', 'delete', { keys: [{ shop_id: shop.shop_id, language_code: 'ro' }] })).status).toBe(400);
    // frontend_shops sets the language back: the default follows.
    const back = await s.action(admin, 'frontend_shops', 'set', { shop_id: shop.shop_id, row_version: shopNow.row_version, language_code: shop.language_code });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    langs = await rows(admin, 'shop_languages', { shop_id: shop.shop_id });
    expect(langs.filter((l) => l.is_default).map((l) => l.language_code)).toEqual([shop.language_code]);
    expect((await s.action(admin, 'shop_languages', 'delete', { keys: [{ shop_id: shop.shop_id, language_code: 'ro' }] })).body.data).toMatchObject({ deleted: 1 });
    shopNow = (await rows(admin, 'frontend_shops', { shop_id: shop.shop_id }))[0]!;
    expect(shopNow.language_code).toBe(shop.language_code);

    // Another company's shop is out of reach.
    const cz = (await s.action(admin, 'shops_brief', 'list', undefined, 'CZ01')).body.data.rows[0];
    expect((await s.action(admin, 'shop_languages', 'add', { shop_id: cz.shop_id, language_code: 'ro' }, 'SK01')).status).toBe(400);
    expect((await s.action(admin, 'shop_languages', 'filter', { shop_id: cz.shop_id }, 'SK01')).body.data.total).toBe(0);
  });

  it('keeps category translations and the category names in step, with storefront slugs', async () => {
    const cat = (
      await s.db.query<{ id: number; names: Record<string, string> }>(
        `select product_category_id as id, product_category_names as names from app.product_categories where product_category_names ->> 'en' = 'Kitchen'`,
      )
    ).rows[0]!;
    let tr = await rows(catalog, 'category_translations', { product_category_id: cat.id });
    expect(tr.map((t) => t.language_code).sort()).toEqual(['bg', 'cs', 'de', 'en', 'hu', 'ro', 'sk']);
    const by = (l: string) => tr.find((t) => t.language_code === l)!;
    expect(by('en').slug).toBe('kitchen');
    expect(by('bg')).toMatchObject({ category_name: 'Кухня', slug: 'kuhnya' });
    expect(by('sk').slug).toBe('kuchyna');

    // A translation edit renames the category in the tree; a tree edit renames the translation.
    const set = await s.action(catalog, 'category_translations', 'set', {
      product_category_id: cat.id,
      language_code: 'de',
      row_version: by('de').row_version,
      category_name: 'Küche & Essen',
      meta_title: 'Küche kaufen',
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.data.row.slug).toBe(by('de').slug); // a slug stays put (links keep working)
    let category = (await rows(catalog, 'categories', { product_category_id: cat.id }))[0]!;
    expect(category.product_category_names.de).toBe('Küche & Essen');
    const rename = await s.action(catalog, 'categories', 'set', { product_category_id: cat.id, row_version: category.row_version, product_category_names: { hu: 'Konyha és étkező' } });
    expect(rename.status, JSON.stringify(rename.body)).toBe(200);
    tr = await rows(catalog, 'category_translations', { product_category_id: cat.id });
    expect(by('hu').category_name).toBe('Konyha és étkező');

    // Removing a language removes the name; adding it back without a slug makes one.
    expect((await s.action(catalog, 'category_translations', 'delete', { keys: [{ product_category_id: cat.id, language_code: 'ro' }] })).status).toBe(403); // catalog may not delete
    expect((await s.action(admin, 'category_translations', 'delete', { keys: [{ product_category_id: cat.id, language_code: 'ro' }] })).body.data).toMatchObject({ deleted: 1 });
    category = (await rows(catalog, 'categories', { product_category_id: cat.id }))[0]!;
    expect(category.product_category_names.ro).toBeUndefined();
    const readd = await s.action(catalog, 'category_translations', 'add', { product_category_id: cat.id, language_code: 'ro', category_name: 'Bucătărie și sufragerie' });
    expect(readd.status, JSON.stringify(readd.body)).toBe(200);
    expect(readd.body.data.row.slug).toBe('bucatarie-si-sufragerie');
    category = (await rows(catalog, 'categories', { product_category_id: cat.id }))[0]!;
    expect(category.product_category_names.ro).toBe('Bucătărie și sufragerie');
    // Slugs are unique per language and well-formed.
    const other = (await s.db.query<{ id: number }>(`select product_category_id as id from app.product_categories where product_category_id <> $1 order by 1 limit 1`, [cat.id])).rows[0]!.id;
    const otherEn = (await rows(catalog, 'category_translations', { product_category_id: other, language_code: 'en' }))[0]!;
    expect((await s.action(catalog, 'category_translations', 'set', { product_category_id: other, language_code: 'en', row_version: otherEn.row_version, slug: 'kitchen' })).status).toBe(409);
    expect((await s.action(catalog, 'category_translations', 'set', { product_category_id: other, language_code: 'en', row_version: otherEn.row_version, slug: 'Not a slug' })).status).toBe(400);
    expect((await s.action(warehouse, 'category_translations', 'filter', { product_category_id: cat.id })).status).toBe(403);
  });

  it('serves category positions per shop of the company', async () => {
    const child = (await s.db.query<{ id: number }>(`select c.product_category_id as id from app.shop_categories c join app.shops s using (shop_id) where s.company_code = 'SK01' order by 1 limit 1`))
      .rows[0]!.id;
    const pos = await rows(admin, 'category_positions', { product_category_id: child });
    const sk = (await s.action(admin, 'shops_brief', 'list')).body.data.rows as Row[];
    expect(pos.length).toBeGreaterThan(0);
    expect(pos.every((p) => sk.some((x) => x.shop_id === p.shop_id))).toBe(true);
    const r = await s.action(admin, 'category_positions', 'set', { shop_id: pos[0]!.shop_id, product_category_id: child, row_version: pos[0]!.row_version, position: 3 });
    expect(r.status).toBe(200);
    const shopView = (await rows(admin, 'frontend_categories', { shop_id: pos[0]!.shop_id, product_category_id: child }))[0]!;
    expect(shopView.position).toBe(3);
    const cz = (await s.action(admin, 'shops_brief', 'list', undefined, 'CZ01')).body.data.rows[0];
    expect((await s.action(admin, 'category_positions', 'add', { shop_id: cz.shop_id, product_category_id: child }, 'SK01')).status).toBe(400);
  });

  it('prices delivery by country and weight band without overlaps', async () => {
    const courier = (await rows(admin, 'delivery_methods', { dm_code: 'courier' }))[0]!;
    const bands = await rows(admin, 'delivery_method_details', { dm_id: courier.dm_id });
    const home = bands.filter((b) => b.country_code === 'SK');
    expect(home.map((b) => [b.weight_from, b.weight_to])).toEqual([
      [0, 5],
      [5, 20],
      [20, null],
    ]);
    expect(home.every((b) => b.free_from === null && b.free_from_effective === courier.free_from)).toBe(true);
    expect(bands.some((b) => b.country_code === 'AT' && b.free_from_effective === 150)).toBe(true);

    const add = await s.action(admin, 'delivery_method_details', 'add', { dm_id: courier.dm_id, country_code: 'PL', weight_from: 0, weight_to: 10, price: 9.5, delivery_days: 4 });
    expect(add.status, JSON.stringify(add.body)).toBe(200);
    expect(add.body.data.row.free_from_effective).toBe(courier.free_from);
    const overlap = await s.action(admin, 'delivery_method_details', 'add', { dm_id: courier.dm_id, country_code: 'PL', weight_from: 8, price: 12 });
    expect(overlap.status).toBe(400);
    expect((await s.action(admin, 'delivery_method_details', 'add', { dm_id: courier.dm_id, country_code: 'PL', weight_from: 10, price: 12 })).status).toBe(200);
    expect((await s.action(admin, 'delivery_method_details', 'add', { dm_id: courier.dm_id, country_code: 'PL', weight_from: 30, weight_to: 20, price: 1 })).status).toBe(400);
    const czDm = (await s.action(admin, 'delivery_methods', 'list', { endRow: 1 }, 'CZ01')).body.data.rows[0];
    expect((await s.action(admin, 'delivery_method_details', 'add', { dm_id: czDm.dm_id, country_code: 'PL', weight_from: 0, price: 1 }, 'SK01')).status).toBe(400);
    // A band cannot be moved to another company's method either.
    const mine = add.body.data.row;
    expect((await s.action(admin, 'delivery_method_details', 'set', { dm_rate_id: mine.dm_rate_id, row_version: mine.row_version, dm_id: czDm.dm_id }, 'SK01')).status).toBe(400);
  });

  it('updates purchase prices in bulk: preview, one transaction, change log, undo', async () => {
    const pick = (
      await s.action(catalog, 'frontend_purchase_prices', 'list', {
        endRow: 3,
        filterModel: { purchase_price_base: { filterType: 'number', type: 'gt', filter: 10 }, purchase_price_original: { filterType: 'number', type: 'gt', filter: 1 } },
      })
    ).body.data.rows as Row[];
    expect(pick).toHaveLength(3);
    const keys = pick.map((r) => r.product_code);
    const payload = { keys, fields: ['purchase_price_base', 'purchase_price_original'], mode: 'percent', value: 10, decimals: 2 };
    const preview = await s.action(catalog, 'purchase_price_update', 'filter', payload);
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body.data).toEqual({ rows: 3, changes: 3, invalid: 0 });
    const before = (await s.db.query<{ n: number }>('select count(*)::int as n from app.product_change_log')).rows[0]!.n;
    const apply = await s.action(catalog, 'purchase_price_update', 'set', payload);
    expect(apply.status, JSON.stringify(apply.body)).toBe(200);
    expect(apply.body.data).toEqual({ rows: 3, updated: 3 });
    const after = await rows(catalog, 'frontend_purchase_prices', { product_code: keys[0] });
    const cents = (n: number) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6;
    expect(after[0]!.purchase_price_base).toBeCloseTo(pick[0]!.purchase_price_base * 1.1, 1);
    expect(after[0]!.purchase_price_original).toBeCloseTo(pick[0]!.purchase_price_original * 1.1, 1);
    expect(cents(after[0]!.purchase_price_base) && cents(after[0]!.purchase_price_original)).toBe(true);
    expect(after[0]!.row_version).toBe(pick[0]!.row_version + 1);
    const log = (
      await s.db.query<{ log_id: number; entity_name: string; entity_id: string; before: Row; after: Row; company_code: string }>(
        `select log_id, entity_name, entity_id, before, after, company_code from app.product_change_log where log_id > (select max(log_id) - 3 from app.product_change_log) order by log_id`,
      )
    ).rows;
    expect((await s.db.query<{ n: number }>('select count(*)::int as n from app.product_change_log')).rows[0]!.n).toBe(before + 3);
    expect(log.map((l) => l.entity_id)).toEqual([...keys].sort());
    expect(log.every((l) => l.entity_name === 'frontend_purchase_prices' && l.company_code === 'SK01')).toBe(true);
    const first = log.find((l) => l.entity_id === keys[0])!;
    expect(first.before.purchase_price_base).toBeCloseTo(pick[0]!.purchase_price_base, 4);
    expect(first.after.purchase_price_base).toBeCloseTo(after[0]!.purchase_price_base, 4);
    // The screen's undo reverts a bulk change like any edit.
    const undo = await s.action(catalog, 'frontend_purchase_prices', 'undo', { log_ids: [first.log_id] });
    expect(undo.status, JSON.stringify(undo.body)).toBe(200);
    expect(undo.body.data.rows[0].purchase_price_base).toBeCloseTo(pick[0]!.purchase_price_base, 4);

    // The current filter instead of picked rows, minus the rows unpicked after "select all".
    const filterModel = { product_code: { filterType: 'text', type: 'startsWith', filter: keys[1]!.slice(0, -1) } };
    const matching = (await s.action(catalog, 'frontend_purchase_prices', 'list', { filterModel })).body.data.rows as Row[];
    const byFilter = await s.action(catalog, 'purchase_price_update', 'filter', { filterModel, except: [keys[1]], fields: ['purchase_price_base'], mode: 'amount', value: -0.5 });
    expect(byFilter.body.data.rows).toBe(matching.length - 1);
    expect(byFilter.body.data.changes).toBe(matching.filter((r) => r.product_code !== keys[1] && r.purchase_price_base !== null).length);

    // All or nothing: a price below 0 refuses the whole update.
    const now = async () =>
      (await rows(catalog, 'frontend_purchase_prices', { product_code: keys[1] }))[0]!.purchase_price_base +
      (await rows(catalog, 'frontend_purchase_prices', { product_code: keys[2] }))[0]!.purchase_price_base;
    const lowest = Math.min(...(await Promise.all([keys[1], keys[2]].map(async (k) => (await rows(catalog, 'frontend_purchase_prices', { product_code: k }))[0]!.purchase_price_base))));
    const sum = await now();
    const negative = { keys: [keys[1], keys[2]], fields: ['purchase_price_base'], mode: 'amount', value: -(lowest + 1) };
    expect((await s.action(catalog, 'purchase_price_update', 'filter', negative)).body.data.invalid).toBeGreaterThanOrEqual(1);
    const refused = await s.action(catalog, 'purchase_price_update', 'set', negative);
    expect(refused.status).toBe(400);
    expect(await now()).toBe(sum);

    // Payload rules.
    const bad = async (p: unknown) => (await s.action(catalog, 'purchase_price_update', 'filter', p)).status;
    expect(await bad({ ...payload, mode: 'amount' })).toBe(400); // an amount on the supplier-currency price
    expect(await bad({ ...payload, value: -100 })).toBe(400);
    expect(await bad({ ...payload, value: 0 })).toBe(400);
    expect(await bad({ ...payload, fields: [] })).toBe(400);
    expect(await bad({ ...payload, fields: ['selling_price_shop'] })).toBe(400);
    expect(await bad({ ...payload, filterModel: {} })).toBe(400);
    expect(await bad({ ...payload, keys: undefined, filterModel: { nope: { filterType: 'text', type: 'equals', filter: 'x' } } })).toBe(400);

    // Another company's products are not reached; permission is `set` on the page.
    const hu = (await s.db.query<{ code: string }>(`select product_code as code from app.products where company_code = 'HU01' and purchase_price_base > 0 limit 1`)).rows[0]!.code;
    expect((await s.action(admin, 'purchase_price_update', 'set', { keys: [hu], fields: ['purchase_price_base'], mode: 'percent', value: 5 }, 'SK01')).body.data).toEqual({ rows: 0, updated: 0 });
    expect((await s.action(warehouse, 'purchase_price_update', 'filter', payload)).status).toBe(403);
    expect((await s.action(warehouse, 'purchase_price_update', 'set', payload)).status).toBe(403);
  });

  it('grants the new screens by page: admin everything, catalog its areas only, warehouse none', async () => {
    const forms: [string, unknown][] = [
      ['frontend_pages2', {}],
      ['frontend_pages2_col_defs', {}],
      ['shop_languages', {}],
      ['delivery_method_details', {}],
      ['category_translations', {}],
      ['category_positions', {}],
    ];
    for (const [form, payload] of forms) {
      expect((await s.action(admin, form, 'list', payload)).status, form).toBe(200);
      expect((await s.action(warehouse, form, 'list', payload)).status, form).toBe(403);
    }
    for (const form of ['frontend_pages2', 'frontend_pages2_col_defs', 'shop_languages', 'delivery_method_details']) {
      expect((await s.action(catalog, form, 'list')).status, form).toBe(403);
    }
    for (const form of ['category_translations', 'category_positions']) expect((await s.action(catalog, form, 'list', { endRow: 1 })).status, form).toBe(200);
    const menu = JSON.stringify((await s.post('/rpc/user', {}, { token: admin })).body.menu);
    expect(menu).toContain('"/shops/2frontendPages"');
    expect(menu).toContain('"/shops/2frontendPages/colDefs"');
  });
});
