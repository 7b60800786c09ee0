/**
 * The discount limit of an order line (issue 43, point 5), the shared rule
 * (core/discountLimit.ts, core/validation/rowRules.ts) and where the browser says it before
 * saving: the grid's cell check (inline editors, paste, Fill), the form's checks, and a
 * server refusal put under the form's field. The database's side: tests/api/discount-limit.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseScreen } from '../../schemas/screen.ts';
import salesOrderItems from '../../screens/sales/sales_order_items.ts';
import { ApiError } from '../../src/app/api/client.ts';
import { collect, formFields, initialValues, validate, validateField } from '../../src/app/forms/formModel.ts';
import { serverFieldError } from '../../src/app/forms/serverFieldError.ts';
import { checkCellText, checkCellValue } from '../../src/app/grid/features/edits/cellCheck.ts';
import { buildGridModel } from '../../src/app/grid/columns.ts';
import type { CellCtx } from '../../src/app/grid/types.ts';
import { discountOverLimit, discountRefusal, productDiscountLimit, storedHundredths } from '../../src/core/discountLimit.ts';
import { rowRuleRefusal } from '../../src/core/validation/rowRules.ts';

/** x/1000 as PostgreSQL stores it in numeric(…, 2): hundredths, half away from zero (exact, on integers). */
const hundredthsOf = (thousandths: number) => Math.sign(thousandths) * Math.floor((Math.abs(thousandths) + 5) / 10);

describe('the rule', () => {
  it('is the lower of the two limits that are set; neither set: none', () => {
    expect(productDiscountLimit(10, 15)).toBe(10);
    expect(productDiscountLimit(30, 12)).toBe(12);
    expect(productDiscountLimit(null, 8)).toBe(8);
    expect(productDiscountLimit(25, null)).toBe(25);
    expect(productDiscountLimit(0, null)).toBe(0);
    expect(productDiscountLimit(null, undefined)).toBeNull();
  });

  it('reads a number as the column stores it (two decimals, half away from zero)', () => {
    expect(storedHundredths(10)).toBe(1000);
    expect(storedHundredths(10.004)).toBe(1000);
    expect(storedHundredths(10.005)).toBe(1001);
    expect(storedHundredths(1.005)).toBe(101); // 1.005 * 100 is 100.49999… in binary: the text is what counts
    expect(storedHundredths(-2.345)).toBe(-235);
    expect(storedHundredths(1e-7)).toBe(0);
    fc.assert(fc.property(fc.integer({ min: -10_000_000, max: 10_000_000 }), (n) => storedHundredths(n / 1000) === hundredthsOf(n)));
  });

  it('refuses exactly a stored discount above a stored limit, and names the limit', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000 }), fc.option(fc.integer({ min: 0, max: 100_000 }), { nil: null }), (d, lim) => {
        const limit = lim === null ? null : lim / 1000;
        const over = lim !== null && hundredthsOf(d) > hundredthsOf(lim);
        expect(discountOverLimit(d / 1000, limit)).toBe(over);
        expect(discountRefusal(d / 1000, limit)).toBe(over ? `validation.discount_limit?limit=${limit}` : undefined);
      }),
    );
    expect(discountOverLimit(50, 10)).toBe(true);
    expect(discountOverLimit(10, 10)).toBe(false);
    expect(discountOverLimit(10.001, 10)).toBe(false); // stored as 10.00
    expect(discountOverLimit(null, 10)).toBe(false);
    expect(discountOverLimit(50, undefined)).toBe(false);
    expect(rowRuleRefusal('discountLimit', 50, { discount_limit: 10 })).toBe('validation.discount_limit?limit=10');
    expect(rowRuleRefusal(undefined, 50, { discount_limit: 10 })).toBeUndefined();
  });

  it('needs the column it reads on the screen (codegen refuses a descriptor without it)', () => {
    const { discount_limit: _gone, ...columns } = salesOrderItems.columns;
    expect(() => parseScreen({ ...salesOrderItems, columns }, 'items.ts')).toThrow('columns.discount_percent.rowRule: "discountLimit" reads the column discount_limit, which the screen does not have');
  });
});

