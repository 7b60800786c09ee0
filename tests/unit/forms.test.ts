/**
 * Descriptor forms, the pure part: fields per mode, inputs → values, the change set of
 * edit mode, validation with the shared column schemas (node environment, no React).
 */
import { describe, expect, it } from 'vitest';
import { parseScreen } from '../../schemas/screen.ts';
import {
  collect,
  editPayload,
  formFields,
  initialValues,
  isChanged,
  lookupLabel,
  multiValue,
  parseNumberInput,
  toLocalDateTime,
  toValue,
  validate,
  validateField,
  withFieldErrors,
  type FormField,
} from '../../src/app/forms/formModel.ts';
import { M } from '../../src/core/validation/messages.ts';

const products = parseScreen({
  form: 'product_list',
  route: '/products/product_list',
  source: { relation: 'app.v_product_list', key: 'product_code', write: 'app.products', company: 'company_code', version: 'row_version' },
  columns: {
    product_code: { required: true, maxLength: 40, pattern: '^[A-Za-z0-9._/-]+$' },
    product_name: { type: 'multi', editable: true, required: true, maxLength: 10 },
    brand_id: { type: 'ref', lookup: 'product_brands_brief', editable: true },
    min_margin: { type: 'number', editable: true, min: 0, max: 1000 },
    stock_qty: { type: 'number' },
    keep_in_stock: { type: 'int', options: [0, 1, 2], editable: true },
    active: { type: 'bool', editable: true },
    discount_end_date: { type: 'date', editable: true },
    updated_at: { type: 'datetime' },
    extra: { type: 'json', editable: true },
  },
});
const brands = parseScreen({
  form: 'brands',
  route: '/products/brands',
  source: { relation: 'app.brands', key: 'brand_id', write: 'app.brands', generatedKey: true, version: 'row_version' },
  columns: { brand_id: { type: 'int' }, brand_name: { editable: true, required: true, maxLength: 100 }, active: { type: 'bool', editable: true } },
});
const types = {
  product_code: 'text', product_name: 'multi', brand_id: 'int', min_margin: 'number', stock_qty: 'number',
  keep_in_stock: 'int', active: 'bool', discount_end_date: 'date', updated_at: 'datetime', extra: 'json',
} as const;
const field = (name: string, mode: 'add' | 'edit' = 'edit') => formFields(products, mode).find((f) => f.field === name)!;

const row = {
  product_code: 'P000001',
  product_name: { en: 'Chair', de: 'Stuhl' },
  brand_id: 3,
  min_margin: 12.5,
  stock_qty: 4,
  keep_in_stock: 1,
  active: true,
  discount_end_date: null,
  updated_at: '2026-01-02T03:04:05.000Z',
  extra: null,
  row_version: 7,
};

describe('fields per mode', () => {
  it('add: the key (not generated) and the editable columns, in column order', () => {
    expect(formFields(products, 'add').map((f) => f.field)).toEqual([
      'product_code', 'product_name', 'brand_id', 'min_margin', 'keep_in_stock', 'active', 'discount_end_date', 'extra',
    ]);
  });

  it('add with a generated key: the editable columns only', () => {
    expect(formFields(brands, 'add').map((f) => f.field)).toEqual(['brand_name', 'active']);
  });

  it('edit: the editable columns only (never the key, never read-only columns)', () => {
    expect(formFields(products, 'edit').map((f) => f.field)).toEqual([
      'product_name', 'brand_id', 'min_margin', 'keep_in_stock', 'active', 'discount_end_date', 'extra',
    ]);
  });

  it('input kinds, labels and required marks', () => {
    const kinds = Object.fromEntries(formFields(products, 'add').map((f) => [f.field, f.input]));
    expect(kinds).toEqual({
      product_code: 'text', product_name: 'multi', brand_id: 'ref', min_margin: 'number', keep_in_stock: 'select',
      active: 'checkbox', discount_end_date: 'date', extra: 'json',
    });
    expect(field('product_code', 'add')).toMatchObject({ labelId: 'fields.product_code', required: true });
    expect(field('min_margin').required).toBe(false);
  });
});

