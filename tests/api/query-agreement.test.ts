/**
 * One set of query rules (src/core/query/): random filters and sorts, in every UI language,
 * run through the server's list (the real HTTP API) and through the client row model over
 * the same rows — the keys must come in the same order. Then the server's answer paged as
 * the grid pages it (a keyset `after` from the client's cursor rule where it can carry one,
 * else offsets) must give the same rows again: no page skips or repeats a row.
 *
 * The data: product_list (multi-language name, text, money, number, date, bool, an option
 * column and two looked-up columns) over products of our own, their texts full of what
 * collations order differently — Czech ch and háčeks, Hungarian digraphs, German umlauts
 * and ß, Romanian breves, Bulgarian Cyrillic, case pairs, ties, NULLs and empty texts.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClientRowModel } from '../../src/app/grid/rowModel/ClientRowModel.ts';
import type { QueryColumn } from '../../src/app/grid/rowModel/clientQuery.ts';
import { fullOrder, keysetAfter, type FilterItem, type FilterModel, type SortItem } from '../../src/app/grid/filters.ts';
import type { GridColumn, Row } from '../../src/app/grid/types.ts';
import { LANGS } from '../../src/core/langs.ts';
import { pickText } from '../../src/core/query/langText.ts';
import { screens } from '../../src/server/actions/engine/screens.ts';
import { engines, startTestServer, type TestServer } from './harness.ts';

const FORM = 'product_list';
const COMPANY = 'SK01';
const RUNS = Number(process.env.QUERY_RUNS ?? 60);

const WORDS = [
  'Čaj',
  'čaj',
  'Cibule',
  'cibule',
  'chata',
  'Chleba',
  'Hrách',
  'hrad',
  'Dýně',
  'Ábel',
  'Alma',
  'azúr',
  'Äpfel',
  'Apfel',
  'Straße',
  'Strasse',
  'Ötös',
  'ozmózis',
  'Zsák',
  'zebra',
  'Csiga',
  'cukor',
  'Ябълка',
  'ананас',
  'Банан',
  'ăla',
  'Ionel',
  'îmi',
  'Șase',
  'sare',
  'ôsmy',
  'osem',
  'item 2',
  'Item 10',
  'a-b',
  'ab',
  'a b',
];
const BRANDS = ['Čajovna', 'Cibulka', 'chalupa', 'Hradec', 'Ábrahám', 'Alfa', 'Ärger', 'Bauer', 'Бета', 'zeta', 'Zeta Plus', 'Szabó', 'Ștefan'];
const NEEDLES = ['č', 'ch', 'c', 'a', 'Á', 'str', 'ß', 'ss', 'б', 'Z', 'e 1', 'item', '', 'x'];

/** A small deterministic generator, so that both engines hold the same products. */
function lcg(seed: number) {
  let s = seed >>> 0;
  const next = () => (s = (Math.imul(s, 1103515245) + 12345) >>> 0) / 2 ** 32;
  return { next, int: (n: number) => Math.floor(next() * n), pick: <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)]! };
}

/** The brands seeded (their ids differ between engines): set filters pick among them. */
const brands: number[] = [];

