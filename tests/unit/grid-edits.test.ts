/**
 * The grid's save path (features/edits/edits.feature.ts) over the in-memory data provider: what the database
 * and the grid hold after an edit, a conflicting edit, a refused paste, Ctrl+Z of edits,
 * of a delete and of a click cell — the behaviour, not the calls.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildGridModel } from '../../src/app/grid/columns.ts';
import { setGridDataProvider } from '../../src/app/grid/dataProvider/provider.ts';
import { testDataProvider, type TestDataProvider } from '../../src/app/grid/dataProvider/testDataProvider.ts';
import { createEdits, type Flags } from '../../src/app/grid/features/edits/edits.feature.ts';
import type { Row } from '../../src/app/grid/types.ts';
import brandsCompact from '../../src/generated/screens/brands.ts';
import productListCompact from '../../src/generated/screens/product_list.ts';
import salesOrderItemsCompact from '../../src/generated/screens/sales_order_items.ts';
import { ApiError } from '../../src/app/api/client.ts';
import { expand } from '../../src/generated/screenDefaults.ts';
import type { ScreenDescriptor } from '../../schemas/screen.ts';

const brands = expand(brandsCompact);
const productList = expand(productListCompact);

/** Lets every answer of the in-memory provider (promises, no timers) arrive. */
/** Saves on their way in the grid last made (its edits' `pending`). */
let onTheirWay = 0;
const turn = () => new Promise((r) => setImmediate(r));
/**
 * The in-memory provider's answers and what they set off have run (nothing here waits on a
 * timer): the saves on their way answered — the first waits for the writes' code too
 * (writes.ts, a dynamic import) — and one more turn for what their answers started.
 */
const settle = async () => {
  do await turn();
  while (onTheirWay > 0);
  await turn();
};

/** A grid over the provider: the rows it holds by id, its flagged cells, its saves and reloads counted. */
function gridOf(screen: ScreenDescriptor, rows: Row[]) {
  const model = buildGridModel(screen);
  const held = new Map(rows.map((r) => [model.rowId(r), { ...r }]));
  const g = { flags: new Map() as Flags, saved: 0, reloads: 0 };
  const edits = createEdits(
    () => ({
      screen,
      model,
      patch: (id, fields) => {
        const r = held.get(id);
        if (r) held.set(id, { ...r, ...fields });
      },
      current: (id) => held.get(id),
      reload: () => void g.reloads++,
    }),
    { setFlags: (update) => void (g.flags = update(g.flags)), saved: () => void g.saved++, pending: (n) => void (onTheirWay = n) },
  );
  const row = (id: string) => ({ index: 0, id, data: held.get(id)! });
  const col = (field: string) => model.byField.get(field)!;
  return { g, held, edits, row, col };
}

const brandRows = [
  { brand_id: 1, brand_name: 'Nordvik', active: true, row_version: 1 },
  { brand_id: 2, brand_name: 'Ferrano', active: true, row_version: 4 },
];

