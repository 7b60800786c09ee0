/**
 * grid/features/edits/reread.ts: the rows a grid holds read again after a save (source.siblingWrites) —
 * only rows that differ are patched, only their changed fields, and rows with a save on
 * its way are left alone; server windows are read again by their loaded runs.
 */
import { describe, expect, it, vi } from 'vitest';
import { rereadRows } from '../../src/app/grid/features/edits/reread.ts';
import type { FetchPage, RowWindow } from '../../src/app/grid/rowModel/rowSource.ts';
import type { GridRow, Row } from '../../src/app/grid/types.ts';

vi.mock('../../src/app/grid/gridApi.ts', () => ({
  fetchWindow: vi.fn(async (_q: unknown, w: { startRow: number; endRow: number }) => ({
    rows: Array.from({ length: w.endRow - w.startRow }, (_, i) => ({ id: w.startRow + i, v: `db${w.startRow + i}` })),
    total: 1000,
  })),
}));

const query = { form: 'f', sortModel: [], filterModel: {}, language: 'en' };

function windowOf(rows: GridRow[], complete: boolean): RowWindow {
  return {
    seq: 1,
    settled: true,
    total: rows.length,
    totalExact: true,
    error: null,
    complete,
    row: (i) => rows[i],
    ensure: () => {},
    loadedRows: () => rows,
    patchById: () => true,
    dataById: () => undefined,
  };
}

describe('rereadRows', () => {
  it('patches the changed fields of rows that differ, and skips rows with a save on its way', async () => {
    const held = new Map<string, Row>([
      ['1', { id: 1, is_default: true, row_version: 3 }],
      ['2', { id: 2, is_default: false, row_version: 1 }],
      ['3', { id: 3, is_default: true, row_version: 5 }],
    ]);
    const fetchPage = vi.fn((): FetchPage => async () => ({
      rows: [
        { id: 1, is_default: false, row_version: 4 },
        { id: 2, is_default: true, row_version: 2 },
        { id: 3, is_default: false, row_version: 6 },
      ],
      total: 3,
    }));
    const patch = vi.fn();
    const main = windowOf(
      [...held.values()].map((data, index) => ({ index, id: String(data.id), data })),
      true,
    );
    await rereadRows({ query, main, fetchPage, rowId: (r) => String(r.id), current: (id) => held.get(id), patch, skip: (id) => id === '3' });
    // The whole source, unfiltered and in its own order (filters apply in memory).
    expect(fetchPage).toHaveBeenCalledWith({ ...query, filterModel: {}, sortModel: [] });
    expect(patch.mock.calls).toEqual([
      ['1', { is_default: false, row_version: 4 }],
      ['2', { is_default: true, row_version: 2 }],
    ]);
  });

  it('reads a server window again by the runs of its loaded rows', async () => {
    const { fetchWindow } = await import('../../src/app/grid/gridApi.ts');
    const loaded = [0, 1, 2, 200, 201].map((index) => ({ index, id: String(index), data: { id: index, v: 'old' } }));
    const patch = vi.fn();
    await rereadRows({ query, main: windowOf(loaded, false), fetchPage: vi.fn(), rowId: (r) => String(r.id), current: (id) => loaded.find((r) => r.id === id)?.data, patch, skip: () => false });
    expect(vi.mocked(fetchWindow).mock.calls.map((c) => c[1])).toEqual([
      { startRow: 0, endRow: 3 },
      { startRow: 200, endRow: 202 },
    ]);
    expect(patch).toHaveBeenCalledTimes(5);
    expect(patch).toHaveBeenCalledWith('201', { v: 'db201' });
  });
});