describe('inputs → values', () => {
  it('number inputs follow the float rule, keep a leading minus, refuse text without digits', () => {
    expect(parseNumberInput('12,5')).toBe(12.5);
    expect(parseNumberInput('1.234,56')).toBe(1234.56);
    expect(parseNumberInput('1,234.56')).toBe(1234.56);
    expect(parseNumberInput('1 000 kg')).toBe(1000);
    expect(parseNumberInput('-3,5')).toBe(-3.5);
    expect(parseNumberInput('  ')).toBeNull();
    expect(parseNumberInput('abc')).toBe('invalid');
    expect(toValue(field('min_margin'), 'abc')).toEqual({ error: { id: M.type_number } });
    expect(toValue(field('min_margin'), '7,25')).toEqual({ value: 7.25 });
  });

  it('json text is parsed; bad syntax is an error, empty is null', () => {
    expect(toValue(field('extra'), '{"a": 1}')).toEqual({ value: { a: 1 } });
    expect(toValue(field('extra'), '{a')).toEqual({ error: { id: M.type_json } });
    expect(toValue(field('extra'), ' ')).toEqual({ value: null });
  });

  it('initial values show the row; add starts empty', () => {
    const f = formFields(products, 'edit');
    expect(initialValues(f, row)).toEqual({
      product_name: { en: 'Chair', de: 'Stuhl' }, brand_id: 3, min_margin: '12.5', keep_in_stock: 1, active: true,
      discount_end_date: '', extra: '',
    });
    expect(initialValues(formFields(brands, 'add'))).toEqual({ brand_name: '', active: false });
  });

  it('datetime values round-trip through the local datetime-local format', () => {
    const local = toLocalDateTime('2026-01-02T03:04:00.000Z');
    expect(local).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
    const dt = { field: 'updated_at', col: products.columns.updated_at!, type: 'datetime', labelId: '', input: 'datetime', required: false } satisfies FormField;
    expect(toValue(dt, local)).toEqual({ value: '2026-01-02T03:04:00.000Z' });
  });

  it('multi: empty languages are dropped unless they clear a stored text', () => {
    expect(multiValue({ en: 'x', de: '', hu: '' }, { de: 'alt' })).toEqual({ en: 'x', de: '' });
    expect(multiValue({ en: '', de: '' })).toEqual({});
  });
});

describe('edit mode change set', () => {
  const fields = formFields(products, 'edit');
  const initial = initialValues(fields, row);

  it('nothing changed → nothing to write', () => {
    expect(collect(fields, 'edit', initial, { ...initial }, row)).toEqual({ values: {}, errors: {} });
  });

  it('only changed fields, converted; multi sends the whole object when a language changed', () => {
    const current = { ...initial, min_margin: '15,5', product_name: { en: 'Chair', de: 'Stuhl', hu: 'Szék' }, active: false };
    const sub = collect(fields, 'edit', initial, current, row);
    expect(sub).toEqual({ values: { product_name: { en: 'Chair', de: 'Stuhl', hu: 'Szék' }, min_margin: 15.5, active: false }, errors: {} });
    expect(editPayload(products, row, sub.values)).toEqual({
      product_code: 'P000001', row_version: 7, product_name: { en: 'Chair', de: 'Stuhl', hu: 'Szék' }, min_margin: 15.5, active: false,
    });
  });

  it('typing and undoing is no change; an empty language equals an absent one', () => {
    const f = field('product_name');
    expect(isChanged(f, { en: 'a' }, { en: 'a', de: '' })).toBe(false);
    expect(isChanged(f, { en: 'a' }, { en: 'b' })).toBe(true);
    expect(isChanged(field('min_margin'), '12.5', '12.5')).toBe(false);
  });

  it('clearing a field sends null, which a required field refuses', () => {
    const sub = collect(fields, 'edit', initial, { ...initial, min_margin: '', product_name: { en: '', de: '' } }, row);
    expect(sub.values).toEqual({ min_margin: null, product_name: { en: '', de: '' } });
    const r = validate(products, 'edit', types, sub);
    expect(r).toEqual({ ok: false, errors: { product_name: { id: M.required_any_language } } });
  });
});

