/**
 * Fast lists (issue 27 point 2, issue 28 point 5; migrations 082 and 083): the statements
 * the engine writes for a sorted first page are ones the indexes serve (EXPLAIN names the
 * index), and the product search still finds what it found, plus
 * typos. The plans are read with sequential scans disabled: the test data is small enough
 * for a scan to be cheaper, and what is asked here is that the index matches the
 * statement (its expression, collation, direction and NULLs), not the planner's choice.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { list } from '../../src/server/actions/engine/list.ts';
import { screens } from '../../src/server/actions/engine/screens.ts';
import type { Db } from '../../src/server/db/types.ts';
import { engines, startSignedIn, type Json, type TestServer } from './harness.ts';

type Row = Record<string, Json>;
type Statement = { sql: string; params: unknown[] };

/** The statements `list` runs for a request of SK01 (EXPLAIN of the estimate left out). */
async function statementsOf(db: Db, form: string, payload: Record<string, unknown>): Promise<Statement[]> {
  const seen: Statement[] = [];
  const spy = { ...db, query: (sql: string, params?: readonly unknown[]) => (seen.push({ sql, params: [...(params ?? [])] }), db.query(sql, params)) } as Db;
  await list(spy, screens.get(form)!, { startRow: 0, endRow: form === 'products_brief' ? 50 : 100, language: 'en', ...payload }, { company: 'SK01', language: 'en' });
  return seen.filter((s) => !/^\s*explain\b/i.test(s.sql));
}

/** The plan of a statement with sequential scans disabled (in a transaction of its own). */
async function planOf(db: Db, s: Statement): Promise<string> {
  return db.transaction(async (tx) => {
    await tx.query('set local enable_seqscan = off');
    const r = await tx.query<Record<string, unknown>>(`explain ${s.sql}`, s.params);
    return r.rows.map((x) => String(Object.values(x)[0])).join('\n');
  });
}

