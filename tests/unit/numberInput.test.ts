import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatMoney, formatWeight } from '../../src/core/format.ts';
import { LANGS, LOCALE } from '../../src/core/langs.ts';
import { editableNumber, numberStyle, numberText, numberTyping, readNumber } from '../../src/core/numberInput.ts';
import { parseMessage } from '../../src/core/validation/messages.ts';

describe('numberStyle (CLDR separators of the UI languages)', () => {
  it('reads them from Intl', () => {
    expect(numberStyle('en')).toEqual({ decimal: '.', group: ',' });
    expect(numberStyle('de')).toEqual({ decimal: ',', group: '.' });
    expect(numberStyle('ro')).toEqual({ decimal: ',', group: '.' });
    for (const l of ['hu', 'sk', 'cs', 'bg']) expect(numberStyle(l), l).toEqual({ decimal: ',', group: ' ' });
  });
});

describe('readNumber: as the language writes it', () => {
  it('English: comma groups, dot is decimal (issue 43: "1,000" is a thousand)', () => {
    expect(readNumber('1,000', 'en')).toBe(1000);
    expect(readNumber('1,234.56', 'en')).toBe(1234.56);
    expect(readNumber('1,234,567.8', 'en')).toBe(1234567.8);
    expect(readNumber('12.5', 'en')).toBe(12.5);
    expect(readNumber('.5', 'en')).toBe(0.5);
    expect(readNumber('€1,305.00', 'en')).toBe(1305);
    expect(readNumber('-€7.06', 'en')).toBe(-7.06);
    expect(readNumber('HUF 3,141', 'en')).toBe(3141);
  });
  it('German and Romanian: dot groups, comma is decimal', () => {
    for (const l of ['de', 'ro']) {
      expect(readNumber('1.000', l)).toBe(1000);
      expect(readNumber('1,5', l)).toBe(1.5);
      expect(readNumber('1.234,56', l)).toBe(1234.56);
      expect(readNumber('-1.234.567,8 €', l)).toBe(-1234567.8);
      expect(readNumber(',25', l)).toBe(0.25);
      expect(readNumber('12.345,', l)).toBe(12345);
    }
  });
  it('Hungarian, Slovak, Czech, Bulgarian: a (no-break) space groups, comma is decimal', () => {
    for (const l of ['hu', 'sk', 'cs', 'bg']) {
      expect(readNumber('1 000', l)).toBe(1000);
      expect(readNumber('1\u00a0234,5', l)).toBe(1234.5);
      expect(readNumber('1\u202f234\u202f567,25', l)).toBe(1234567.25);
      expect(readNumber('3140,52', l)).toBe(3140.52);
      expect(readNumber('-1 234,50 лв.', l)).toBe(-1234.5);
    }
  });
  it('a space groups in every language (weights are written so)', () => {
    expect(readNumber('1 000 kg', 'en')).toBe(1000);
    expect(readNumber('1 234.50 kg', 'en')).toBe(1234.5);
    expect(readNumber('1 234,50 kg', 'de')).toBe(1234.5);
  });
  it('refuses what fits no reading of the language', () => {
    for (const t of ['1,00,0', '1,5', '1.234,56', '1,2345', '12,34', '1.2.3', '1,000 000']) expect(readNumber(t, 'en'), `en ${t}`).toBeNull();
    for (const t of ['1.2.3', '1.5', '1.50', '7.06', '1,234.56', '1,2,3', '12.34.567']) expect(readNumber(t, 'de'), `de ${t}`).toBeNull();
    for (const t of ['1.5', '1.000', '1,000.5', '1 00']) expect(readNumber(t, 'hu'), `hu ${t}`).toBeNull();
  });
  it('refuses text that is no number, and more than one sign', () => {
    for (const t of ['', '  ', 'kg', '.,', '1e5', '12 kg 5', '--5', '-€-5', '12-14']) expect(readNumber(t, 'en'), t).toBeNull();
  });
  it('keeps the sign (hyphen or minus sign), zero unsigned', () => {
    expect(readNumber('−3', 'en')).toBe(-3);
    expect(readNumber('+3', 'en')).toBe(3);
    expect(Object.is(readNumber('-0', 'en'), 0)).toBe(true);
  });
});

