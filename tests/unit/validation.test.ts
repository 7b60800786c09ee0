/**
 * The column schemas shared by the server's api_action engine and the browser forms:
 * every rule of values.ts, issues as locale keys with values, and the server's English text.
 */
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { parseScreen, type ColumnInput } from '../../schemas/screen.ts';
import { MAX_TEXT, PARSE_CONFIG, columnSchema, isValidDate, mustHave, rowSchema, scalarSchema, screenValueTypes, writableFields, type ValueType } from '../../src/core/validation/columns.ts';
import { M, englishMessage, issuesByPath, msg, parseMessage } from '../../src/core/validation/messages.ts';

const col = (c: Partial<ColumnInput> = {}) => ({ required: false, ...c }) as Parameters<typeof columnSchema>[0];

/** The output, or the first issue as { path, id, values }. */
function run(c: Partial<ColumnInput>, type: ValueType, value: unknown) {
  const r = v.safeParse(columnSchema(col(c), type), value, PARSE_CONFIG);
  if (r.success) return { ok: r.output };
  const [path, m] = Object.entries(issuesByPath(r.issues))[0]!;
  return { path, ...m };
}
const ok = (c: Partial<ColumnInput>, type: ValueType, value: unknown) => expect(run(c, type, value)).toHaveProperty('ok');
const fails = (c: Partial<ColumnInput>, type: ValueType, value: unknown, id: string, values?: Record<string, string | number>, path = '') =>
  expect(run(c, type, value), JSON.stringify(value)).toEqual(values ? { path, id, values } : { path, id });

describe('message scheme', () => {
  it('encodes a key with values and decodes it back', () => {
    expect(msg(M.required)).toBe('validation.required');
    expect(msg(M.max, { max: 1000 })).toBe('validation.max?max=1000');
    expect(msg(M.options, { options: [0, 1, 2] })).toBe('validation.options?options=0%2C+1%2C+2');
    expect(parseMessage('validation.options?options=0%2C+1%2C+2')).toEqual({ id: 'validation.options', values: { options: '0, 1, 2' } });
    expect(parseMessage('validation.pattern')).toEqual({ id: 'validation.pattern' });
  });

  it('turns foreign messages into validation.invalid', () => {
    expect(parseMessage('Invalid type: Expected string')).toEqual({ id: 'validation.invalid' });
    expect(parseMessage('validation.nope?x=1')).toEqual({ id: 'validation.invalid' });
  });

  it('every key has an English server text', () => {
    for (const id of Object.values(M)) {
      const issue = { message: id, input: 'x', path: undefined } as unknown as v.BaseIssue<unknown>;
      expect(englishMessage(issue, 'payload')).toMatch(/^payload: \S/);
    }
  });
});

describe('empty values', () => {
  it('null, undefined and empty string are null when not required', () => {
    for (const type of ['int', 'number', 'money', 'bool', 'date', 'datetime', 'text', 'multi', 'json'] as const) {
      for (const empty of [null, undefined, '']) expect(run({}, type, empty)).toEqual({ ok: null });
    }
  });

  it('are validation.required when required (a multi-language text: in at least one language, as when blank in all)', () => {
    for (const type of ['int', 'number', 'bool', 'date', 'text', 'json'] as const) {
      for (const empty of [null, undefined, '']) fails({ required: true }, type, empty, M.required);
    }
    for (const empty of [null, undefined, '']) fails({ required: true }, 'multi', empty, M.required_any_language);
  });
});

