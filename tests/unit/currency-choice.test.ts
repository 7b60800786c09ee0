/**
 * A currency is chosen from the currencies, never typed as free text (issue 43): every
 * editable column holding a currency code is a ref to currencies_brief (a select in forms,
 * a lookup in the grid), and a code typed or pasted in lower case is that currency.
 */
import { describe, expect, it } from 'vitest';
import { screens } from '../../src/server/actions/engine/screens.ts';
import { buildGridModel } from '../../src/app/grid/columns.ts';
import { cellFromText } from '../../src/app/grid/cellValues.ts';
import { addLookups } from '../../src/app/grid/lookupScreens.ts';
import { lookupScreens } from '../../src/generated/lookups.ts';
import type { CellCtx, LookupData } from '../../src/app/grid/types.ts';

addLookups(lookupScreens);

describe('currencies are chosen', () => {
  it('every editable currency column of every screen is a ref to currencies_brief', () => {
    const columns = [...screens.values()].flatMap((s) =>
      Object.entries(s.columns)
        .filter(([f, c]) => c.editable && /(^|_)currency_code$/.test(f))
        .map(([f, c]) => [`${s.form}.${f}`, c] as const),
    );
    // The purchase order's, the sales order's, a cashflow item's, a shop's, a supplier's price, a cost, the purchase prices'.
    expect(columns.map(([name]) => name)).toEqual(
      expect.arrayContaining([
        'purchase_orders.currency_code',
        'new_purchase_order.currency_code',
        'sales_orders.currency_code',
        'cashflow.currency_code',
        'frontend_shops.currency_code',
        'product_suppliers.currency_code',
        'purchase_order_costs.cost_currency_code',
        'frontend_purchase_prices.purchase_price_currency_code',
      ]),
    );
    for (const [name, c] of columns) expect({ name, type: c.type, lookup: c.lookup }).toEqual({ name, type: 'ref', lookup: 'currencies_brief' });
  });

  it('reads a code typed or pasted in any case as the currency, and refuses one that is not a currency', () => {
    const model = buildGridModel(screens.get('purchase_orders')!);
    const col = model.byField.get('currency_code')!;
    const rows = ['EUR', 'HUF', 'CZK'].map((currency_code) => ({ currency_code }));
    const data: LookupData = {
      def: { form: 'currencies_brief', keyField: 'currency_code', keyType: 'text', displayField: 'currency_code', displayType: 'text' },
      rows,
      byKey: new Map(rows.map((r) => [r.currency_code, r])),
    };
    const ctx: CellCtx = {
      lang: 'en',
      fmt: { int: String, number: String, money: String, weight: String, volume: String, date: String, datetime: String },
      t: (id) => id,
      lookup: () => data,
      multi: () => '',
    };
    expect(cellFromText(col, 'EUR', null, ctx)).toEqual({ ok: true, value: 'EUR' });
    expect(cellFromText(col, 'eur', null, ctx)).toEqual({ ok: true, value: 'EUR' });
    expect(cellFromText(col, ' Huf ', null, ctx)).toEqual({ ok: true, value: 'HUF' });
    expect(cellFromText(col, 'xyz', null, ctx)).toEqual({ ok: false, message: 'validation.invalid' });
  });
});
