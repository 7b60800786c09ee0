/**
 * The floating filters' expressions → the list payload's filter and sort models
 * (src/app/grid/filters.ts).
 */
import { describe, expect, it } from 'vitest';
import { filterItem, parseNumberFilter, rescaleNumberFilter, toFilterModel, toSortModel } from '../../src/app/grid/filters.ts';
import type { CellSession, FilterKind, GridColumn, LookupDef, ValueType } from '../../src/app/grid/types.ts';
import { valueTest } from '../../src/app/grid/rowModel/clientQuery.ts';
import { moneyView } from '../../src/app/grid/moneyCurrency.ts';

/** The fields of a column filters.ts reads. */
function col(field: string, filter: FilterKind | null, valueType: ValueType = 'text', lookup: Partial<LookupDef> | null = null): GridColumn {
  return { field, filter, valueType, lookup: lookup && { form: 'x_brief', keyField: 'k', keyType: 'text', displayField: 'd', displayType: 'text', ...lookup } } as GridColumn;
}

describe('parseNumberFilter', () => {
  it('a number alone is equals', () => {
    expect(parseNumberFilter('10', 'de')).toEqual({ filterType: 'number', type: 'equals', filter: 10 });
    expect(parseNumberFilter(' 12,5 ', 'de')).toEqual({ filterType: 'number', type: 'equals', filter: 12.5 });
    expect(parseNumberFilter('-3', 'de')).toEqual({ filterType: 'number', type: 'equals', filter: -3 });
    expect(parseNumberFilter('1.234,56', 'de')).toEqual({ filterType: 'number', type: 'equals', filter: 1234.56 });
  });

  it('reads the comparison operators', () => {
    expect(parseNumberFilter('>10', 'de')).toEqual({ filterType: 'number', type: 'greaterThan', filter: 10 });
    expect(parseNumberFilter('>=10', 'de')).toEqual({ filterType: 'number', type: 'greaterThanOrEqual', filter: 10 });
    expect(parseNumberFilter('<5', 'de')).toEqual({ filterType: 'number', type: 'lessThan', filter: 5 });
    expect(parseNumberFilter('<=5', 'de')).toEqual({ filterType: 'number', type: 'lessThanOrEqual', filter: 5 });
    expect(parseNumberFilter('!=3', 'de')).toEqual({ filterType: 'number', type: 'notEqual', filter: 3 });
    expect(parseNumberFilter('<>3', 'de')).toEqual({ filterType: 'number', type: 'notEqual', filter: 3 });
    expect(parseNumberFilter('=7', 'de')).toEqual({ filterType: 'number', type: 'equals', filter: 7 });
  });

  it('allows blanks after the operator and negative operands', () => {
    expect(parseNumberFilter('>= 2,5', 'de')).toEqual({ filterType: 'number', type: 'greaterThanOrEqual', filter: 2.5 });
    expect(parseNumberFilter('< -1', 'de')).toEqual({ filterType: 'number', type: 'lessThan', filter: -1 });
  });

  it('two-character operators win over their one-character prefixes', () => {
    expect(parseNumberFilter('<>0', 'de')?.type).toBe('notEqual');
    expect(parseNumberFilter('<=0', 'de')?.type).toBe('lessThanOrEqual');
    expect(parseNumberFilter('>=0', 'de')?.type).toBe('greaterThanOrEqual');
  });

  it('reads two numbers joined by a dash as a range, never as one number (12-14 is not 1214)', () => {
    expect(parseNumberFilter('12-14', 'de')).toEqual({ filterType: 'number', type: 'inRange', filter: 12, filterTo: 14 });
    expect(parseNumberFilter('14 – 12', 'de')).toEqual({ filterType: 'number', type: 'inRange', filter: 12, filterTo: 14 });
    expect(parseNumberFilter('1,5-2,5', 'de')).toEqual({ filterType: 'number', type: 'inRange', filter: 1.5, filterTo: 2.5 });
    expect(parseNumberFilter('-14', 'de')).toEqual({ filterType: 'number', type: 'equals', filter: -14 });
  });

  it('refuses text that is no number rather than reading its digits (12abc, 1,5e, 12-14-16)', () => {
    for (const t of ['12abc', '1,5e', 'abc', '12-14-16', '>1x', '1..2x', '€10']) expect(parseNumberFilter(t, 'de'), t).toBeNull();
  });

  it('reads inclusive ranges, in either order', () => {
    expect(parseNumberFilter('10..20', 'de')).toEqual({ filterType: 'number', type: 'inRange', filter: 10, filterTo: 20 });
    expect(parseNumberFilter('20..10', 'de')).toEqual({ filterType: 'number', type: 'inRange', filter: 10, filterTo: 20 });
    expect(parseNumberFilter('-5..5', 'de')).toEqual({ filterType: 'number', type: 'inRange', filter: -5, filterTo: 5 });
    expect(parseNumberFilter(' 1,5 .. 2,5 ', 'de')).toEqual({ filterType: 'number', type: 'inRange', filter: 1.5, filterTo: 2.5 });
  });

  it('answers null for text that is not an expression', () => {
    expect(parseNumberFilter('', 'de')).toBeNull();
    expect(parseNumberFilter('   ', 'de')).toBeNull();
    expect(parseNumberFilter('abc', 'de')).toBeNull();
    expect(parseNumberFilter('>', 'de')).toBeNull();
    expect(parseNumberFilter('10..', 'de')).toBeNull();
    expect(parseNumberFilter('..10', 'de')).toBeNull();
  });
});