describe('types', () => {
  it('int: a safe integer', () => {
    ok({}, 'int', 0);
    ok({}, 'int', -7);
    ok({}, 'int', Number.MAX_SAFE_INTEGER);
    for (const bad of [1.5, '1', Number.MAX_SAFE_INTEGER + 1, Infinity, NaN, true, [], {}]) fails({}, 'int', bad, M.type_integer);
  });

  it('number and money: a finite number', () => {
    ok({}, 'number', 1.25);
    ok({}, 'money', -3);
    for (const bad of ['1.5', Infinity, -Infinity, NaN, false, '1e309']) {
      fails({}, 'number', bad, M.type_number);
      fails({}, 'money', bad, M.type_number);
    }
  });

  it('bool: true or false', () => {
    ok({}, 'bool', true);
    ok({}, 'bool', false);
    for (const bad of [0, 1, 'true']) fails({}, 'bool', bad, M.type_bool);
  });

  it('date: a real calendar date yyyy-MM-dd', () => {
    ok({}, 'date', '2026-02-28');
    ok({}, 'date', '2024-02-29');
    for (const bad of ['2026-02-30', '2026-13-01', '2026-1-01', '2026-01-01T00:00:00Z', 20260101]) fails({}, 'date', bad, M.type_date);
    expect(isValidDate('2025-02-29')).toBe(false);
  });

  it('datetime: parseable, returned as ISO', () => {
    expect(run({}, 'datetime', '2026-01-02T03:04:05+02:00')).toEqual({ ok: '2026-01-02T01:04:05.000Z' });
    for (const bad of ['not a date', 'x'.repeat(41), 5]) fails({}, 'datetime', bad, M.type_datetime);
  });

  it('text: a string of at most MAX_TEXT characters', () => {
    ok({}, 'text', 'abc');
    fails({}, 'text', 5, M.type_text);
    fails({}, 'text', 'x'.repeat(MAX_TEXT + 1), M.max_length, { max: MAX_TEXT });
  });

  it('multi: an object of two-letter language code → string', () => {
    expect(run({}, 'multi', { en: 'a', de: '' })).toEqual({ ok: { en: 'a', de: '' } });
    ok({}, 'multi', {});
    fails({}, 'multi', 'plain string', M.type_multi);
    fails({}, 'multi', ['a'], M.type_multi);
    fails({}, 'multi', { en: 5 }, M.type_text, undefined, 'en');
    fails({}, 'multi', { eng: 'x' }, M.type_language, undefined, 'eng');
    fails({}, 'multi', JSON.parse('{"__proto__": "x"}'), M.key_not_allowed, undefined, '__proto__');
  });

  it('json: any JSON value up to its size limit', () => {
    expect(run({}, 'json', { a: [1, 2] })).toEqual({ ok: { a: [1, 2] } });
    ok({}, 'json', 0);
    ok({}, 'json', false);
    fails({}, 'json', 'x'.repeat(100_001), M.too_large);
    fails({}, 'json', () => 1, M.type_json);
  });

  it('text, multi and json refuse U+0000 (PostgreSQL cannot store it)', () => {
    fails({}, 'text', 'a\u0000b', M.invalid_character);
    fails({}, 'multi', { en: 'ok', de: 'a\u0000' }, M.invalid_character, undefined, 'de');
    fails({}, 'json', { a: ['\u0000'] }, M.invalid_character);
    fails({}, 'json', { 'k\u0000': 1 }, M.invalid_character);
    ok({}, 'json', { a: '\\u0000 written out' });
    expect(v.safeParse(scalarSchema('text'), '\u0000').success).toBe(false);
  });

  it('bare scalars (keys, filters) have no bounds', () => {
    expect(v.safeParse(scalarSchema('int'), 5).success).toBe(true);
    expect(v.safeParse(scalarSchema('int'), '5').success).toBe(false);
  });
});

describe('required', () => {
  it('text: refuses blank text', () => {
    fails({ required: true }, 'text', '   ', M.required);
    ok({ required: true }, 'text', ' a ');
  });

  it('multi: at least one language non-blank', () => {
    fails({ required: true }, 'multi', {}, M.required_any_language);
    fails({ required: true }, 'multi', { en: ' ', de: '' }, M.required_any_language);
    ok({ required: true }, 'multi', { en: '', de: 'Name' });
  });

  it('bool: false is a value', () => ok({ required: true }, 'bool', false));
});

describe('bounds, length, pattern, options', () => {
  it('min and max on numbers', () => {
    ok({ min: 0, max: 100 }, 'number', 0);
    ok({ min: 0, max: 100 }, 'number', 100);
    fails({ min: 0, max: 100 }, 'number', -0.5, M.min, { min: 0 });
    fails({ min: 0, max: 100 }, 'number', 101, M.max, { max: 100 });
    fails({ min: 1 }, 'int', 0, M.min, { min: 1 });
  });

  it('min and max on dates', () => {
    const c = { min: '2026-01-01', max: '2026-12-31' };
    ok(c, 'date', '2026-06-15');
    fails(c, 'date', '2025-12-31', M.min, { min: '2026-01-01' });
    fails(c, 'date', '2027-01-01', M.max, { max: '2026-12-31' });
  });

  it('maxLength on text and per language on multi', () => {
    ok({ maxLength: 3 }, 'text', 'abc');
    fails({ maxLength: 3 }, 'text', 'abcd', M.max_length, { max: 3 });
    ok({ maxLength: 3 }, 'multi', { en: 'abc', de: 'xyz' });
    fails({ maxLength: 3 }, 'multi', { en: 'abc', de: 'wxyz' }, M.max_length, { max: 3 }, 'de');
  });

  it('pattern on text', () => {
    ok({ pattern: '^[0-9]*$' }, 'text', '0123');
    fails({ pattern: '^[0-9]*$' }, 'text', '12a', M.pattern);
  });

  it('options', () => {
    ok({ options: [0, 1, 2] }, 'int', 2);
    fails({ options: [0, 1, 2] }, 'int', 7, M.options, { options: '0, 1, 2' });
    fails({ options: ['a', 'b'] }, 'text', 'c', M.options, { options: 'a, b' });
  });

  it('the type is checked before the rules', () => fails({ min: 0 }, 'number', 'abc', M.type_number));
});

