/**
 * Money in forms and min/max refusals (issue 19 point 1, the rest): a form's money input
 * is typed in the currency shown, as the grid's cells (the same moneyCurrency.ts
 * functions); a refused min/max names the limit in that currency, rounded toward the side
 * the limit allows, so the amount it names is itself accepted.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseScreen } from '../../schemas/screen.ts';
import { collect, formFields, initialValues, validate, validateField, type MoneyOf } from '../../src/app/forms/formModel.ts';
import { moneyRefusal, storedNote, typingIn, type MoneyTyping } from '../../src/app/grid/moneyTyping.ts';
import type { CellSession } from '../../src/app/grid/types.ts';
import { roundMoney, shownAmount, shownLimit, storedFromShown } from '../../src/core/money.ts';
import { type ValueType } from '../../src/core/validation/columns.ts';
import { M } from '../../src/core/validation/messages.ts';

const rates = { HUF: 1, EUR: 392.565, USD: 360 };
const session = (currency: string): CellSession => ({
  currency,
  companyCurrency: 'HUF',
  companyRates: rates,
  currencies: [
    { currency_code: 'HUF', currency_precision: 0 },
    { currency_code: 'EUR', currency_precision: 2 },
    { currency_code: 'USD', currency_precision: 2 },
  ],
  cdn: '',
  shops: [],
  languages: [],
});

const screen = parseScreen({
  form: 'prices',
  route: '/prices/prices',
  source: { relation: 'app.v_prices', key: 'product_code', write: 'app.products', company: 'company_code', version: 'row_version' },
  columns: {
    product_code: { required: true },
    selling_price_shop: { type: 'money', editable: true, min: 0, max: 100000000 },
    purchase_price_original: { type: 'money', currencyField: 'purchase_price_currency_code', editable: true, min: 0, max: 100000000 },
    purchase_price_currency_code: { editable: true },
    min_margin: { type: 'number', editable: true, min: 0, max: 1000 },
  },
});
const types: Record<string, ValueType> = Object.fromEntries(Object.entries(screen.columns).map(([f, c]) => [f, c.type as ValueType]));

/** The forms' money typing over a row, as ScreenFormDialog's useMoneyOf. */
const moneyOfIn =
  (s: CellSession, row: Record<string, unknown>): MoneyOf =>
  (f) =>
    f.input === 'number' && f.col.type === 'money' ? typingIn(f.col.currencyField, row, s) : undefined;

describe('a money input of a form, in the EUR view of a HUF company', () => {
  const row = { product_code: 'P1', row_version: 3, selling_price_shop: 2771, purchase_price_original: 10.5, purchase_price_currency_code: 'USD', min_margin: 12.5 };
  const s = session('EUR');
  const moneyOf = moneyOfIn(s, row);
  const fields = formFields(screen, 'edit');

  it('starts with the amount as the grid shows it (€7.06), other numbers as stored', () => {
    const initial = initialValues(fields, row, 'edit', moneyOf);
    expect(initial.selling_price_shop).toBe('7.06');
    // In the row's own currency (USD) shown in EUR.
    expect(initial.purchase_price_original).toBe(String(shownAmount(10.5, 'USD', 'EUR', rates, () => 2).amount));
    expect(initial.min_margin).toBe('12.5');
  });

  it('left as it opened, nothing is written (no drift by the shown rounding)', () => {
    const initial = initialValues(fields, row, 'edit', moneyOf);
    expect(collect(fields, 'edit', initial, { ...initial }, row, moneyOf).values).toEqual({});
  });

  it('8 typed is stored as the forints that show €8.00 again; in its own currency (USD) likewise', () => {
    const initial = initialValues(fields, row, 'edit', moneyOf);
    const sub = collect(fields, 'edit', initial, { ...initial, selling_price_shop: '8', purchase_price_original: '8' }, row, moneyOf);
    expect(sub.values.selling_price_shop).toBe(3140.52);
    expect(shownAmount(3140.52, 'HUF', 'EUR', rates, () => 2).amount).toBe(8);
    const usd = sub.values.purchase_price_original as number;
    expect(usd).toBe(storedFromShown(8, 'EUR', 'USD', rates, 2));
    expect(shownAmount(usd, 'USD', 'EUR', rates, () => 2).amount).toBe(8);
  });

  it('an add form stores the converted amount; a default left alone is kept exactly', () => {
    const withDefault = parseScreen({ ...screen, columns: { ...screen.columns, selling_price_shop: { type: 'money', editable: true, default: 1000 } } });
    const add = formFields(withDefault, 'add');
    const m = moneyOfIn(s, {});
    const initial = initialValues(add, {}, 'add', m);
    expect(initial.selling_price_shop).toBe('2.55');
    expect(collect(add, 'add', initial, { ...initial, product_code: 'P9' }, {}, m).values.selling_price_shop).toBe(1000);
    expect(collect(add, 'add', initial, { ...initial, product_code: 'P9', selling_price_shop: '8' }, {}, m).values.selling_price_shop).toBe(3140.52);
  });

  it('says what will be stored', () => {
    expect(storedNote(8, typingIn(undefined, {}, s)!, 'en-US')).toBe('= HUF\u00a03,140.52');
  });

  it('refuses an amount beyond the max in the currency typed in', () => {
    const m = moneyOf(fields.find((f) => f.field === 'selling_price_shop')!)!;
    const errors = validateField(
      screen,
      'edit',
      types,
      fields.find((f) => f.field === 'selling_price_shop')!,
      '300000',
      2771,
      m,
    );
    expect(errors.selling_price_shop).toEqual({ id: M.max, values: { max: 100000000 } });
    expect(moneyRefusal(errors.selling_price_shop!, m, 'en-US')).toEqual({ id: 'validation.max_amount', values: { max: '€254,734.88' } });
    // The limit it names is accepted; a cent more is not.
    const r = (typed: string) => validate(screen, 'edit', types, collect(fields, 'edit', { selling_price_shop: '7.06' }, { selling_price_shop: typed }, row, moneyOf)).ok;
    expect(r('254734.88')).toBe(true);
    expect(r('254734.89')).toBe(false);
  });
});

