/**
 * A ref column sorts by what the grid shows, its lookup's display text (Brand by name,
 * not by id) in the language's collation, empty last both ways; such a window is asked by
 * startRow (a keyset `after` is refused), and an export in that order streams every row
 * once, in order.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { viewRows } from '../../src/server/transfer/export.ts';
import { screens } from '../../src/server/actions/engine/screens.ts';
import { engines, startSignedIn, type TestServer } from './harness.ts';

describe.each(engines)('sorting by a looked-up text on %s', (engine) => {
  let s: TestServer, admin: string;
  beforeAll(async () => void ({ s, admin } = await startSignedIn(engine)));
  afterAll(() => s?.close());

  const expected = async (dir: 'asc' | 'desc') =>
    (
      await s.db.query<{ product_code: string }>(
        `select p.product_code from app.v_product_list p left join app.brands b on b.brand_id = p.brand_id
         where p.company_code = 'SK01' order by b.brand_name collate app."text_en" ${dir} nulls last, p.product_code limit 300`,
      )
    ).rows.map((r) => r.product_code);

  it('orders product_list by brand name, both ways, in windows at any offset', async () => {
    for (const sort of ['asc', 'desc'] as const) {
      const want = await expected(sort);
      const first = await s.action(admin, 'product_list', 'list', { startRow: 0, endRow: 200, sortModel: [{ colId: 'brand_id', sort }] });
      expect(first.status, JSON.stringify(first.body)).toBe(200);
      const next = await s.action(admin, 'product_list', 'list', { startRow: 200, endRow: 300, sortModel: [{ colId: 'brand_id', sort }] });
      const got = [...first.body.data.rows, ...next.body.data.rows].map((r: { product_code: string }) => r.product_code);
      expect(got).toEqual(want);
    }
  });

  it('orders by the name a lookup shows (VAT names, not codes) in the language, else in English', async () => {
    const vats = (await s.db.query<{ vat_id: number }>(`select vat_id from app.vats where company_code = 'SK01' order by vat_code`)).rows.map((r) => r.vat_id);
    expect(vats.length).toBe(3);
    const [c0, c1, c2] = vats as [number, number, number];
    // Names against the codes' order; the first has no German name (its English one sorts first).
    const names: [number, object][] = [
      [c0, { en: 'A rate' }],
      [c1, { en: 'X', de: 'N2' }],
      [c2, { en: 'Y', de: 'N1' }],
    ];
    for (const [id, n] of names) await s.db.query('update app.vats set vat_names = $2 where vat_id = $1', [id, JSON.stringify(n)]);
    const order = async (language: string) => {
      const r = await s.action(admin, 'product_list', 'list', { startRow: 0, endRow: 2000, language, sortModel: [{ colId: 'vat_id', sort: 'asc' }] });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      const ids = r.body.data.rows.map((row: { vat_id: number | null }) => row.vat_id).filter((v: number | null) => v !== null);
      return ids.filter((v: number, i: number) => ids.indexOf(v) === i);
    };
    expect(await order('de')).toEqual([c0, c2, c1]);
    expect(await order('en')).toEqual([c0, c1, c2]);
  });

  it('refuses a keyset cursor on that order (the values are not in the rows)', async () => {
    const r = await s.action(admin, 'product_list', 'list', { endRow: 10, sortModel: [{ colId: 'brand_id', sort: 'asc' }], after: [1, 'P000001'] });
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(/^payload\.after: a sort by "brand_id"/);
  });

  it('keeps a ref key column sorted by its value, with keyset cursors (show_prices by shop)', async () => {
    const first = await s.action(admin, 'show_prices', 'list', { endRow: 5 });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const last = first.body.data.rows[4];
    const next = await s.action(admin, 'show_prices', 'list', { startRow: 5, endRow: 10, after: [last.product_code, last.shop_id, last.shopper_group_id] });
    expect(next.status, JSON.stringify(next.body)).toBe(200);
    const byOffset = await s.action(admin, 'show_prices', 'list', { startRow: 5, endRow: 10 });
    expect(next.body.data.rows).toEqual(byOffset.body.data.rows);
  });

  it('exports in that order, every row once, across windows', async () => {
    const screen = screens.get('product_list')!;
    const want = await expected('asc');
    const got: string[] = [];
    const session = { company: 'SK01', userId: 1 } as never;
    for await (const rows of viewRows(s.db, screen, { sortModel: [{ colId: 'brand_id', sort: 'asc' }], language: 'en' }, session, 70)) {
      got.push(...rows.map((r) => String(r.product_code)));
      if (got.length >= 300) break;
    }
    expect(got.slice(0, 300)).toEqual(want);
  });
});
