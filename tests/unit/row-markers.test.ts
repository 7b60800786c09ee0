/** Row markers (spec §4): what marks a row, from its data only. */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { STYLED_STATES, rowMarks } from '../../src/core/rowMarkers.ts';

describe('rowMarks', () => {
  it('marks a workflow row by its state; the grid styles the states the spec names, and no others', () => {
    for (const s of ['placed', 'paid']) expect(rowMarks(['workflowState'], { state_code: s })).toBe(`state-${s}`);
    for (const s of ['', null, undefined]) expect(rowMarks(['workflowState'], { state_code: s })).toBe('');
    const css = readFileSync('src/app/grid/styles/gridBody.css', 'utf8');
    const styled = [...css.matchAll(/data-marks~='state-([a-z_]+)'/g)].map((m) => m[1]);
    expect(styled.sort()).toEqual([...STYLED_STATES].sort());
  });
  it('joins the marks of several markers, each reading its own column', () => {
    expect(rowMarks(['workflowState', 'deleted'], { state_code: 'cancelled', deleted: true })).toBe('state-cancelled deleted');
    expect(rowMarks(['deleted', 'inactive'], { deleted: false, active: false })).toBe('inactive');
    // Only false marks inactive: a row without the value (not loaded) is not marked.
    expect(rowMarks(['inactive'], { active: null })).toBe('');
    expect(
      rowMarks(['storageUsed', 'productExists', 'productCreated', 'changed', 'assigned'], { storage_is_used: true, product_exists: true, product_created: true, changed: true, assigned: true }),
    ).toBe('storageUsed productExists productCreated changed assigned');
    expect(rowMarks([], { deleted: true })).toBe('');
  });
});
