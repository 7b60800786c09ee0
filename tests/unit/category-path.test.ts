/**
 * A tree lookup (source.parent) reads as its path from the root: the core rule, the
 * descriptor check, and the grid's text of a category cell (cell, copy, paste alike).
 */
import { describe, expect, it } from 'vitest';
import { parseScreen } from '../../schemas/screen.ts';
import productList from '../../screens/products/product_list.ts';
import categoriesBrief from '../../screens/lookups/product_categories_brief.ts';
import { choices, formFields } from '../../src/app/forms/formModel.ts';
import { buildGridModel } from '../../src/app/grid/columns.ts';
import { cellText } from '../../src/app/grid/cellText.ts';
import { cellFromText } from '../../src/app/grid/cellValues.ts';
import type { CellCtx, LookupData, Row } from '../../src/app/grid/types.ts';
import { normalPath, treePath } from '../../src/core/lookupDisplay.ts';
import { addLookups } from '../../src/app/grid/lookupScreens.ts';
import { lookupScreens } from '../../src/generated/lookups.ts';

// The lookups the screens' chunks bring in the browser (pages/loadScreen.ts).
addLookups(lookupScreens);

describe('treePath', () => {
  const rows = new Map<number, { id: number; parent: number | null; name: string }>([
    [1, { id: 1, parent: null, name: 'Kitchen' }],
    [2, { id: 2, parent: 1, name: 'Cutlery' }],
    [3, { id: 3, parent: 3, name: 'Loop' }],
    [4, { id: 4, parent: 99, name: 'Orphan' }],
  ]);
  const path = (id: number) =>
    treePath(
      rows.get(id)!,
      (r) => (r.parent === null ? undefined : rows.get(r.parent)),
      (r) => r.name,
    );

  it('names the row and its ancestors from the root', () => {
    expect(path(2)).toBe('Kitchen › Cutlery');
    expect(path(1)).toBe('Kitchen');
  });
  it('ends at a missing parent, and a cycle at the depth limit', () => {
    expect(path(4)).toBe('Orphan');
    expect(path(3).split(' › ')).toHaveLength(20);
  });
  it('reads a typed path with any spacing around the separator', () => {
    expect(normalPath(' Kitchen›Cutlery ')).toBe('Kitchen › Cutlery');
    expect(normalPath('Kitchen  ›  Cutlery')).toBe('Kitchen › Cutlery');
  });
});

describe('source.parent', () => {
  const base = { form: 't', access: 'authenticated', columns: { id: { type: 'int' }, name: {}, up: { type: 'int' } } };
  it('names a column of the lookup', () => {
    expect(parseScreen({ ...base, source: { relation: 'app.t', key: 'id', parent: 'up' } }, 't').source.parent).toBe('up');
    expect(() => parseScreen({ ...base, source: { relation: 'app.t', key: 'id', parent: 'nope' } }, 't')).toThrow(/source\.parent/);
  });
});

describe('a category cell', () => {
  const model = buildGridModel(parseScreen(productList, 'screens/products/product_list.ts'));
  const col = model.byField.get('main_product_category_id')!;
  const def = model.lookups.find((l) => l.form === 'product_categories_brief')!;
  const rows: Row[] = [
    { product_category_id: 1, parent_category_id: null, product_category_names: { en: 'Kitchen' } },
    { product_category_id: 2, parent_category_id: 1, product_category_names: { en: 'Cutlery' } },
    { product_category_id: 3, parent_category_id: null, product_category_names: {} },
  ];
  const data: LookupData = { def, rows, byKey: new Map(rows.map((r) => [String(r.product_category_id), r])) };
  const ctx = {
    lang: 'en',
    t: (id: string) => id,
    lookup: () => data,
    multi: (v: unknown) => (v && typeof v === 'object' ? String((v as Record<string, string>).en ?? '') : ''),
  } as unknown as CellCtx;

  it('reads as the path, in the cell and in a copy; a nameless category by its key', () => {
    expect(def.parentField).toBe('parent_category_id');
    expect(cellText(col, 2, {}, ctx)).toBe('Kitchen › Cutlery');
    expect(cellText(col, 3, {}, ctx)).toBe('3');
    const cell = col.renderer.render({ value: 2, row: {}, col, ctx, canEdit: false }) as { props: { title: string } };
    expect(cell.props.title).toBe('Kitchen › Cutlery');
  });
  it('pastes back from the path', () => {
    expect(cellFromText(col, 'kitchen › cutlery', null, ctx)).toEqual({ ok: true, value: 2 });
  });
  it("is offered by its path in a form's choices, in the order of the paths", () => {
    const f = formFields(parseScreen(productList, 'screens/products/product_list.ts'), 'edit').find((x) => x.field === 'main_product_category_id')!;
    expect(choices(f, 2, rows, 'en', parseScreen(categoriesBrief, 'screens/lookups/product_categories_brief.ts')).map((c) => c.label)).toEqual(['3', 'Kitchen', 'Kitchen › Cutlery']);
  });
});