describe.each(engines)('indexes of sorted pages and product search on %s', (engine) => {
  let s: TestServer;
  let admin: string;
  let catalog: string;
  const search = (token: string, text: string, language?: string) => s.action(token, 'products_brief', 'list', { search: text, startRow: 0, endRow: 50, ...(language ? { language } : {}) });

  beforeAll(async () => {
    ({ s, admin, catalog } = await startSignedIn(engine));
    await s.db.query(
      `insert into app.products (product_code, company_code, product_name, min_margin, exp_margin, selling_price_shop) values
         ('IDX-SKU-7731', 'SK01', '{"en": "Quarzuhrarmband Zylinderkopfschraube", "de": "Nadelholzbrett"}', 10, 20, null),
         ('IDX-SKU-7732', 'SK01', '{"en": "Percent 100% off_sale", "de": "Prozent"}', 10, 20, 1)`,
    );
    // Statistics as a live database has them (autovacuum; the seed's template has none of these rows).
    await s.db.exec('analyze app.products');
  });
  afterAll(() => s?.close());

  it.each([
    ['selling_price_shop', 'asc', 'products_sort_selling_price'],
    ['selling_price_shop', 'desc', 'products_sort_selling_price'],
    ['stock_qty', 'desc', 'products_sort_stock_qty'],
    ['product_name', 'asc', 'products_sort_name_en'],
    ['product_name', 'desc', 'products_sort_name_en'],
  ])('product_list by %s %s: the first page reads %s', async (colId, sort, index) => {
    const statements = await statementsOf(s.db, 'product_list', { sortModel: [{ colId, sort }] });
    const plan = await planOf(s.db, statements[0]!);
    expect(plan).toContain(index);
    // No sort of every row: the plan's first sort or scan (top down) is the index read in
    // order or an incremental sort of the key's ties over it (the view's subqueries come later).
    const first = /(Incremental Sort|Sort|Seq Scan|Index Only Scan|Index Scan)\b/.exec(plan.replace(/Sort (Key|Method)/g, ''))?.[1];
    expect(['Index Scan', 'Index Only Scan', 'Incremental Sort']).toContain(first);
  });

  it('frontend_shop_products in its default order (shop, position): the first page reads shop_products_position (migration 135)', async () => {
    const statements = await statementsOf(s.db, 'frontend_shop_products', {});
    const plan = await planOf(s.db, statements[0]!);
    expect(plan).toContain('shop_products_position');
    const first = /(Incremental Sort|Sort|Seq Scan|Index Only Scan|Index Scan)\b/.exec(plan.replace(/Sort (Key|Method)/g, ''))?.[1];
    expect(['Index Scan', 'Index Only Scan']).toContain(first);
    // The same rows in the same order as the view sorted by hand.
    const r = await s.action(admin, 'frontend_shop_products', 'list', { startRow: 0, endRow: 100 });
    expect(r.status).toBe(200);
    const expected = await s.db.query<{ shop_id: number; product_code: string }>(
      `select shop_id, product_code from app.v_shop_products where company_code = 'SK01' order by shop_id, position, product_code limit 100`,
    );
    expect(r.body.data.rows.map((x: Row) => [x.shop_id, x.product_code])).toEqual(expected.rows.map((x) => [x.shop_id, x.product_code]));
  });

  it('a descending first page lists the rows with a value first, then those without, like the client', async () => {
    const page = async (sort: 'asc' | 'desc') => {
      const r = await s.action(admin, 'product_list', 'list', { startRow: 0, endRow: 100, sortModel: [{ colId: 'selling_price_shop', sort }] });
      expect(r.status).toBe(200);
      return r.body.data.rows.map((x: Row) => x.product_code);
    };
    for (const sort of ['asc', 'desc'] as const) {
      const expected = await s.db.query<{ c: string }>(
        `select product_code as c from app.v_product_list where company_code = 'SK01' order by selling_price_shop ${sort} nulls last, product_code limit 100`,
      );
      expect(await page(sort)).toEqual(expected.rows.map((x) => x.c));
    }
    // A filter leaving fewer rows than the page: both parts, the NULLs last.
    const few = await s.action(admin, 'product_list', 'list', {
      startRow: 0,
      endRow: 100,
      sortModel: [{ colId: 'selling_price_shop', sort: 'desc' }],
      filterModel: { product_code: { filterType: 'text', type: 'startsWith', filter: 'IDX-SKU-' } },
    });
    expect(few.body.data.rows.map((x: Row) => x.product_code)).toEqual(['IDX-SKU-7732', 'IDX-SKU-7731']);
    expect(few.body.data.total).toBe(2);
  });

  it('finds a code by its beginning and whole, in any case, the exact code first', async () => {
    const r = await search(admin, 'idx-sku-77');
    expect(r.status).toBe(200);
    expect(r.body.data.rows.map((x: Row) => x.product_code)).toEqual(['IDX-SKU-7731', 'IDX-SKU-7732']);
    const exact = await search(admin, 'IDX-SKU-7732');
    expect(exact.body.data.rows[0].product_code).toBe('IDX-SKU-7732');
    expect(exact.body.data.total).toBe(1);
  });

  it("finds words of the name in the user's language only, a typo by likeness, and nothing for nonsense", async () => {
    expect((await search(admin, 'zylinderkopfschraube quarz', 'en')).body.data.rows.map((x: Row) => x.product_code)).toEqual(['IDX-SKU-7731']);
    // The German name is not the English one: the words of one language do not find the other's.
    expect((await search(admin, 'nadelholzbrett', 'en')).body.data.rows).toEqual([]);
    expect((await search(catalog, 'nadelholzbrett', 'de')).body.data.rows.map((x: Row) => x.product_code)).toEqual(['IDX-SKU-7731']);
    // A letter missing: no name holds the text, the one most like it is answered.
    const typo = await search(admin, 'zylinderkopfschrabe', 'en');
    expect(typo.body.data.rows.map((x: Row) => x.product_code)).toEqual(['IDX-SKU-7731']);
    expect((await search(admin, 'qqxqzzvvw', 'en')).body.data.rows).toEqual([]);
  });

  it('takes % and _ as letters, and says "more" of a full window without counting every match', async () => {
    expect((await search(admin, '100%', 'en')).body.data.rows.map((x: Row) => x.product_code)).toEqual(['IDX-SKU-7732']);
    expect((await search(admin, 'off_sale', 'en')).body.data.rows.map((x: Row) => x.product_code)).toEqual(['IDX-SKU-7732']);
    expect((await search(admin, 'f_s', 'en')).body.data.rows.map((x: Row) => x.product_code)).toEqual(['IDX-SKU-7732']);
    const many = await search(admin, 'p0');
    expect(many.body.data.rows).toHaveLength(50);
    expect(many.body.data.total).toBe(51);
    expect(many.body.data.totalExact).toBe(false);
    // Every row holds the text.
    for (const row of many.body.data.rows as Row[]) expect(`${row.product_code} ${row.product_name?.en ?? ''}`.toLowerCase()).toContain('p0');
  });

  it('the same rows as a plain scan of every product for typed words, in every language', async () => {
    const { rows } = await s.db.query<{ product_code: string; product_name: Record<string, string> }>(`select product_code, product_name from app.products where company_code = 'SK01'`);
    for (const [text, language] of [
      ['oak ta', 'en'],
      ['mirror', 'en'],
      ['eichen', 'de'],
      ['tölgy', 'hu'],
      ['p00012', 'sk'],
    ] as const) {
      const words = text.split(' ');
      const expected = rows
        .filter((r) => words.every((w) => r.product_code.toLowerCase().includes(w) || (r.product_name[language] ?? '').toLowerCase().includes(w)))
        .map((r) => r.product_code)
        .sort();
      const r = await search(admin, text, language);
      expect(r.status).toBe(200);
      const got = (r.body.data.rows as Row[]).map((x) => x.product_code as string);
      if (expected.length <= 50) expect([...got].sort()).toEqual(expected);
      else {
        expect(got).toHaveLength(50);
        for (const c of got) expect(expected).toContain(c);
      }
    }
  });
});