describe('the grid says it at the discount cell before saving', () => {
  const screen = parseScreen(salesOrderItems, 'screens/sales/sales_order_items.ts');
  const discount = buildGridModel(screen).byField.get('discount_percent')!;
  const ctx = { lang: 'en', t: (id: string, values?: Record<string, unknown>) => `${id} ${JSON.stringify(values ?? {})}` } as unknown as CellCtx;
  const line = { item_id: 1, product_code: 'P1', discount_percent: 0, discount_limit: 10 };

  it('refuses a value over the row’s limit (inline editors, paste, Fill), in the UI language with the limit', () => {
    expect(checkCellValue(discount, 50, ctx, line)).toEqual({ ok: false, message: 'validation.discount_limit {"limit":10}' });
    expect(checkCellText(discount, '50', 0, ctx, line)).toEqual({ ok: false, message: 'validation.discount_limit {"limit":10}' });
    expect(checkCellText(discount, '10', 0, ctx, line)).toEqual({ ok: true, value: 10 });
    expect(checkCellValue(discount, 50, ctx, { ...line, discount_limit: null })).toEqual({ ok: true, value: 50 });
    // The column's own bounds come first.
    expect(checkCellValue(discount, 150, ctx, line)).toEqual({ ok: false, message: 'validation.max {"max":100}' });
  });
});

describe('the form says it at the discount field', () => {
  const screen = parseScreen(salesOrderItems, 'screens/sales/sales_order_items.ts');
  const types = { item_id: 'int', order_id: 'int', product_code: 'text', quantity: 'number', unit_price: 'money', discount_percent: 'number' } as const;

  it('checks an edited line against its limit on blur and on save', () => {
    const fields = formFields(screen, 'edit');
    const f = fields.find((x) => x.field === 'discount_percent')!;
    const row = { item_id: 1, order_id: 7, product_code: 'P1', quantity: 1, unit_price: 10, discount_percent: 0, discount_limit: 10, row_version: 1 };
    expect(validateField(screen, 'edit', { ...types }, f, '50', 0, undefined, 'en', row)).toEqual({ discount_percent: { id: 'validation.discount_limit', values: { limit: 10 } } });
    expect(validateField(screen, 'edit', { ...types }, f, '10', 0, undefined, 'en', row)).toEqual({});
    const initial = initialValues(fields, row, 'edit');
    const r = validate(screen, 'edit', { ...types }, collect(fields, 'edit', initial, { ...initial, discount_percent: '12' }, row), row);
    expect(r).toEqual({ ok: false, errors: { discount_percent: { id: 'validation.discount_limit', values: { limit: 10 } } } });
  });

  it('puts the server’s refusal of a new line (the product just picked) under the field', () => {
    const fields = formFields(screen, 'add');
    const refusal = new ApiError(400, 'invalid_value', 'payload.discount_percent: at most 10 % discount on this product', 'messages.status_text', undefined, {
      limit: 10,
      field: 'payload.discount_percent',
      reason: 'validation.discount_limit',
      label: 'fields.discount_percent',
    });
    expect(serverFieldError(refusal, fields)).toEqual({ discount_percent: { id: 'validation.discount_limit', values: { limit: 10 } } });
    // Not a field of the form, another code, a bulk row: the alert above the form as before.
    expect(serverFieldError(new ApiError(400, 'invalid_value', '', '', undefined, { field: 'payload.rows.0.discount_percent', reason: 'validation.max' }), fields)).toBeNull();
    expect(serverFieldError(new ApiError(400, 'rule_violated', '', '', 'discount_range', { rule: 'discount_range' }), fields)).toBeNull();
    expect(serverFieldError(new Error('network'), fields)).toBeNull();
  });
});
