/**
 * Descriptor forms, the pure part: fields per mode, inputs → values, the change set of
 * edit mode, validation with the shared column schemas (node environment, no React).
 */
import { describe, expect, it } from 'vitest';
import { parseScreen } from '../../schemas/screen.ts';
import {
  addTags,
  choices,
  collect,
  editPayload,
  formFields,
  initialValues,
  inputKind,
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
import { parseTags } from '../../src/core/format.ts';
import { languageName, languageOptions } from '../../src/app/grid/editors/languageOptions.ts';
import { tagsValue } from '../../src/app/grid/editors/tags.ts';

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
  product_code: 'text',
  product_name: 'multi',
  brand_id: 'int',
  min_margin: 'number',
  stock_qty: 'number',
  keep_in_stock: 'int',
  active: 'bool',
  discount_end_date: 'date',
  updated_at: 'datetime',
  extra: 'json',
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
    expect(formFields(products, 'add').map((f) => f.field)).toEqual(['product_code', 'product_name', 'brand_id', 'min_margin', 'keep_in_stock', 'active', 'discount_end_date', 'extra']);
  });

  it('add with a generated key: the editable columns only', () => {
    expect(formFields(brands, 'add').map((f) => f.field)).toEqual(['brand_name', 'active']);
  });

  it('edit: the editable columns only (never the key, never read-only columns)', () => {
    expect(formFields(products, 'edit').map((f) => f.field)).toEqual(['product_name', 'brand_id', 'min_margin', 'keep_in_stock', 'active', 'discount_end_date', 'extra']);
  });

  it('input kinds, labels and required marks', () => {
    const kinds = Object.fromEntries(formFields(products, 'add').map((f) => [f.field, f.input]));
    expect(kinds).toEqual({
      product_code: 'text',
      product_name: 'multi',
      brand_id: 'ref',
      min_margin: 'number',
      keep_in_stock: 'select',
      active: 'checkbox',
      discount_end_date: 'date',
      extra: 'json',
    });
    expect(field('product_code', 'add')).toMatchObject({ labelId: 'fields.product_code', required: true });
    expect(field('min_margin').required).toBe(false);
  });
});