describe('filterItem', () => {
  it('text: contains, trimmed; blank is no filter', () => {
    const c = col('name', 'text');
    expect(filterItem('text', '  spade ', c, 'de')).toEqual({ filterType: 'text', type: 'contains', filter: 'spade' });
    expect(filterItem('text', '   ', c, 'de')).toBeNull();
    expect(filterItem('text', '', c, 'de')).toBeNull();
    expect(filterItem('text', undefined, c, 'de')).toBeNull();
    expect(filterItem('text', null, c, 'de')).toBeNull();
  });

  it('number: the expression of parseNumberFilter', () => {
    const c = col('weight', 'number', 'number');
    expect(filterItem('number', '>1,5', c, 'de')).toEqual({ filterType: 'number', type: 'greaterThan', filter: 1.5 });
    expect(filterItem('number', 'x', c, 'de')).toBeNull();
  });

  it('number on an int column: fractional operands are no filter', () => {
    const c = col('qty', 'number', 'int');
    expect(filterItem('number', '5', c, 'de')).toEqual({ filterType: 'number', type: 'equals', filter: 5 });
    expect(filterItem('number', '1..3', c, 'de')).toEqual({ filterType: 'number', type: 'inRange', filter: 1, filterTo: 3 });
    expect(filterItem('number', '2,5', c, 'de')).toBeNull();
    expect(filterItem('number', '1..2,5', c, 'de')).toBeNull();
  });

  it('bool: "true" and "false" only', () => {
    const c = col('active', 'bool', 'bool');
    expect(filterItem('bool', 'true', c, 'de')).toEqual({ type: 'equals', filter: true });
    expect(filterItem('bool', 'false', c, 'de')).toEqual({ type: 'equals', filter: false });
    expect(filterItem('bool', 'yes', c, 'de')).toBeNull();
  });

  it('date: a day typed as the editors read it, a comparison or a range', () => {
    const c = col('valid_from', 'date', 'date');
    expect(filterItem('date', '2024-03-05', c, 'de')).toEqual({ filterType: 'date', type: 'equals', dateFrom: '2024-03-05' });
    expect(filterItem('date', '05.03.2024', c, 'de')).toEqual({ filterType: 'date', type: 'equals', dateFrom: '2024-03-05' });
    expect(filterItem('date', '2024-3-5', c, 'de')).toEqual({ filterType: 'date', type: 'equals', dateFrom: '2024-03-05' });
    expect(filterItem('date', '>= 31.12.2025', c, 'de')).toEqual({ filterType: 'date', type: 'greaterThanOrEqual', dateFrom: '2025-12-31' });
    expect(filterItem('date', '<2026-01-01', c, 'de')).toEqual({ filterType: 'date', type: 'lessThan', dateFrom: '2026-01-01' });
    expect(filterItem('date', '31.03.2026..01.01.2026', c, 'de')).toEqual({ filterType: 'date', type: 'inRange', dateFrom: '2026-01-01', dateTo: '2026-03-31' });
    // Hungarian dates end with a dot: the range still splits where both sides are dates.
    expect(filterItem('date', '2026. 01. 31...2026. 02. 28.', c, 'de')).toEqual({ filterType: 'date', type: 'inRange', dateFrom: '2026-01-31', dateTo: '2026-02-28' });
    expect(filterItem('date', '31.02.2026', c, 'de')).toBeNull();
    expect(filterItem('date', 'soon', c, 'de')).toBeNull();
    expect(filterItem('date', '>', c, 'de')).toBeNull();
  });

  it('datetime: the local calendar day as an instant range', () => {
    const c = col('updated_at', 'datetime', 'datetime');
    expect(filterItem('datetime', '2024-03-05', c, 'de')).toEqual({
      filterType: 'date',
      type: 'inRange',
      dateFrom: new Date(2024, 2, 5, 0, 0, 0, 0).toISOString(),
      dateTo: new Date(2024, 2, 5, 23, 59, 59, 999).toISOString(),
    });
    expect(filterItem('datetime', '2024-03-05 10:00', c, 'de')).toBeNull();
    // A day means all of it.
    const start = (d: number) => new Date(2024, 2, d, 0, 0, 0, 0).toISOString();
    const end = (d: number) => new Date(2024, 2, d, 23, 59, 59, 999).toISOString();
    expect(filterItem('datetime', '>05.03.2024', c, 'de')).toEqual({ filterType: 'date', type: 'greaterThan', dateFrom: end(5) });
    expect(filterItem('datetime', '>=05.03.2024', c, 'de')).toEqual({ filterType: 'date', type: 'greaterThanOrEqual', dateFrom: start(5) });
    expect(filterItem('datetime', '<05.03.2024', c, 'de')).toEqual({ filterType: 'date', type: 'lessThan', dateFrom: start(5) });
    expect(filterItem('datetime', '<=05.03.2024', c, 'de')).toEqual({ filterType: 'date', type: 'lessThanOrEqual', dateFrom: end(5) });
    expect(filterItem('datetime', '2024-03-05..2024-03-07', c, 'de')).toEqual({ filterType: 'date', type: 'inRange', dateFrom: start(5), dateTo: end(7) });
    expect(filterItem('datetime', '!=2024-03-05', c, 'de')).toBeNull();
  });

  it('ref: a set of the one key, typed as the lookup key', () => {
    expect(filterItem('ref', 'HU', col('country_code', 'ref', 'text', { keyType: 'text' }), 'de')).toEqual({ filterType: 'set', values: ['HU'] });
    expect(filterItem('ref', '42', col('brand_id', 'ref', 'int', { keyType: 'int' }), 'de')).toEqual({ filterType: 'set', values: [42] });
    expect(filterItem('ref', 'x', col('brand_id', 'ref', 'int', { keyType: 'int' }), 'de')).toBeNull();
    // Without a lookup the key stays text.
    expect(filterItem('ref', '42', col('brand_id', 'ref'), 'de')).toEqual({ filterType: 'set', values: ['42'] });
  });

  it('non-string values are read as their text', () => {
    expect(filterItem('number', 5, col('n', 'number', 'number'), 'de')).toEqual({ filterType: 'number', type: 'equals', filter: 5 });
    expect(filterItem('bool', true, col('b', 'bool', 'bool'), 'de')).toEqual({ type: 'equals', filter: true });
  });
});

