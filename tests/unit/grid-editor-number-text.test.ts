/** The text a number editor opens with reads back, by the spec §5 rule, as the stored number. */
import { describe, expect, it } from 'vitest';
import { LANGS } from '../../src/core/langs.ts';
import { parseSignedFloat } from '../../src/app/grid/cellValues.ts';
import { decimalSeparator, editableNumber } from '../../src/app/grid/editors/numberText.ts';

describe('editableNumber', () => {
  it("writes the UI language's decimal separator, no grouping, no currency", () => {
    expect(editableNumber(0.69, 'de')).toBe('0,69');
    expect(editableNumber(0.69, 'en')).toBe('0.69');
    expect(editableNumber(1234567.5, 'hu')).toBe('1234567,5');
    expect(editableNumber(1234567.5, 'en')).toBe('1234567.5');
    expect(editableNumber(-12.25, 'sk')).toBe('-12,25');
    expect(editableNumber(null, 'de')).toBe('');
    expect(editableNumber(undefined, 'de')).toBe('');
    expect(editableNumber('53.99', 'cs')).toBe('53,99');
    expect(editableNumber(1e-7, 'de')).toBe('0,0000001');
    expect(decimalSeparator('bg')).toBe(',');
  });

  it('reads back as the same number in every language', () => {
    for (const lang of LANGS) {
      for (const n of [0, 0.69, 53.99, 1000, 1234.5, 1234567.891, -5.5, 0.1 + 0.2, 100000000]) {
        expect(parseSignedFloat(editableNumber(n, lang)), `${lang} ${n}`).toBe(n);
      }
    }
  });
});
