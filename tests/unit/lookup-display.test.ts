import { describe, expect, it } from 'vitest';
import { lookupDisplayField } from '../../src/core/lookupDisplay.ts';

describe('lookupDisplayField', () => {
  it('shows a name in the language when the lookup has names, before a code column', () => {
    expect(lookupDisplayField({ vat_id: { type: 'int' }, vat_code: {}, vat_names: { type: 'multi' }, vat_rate: { type: 'number' } }, ['vat_id'])).toBe('vat_names');
  });
  it('else the first column that is not a key', () => {
    expect(lookupDisplayField({ brand_id: { type: 'int' }, brand_name: {}, active: { type: 'bool' } }, ['brand_id'])).toBe('brand_name');
  });
  it('else the key itself', () => {
    expect(lookupDisplayField({ code: {} }, ['code'])).toBe('code');
  });
});
