import { describe, expect, it } from 'vitest';
import { numberTyping, parseAmountInput, parseFloatInput, parseIntInput } from '../../src/core/parseFloat.ts';

describe('parseFloatInput (spec §5 float editor rule)', () => {
  it('reads plain numbers', () => {
    expect(parseFloatInput('12')).toBe(12);
    expect(parseFloatInput('12.5')).toBe(12.5);
    expect(parseFloatInput('0')).toBe(0);
  });

  it('strips everything but digits, comma and dot', () => {
    expect(parseFloatInput(' 1 000 kg')).toBe(1000);
    expect(parseFloatInput('€ 12,50')).toBe(12.5);
    expect(parseFloatInput('abc7x')).toBe(7);
    // The minus sign is not kept (the rule keeps digits and separators only).
    expect(parseFloatInput('-5')).toBe(5);
  });

  it('treats a lone comma as the decimal separator', () => {
    expect(parseFloatInput('12,5')).toBe(12.5);
    expect(parseFloatInput('0,25')).toBe(0.25);
    expect(parseFloatInput(',5')).toBe(0.5);
    expect(parseFloatInput('1,234')).toBe(1.234);
  });

  it('with both separators, the last one is decimal and the other groups thousands', () => {
    expect(parseFloatInput('1.234,56')).toBe(1234.56);
    expect(parseFloatInput('1,234.56')).toBe(1234.56);
    expect(parseFloatInput('1.234.567,8')).toBe(1234567.8);
    expect(parseFloatInput('1,234,567.8')).toBe(1234567.8);
    expect(parseFloatInput('12.345,')).toBe(12345);
  });

  it('reads several of one separator alone as thousands groups', () => {
    expect(parseFloatInput('1.234.567')).toBe(1234567);
    expect(parseFloatInput('1,234,567')).toBe(1234567);
  });

  it('answers null when no digit is left', () => {
    expect(parseFloatInput('')).toBeNull();
    expect(parseFloatInput('   ')).toBeNull();
    expect(parseFloatInput('.,')).toBeNull();
    expect(parseFloatInput('kg')).toBeNull();
    expect(parseFloatInput(null)).toBeNull();
    expect(parseFloatInput(undefined)).toBeNull();
  });

  it('passes finite numbers through', () => {
    expect(parseFloatInput(3.5)).toBe(3.5);
    expect(parseFloatInput(Number.NaN)).toBeNull();
  });
});

describe('parseIntInput', () => {
  it('keeps digits and a leading minus', () => {
    expect(parseIntInput('1 000')).toBe(1000);
    expect(parseIntInput('-12')).toBe(-12);
    expect(parseIntInput('x')).toBeNull();
    expect(parseIntInput('')).toBeNull();
  });

  it('reads grouped thousands, and refuses a fraction instead of dropping its separator', () => {
    expect(parseIntInput('1.000')).toBe(1000);
    expect(parseIntInput('1,000,000')).toBe(1000000);
    expect(parseIntInput('-1 234')).toBe(-1234);
    expect(parseIntInput('2.0')).toBe(2);
    expect(parseIntInput('2.5')).toBeNull();
    expect(parseIntInput('1,5')).toBeNull();
  });
});

describe('numberTyping (a number box as typed or pasted)', () => {
  it('keeps only digits, comma, dot and a leading minus', () => {
    expect(numberTyping('13xyz')).toBe('13');
    expect(numberTyping('12abc')).toBe('12');
    expect(numberTyping('1,5e')).toBe('1,5');
    expect(numberTyping('€7.06')).toBe('7.06');
    expect(numberTyping('-3 140,52 Ft')).toBe('-3140,52');
    expect(numberTyping('12-14')).toBe('1214');
    expect(numberTyping('')).toBe('');
  });
  it('reads back as the float rule reads the raw text', () => {
    for (const t of ['13xyz', '1,5e', '1.234,56 €', '€1,234.56']) expect(parseFloatInput(numberTyping(t))).toBe(parseFloatInput(t));
  });
});

describe('parseAmountInput (money typed or pasted in a currency)', () => {
  it('reads a copied amount with its currency', () => {
    expect(parseAmountInput('€7.06', 2)).toBe(7.06);
    expect(parseAmountInput('7,06 €', 2)).toBe(7.06);
    expect(parseAmountInput('-€7.06', 2)).toBe(-7.06);
  });
  it('groups thousands in a currency without decimals (a forint amount copied from a cell)', () => {
    expect(parseAmountInput('HUF 3,141', 0)).toBe(3141);
    expect(parseAmountInput('3.141 Ft', 0)).toBe(3141);
    expect(parseAmountInput('1,234,567 Ft', 0)).toBe(1234567);
    expect(parseAmountInput('3,5', 0)).toBe(3.5);
    expect(parseAmountInput('3,141', 2)).toBe(3.141);
  });
});