const products = parseScreen({
  form: 'product_list',
  route: '/products/product_list',
  source: { relation: 'app.v_product_list', key: 'product_code', write: 'app.products', version: 'row_version' },
  columns: {
    product_code: { required: true, maxLength: 40, pattern: '^[A-Za-z0-9._/-]+$' },
    product_name: { type: 'multi', editable: true, required: true, maxLength: 200 },
    brand_id: { type: 'ref', lookup: 'product_brands_brief', editable: true },
    min_margin: { type: 'number', editable: true, min: 0, max: 1000 },
    stock_qty: { type: 'number' },
    discount_end_date: { type: 'date', editable: true },
  },
});
const brands = parseScreen({
  form: 'product_brands_brief',
  access: 'authenticated',
  source: { relation: 'app.brands', key: 'brand_id' },
  columns: { brand_id: { type: 'int' }, brand_name: {} },
});
const types = screenValueTypes(products, (f) => (f === 'product_brands_brief' ? brands : undefined));

function row(mode: 'add' | 'set', value: unknown) {
  const r = v.safeParse(rowSchema(products, mode, types), value, PARSE_CONFIG);
  return r.success ? { ok: r.output } : { issues: issuesByPath(r.issues), first: englishMessage(r.issues[0], 'payload') };
}

describe('rows', () => {
  it('ref columns take the type of their lookup key', () => {
    expect(types).toMatchObject({ brand_id: 'int', product_name: 'multi', min_margin: 'number' });
    expect(() => screenValueTypes(products, () => undefined)).toThrow(/brand_id/);
  });

  it('writable fields: set = editable; add = editable + key unless generated', () => {
    expect(writableFields(products, 'set')).toEqual(['product_name', 'brand_id', 'min_margin', 'discount_end_date']);
    expect(writableFields(products, 'add')).toEqual(['product_code', 'product_name', 'brand_id', 'min_margin', 'discount_end_date']);
    const generated = parseScreen({
      ...brands,
      form: 'brands',
      access: 'page',
      route: '/products/brands',
      source: { ...brands.source, write: 'app.brands', generatedKey: true },
      columns: { brand_id: { type: 'int' }, brand_name: { editable: true } },
    });
    expect(writableFields(generated, 'add')).toEqual(['brand_name']);
    expect(mustHave(products, 'product_code')).toBe(true);
    expect(mustHave(products, 'min_margin')).toBe(false);
  });

  it('add: must-have fields missing are validation.required at their path (a multi-language one: in at least one language)', () => {
    const r = row('add', { min_margin: 5 });
    expect(r.issues).toEqual({ product_code: { id: M.required }, product_name: { id: M.required_any_language } });
    expect(r.first).toBe('payload.product_code: is required');
  });

  it('add: a valid row passes, absent optional fields stay absent', () => {
    expect(row('add', { product_code: 'P-1', product_name: { en: 'x' }, brand_id: null })).toEqual({
      ok: { product_code: 'P-1', product_name: { en: 'x' }, brand_id: null },
    });
  });

  it('set: every field optional, required ones may not be emptied, unknown fields dropped', () => {
    expect(row('set', {})).toEqual({ ok: {} });
    expect(row('set', { min_margin: 2, stock_qty: 5 })).toEqual({ ok: { min_margin: 2 } });
    expect(row('set', { product_name: { de: '' } }).issues).toEqual({ product_name: { id: M.required_any_language } });
  });

  it('server text names the field path (as the API tests expect)', () => {
    expect(row('set', { min_margin: 'abc' }).first).toBe('payload.min_margin: expected a number, got "abc"');
    expect(row('set', { min_margin: 1001 }).first).toBe('payload.min_margin: must be at most 1000');
    expect(row('set', { product_name: { en: 5 } }).first).toBe('payload.product_name.en: expected a string, got number');
    expect(row('set', { discount_end_date: '2026-02-30' }).first).toBe('payload.discount_end_date: expected a date yyyy-MM-dd, got "2026-02-30"');
    expect(row('set', { brand_id: 1.5 }).first).toBe('payload.brand_id: expected an integer, got number');
    expect(row('add', { product_code: 'a b', product_name: { en: 'x' } }).first).toBe('payload.product_code: does not match the expected format');
    expect(row('set', 'x').first).toBe('payload: expected an object, got "x"');
  });

  it('live errors: every failing language of a multi field has its own message', () => {
    const r = row('set', { product_name: { en: 'x'.repeat(201), de: 'ok', hu: 3 } });
    expect(r.issues).toEqual({
      'product_name.en': { id: M.max_length, values: { max: 200 } },
      'product_name.hu': { id: M.type_text },
    });
  });
});