describe('validation with the shared schemas', () => {
  it('add: missing must-haves are required; values out of bounds carry their values', () => {
    const fields = formFields(products, 'add');
    const current = { ...initialValues(fields), min_margin: '1001', keep_in_stock: 5 };
    const r = validate(products, 'add', types, collect(fields, 'add', initialValues(fields), current));
    expect(r).toEqual({
      ok: false,
      errors: {
        product_code: { id: M.required },
        product_name: { id: M.required },
        min_margin: { id: M.max, values: { max: '1000' } },
        keep_in_stock: { id: M.options, values: { options: '0, 1, 2' } },
      },
    });
  });

  it('add: a valid form gives the payload (empty optional fields left out, the checkbox sent)', () => {
    const fields = formFields(products, 'add');
    const current = { ...initialValues(fields), product_code: 'NEW-1', product_name: { en: 'New', de: '' }, brand_id: 3 };
    expect(validate(products, 'add', types, collect(fields, 'add', initialValues(fields), current))).toEqual({
      ok: true,
      values: { product_code: 'NEW-1', product_name: { en: 'New' }, brand_id: 3, active: false },
    });
  });

  it('conversion errors join the schema errors', () => {
    const fields = formFields(products, 'edit');
    const initial = initialValues(fields, row);
    const r = validate(products, 'edit', types, collect(fields, 'edit', initial, { ...initial, min_margin: 'x', extra: '{' }, row));
    expect(r).toEqual({ ok: false, errors: { min_margin: { id: M.type_number }, extra: { id: M.type_json } } });
  });

  it('one field at a time: live errors of each language of a multi input', () => {
    const f = field('product_name', 'add');
    expect(validateField(products, 'add', types, f, { en: 'far too long text', de: 'ok' })).toEqual({
      'product_name.en': { id: M.max_length, values: { max: '10' } },
    });
    expect(validateField(products, 'add', types, f, { en: '', de: '' })).toEqual({ product_name: { id: M.required } });
    expect(validateField(products, 'edit', types, f, { en: ' ' }, row.product_name)).toEqual({ product_name: { id: M.required_any_language } });
    expect(validateField(products, 'add', types, f, { en: 'Chair' })).toEqual({});
    expect(validateField(products, 'add', types, field('product_code', 'add'), 'a b')).toEqual({ product_code: { id: M.pattern } });
  });

  it('replacing the errors of one field keeps the others', () => {
    const errors = { product_name: { id: M.required }, 'product_name.de': { id: M.type_text }, min_margin: { id: M.min } };
    expect(withFieldErrors(errors, 'product_name', { 'product_name.en': { id: M.pattern } })).toEqual({
      min_margin: { id: M.min },
      'product_name.en': { id: M.pattern },
    });
  });
});

describe('lookup labels', () => {
  const vatsBrief = parseScreen({
    form: 'vats_brief', access: 'authenticated', source: { relation: 'app.vats', key: 'vat_id' },
    columns: { vat_id: { type: 'int' }, vat_names: { type: 'multi' }, vat_rate: { type: 'number' } },
  });
  it('the first non-key column, multi in the current language, then English, then any', () => {
    expect(lookupLabel(vatsBrief, { vat_id: 1, vat_names: { en: 'Standard', de: 'Normal' } }, 'de')).toBe('Normal');
    expect(lookupLabel(vatsBrief, { vat_id: 1, vat_names: { en: 'Standard' } }, 'hu')).toBe('Standard');
    expect(lookupLabel(vatsBrief, { vat_id: 1, vat_names: { sk: 'Základná' } }, 'hu')).toBe('Základná');
    expect(lookupLabel(brands, { brand_id: 1, brand_name: 'Acme' }, 'en')).toBe('Acme');
  });
});
