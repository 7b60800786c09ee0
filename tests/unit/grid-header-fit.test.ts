import { describe, expect, it } from 'vitest';
import { needsChanged } from '../../src/app/grid/table/headerFit.ts';
import { parseScreen } from '../../schemas/screen.ts';
import { buildGridModel } from '../../src/app/grid/columns.ts';
import { FLEX_MIN } from '../../src/core/gridLayout.ts';
import { testGrid } from './gridTable.ts';

const model = buildGridModel(
  parseScreen({ form: 't_fit', route: '/t/fit', source: { relation: 'app.t_fit', key: 'fixed' }, columns: { fixed: { width: 100 }, flex: {}, sized: { width: 100 } } }, 'test'),
);
/** The rendered columns for these user widths and header needs (the grid's TanStack table). */
const buildLayout = (sizing: Record<string, number>, canSet: boolean, headerNeed: Record<string, number>) => testGrid(model, { columnSizing: sizing }, { headerNeed }).layout(canSet);

describe('headers wider than their column', () => {
  it('widen a descriptor width and a flex minimum to what the header needs; a width the user set stays', () => {
    const l = buildLayout({ sized: 80 }, false, { fixed: 130, flex: 150, sized: 140 });
    expect(l.cols.map((c) => [c.width, c.minWidth])).toEqual([
      [130, FLEX_MIN],
      [null, 150],
      [80, 80],
    ]);
    expect(l.template).toBe('130px minmax(150px, 1fr) 80px');
    expect(l.minWidth).toBe(130 + 150 + 80);
  });
  it('never narrow a column', () => {
    const l = buildLayout({}, false, { fixed: 60, flex: 40 });
    expect(l.cols.map((c) => c.width ?? c.minWidth)).toEqual([100, FLEX_MIN, 100]);
  });
  it('count a re-measure within a pixel as no change', () => {
    expect(needsChanged({ a: 120 }, { a: 121 })).toBe(false);
    expect(needsChanged({ a: 120 }, { a: 125 })).toBe(true);
    expect(needsChanged({}, { b: 110 })).toBe(true);
  });
});