describe('grid edits over the data provider', () => {
  let db: TestDataProvider;
  let restore: () => void;
  beforeEach(() => {
    db = testDataProvider([brands, productList], {
      brands: brandRows,
      product_list: [{ product_code: 'P1', product_name: { en: 'Chair' }, keep_in_stock: 0, active: true, row_version: 7 }],
    });
    restore = setGridDataProvider(db);
  });
  afterEach(() => restore());

  it('saves a cell with the row version, shows the stored row, and Ctrl+Z puts the old value back in both', async () => {
    const { g, held, edits, row, col } = gridOf(brands, brandRows);
    edits.save(row('1'), col('brand_name'), 'Nordvik Pro');
    expect(held.get('1')!.brand_name).toBe('Nordvik Pro'); // optimistic: at once
    await settle();
    expect(db.rows('brands')[0]).toMatchObject({ brand_name: 'Nordvik Pro', row_version: 2 });
    expect(held.get('1')).toMatchObject({ brand_name: 'Nordvik Pro', row_version: 2 });
    expect(g.saved).toBe(1);

    await edits.undoLast();
    expect(db.rows('brands')[0]).toMatchObject({ brand_name: 'Nordvik', row_version: 3 });
    expect(held.get('1')).toMatchObject({ brand_name: 'Nordvik', row_version: 3 });
    expect(edits.undoSize()).toBe(0);
  });

  it('runs two quick edits of a row one after the other, the second with the version the first left', async () => {
    const { held, edits, row, col } = gridOf(brands, brandRows);
    edits.save(row('2'), col('brand_name'), 'Ferrano Italia');
    edits.save(row('2'), col('active'), false);
    await settle();
    expect(db.rows('brands')[1]).toEqual({ brand_id: 2, brand_name: 'Ferrano Italia', active: false, row_version: 6 });
    expect(held.get('2')).toEqual(db.rows('brands')[1]);
    // Ctrl+Z twice: newest first, back to the start.
    await edits.undoLast();
    expect(db.rows('brands')[1]).toMatchObject({ brand_name: 'Ferrano Italia', active: true });
    await edits.undoLast();
    expect(db.rows('brands')[1]).toMatchObject({ brand_name: 'Ferrano', active: true });
    expect(held.get('2')).toMatchObject({ brand_name: 'Ferrano', active: true });
  });

  it("meeting another user's change, shows the row as it is now and keeps nothing of the edit", async () => {
    const { held, edits, row, col } = gridOf(brands, brandRows);
    db.writeAsOther('brands', { brand_id: 1 }, { brand_name: 'Theirs' });
    edits.save(row('1'), col('brand_name'), 'Mine');
    await settle();
    expect(db.rows('brands')[0]).toMatchObject({ brand_name: 'Theirs', row_version: 2 });
    expect(held.get('1')).toMatchObject({ brand_name: 'Theirs', row_version: 2 });
    expect(edits.undoSize()).toBe(0);
  });

  it('writes nothing of a paste refused at one row, puts the old values back and flags the refused cell', async () => {
    const { g, held, edits, row, col } = gridOf(brands, brandRows);
    const ok = await edits.saveMany([
      { row: row('1'), col: col('brand_name'), value: 'Good name' },
      { row: row('2'), col: col('brand_name'), value: 'x'.repeat(101) },
    ]);
    expect(ok).toBe(false);
    expect(db.rows('brands')).toEqual(brandRows);
    expect([held.get('1')!.brand_name, held.get('2')!.brand_name]).toEqual(['Nordvik', 'Ferrano']);
    expect(g.flags.get('2')?.brand_name).toMatch(/100/);
    expect(g.flags.has('1')).toBe(false);
    expect(edits.undoSize()).toBe(0);
  });

  it('flags the cell a one-row refusal names, also another than the one typed in (issue 43 #5: a product whose discount limit the line is over)', async () => {
    const items = expand(salesOrderItemsCompact);
    const refusal = new ApiError(400, 'invalid_value', 'payload.discount_percent: at most 5 % discount on this product', 'messages.status_text', undefined, {
      limit: 5,
      field: 'payload.discount_percent',
      reason: 'validation.discount_limit',
      label: 'fields.discount_percent',
    });
    restore();
    restore = setGridDataProvider(Object.assign(Object.create(db) as TestDataProvider, { set: () => Promise.reject(refusal) }));
    const { g, held, edits, row, col } = gridOf(items, [{ item_id: 1, order_id: 1, product_code: 'P1', quantity: 1, discount_percent: 8, discount_limit: 10, row_version: 1 }]);
    edits.save(row('1'), col('product_code'), 'P2');
    await settle();
    expect(held.get('1')!.product_code).toBe('P1');
    expect(g.flags.get('1')).toEqual({ discount_percent: 'payload.discount_percent: at most 5 % discount on this product' });
  });

  it('saves a paste as one batch that one Ctrl+Z takes back whole', async () => {
    const { held, edits, row, col } = gridOf(brands, brandRows);
    expect(
      await edits.saveMany([
        { row: row('1'), col: col('active'), value: false },
        { row: row('2'), col: col('active'), value: false },
      ]),
    ).toBe(true);
    expect(db.rows('brands').map((r) => r.active)).toEqual([false, false]);
    expect([...held.values()].map((r) => r.row_version)).toEqual([2, 5]);
    await edits.undoLast();
    expect(db.rows('brands').map((r) => r.active)).toEqual([true, true]);
    expect([...held.values()].map((r) => r.active)).toEqual([true, true]);
  });

  it('leaves a value another user changed since alone on Ctrl+Z', async () => {
    const { held, edits, row, col } = gridOf(brands, brandRows);
    edits.save(row('1'), col('brand_name'), 'Mine');
    await settle();
    db.writeAsOther('brands', { brand_id: 1 }, { brand_name: 'Theirs' });
    await edits.undoLast();
    expect(db.rows('brands')[0]!.brand_name).toBe('Theirs');
    expect(held.get('1')!.brand_name).toBe('Mine'); // the grid shows what it had until it reads again
    expect(edits.undoSize()).toBe(0);
  });

  it('puts deleted rows back on Ctrl+Z and reads the grid again', async () => {
    const { g, edits } = gridOf(brands, brandRows);
    const del = await db.delete('brands', { keys: [2] });
    expect(db.rows('brands')).toHaveLength(1);
    edits.pushDeleted(del.log_ids ?? []);
    await edits.undoLast();
    expect(db.rows('brands').find((r) => r.brand_id === 2)).toMatchObject({ brand_name: 'Ferrano', row_version: 5 });
    expect(g.reloads).toBe(1);
  });

  it('saves a click cell through its own action (keep in stock) and undoes it through the form it wrote', async () => {
    const rows = db.rows('product_list');
    const { held, edits, row, col } = gridOf(productList, rows);
    const c = col('keep_in_stock');
    edits.save(row('P1'), c, c.renderer.clickValue!(held.get('P1')!.keep_in_stock, c));
    await settle();
    expect(db.rows('product_list')[0]).toMatchObject({ keep_in_stock: 1, row_version: 8 });
    expect(held.get('P1')).toMatchObject({ keep_in_stock: 1, row_version: 8 });
    await edits.undoLast();
    expect(db.rows('product_list')[0]).toMatchObject({ keep_in_stock: 0, row_version: 9 });
    expect(held.get('P1')).toMatchObject({ keep_in_stock: 0, row_version: 9 });
  });
});
