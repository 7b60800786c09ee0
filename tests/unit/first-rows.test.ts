import { describe, expect, it } from 'vitest';
import { BLOCK_SIZE, firstRequestParts, firstRowsPayload } from '../../src/core/firstRows.ts';

/** The first block's request, made by the route in the browser and by the server into the page (core/firstRows.ts). */
describe('firstRowsPayload', () => {
  it('asks for the first block in the saved sort, each column once', () => {
    const parts = firstRequestParts({
      v: 2,
      sorting: [
        { id: 'a', desc: true },
        { id: 'b', desc: false },
        { id: 'a', desc: false },
      ],
    });
    expect(firstRowsPayload(parts, 'de')).toEqual({
      startRow: 0,
      endRow: BLOCK_SIZE,
      language: 'de',
      count: 'estimate',
      sortModel: [
        { colId: 'a', sort: 'desc' },
        { colId: 'b', sort: 'asc' },
      ],
    });
  });

  it('no saved state, or one without a sort: the default order', () => {
    for (const state of [null, undefined, { v: 2 }, { v: 2, sorting: [] }])
      expect(firstRowsPayload(firstRequestParts(state), 'en')).toEqual({ startRow: 0, endRow: BLOCK_SIZE, language: 'en', count: 'estimate' });
  });

  it('leaves to the grid a state that filters or groups, or that it does not know', () => {
    for (const state of [
      { v: 2, columnFilters: [{ id: 'a', value: 1 }] },
      { v: 2, grouping: ['a'] },
      { v: 1, sorting: [] },
      { v: 2, sorting: [{ id: 1, desc: true }] },
      { v: 2, sorting: 'a' },
      'text',
      3,
    ]) {
      expect(firstRowsPayload(firstRequestParts(state), 'en'), JSON.stringify(state)).toBeUndefined();
    }
  });
});