async function seed(s: TestServer): Promise<void> {
  const r = lcg(2026);
  brands.length = 0;
  for (const name of BRANDS) brands.push((await s.db.query<{ brand_id: number }>('insert into app.brands (brand_name) values ($1) returning brand_id', [name])).rows[0]!.brand_id);
  // Countries with names missing in some languages: a looked-up text falls back to English, else any.
  const countries = ['CZ', 'HU', 'DE', 'BG', 'RO', 'AT'];
  await s.db.query(`update app.countries set country_names = '{"en": "Zambezia", "cs": "Čína"}' where country_code = 'AT'`);
  await s.db.query(`update app.countries set country_names = '{"de": "Ägypten"}' where country_code = 'RO'`);
  const dates = ['2026-01-05', '2026-03-01', '2025-12-31', '2026-03-01'];
  // A storage of the company for the products' stock (the ledger books stock on a storage).
  const shelf = (await s.db.query<{ shelf_id: number }>(`insert into app.shelves (company_code, shelf_code) values ($1, 'QA') returning shelf_id`, [COMPANY])).rows[0]!.shelf_id;
  const storage = (await s.db.query<{ storage_id: number }>(`insert into app.storages (company_code, shelf_id, storage_code) values ($1, $2, 'QA-1') returning storage_id`, [COMPANY, shelf])).rows[0]!
    .storage_id;
  for (let i = 0; i < 140; i++) {
    const name: Record<string, string> = {};
    for (const l of LANGS) {
      const x = r.next();
      if (x < 0.08) continue; // no text in this language: NULL
      name[l] = x < 0.12 ? '' : r.int(3) ? `${r.pick(WORDS)} ${r.pick(WORDS)}` : r.pick(WORDS);
    }
    const code = `${i % 7 === 3 ? 'qa' : 'QA'}${String((i * 37) % 140).padStart(3, '0')}`;
    const v = [
      code,
      COMPANY,
      JSON.stringify(name),
      r.next() < 0.15 ? null : `${r.pick(['S', 's', 'Č', 'ch', 'Ä'])}-${r.int(20)}`,
      r.next() < 0.15 ? null : r.pick(brands),
      r.next() < 0.2 ? null : r.pick(countries),
      r.next() < 0.12 ? null : r.pick([0, 5, 9.99, 10, 19.99, 20, 100, 1250.5]),
      r.next() < 0.2 ? null : r.int(40),
      r.int(5) * 10,
      r.int(3),
      r.next() < 0.7,
      r.next() < 0.3 ? null : r.pick(dates),
    ];
    await s.db.query(
      `insert into app.products (product_code, company_code, product_name, supplier_product_code, brand_id, country_of_origin,
         selling_price_shop, min_margin, keep_in_stock, active, discount_end_date)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
      [...v.slice(0, 8), ...v.slice(9)],
    );
    // Stock comes from the stock ledger: the drawn units as an opening correction on a storage of the company.
    if (v[8]) {
      await s.db.query(`insert into app.stock_corrections (company_code, product_code, storage_id, quantity, reason) values ($1, $2, $3, $4, 'opening balance')`, [COMPANY, code, storage, v[8]]);
    }
  }
}

/** The client row model's columns as the grid builds them (useRowModel.ts): looked-up ones sort by the text they show. */
function queryColumns(labels: Record<string, (v: unknown, lang: string) => string>, lang: () => string): QueryColumn[] {
  const screen = screens.get(FORM)!;
  return Object.keys(screen.columns).map((field) => {
    const c = screen.columns[field]!;
    const base: QueryColumn = { field, valueType: screen.valueType[field]!, html: c.html };
    const label = labels[field];
    return label ? { ...base, sortText: { of: (v: unknown) => label(v, lang()), version: () => LANGS.indexOf(lang() as never) } } : base;
  });
}

/** The grid's column map as keysetAfter reads it. */
function gridColumns(): Map<string, GridColumn> {
  const screen = screens.get(FORM)!;
  return new Map(
    Object.entries(screen.columns).map(([field, c]) => {
      const lookup = c.lookup ? { search: !!screens.get(c.lookup)!.source.search } : null;
      return [field, { field, meta: c, type: c.type, valueType: screen.valueType[field]!, lookup } as unknown as GridColumn];
    }),
  );
}

const textItem = fc.record({
  filterType: fc.constant('text' as const),
  type: fc.constantFrom('contains', 'notContains', 'equals', 'notEqual', 'startsWith', 'endsWith', 'blank', 'notBlank'),
  filter: fc.constantFrom(...NEEDLES),
});
const price = fc.constantFrom(0, 5, 9.99, 10, 19.99, 20, 100, 1250.5, 15);
const numberItem = fc.oneof(
  fc.record({ filterType: fc.constant('number' as const), type: fc.constantFrom('equals', 'notEqual', 'lessThan', 'lte', 'greaterThan', 'gte'), filter: price }),
  fc.tuple(price, price).map(([a, b]): FilterItem => ({ filterType: 'number', type: 'inRange', filter: Math.min(a, b), filterTo: Math.max(a, b) })),
  fc.record({ filterType: fc.constant('number' as const), type: fc.constantFrom('blank', 'notBlank') }),
);
const day = fc.constantFrom('2025-12-31', '2026-01-05', '2026-02-01', '2026-03-01');
const dateItem = fc.oneof(
  fc.record({ filterType: fc.constant('date' as const), type: fc.constantFrom('equals', 'notEqual', 'lessThan', 'greaterThan'), dateFrom: day }),
  fc.tuple(day, day).map(([a, b]): FilterItem => ({ filterType: 'date', type: 'inRange', dateFrom: a < b ? a : b, dateTo: a < b ? b : a })),
  fc.record({ filterType: fc.constant('date' as const), type: fc.constantFrom('blank', 'notBlank') }),
);
const filters: Record<string, fc.Arbitrary<FilterItem>> = {
  product_name: textItem,
  supplier_product_code: textItem,
  selling_price_shop: numberItem,
  min_margin: fc.record({ filterType: fc.constant('number' as const), type: fc.constantFrom('lessThan', 'gte', 'equals'), filter: fc.integer({ min: 0, max: 40 }) }),
  discount_end_date: dateItem,
  active: fc.oneof(
    fc.boolean().map((b): FilterItem => ({ type: 'equals', filter: b })),
    fc.subarray([true, false, null], { minLength: 1 }).map((values): FilterItem => ({ filterType: 'set', values })),
  ),
  // Set filters with several values and "(empty)" (null): core/query/setFilter.ts on both sides.
  keep_in_stock: fc.subarray([0, 1, 2, null], { minLength: 1 }).map((values): FilterItem => ({ filterType: 'set', values })),
  brand_id: fc.constant(null).chain(() => fc.subarray([...brands, null], { minLength: 1 }).map((values): FilterItem => ({ filterType: 'set', values }))),
  country_of_origin: fc.subarray(['CZ', 'HU', 'DE', 'BG', 'RO', 'AT', 'SK', null], { minLength: 1 }).map((values): FilterItem => ({ filterType: 'set', values })),
};
const SORTABLE = [
  'product_name',
  'supplier_product_code',
  'selling_price_shop',
  'min_margin',
  'stock_qty',
  'keep_in_stock',
  'active',
  'discount_end_date',
  'brand_id',
  'country_of_origin',
  'product_code',
];
const query = fc.record({
  lang: fc.constantFrom(...LANGS),
  sortModel: fc.uniqueArray(fc.record({ colId: fc.constantFrom(...SORTABLE), sort: fc.constantFrom('asc' as const, 'desc' as const) }), { maxLength: 3, selector: (s) => s.colId }),
  filterModel: fc
    .uniqueArray(fc.constantFrom(...Object.keys(filters)), { maxLength: 2 })
    .chain((fields) => (fields.length ? fc.tuple(...fields.map((f) => filters[f]!)).map((items) => Object.fromEntries(fields.map((f, i) => [f, items[i]!]))) : fc.constant({}))),
  page: fc.integer({ min: 3, max: 40 }),
});

describe.each(engines)('query rules: client row model = server list on %s', (engine) => {
  let s: TestServer;
  let admin: string;
  let rows: Row[];
  let labels: Record<string, (v: unknown, lang: string) => string>;

  beforeAll(async () => {
    s = await startTestServer(engine, { config: { demoProducts: 0 } });
    admin = (await s.login('admin@example.com')).token;
    await seed(s);
    const all = await s.action(admin, FORM, 'list', { startRow: 0, endRow: 10_000 }, COMPANY);
    expect(all.status, JSON.stringify(all.body)).toBe(200);
    rows = all.body.data.rows;
    // What the looked-up cells show: a brand's name; a country's name in the language, else English, else any.
    const lookup = async (form: string) => (await s.action(admin, form, 'list', {}, COMPANY)).body.data.rows as Row[];
    const brandNames = new Map((await lookup('product_brands_brief')).map((b) => [b.brand_id, String(b.brand_name)]));
    const countries = new Map((await lookup('countries_brief')).map((c) => [c.country_code, c.country_names]));
    labels = {
      brand_id: (v) => brandNames.get(v) ?? '',
      country_of_origin: (v, lang) => pickText(countries.get(v), lang)?.text ?? '',
    };
  }, 120_000);
  afterAll(() => s?.close());

  it('seeded a mixed data set', () => {
    expect(rows.length).toBeGreaterThan(140);
  });

  it('answers the same keys in the same order, and pages (keyset or offset) add up to it', async () => {
    let lang = 'en';
    const model = new ClientRowModel(rows, { columns: queryColumns(labels, () => lang), keys: ['product_code'], rowId: (r) => String(r.product_code), sync: true });
    const columns = gridColumns();
    const key = (r: Row) => String(r.product_code);
    // What the runs covered: rows answered, pages asked by keyset.
    let nonEmpty = 0;
    let keysetPages = 0;
    await fc.assert(
      fc.asyncProperty(query, async (q) => {
        lang = q.lang;
        const sortModel = q.sortModel as SortItem[];
        const filterModel = q.filterModel as FilterModel;
        const payload = { sortModel, filterModel, language: q.lang };
        const server = await s.action(admin, FORM, 'list', { ...payload, startRow: 0, endRow: 10_000 }, COMPANY);
        expect(server.status, JSON.stringify(server.body)).toBe(200);
        const want = (server.body.data.rows as Row[]).map(key);
        const client = [...model.query({ sortModel, filterModel, lang: q.lang })].map((i) => key(model.rows[i]!));
        expect(client).toEqual(want);
        expect(server.body.data.total).toBe(want.length);
        if (want.length > 1) nonEmpty++;

        // Pages as the grid asks for them: after the last row of the page before.
        const order = fullOrder(sortModel, undefined, ['product_code']);
        const paged: string[] = [];
        let prev: Row | undefined;
        for (let start = 0; start < want.length; start += q.page) {
          const after = prev ? keysetAfter(prev, order, columns, q.lang, ['product_code']) : undefined;
          if (after) keysetPages++;
          const r = await s.action(admin, FORM, 'list', { ...payload, startRow: start, endRow: start + q.page, ...(after ? { after } : {}) }, COMPANY);
          expect(r.status, JSON.stringify(r.body)).toBe(200);
          const page = r.body.data.rows as Row[];
          paged.push(...page.map(key));
          prev = page.at(-1);
        }
        expect(paged).toEqual(want);
      }),
      { numRuns: RUNS, seed: Number(process.env.QUERY_SEED ?? 20) },
    );
    expect(nonEmpty).toBeGreaterThan(RUNS / 2);
    expect(keysetPages).toBeGreaterThan(RUNS);
  }, 300_000);
});