describe('toFilterModel', () => {
  const columns = new Map<string, GridColumn>([
    ['name', col('name', 'text')],
    ['qty', col('qty', 'number', 'int')],
    ['active', col('active', 'bool', 'bool')],
    ['notes', col('notes', null)],
  ]);

  it('keeps the filters that parse, keyed by column', () => {
    expect(
      toFilterModel(
        [
          { id: 'name', value: 'abc' },
          { id: 'qty', value: '>=2' },
          { id: 'active', value: 'true' },
        ],
        columns,
        'de',
      ),
    ).toEqual({
      name: { filterType: 'text', type: 'contains', filter: 'abc' },
      qty: { filterType: 'number', type: 'greaterThanOrEqual', filter: 2 },
      active: { type: 'equals', filter: true },
    });
  });

  it('drops unknown columns, columns without a filter and values that do not parse', () => {
    expect(
      toFilterModel(
        [
          { id: 'missing', value: 'x' },
          { id: 'notes', value: 'x' },
          { id: 'qty', value: 'many' },
          { id: 'name', value: '  ' },
        ],
        columns,
        'de',
      ),
    ).toEqual({});
  });
});

describe('money filters in a converted view', () => {
  // EUR company, HUF view: 1 HUF = 0.0025 EUR, so shown = stored × 400, 0 digits.
  const session: CellSession = {
    currency: 'HUF',
    companyCurrency: 'EUR',
    companyRates: { EUR: 1, HUF: 0.0025 },
    currencies: [
      { currency_code: 'EUR', currency_precision: 2 },
      { currency_code: 'HUF', currency_precision: 0 },
    ],
    cdn: '',
    shops: [],
    languages: [],
  };
  const price = { ...col('price', 'number', 'money'), type: 'money', rendererKey: 'money', meta: {} } as unknown as GridColumn;
  const qty = col('qty', 'number', 'int');
  const shown = (stored: number) => Math.round(stored * 400);

  it('keeps exactly the rows whose shown amount passes the typed filter', () => {
    const view = moneyView(price, session)!;
    expect(view).toEqual({ factor: 400, precision: 0 });
    const stored = Array.from({ length: 4000 }, (_, i) => 53 + i * 0.00049);
    const cases: [string, (s: number) => boolean][] = [
      ['21595', (s) => s === 21595],
      ['>21595', (s) => s > 21595],
      ['>=21595', (s) => s >= 21595],
      ['<21595', (s) => s < 21595],
      ['<=21595', (s) => s <= 21595],
      ['21500..21600', (s) => s >= 21500 && s <= 21600],
    ];
    for (const [typed, want] of cases) {
      const item = toFilterModel([{ id: 'price', value: typed }], new Map([['price', price]]), 'de', (c) => moneyView(c, session)).price!;
      const test = valueTest(item, 'money');
      const kept = stored.filter((x) => test(x));
      expect(kept.length, typed).toBeGreaterThan(0);
      expect(kept, typed).toEqual(stored.filter((x) => want(shown(x))));
    }
  });

  it('filters money shown in its own currency by the amounts shown too (rounded to its digits)', () => {
    expect(moneyView(price, { ...session, currency: 'EUR' })).toEqual({ factor: 1, precision: 2 });
    expect(moneyView(price, { ...session, companyRates: { EUR: 1 } })).toEqual({ factor: 1, precision: 2 }); // no HUF rate: shown unconverted
    // show_prices' exact gross 66.4077 shows as €66.41: '66.41' keeps it, '>66.41' does not.
    const eur = (typed: string) => valueTest(toFilterModel([{ id: 'price', value: typed }], new Map([['price', price]]), 'en', (c) => moneyView(c, { ...session, currency: 'EUR' })).price!, 'money');
    expect(eur('66.41')(66.4077)).toBe(true);
    expect(eur('>66.41')(66.4077)).toBe(false);
    expect(eur('<=66.41')(66.4077)).toBe(true);
  });

  it('leaves other columns as typed', () => {
    expect(moneyView(qty, session)).toBeNull();
    const item = toFilterModel([{ id: 'qty', value: '>5' }], new Map([['qty', qty]]), 'de', (c) => moneyView(c, session)).qty;
    expect(item).toEqual({ filterType: 'number', type: 'greaterThan', filter: 5 });
  });
});

describe('rescaleNumberFilter', () => {
  it('carries a money filter into another currency, keeping its kind', () => {
    expect(rescaleNumberFilter('>100', 395, 0, 'de')).toBe('>39500');
    expect(rescaleNumberFilter('10..20', 0.5, 2, 'de')).toBe('5..10');
    expect(rescaleNumberFilter('21595,5', 1 / 395, 2, 'de')).toBe('54,67');
    // Written as the language writes numbers, so that its filter box reads it back.
    expect(rescaleNumberFilter('21,595.5', 1 / 395, 2, 'en')).toBe('54.67');
    expect(rescaleNumberFilter('<=-3', 2, 2, 'de')).toBe('<=-6');
    expect(rescaleNumberFilter('abc', 2, 2, 'de')).toBeNull();
  });
});

describe('toSortModel', () => {
  it('maps the table sorting in order', () => {
    expect(
      toSortModel([
        { id: 'name', desc: false },
        { id: 'qty', desc: true },
      ]),
    ).toEqual([
      { colId: 'name', sort: 'asc' },
      { colId: 'qty', sort: 'desc' },
    ]);
    expect(toSortModel([])).toEqual([]);
  });
});
