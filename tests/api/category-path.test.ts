/**
 * A tree lookup (product_categories_brief, source.parent) reads as its path from the root
 * ('Kitchen › Cutlery') wherever text is made from it: the server sorts product_list's
 * Category by the path, the export writes the path, and the import reads the path back,
 * a leaf name when it is unique, and refuses a leaf that names several categories.
 */
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startSignedIn, type TestServer } from './harness.ts';

describe.each(engines)('category paths on %s', (engine) => {
  let s: TestServer, admin: string;
  beforeAll(async () => void ({ s, admin } = await startSignedIn(engine)));
  afterAll(() => s?.close());

  /** Every category's English path, walked in JS from the stored parents (the test's own rule). */
  const paths = async (): Promise<Map<number, string>> => {
    const rows = (
      await s.db.query<{ id: number; parent: number | null; name: string }>(
        `select product_category_id as id, parent_category_id as parent, product_category_names->>'en' as name from app.product_categories`,
      )
    ).rows;
    const byId = new Map(rows.map((r) => [r.id, r]));
    const path = (id: number): string => {
      const r = byId.get(id)!;
      return r.parent === null ? r.name : `${path(r.parent)} › ${r.name}`;
    };
    return new Map(rows.map((r) => [r.id, path(r.id)]));
  };

  const products = async (n: number) =>
    (await s.db.query<{ product_code: string }>(`select product_code from app.products where company_code = 'SK01' order by product_code limit $1`, [n])).rows.map((r) => r.product_code);

  const importCsv = (csv: string, mode = 'commit') => {
    const fd = new FormData();
    fd.set('file', new Blob([csv]), 'p.csv');
    fd.set('mode', mode);
    fd.set('language', 'en');
    fd.set('mapping', JSON.stringify(['product_code', 'main_product_category_id']));
    return fetch(`${s.url}/api/import/product_list`, { method: 'POST', body: fd, headers: { authorization: `Bearer ${admin}` } });
  };

  it('sorts product_list by the category path, not by the leaf name', async () => {
    const byId = await paths();
    const r = await s.action(admin, 'product_list', 'list', { startRow: 0, endRow: 5000, language: 'en', sortModel: [{ colId: 'main_product_category_id', sort: 'asc' }] });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const seen = r.body.data.rows.map((row: { main_product_category_id: number | null }) => row.main_product_category_id).filter((v: number | null) => v !== null);
    const read = [...new Set<number>(seen)].map((id) => byId.get(id)!);
    expect(read.length).toBeGreaterThan(10);
    // The database's own order of those texts (its collation), as the grid reads them.
    const sorted = (await s.db.query<{ p: string }>('select p from unnest($1::text[]) p order by p', [read])).rows.map((x) => x.p);
    expect(read).toEqual(sorted);
  });

  it('exports the category as its path', async () => {
    const codes = await products(3);
    const r = await fetch(`${s.url}/api/export/product_list`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        format: 'csv',
        language: 'en',
        columns: [
          { field: 'product_code', header: 'Code' },
          { field: 'main_product_category_id', header: 'Category' },
        ],
        filterModel: { product_code: { filterType: 'set', values: codes } },
        sortModel: [{ colId: 'product_code', sort: 'asc' }],
      }),
    });
    expect(r.status).toBe(200);
    const rows = Papa.parse<string[]>((await r.text()).replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data.slice(1);
    const stored = (await s.db.query<{ c: number }>('select main_product_category_id as c from app.products where product_code = any($1) order by product_code', [codes])).rows;
    const byId = await paths();
    expect(rows).toEqual(codes.map((code, i) => [code, byId.get(stored[i]!.c)]));
    expect(rows.every((row) => row[1]!.includes(' › '))).toBe(true);
  });

  it('imports a path, a unique leaf name, and refuses a leaf that names several categories', async () => {
    const roots = (
      await s.db.query<{ id: number; name: string }>(
        `select product_category_id as id, product_category_names->>'en' as name from app.product_categories where parent_category_id is null order by product_category_id limit 2`,
      )
    ).rows;
    const twins = (
      await s.db.query<{ id: number }>(
        `insert into app.product_categories (parent_category_id, product_category_names) values ($1, '{"en":"Twin"}'), ($2, '{"en":"Twin"}') returning product_category_id as id`,
        [roots[0]!.id, roots[1]!.id],
      )
    ).rows.map((r) => r.id);
    const byId = await paths();
    const cutlery = [...byId].find(([, p]) => p === 'Kitchen › Cutlery')![0];
    const [c0, c1, c2] = (await products(3)) as [string, string, string];
    const stored = async () =>
      (await s.db.query<{ c: number }>('select main_product_category_id as c from app.products where product_code = any($1) order by product_code', [[c0, c1, c2]])).rows.map((r) => r.c);

    // The path as copied (any spacing around '›', any case), a unique leaf, a twin by its path.
    const ok = await (await importCsv(`Code,Category\n${c0},kitchen›CUTLERY \n${c1},${roots[1]!.name} › Twin\n${c2},cutlery\n`)).json();
    expect(ok).toMatchObject({ errorRows: 0, written: true });
    expect(await stored()).toEqual([cutlery, twins[1], cutlery]);

    const refused = await (await importCsv(`Code,Category\n${c2},twin\n`, 'preview')).json();
    expect(refused).toMatchObject({ errorRows: 1 });
    expect(refused.errors).toEqual([
      {
        line: 2,
        field: 'main_product_category_id',
        message: `import.ref_ambiguous_path?value=twin&path=${encodeURIComponent(byId.get(twins[0]!)!)}`,
        key: { product_code: c2 },
        value: 'twin',
      },
    ]);
    expect((await stored())[2]).toBe(cutlery);
  });
});
