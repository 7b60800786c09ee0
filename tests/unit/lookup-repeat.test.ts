/**
 * No two columns side by side show the same text (issue 43 #17: an order line's product
 * column, shown by its lookup's name, repeated the product name of the next column). The
 * descriptor check (codegen/screens.ts `repeatedTexts`) over every screen, and the order-line
 * grids' product cell: the code, while the name column beside it shows the name; the editor
 * still lists the products with their names, and a pasted code is the product.
 */
import { relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseScreen, type ScreenDescriptor } from '../../schemas/screen.ts';
import { repeatedTexts, root, screenFiles } from '../../codegen/screens.ts';
import salesOrderItems from '../../screens/sales/sales_order_items.ts';
import purchaseOrderItems from '../../screens/purchasing/purchase_order_items.ts';
import productsBrief from '../../screens/lookups/products_brief.ts';
import { buildGridModel } from '../../src/app/grid/columns.ts';
import { cellText } from '../../src/app/grid/cellText.ts';
import { cellFromText } from '../../src/app/grid/cellValues.ts';
import { displayText } from '../../src/app/grid/renderers/index.tsx';
import { addLookups } from '../../src/app/grid/lookupScreens.ts';
import type { CellCtx, LookupData, Row } from '../../src/app/grid/types.ts';
import { lookupScreens } from '../../src/generated/lookups.ts';

addLookups(lookupScreens);

const all: ScreenDescriptor[] = await Promise.all(screenFiles().map(async (f) => parseScreen(((await import(f)) as { default: unknown }).default, relative(root, f))));
const byForm = new Map(all.map((s) => [s.form, s]));

describe('columns side by side', () => {
  const screen = (product: Record<string, unknown>, rest: Record<string, unknown> = { product_name: { type: 'multi' } }) =>
    parseScreen({ form: 't', route: '/sales/t', area: 'sales', source: { relation: 'app.t', key: 'id' }, columns: { id: { type: 'int', hidden: true }, product_code: product, ...rest } }, 't');

  it('repeat when a ref named like its lookup’s key shows the name the next column shows', () => {
    const ref = { type: 'ref', lookup: 'products_brief' };
    expect(repeatedTexts(screen(ref), byForm)).toEqual([
      "columns.product_code: expected renderer 'refKey' (its lookup products_brief shows product_name, as the column beside it does), got the same text twice side by side",
    ]);
    // Shown by its key, or the name hidden or elsewhere: no repetition.
    expect(repeatedTexts(screen({ ...ref, renderer: 'refKey' }), byForm)).toEqual([]);
    expect(repeatedTexts(screen(ref, { product_name: { type: 'multi', hidden: true } }), byForm)).toEqual([]);
    expect(repeatedTexts(screen(ref, { quantity: { type: 'number' }, product_name: { type: 'multi' } }), byForm)).toEqual([]);
  });

  it('do not repeat on any screen', () => {
    expect(all.flatMap((s) => repeatedTexts(s, byForm).map((p) => `${s.form}: ${p}`))).toEqual([]);
  });
});

describe('an order line’s product', () => {
  const brief = parseScreen(productsBrief, 'screens/lookups/products_brief.ts');
  const row: Row = { product_code: 'P000123', product_name: { en: 'Oak chair', de: 'Eichenstuhl' } };
  for (const [name, descriptor] of [
    ['sales order items', salesOrderItems],
    ['purchase order lines', purchaseOrderItems],
  ] as const) {
    it(`shows its code beside the name column (${name}); the editor lists names, a pasted code is the product`, () => {
      const model = buildGridModel(parseScreen(descriptor, descriptor.form));
      const code = model.byField.get('product_code')!;
      const productName = model.byField.get('product_name')!;
      const def = code.lookup!;
      expect([def.form, def.search, brief.source.search]).toEqual(['products_brief', true, true]);
      const data: LookupData = { def, rows: [row], byKey: new Map([['P000123', row]]), search: { remember: () => undefined } };
      const ctx = {
        lang: 'de',
        t: (id: string) => id,
        lookup: () => data,
        multi: (v: unknown) => (v && typeof v === 'object' ? String((v as Record<string, string>).de ?? '') : ''),
      } as unknown as CellCtx;
      const line = { product_code: 'P000123', product_name: row.product_name };
      expect(code.renderer.render({ value: 'P000123', row: line, col: code, ctx, canEdit: false })).toBe('P000123');
      expect(cellText(code, 'P000123', line, ctx)).toBe('P000123');
      expect(cellText(productName, line.product_name, line, ctx)).toBe('Eichenstuhl');
      expect(displayText(row, data, ctx)).toBe('P000123 · Eichenstuhl');
      expect(cellFromText(code, 'P000123', null, ctx)).toEqual({ ok: true, value: 'P000123' });
    });
  }
});