describe('moneyRefusal', () => {
  const eur: MoneyTyping = { stored: 'HUF', shown: 'EUR', digits: 2, storedDigits: 0, rates };
  it('says a min or max in the currency typed in; other messages unchanged', () => {
    expect(moneyRefusal({ id: M.min, values: { min: '100' } }, eur, 'en-US')).toEqual({ id: 'validation.min_amount', values: { min: '€0.26' } });
    expect(moneyRefusal({ id: M.required }, eur, 'en-US')).toEqual({ id: M.required });
    // In the stored currency itself: the limit formatted as money.
    const huf: MoneyTyping = { stored: 'HUF', shown: 'HUF', digits: 0, storedDigits: 0, rates };
    expect(moneyRefusal({ id: M.max, values: { max: '100000000' } }, huf, 'en-US')).toEqual({ id: 'validation.max_amount', values: { max: 'HUF\u00a0100,000,000' } });
  });
});

describe('shownLimit', () => {
  it('rounds a max down and a min up in the shown currency', () => {
    expect(shownLimit(100000000, 'max', 'HUF', 'EUR', rates, 2)).toBe(254734.88); // 254734.8847…
    expect(shownLimit(100, 'min', 'HUF', 'EUR', rates, 2)).toBe(0.26); // 0.2547…
    expect(shownLimit(0, 'min', 'HUF', 'EUR', rates, 2)).toBe(0);
    expect(shownLimit(3140.52, 'max', 'HUF', 'EUR', rates, 2)).toBe(8); // exactly €8.00 (float noise aside)
  });

  it('names an amount that is accepted once typed, and the next one is refused (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000_000 }), fc.bigInt({ min: 10n ** 8n, max: 10n ** 13n }), fc.constantFrom(0, 2), (limit, rv, d) => {
        const r = { STO: 1, SHO: Number(rv) / 1e10 };
        // A stored step of 0.0001 moves the shown amount by less than its last digit.
        fc.pre((1 / r.SHO) * 1e-4 < 0.9 * 10 ** -d);
        const max = shownLimit(limit, 'max', 'STO', 'SHO', r, d);
        expect(storedFromShown(max, 'SHO', 'STO', r, d)).toBeLessThanOrEqual(limit);
        expect(storedFromShown(roundMoney(max + 10 ** -d, d), 'SHO', 'STO', r, d)).toBeGreaterThan(limit);
        const min = shownLimit(limit, 'min', 'STO', 'SHO', r, d);
        expect(storedFromShown(min, 'SHO', 'STO', r, d)).toBeGreaterThanOrEqual(limit);
        expect(storedFromShown(roundMoney(min - 10 ** -d, d), 'SHO', 'STO', r, d)).toBeLessThan(limit);
      }),
      { numRuns: 3000 },
    );
  });
});