describe('inputs → values', () => {
  it('number inputs read numbers as the UI language writes them, keep a leading minus, refuse what fits no reading', () => {
    expect(parseNumberInput('12,5', 'de')).toEqual({ value: 12.5 });
    expect(parseNumberInput('1.234,56', 'de')).toEqual({ value: 1234.56 });
    expect(parseNumberInput('1,234.56', 'en')).toEqual({ value: 1234.56 });
    expect(parseNumberInput('1,000', 'en')).toEqual({ value: 1000 });
    expect(parseNumberInput('1 000 kg', 'hu')).toEqual({ value: 1000 });
    expect(parseNumberInput('-3,5', 'de')).toEqual({ value: -3.5 });
    expect(parseNumberInput('  ', 'de')).toEqual({ value: null });
    expect(parseNumberInput('abc', 'de')).toEqual({ error: { id: M.number_format, values: { example: '1.234,56' } } });
    expect(parseNumberInput('1.5', 'de')).toEqual({ error: { id: M.number_format, values: { example: '1.234,56' } } });
    expect(toValue(field('min_margin'), 'abc', undefined, undefined, 'de')).toEqual({ error: { id: M.number_format, values: { example: '1.234,56' } } });
    expect(toValue(field('min_margin'), '7,25', undefined, undefined, 'de')).toEqual({ value: 7.25 });
  });

  it('json text is parsed; bad syntax is an error, empty is null', () => {
    expect(toValue(field('extra'), '{"a": 1}')).toEqual({ value: { a: 1 } });
    expect(toValue(field('extra'), '{a')).toEqual({ error: { id: M.type_json } });
    expect(toValue(field('extra'), ' ')).toEqual({ value: null });
  });

  it('initial values show the row; add starts empty', () => {
    const f = formFields(products, 'edit');
    expect(initialValues(f, row)).toEqual({
      product_name: { en: 'Chair', de: 'Stuhl' },
      brand_id: 3,
      min_margin: '12.5',
      keep_in_stock: 1,
      active: true,
      discount_end_date: '',
      extra: '',
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
    const sub = collect(fields, 'edit', initial, current, row, undefined, 'de');
    expect(sub).toEqual({ values: { product_name: { en: 'Chair', de: 'Stuhl', hu: 'Szék' }, min_margin: 15.5, active: false }, errors: {} });
    expect(editPayload(products, row, sub.values)).toEqual({
      product_code: 'P000001',
      row_version: 7,
      product_name: { en: 'Chair', de: 'Stuhl', hu: 'Szék' },
      min_margin: 15.5,
      active: false,
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
        // The name's rule as its legend says it (issue 19 point 6), not "This field is required".
        product_name: { id: M.required_any_language },
        min_margin: { id: M.max, values: { max: 1000 } },
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
    expect(r).toEqual({ ok: false, errors: { min_margin: { id: M.number_format, values: { example: '1,234.56' } }, extra: { id: M.type_json } } });
  });

  it('one field at a time: live errors of each language of a multi input', () => {
    const f = field('product_name', 'add');
    expect(validateField(products, 'add', types, f, { en: 'far too long text', de: 'ok' })).toEqual({
      'product_name.en': { id: M.max_length, values: { max: 10 } },
    });
    expect(validateField(products, 'add', types, f, { en: '', de: '' })).toEqual({ product_name: { id: M.required_any_language } });
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

describe('option choices', () => {
  it('are named by the column renderer when it names them, else shown as they are', () => {
    const f = field('keep_in_stock');
    expect(choices(f, 1, undefined, 'en').map((c) => c.label)).toEqual(['0', '1', '2']);
    expect(choices(f, 1, undefined, 'en', undefined, (o) => ['No', 'Yes', 'On order'][Number(o)]!)).toEqual([
      { value: 0, label: 'No' },
      { value: 1, label: 'Yes' },
      { value: 2, label: 'On order' },
    ]);
  });
});

describe('lookup labels', () => {
  const vatsBrief = parseScreen({
    form: 'vats_brief',
    access: 'authenticated',
    source: { relation: 'app.vats', key: 'vat_id' },
    columns: { vat_id: { type: 'int' }, vat_names: { type: 'multi' }, vat_rate: { type: 'number' } },
  });
  it('the first non-key column, multi in the current language, then English, then any', () => {
    expect(lookupLabel(vatsBrief, { vat_id: 1, vat_names: { en: 'Standard', de: 'Normal' } }, 'de')).toBe('Normal');
    expect(lookupLabel(vatsBrief, { vat_id: 1, vat_names: { en: 'Standard' } }, 'hu')).toBe('Standard');
    expect(lookupLabel(vatsBrief, { vat_id: 1, vat_names: { sk: 'Základná' } }, 'hu')).toBe('Základná');
    expect(lookupLabel(brands, { brand_id: 1, brand_name: 'Acme' }, 'en')).toBe('Acme');
  });

  it('a name in the UI language before a code (the real vats_brief: SK23 is shown as its name)', async () => {
    const real = parseScreen((await import('../../screens/lookups/vats_brief.ts')).default, 'vats_brief');
    expect(lookupLabel(real, { vat_id: 1, vat_code: 'SK23', vat_names: { en: 'Standard rate 23 %', de: 'Normalsatz 23 %' } }, 'de')).toBe('Normalsatz 23 %');
  });
});

/** A screen with every input the spec's forms name: tag, language, service, date, a default. */
const banners = parseScreen({
  form: 'banners',
  route: '/shops/banners',
  source: { relation: 'app.v_banners', key: 'banner_id', write: 'app.banners', generatedKey: true, version: 'row_version' },
  columns: {
    banner_id: { type: 'int' },
    tags: { editable: true, editor: 'tag', maxLength: 20 },
    tag_list: { type: 'json', editable: true, editor: 'tag' },
    language_code: { editable: true, required: true, editor: 'language', options: ['en', 'de', 'hu'] },
    service_code: { editable: true, editor: 'service' },
    install_service: { type: 'ref', lookup: 'services_brief', editable: true, editor: 'service' },
    country_code: { editable: true, editor: 'country' },
    valid_from: { type: 'date', editable: true, editor: 'date' },
    position: { type: 'int', editable: true, default: 10 },
    active: { type: 'bool', editable: true, default: true },
  },
});
const bannerTypes = {
  banner_id: 'int',
  tags: 'text',
  tag_list: 'json',
  language_code: 'text',
  service_code: 'text',
  install_service: 'text',
  country_code: 'text',
  valid_from: 'date',
  position: 'int',
  active: 'bool',
} as const;
const bannerField = (name: string) => formFields(banners, 'add').find((f) => f.field === name)!;

describe('inputs follow the editor key', () => {
  it('tag, language, service, country and date editors pick their inputs; services read services_brief', () => {
    const fields = formFields(banners, 'add');
    expect(Object.fromEntries(fields.map((f) => [f.field, f.input]))).toEqual({
      tags: 'tag',
      tag_list: 'tag',
      language_code: 'language',
      service_code: 'service',
      install_service: 'service',
      country_code: 'ref',
      valid_from: 'date',
      position: 'number',
      active: 'checkbox',
    });
    expect(Object.fromEntries(fields.flatMap((f) => (f.lookup ? [[f.field, f.lookup]] : [])))).toEqual({
      service_code: 'services_brief',
      install_service: 'services_brief',
      country_code: 'countries_brief',
    });
  });

  it('an editor that does not fit the column type, or no known key, falls back to the type', () => {
    expect(inputKind({ type: 'int', editor: 'tag' })).toBe('number');
    expect(inputKind({ type: 'bool', editor: 'language' })).toBe('checkbox');
    expect(inputKind({ type: 'text', editor: 'no_such_editor' })).toBe('text');
    expect(inputKind({ type: 'text', editor: 'select', options: ['a'] })).toBe('select');
    expect(inputKind({ type: 'date' })).toBe('date');
  });
});

describe('column defaults', () => {
  it('add starts with the defaults where the row gives nothing; edit shows the row', () => {
    const add = initialValues(formFields(banners, 'add'), { language_code: 'de' }, 'add');
    expect(add).toMatchObject({ active: true, position: '10', language_code: 'de', tags: '', valid_from: '' });
    // A pre-filled value (a detail grid's master key, a route filter) wins over the default.
    expect(initialValues(formFields(banners, 'add'), { active: false }, 'add').active).toBe(false);
    expect(initialValues(formFields(banners, 'edit'), { active: false, position: 3 }).active).toBe(false);
    expect(initialValues(formFields(banners, 'edit'), {}).active).toBe(false);
  });

  it('an untouched add form writes the default (an active row, as the database would store it)', () => {
    const fields = formFields(banners, 'add');
    const initial = initialValues(fields, undefined, 'add');
    const r = validate(banners, 'add', bannerTypes, collect(fields, 'add', initial, { ...initial, language_code: 'hu' }));
    expect(r).toEqual({ ok: true, values: { language_code: 'hu', position: 10, active: true } });
  });

  it('the descriptor schema refuses a default that is no value of its column', () => {
    const screen = (col: Record<string, unknown>) => ({
      form: 'x',
      route: '/x/y',
      source: { relation: 'app.x', key: 'id', write: 'app.x' },
      columns: { id: { type: 'int' }, c: col },
    });
    expect(parseScreen(screen({ type: 'bool', default: true })).columns.c!.default).toBe(true);
    expect(parseScreen(screen({ type: 'date', default: '2026-02-28' })).columns.c!.default).toBe('2026-02-28');
    expect(() => parseScreen(screen({ type: 'bool', default: 1 }))).toThrow(/columns\.c\.default: expected true or false, got 1/);
    expect(() => parseScreen(screen({ type: 'int', default: 1.5 }))).toThrow(/expected an integer/);
    expect(() => parseScreen(screen({ type: 'int', max: 12, default: 13 }))).toThrow(/within min and max/);
    expect(() => parseScreen(screen({ type: 'date', default: '2026-02-30' }))).toThrow(/expected a date yyyy-MM-dd/);
    expect(() => parseScreen(screen({ options: ['a', 'b'], default: 'c' }))).toThrow(/expected one of the options/);
    expect(() => parseScreen(screen({ maxLength: 2, default: 'abc' }))).toThrow(/at most 2 characters/);
    expect(() => parseScreen(screen({ type: 'multi', default: 'x' }))).toThrow(/no default on a multi column/);
  });
});

describe('tag input', () => {
  it('stores tags as one text joined by ", " (a json column: the array), as the grid tag editor does', () => {
    const text = bannerField('tags');
    expect(toValue(text, 'home, sale')).toEqual({ value: 'home, sale' });
    expect(toValue(text, ' home ,sale,home,')).toEqual({ value: 'home, sale' });
    expect(toValue(text, '')).toEqual({ value: null });
    expect(toValue(bannerField('tag_list'), 'home, sale')).toEqual({ value: ['home', 'sale'] });
    // The grid's tag editor: the same text, the same value.
    expect(tagsValue(parseTags('home, sale'), 'text')).toBe('home, sale');
    expect(tagsValue(parseTags('home, sale'), 'json')).toEqual(['home', 'sale']);
  });

  it('reads stored tags in any shape the renderers accept', () => {
    expect(initialValues([bannerField('tags')], { tags: 'a, b' }).tags).toBe('a, b');
    expect(initialValues([bannerField('tag_list')], { tag_list: ['a', 'b'] }).tag_list).toBe('a, b');
    expect(initialValues([bannerField('tags')], { tags: '["a","b"]' }).tags).toBe('a, b');
    expect(initialValues([bannerField('tags')], { tags: null }).tags).toBe('');
  });

  it('adds on comma-separated text, never twice (any letter case), never past maxLength', () => {
    expect(addTags([], 'home', 20)).toEqual({ tags: ['home'], left: '' });
    expect(addTags(['home'], 'sale, garden', 20)).toEqual({ tags: ['home', 'sale', 'garden'], left: '' });
    expect(addTags(['home'], 'HOME', 20)).toEqual({ tags: ['home'], left: '', note: { id: 'forms.tag_exists' } });
    // 'home, sale, garden' is 18 characters; ', spring' would make it 26.
    expect(addTags(['home', 'sale', 'garden'], 'spring, x', 20)).toEqual({
      tags: ['home', 'sale', 'garden'],
      left: 'spring, x',
      note: { id: M.max_length, values: { max: 20 } },
    });
    expect(addTags([], ' , ', undefined)).toEqual({ tags: [], left: '' });
  });

  it('the stored text is validated with the column rules (maxLength)', () => {
    expect(validateField(banners, 'add', bannerTypes, bannerField('tags'), 'home, sale, garden')).toEqual({});
    expect(validateField(banners, 'add', bannerTypes, bannerField('tags'), 'home, sale, garden, x')).toEqual({
      tags: { id: M.max_length, values: { max: 20 } },
    });
  });
});

describe('date input', () => {
  it('a typed date becomes yyyy-MM-dd; text that is no day is an error; empty is null', () => {
    const f = bannerField('valid_from');
    expect(toValue(f, '05.03.2026')).toEqual({ value: '2026-03-05' });
    expect(toValue(f, 'soon')).toEqual({ error: { id: M.type_date } });
    expect(toValue(f, ' ')).toEqual({ value: null });
    expect(validateField(banners, 'add', bannerTypes, f, '31.02.2026')).toEqual({ valid_from: { id: M.type_date } });
  });
});

describe('language input', () => {
  it('offers the column options (else the app languages) with names in the UI language and flags', () => {
    expect(languageOptions(['en', 'de', 'cs'], 'de')).toEqual([
      { code: 'en', name: 'Englisch', flag: '/flags/gb.svg' },
      { code: 'de', name: 'Deutsch', flag: '/flags/de.svg' },
      { code: 'cs', name: 'Tschechisch', flag: '/flags/cz.svg' },
    ]);
    expect(languageOptions(undefined, 'hu').map((o) => o.name)).toEqual(['Angol', 'Német', 'Magyar', 'Szlovák', 'Román', 'Cseh', 'Bolgár']);
    // The languages list's flag code wins; a stored value outside the options stays offered.
    expect(languageOptions(['en'], 'en', [{ language_code: 'en', flag_code: 'us' }], 'fr')).toEqual([
      { code: 'fr', name: 'French', flag: '/flags/fr.svg' },
      { code: 'en', name: 'English', flag: '/flags/us.svg' },
    ]);
    // Only the active languages (the session's list), the stored one kept.
    const active = [{ language_code: 'en' }, { language_code: 'de' }];
    expect(languageOptions(undefined, 'en', active).map((o) => o.code)).toEqual(['en', 'de']);
    expect(languageOptions(undefined, 'en', active, 'hu').map((o) => o.code)).toEqual(['hu', 'en', 'de']);
    expect(languageName('zz', 'en')).toBe('zz');
    // A configured flag service (init's `flags`) instead of this server's SVGs.
    expect(languageOptions(['cs'], 'en', [], undefined, 'https://flagcdn.com/w20/{code}.png')[0]!.flag).toBe('https://flagcdn.com/w20/cz.png');
  });

  it('writes the code; the column options are checked like every write', () => {
    const f = bannerField('language_code');
    expect(toValue(f, 'hu')).toEqual({ value: 'hu' });
    expect(validateField(banners, 'add', bannerTypes, f, null)).toEqual({ language_code: { id: M.required } });
    expect(validateField(banners, 'add', bannerTypes, f, 'sk')).toEqual({ language_code: { id: M.options, values: { options: 'en, de, hu' } } });
  });
});

describe('service input', () => {
  const servicesBrief = parseScreen({
    form: 'services_brief',
    access: 'authenticated',
    source: { relation: 'app.v_services', key: 'product_code', company: 'company_code' },
    columns: { product_code: {}, product_names: { type: 'multi' }, active: { type: 'bool' } },
  });
  const rows = [
    { product_code: 'SVC-SK01-DELIVERY', product_names: { en: 'Home delivery', de: 'Lieferung nach Hause' }, active: true },
    { product_code: 'SVC-SK01-INSTALL', product_names: { en: 'Installation' }, active: true },
  ];

  it("offers services as 'code · name' in the UI language, keeping the current value", () => {
    const f = bannerField('service_code');
    expect(choices(f, null, rows, 'de', servicesBrief)).toEqual([
      { value: 'SVC-SK01-DELIVERY', label: 'SVC-SK01-DELIVERY · Lieferung nach Hause' },
      { value: 'SVC-SK01-INSTALL', label: 'SVC-SK01-INSTALL · Installation' },
    ]);
    // Without the lookup's descriptor the service's own fields still label it.
    expect(choices(f, 'SVC-OLD', rows.slice(1), 'en').map((c) => c.label)).toEqual(['SVC-OLD', 'SVC-SK01-INSTALL · Installation']);
    // Not loaded yet: only the current value.
    expect(choices(f, 'SVC-SK01-INSTALL', undefined, 'en')).toEqual([{ value: 'SVC-SK01-INSTALL', label: 'SVC-SK01-INSTALL' }]);
  });

  it('writes the picked code; empty is null', () => {
    const f = bannerField('install_service');
    expect(toValue(f, 'SVC-SK01-INSTALL')).toEqual({ value: 'SVC-SK01-INSTALL' });
    expect(toValue(f, '')).toEqual({ value: null });
    const fields = formFields(banners, 'edit');
    const initial = initialValues(fields, { language_code: 'en', install_service: null, active: true });
    const sub = collect(fields, 'edit', initial, { ...initial, install_service: 'SVC-SK01-DELIVERY' });
    expect(validate(banners, 'edit', bannerTypes, sub)).toEqual({ ok: true, values: { install_service: 'SVC-SK01-DELIVERY' } });
  });
});
