import { afterEach, describe, expect, it, vi } from 'vitest';
import { canConvert, convert, rowCurrency } from '../../src/core/money.ts';

// company_rates of a HUF company: value of one unit in HUF.
const rates = { HUF: 1, EUR: 400, USD: 360, CZK: 16 };

afterEach(() => {
  vi.restoreAllMocks();
});

describe('convert (spec §9: amount × rate(from) / rate(to))', () => {
  it('converts through the company currency', () => {
    expect(convert(10, 'EUR', 'HUF', rates)).toBe(4000);
    expect(convert(4000, 'HUF', 'EUR', rates)).toBe(10);
    expect(convert(9, 'EUR', 'USD', rates)).toBe(10);
    expect(convert(100, 'CZK', 'EUR', rates)).toBe(4);
  });

  it('keeps the amount for the same currency, rates or not', () => {
    expect(convert(12.34, 'EUR', 'EUR', rates)).toBe(12.34);
    expect(convert(12.34, 'XYZ', 'XYZ', {})).toBe(12.34);
  });

  it('keeps the sign of negative amounts', () => {
    expect(convert(-10, 'EUR', 'HUF', rates)).toBe(-4000);
  });

  it('reads numeric text', () => {
    expect(convert('10', 'EUR', 'HUF', rates)).toBe(4000);
    expect(convert(' 2.5 ', 'EUR', 'HUF', rates)).toBe(1000);
  });

  it('answers 0 for a falsy amount (spec §5)', () => {
    for (const a of [0, null, undefined, '', Number.NaN, '   ']) expect(convert(a as never, 'EUR', 'HUF', rates)).toBe(0);
    expect(convert('abc', 'EUR', 'HUF', rates)).toBe(0);
  });

  it('leaves the amount unchanged with a console warning when a rate is missing (spec §5)', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(convert(10, 'GBP', 'HUF', rates)).toBe(10);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]![0])).toContain('GBP');
    expect(convert(10, 'HUF', 'PLN', rates)).toBe(10);
    expect(warn).toHaveBeenCalledTimes(2);
    expect(String(warn.mock.calls[1]![0])).toContain('PLN');
  });

  it('treats a zero or non-finite rate as missing', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(convert(10, 'AAA', 'HUF', { AAA: 0, HUF: 1 })).toBe(10);
    expect(convert(10, 'BBB', 'HUF', { BBB: Number.POSITIVE_INFINITY, HUF: 1 })).toBe(10);
    expect(warn).toHaveBeenCalledTimes(2);
  });

  it('warns once per currency pair, not once per cell', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    for (let i = 0; i < 50; i++) convert(i + 1, 'SEK', 'HUF', rates);
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('does not warn for a falsy amount', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(convert(0, 'NOK', 'HUF', rates)).toBe(0);
    expect(warn).not.toHaveBeenCalled();
  });
});

describe('canConvert', () => {
  it('needs both rates, unless the currencies are the same', () => {
    expect(canConvert('EUR', 'HUF', rates)).toBe(true);
    expect(canConvert('EUR', 'GBP', rates)).toBe(false);
    expect(canConvert('GBP', 'GBP', {})).toBe(true);
    expect(canConvert('EUR', 'HUF', { EUR: 400, HUF: 0 })).toBe(false);
  });
});

describe('rowCurrency', () => {
  const row = { cost_amount: 5, cost_currency_code: 'eur', note: 'x', bad: 'EURO' };

  it('takes the currency code of the named field (upper-cased)', () => {
    expect(rowCurrency(row, 'cost_currency_code', 'HUF')).toBe('EUR');
  });

  it('falls back to the company currency without a field, a value or a code', () => {
    expect(rowCurrency(row, undefined, 'HUF')).toBe('HUF');
    expect(rowCurrency(row, 'missing', 'HUF')).toBe('HUF');
    expect(rowCurrency(row, 'bad', 'HUF')).toBe('HUF');
    expect(rowCurrency({ c: null }, 'c', 'HUF')).toBe('HUF');
    expect(rowCurrency(row, undefined, undefined)).toBeUndefined();
  });
});
