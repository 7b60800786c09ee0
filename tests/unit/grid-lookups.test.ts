/**
 * Lookups of ref columns over the in-memory data provider: a lookup loaded whole once per
 * company, a search lookup that resolves only the keys the cells ask for (a batch at a
 * time, a missing key never asked again), and the search of the editors and forms.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildGridModel } from '../../src/app/grid/columns.ts';
import { setGridDataProvider } from '../../src/app/grid/dataProvider/provider.ts';
import { testDataProvider } from '../../src/app/grid/dataProvider/testDataProvider.ts';
import { LookupStore } from '../../src/app/grid/lookups.ts';
import { resolveLookupKeys, searchLookup } from '../../src/app/grid/lookupSearch.ts';
import type { LookupDef } from '../../src/app/grid/types.ts';
import productBrandsCompact from '../../src/generated/screens/product_brands_brief.ts';
import productListCompact from '../../src/generated/screens/product_list.ts';
import productsBriefCompact from '../../src/generated/screens/products_brief.ts';
import { expand } from '../../src/generated/screenDefaults.ts';
const productBrands = expand(productBrandsCompact);
const productList = expand(productListCompact);
const productsBrief = expand(productsBriefCompact);

const model = buildGridModel(productList);
const brandLookup = model.byField.get('brand_id')!.lookup!;
/** products_brief as a search lookup of a ref column (the forms' product input, accessories' product). */
const productLookup: LookupDef = { form: 'products_brief', keyField: 'product_code', keyType: 'text', displayField: 'product_name', displayType: 'multi', search: true };
/** Past the store's gathering pause (16 ms) on the fake clock, and whatever it set off has run. */
const gathered = () => vi.advanceTimersByTimeAsync(40);

const products = Array.from({ length: 120 }, (_, i) => ({
  product_code: `P${String(i + 1).padStart(3, '0')}`,
  product_name: { en: i % 2 ? `Oak chair ${i + 1}` : `Steel table ${i + 1}`, de: i % 2 ? `Eichenstuhl ${i + 1}` : `Stahltisch ${i + 1}` },
}));

describe('lookups over the data provider', () => {
  let restore: () => void;
  beforeEach(() => {
    const db = testDataProvider([productBrands, productsBrief], {
      product_brands_brief: [
        { brand_id: 3, brand_name: 'Nordvik', active: true },
        { brand_id: 1, brand_name: 'Ferrano', active: false },
      ],
      products_brief: products,
    });
    restore = setGridDataProvider(db);
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    restore();
  });

  it('loads a lookup whole, once per company, in its order, and tells the grid', async () => {
    const store = new LookupStore();
    let heard = 0;
    store.subscribe(() => void heard++);
    store.ensure([brandLookup], 'SK01');
    store.ensure([brandLookup], 'SK01'); // loading already: no second load
    expect(store.get('product_brands_brief', 'SK01')).toBeUndefined();
    await gathered();
    const data = store.get('product_brands_brief', 'SK01')!;
    expect(data.rows.map((r) => r.brand_name)).toEqual(['Ferrano', 'Nordvik']); // the lookup's sort
    expect(data.byKey.get('3')?.brand_name).toBe('Nordvik');
    expect(heard).toBe(1);
    expect(store.get('product_brands_brief', 'HU01')).toBeUndefined(); // another company's is its own
  });

  it('resolves only the keys the cells ask for, a batch at a time, and never asks for a missing key again', async () => {
    const store = new LookupStore();
    let heard = 0;
    store.subscribe(() => void heard++);
    store.ensure([productLookup], 'SK01');
    const first = store.get('products_brief', 'SK01')!;
    expect(first.rows).toEqual([]); // usable at once, nothing loaded
    heard = 0;
    for (const k of ['P002', 'P118', 'NOPE']) expect(first.byKey.get(k)).toBeUndefined();
    await gathered();
    expect(heard).toBe(1); // one batch, one notification
    const data = store.get('products_brief', 'SK01')!;
    expect(data.rows.map((r) => r.product_code).sort()).toEqual(['P002', 'P118']);
    expect(data.byKey.get('P118')?.product_name).toEqual({ en: 'Oak chair 118', de: 'Eichenstuhl 118' });
    expect(data.byKey.get('NOPE')).toBeUndefined();
    await gathered();
    expect(heard).toBe(1); // the missing key was not asked again
  });

  it('keeps rows picked in a search without asking for them', () => {
    const store = new LookupStore();
    store.ensure([productLookup], undefined);
    store.get('products_brief', undefined)!.search!.remember([products[4]!]);
    expect(store.get('products_brief', undefined)!.byKey.get('P005')).toEqual(products[4]);
  });

  it('searches codes and names in the language for every word, and resolves keys past the batch size', async () => {
    const oak = await searchLookup('products_brief', 'oak 11', 'en');
    expect(oak.rows.map((r) => r.product_code)).toEqual(['P110', 'P112', 'P114', 'P116', 'P118']);
    expect(oak.total).toBe(5);
    expect((await searchLookup('products_brief', 'eichenstuhl 11', 'de')).total).toBe(5);
    expect((await searchLookup('products_brief', 'eichenstuhl', 'en')).total).toBe(0);
    const all = await resolveLookupKeys(
      'products_brief',
      'product_code',
      products.map((p) => p.product_code),
    );
    expect(all).toHaveLength(120);
  });
});
