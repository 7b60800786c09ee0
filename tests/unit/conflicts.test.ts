/** 409s told apart by the server's error code; the merged rule of required multi-language values. */
import { describe, expect, it } from 'vitest';
import { conflictMessageId } from '../../src/core/httpErrors.ts';
import { emptiedMulti, mergeMulti, multiFilled } from '../../src/core/validation/columns.ts';

describe('conflictMessageId', () => {
  it('maps each 409 code to its own message, not every 409 to "already exists"', () => {
    expect(conflictMessageId('already_exists')).toBe('messages.already_exists');
    expect(conflictMessageId('stale_row')).toBe('messages.stale_row');
    expect(conflictMessageId('changed_since')).toBe('messages.undo_conflict');
    expect(conflictMessageId('in_use')).toBe('messages.in_use');
    expect(conflictMessageId('restore_conflict')).toBe('messages.restore_conflict');
    expect(conflictMessageId('something_else')).toBeUndefined();
  });
});

describe('required multi-language values after a patch', () => {
  const screen = { columns: { name: { type: 'multi' as const, required: true }, note: { type: 'multi' as const, required: false } } };
  it('merges per language and checks the merged value', () => {
    expect(mergeMulti({ en: 'a', de: 'b' }, { en: '' })).toEqual({ en: '', de: 'b' });
    expect(multiFilled({ en: ' ', de: '' })).toBe(false);
    expect(emptiedMulti(screen, { name: { en: 'a', de: 'b' } }, { name: { en: '' } })).toBeUndefined();
    expect(emptiedMulti(screen, { name: { en: 'a' } }, { name: '{"en":""}' })).toBe('name');
    expect(emptiedMulti(screen, { note: { en: 'a' } }, { note: { en: '' } })).toBeUndefined();
  });
});
