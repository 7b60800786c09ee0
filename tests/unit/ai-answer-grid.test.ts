/** An Ask-AI answer as the grid's input (src/app/ai/answerGrid.ts): built in the browser from the answer alone. */
import { describe, expect, it } from 'vitest';
import { answerGrid } from '../../src/app/ai/answerGrid.ts';

describe('answerGrid', () => {
  it('makes a read-only screen of the answer: columns by kind, headers the names as given, rows in their order', () => {
    const g = answerGrid({
      columns: [
        { name: 'Brand name', kind: 'text' },
        { name: 'stock_value', kind: 'number' },
        { name: 'tags', kind: 'text' },
      ],
      rows: [
        ['Acme', 1234.5, ['a', 'b']],
        [null, null, true],
      ],
      chart: null,
    });
    expect(Object.entries(g.screen.columns).map(([f, c]) => [f, c.type, c.editable])).toEqual([
      ['ai_c0', 'text', false],
      ['ai_c1', 'number', false],
      ['ai_c2', 'text', false],
    ]);
    expect(g.screen.source.write).toBeUndefined();
    expect(g.screen.source.sort).toBeUndefined();
    expect(g.labels).toEqual({ 'fields.ai_c0': 'Brand name', 'fields.ai_c1': 'stock_value', 'fields.ai_c2': 'tags' });
    expect(g.rows).toEqual([
      { ai_row: 0, ai_c0: 'Acme', ai_c1: 1234.5, ai_c2: '["a","b"]' },
      { ai_row: 1, ai_c0: null, ai_c1: null, ai_c2: 'true' },
    ]);
  });
});
