import { describe, expect, it } from 'vitest';
import { needsChanged } from '../../src/app/grid/headerFit.ts';
import { buildLayout, FLEX_MIN, type LeafColumn } from '../../src/app/grid/layout.ts';
import type { GridColumn } from '../../src/app/grid/types.ts';

const col = (field: string, width?: number) => ({ field, width, align: 'start', editable: false, type: 'text' }) as unknown as GridColumn;
const leaf: LeafColumn[] = [
  { id: 'fixed', col: col('fixed', 100), pinned: false },
  { id: 'flex', col: col('flex'), pinned: false },
  { id: 'sized', col: col('sized', 100), pinned: false },
];

describe('headers wider than their column', () => {
  it('widen a descriptor width and a flex minimum to what the header needs; a width the user set stays', () => {
    const l = buildLayout(leaf, { sized: 80 }, false, { fixed: 130, flex: 150, sized: 140 });
    expect(l.cols.map((c) => [c.width, c.minWidth])).toEqual([
      [130, FLEX_MIN],
      [null, 150],
      [80, 80],
    ]);
    expect(l.template).toBe('130px minmax(150px, 1fr) 80px');
    expect(l.minWidth).toBe(130 + 150 + 80);
  });
  it('never narrow a column', () => {
    const l = buildLayout(leaf, {}, false, { fixed: 60, flex: 40 });
    expect(l.cols.map((c) => c.width ?? c.minWidth)).toEqual([100, FLEX_MIN, 100]);
  });
  it('count a re-measure within a pixel as no change', () => {
    expect(needsChanged({ a: 120 }, { a: 121 })).toBe(false);
    expect(needsChanged({ a: 120 }, { a: 125 })).toBe(true);
    expect(needsChanged({}, { b: 110 })).toBe(true);
  });
});
