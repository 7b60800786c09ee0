/**
 * A grid's live rows (src/app/grid/features/liveRows/liveRowsFollow.ts): someone else's change to the row being
 * edited is a conflict; the echo of a save the grid already holds is not (CI once showed
 * "changed meanwhile by Ada Admin" for Ada's own save, arrived while she typed the next value).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RowsEvent } from '../../src/app/api/liveRows.ts';
import type { Row } from '../../src/app/grid/types.ts';

const h = vi.hoisted(() => ({ listener: null as ((e: RowsEvent) => void) | null, fresh: [] as Record<string, unknown>[] }));
vi.mock('../../src/app/api/liveRows.ts', () => ({
  subscribeRows: (_form: string, on: (e: RowsEvent) => void) => {
    h.listener = on;
    return () => (h.listener = null);
  },
}));
vi.mock('../../src/app/grid/gridApi.ts', () => ({ fetchRows: () => Promise.resolve(h.fresh) }));

const { followRows, sameRow } = await import('../../src/app/grid/features/liveRows/liveRowsFollow.ts');

describe('live rows of the row being edited', () => {
  const held = new Map<string, Row>([['7', { cost_id: 7, cost_amount: 1.5, row_version: 3 }]]);
  const patched: string[] = [];
  const conflicts: unknown[] = [];
  const grid = () => ({
    form: 'purchase_order_costs',
    on: true,
    model: { keys: ['cost_id'], version: 'row_version', rowId: (r: Row) => String(r.cost_id) } as never,
    current: (id: string) => held.get(id),
    patch: (id: string) => void patched.push(id),
    busy: () => false,
    editingId: () => '7',
    rereadAll: () => Promise.resolve(),
  });
  beforeEach(() => {
    vi.useFakeTimers();
    patched.length = conflicts.length = 0;
  });
  afterEach(() => vi.useRealTimers());

  const event = async (row: Row) => {
    h.fresh = [row];
    const stop = followRows('purchase_order_costs', grid, (c) => conflicts.push(c));
    h.listener!({ form: 'purchase_order_costs', ids: [[7]], by: { name: 'Ada Admin' } } as RowsEvent);
    await vi.runAllTimersAsync();
    stop();
  };

  it("is no conflict when the event's row is the version the grid holds (its own save's echo)", async () => {
    await event({ cost_id: 7, cost_amount: 1.5, row_version: 3 });
    expect(conflicts).toEqual([]);
  });

  it('is a conflict when the row has a newer version', async () => {
    await event({ cost_id: 7, cost_amount: 2, row_version: 4 });
    expect(conflicts).toEqual([{ rowId: '7', by: 'Ada Admin', row: { cost_id: 7, cost_amount: 2, row_version: 4 } }]);
  });

  it('compares the fields where the form has no version', () => {
    expect(sameRow(undefined, { a: 1, b: [1] }, { a: 1, b: [1] })).toBe(true);
    expect(sameRow(undefined, { a: 1, b: [1] }, { a: 1, b: [2] })).toBe(false);
    expect(sameRow('v', undefined, { v: 1 })).toBe(false);
    expect(sameRow('v', { v: undefined }, { v: undefined })).toBe(false);
  });
});