describe('numberText: a field’s number or its refusal', () => {
  it('blank clears the field', () => {
    expect(numberText('  ', 'de')).toEqual({ ok: true, value: null });
  });
  it('names the language’s way of writing numbers', () => {
    const r = numberText('1,00,0', 'en');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(parseMessage(r.message)).toEqual({ id: 'validation.number_format', values: { example: '1,234.56' } });
    const de = numberText('1.5', 'de');
    if (!de.ok) expect(parseMessage(de.message).values).toEqual({ example: '1.234,56' });
    else expect.unreachable();
  });
  it('whole numbers: a fraction of zeros is the whole number, another fraction is refused', () => {
    expect(numberText('2.0', 'en', true)).toEqual({ ok: true, value: 2 });
    expect(numberText('1.000', 'de', true)).toEqual({ ok: true, value: 1000 });
    expect(numberText('2,5', 'de', true)).toEqual({ ok: false, message: 'validation.type_integer' });
  });
});

describe('numberTyping (a number box as typed or pasted)', () => {
  it('keeps digits, separators and a leading minus; drops a currency or unit', () => {
    expect(numberTyping('13xyz')).toBe('13');
    expect(numberTyping('1,5e')).toBe('1,5');
    expect(numberTyping('€7.06')).toBe('7.06');
    expect(numberTyping('-3 140,52 Ft')).toBe('-3140,52');
    expect(numberTyping('1 234,50 лв.')).toBe('1234,50');
    expect(numberTyping('')).toBe('');
  });
  it('what the box keeps reads as the pasted text does', () => {
    for (const [t, l] of [
      ['€1,234.56', 'en'],
      ['1.234,56 €', 'de'],
      ['-1 234,50 лв.', 'bg'],
    ] as const)
      expect(readNumber(numberTyping(t), l)).toBe(readNumber(t, l));
  });
});

describe('editableNumber (the text a number box opens with)', () => {
  it('the language’s decimal mark, no groups, read back as the same number', () => {
    expect(editableNumber(0.69, 'de')).toBe('0,69');
    expect(editableNumber(1234567.5, 'en')).toBe('1234567.5');
    for (const l of LANGS) for (const n of [0, 0.69, -12.25, 1234567.5, 1e-7]) expect(readNumber(editableNumber(n, l), l), `${l} ${n}`).toBe(n);
  });
});

// Property: what the app writes in each language reads back as the same number.
describe('format → readNumber round trip (fast-check)', () => {
  // Values with up to 4 decimals, negatives included: an integer count of ten-thousandths.
  const amount = fc.integer({ min: -99_999_999_999, max: 99_999_999_999 }).map((n) => n / 10_000);
  const lang = fc.constantFrom(...LANGS);

  it('amounts (formatMoney, 4 decimals, each currency of the app)', () => {
    fc.assert(
      fc.property(amount, lang, fc.constantFrom('EUR', 'HUF', 'BGN', 'CZK', 'RON', 'USD', 'GBP'), (x, l, cur) => {
        expect(readNumber(formatMoney(x, cur, LOCALE[l], 4), l)).toBe(x);
      }),
      { numRuns: 2000 },
    );
  });
  it('plain numbers (grouping on, up to 4 decimals) and weights', () => {
    fc.assert(
      fc.property(amount, lang, (x, l) => {
        const plain = new Intl.NumberFormat(LOCALE[l], { useGrouping: 'always', maximumFractionDigits: 4 }).format(x);
        expect(readNumber(plain, l)).toBe(x);
        const w = Math.round(x * 100) / 100 || 0; // never -0
        expect(readNumber(formatWeight(w, LOCALE[l]), l)).toBe(w);
      }),
      { numRuns: 2000 },
    );
  });
});
