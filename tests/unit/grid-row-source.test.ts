/**
 * The server row model's block loads: forward scrolling asks by keyset (after the last row
 * of the block before, even while that one is still on its way), a jump asks by offset;
 * estimated totals and the exact count on demand.
 */
import { describe, expect, it } from 'vitest';
import type { Page, Window } from '../../src/app/grid/gridApi.ts';
import { BLOCK_SIZE, RowStore } from '../../src/app/grid/rowModel/rowSource.ts';
import type { GridRow, Row } from '../../src/app/grid/types.ts';

/** A server of `total` rows {id: 0…} whose answers the test releases one by one. */
function fakeServer(total: number, opts: { estimate?: number; failAt?: number } = {}) {
  const calls: { w: Window; prev: GridRow | undefined; release(): void }[] = [];
  const fetchPage = (w: Window, prev: GridRow | undefined) =>
    new Promise<Page>((resolve, reject) => {
      const from = prev ? (prev.data.id as number) + 1 : w.startRow;
      const rows: Row[] = [];
      for (let i = from; i < Math.min(total, from + (w.endRow - w.startRow)); i++) rows.push({ id: i });
      const exact = w.count === 'exact' || opts.estimate === undefined;
      calls.push({
        w,
        prev,
        release: () => (w.startRow === opts.failAt ? reject(new Error('boom')) : resolve({ rows, total: exact ? total : opts.estimate!, totalExact: exact })),
      });
    });
  return { calls, fetchPage };
}

/** The in-memory provider's answers and what they set off have run (nothing here waits on a timer). */
const settle = () => new Promise((r) => setImmediate(r));

describe('server row model blocks', () => {
  it('loads forward blocks by keyset after the block before, waiting for it when it is on its way', async () => {
    const server = fakeServer(1000);
    const errors: unknown[] = [];
    const gen = new RowStore().open(
      server.fetchPage,
      (r) => String(r.id),
      (e) => errors.push(e),
    );
    gen.ensure(0, 2);
    await settle();
    // Only block 0 is asked; 1 and 2 wait for the block before them.
    expect(server.calls.map((c) => [c.w.startRow, c.prev?.data.id])).toEqual([[0, undefined]]);
    server.calls[0]!.release();
    await settle();
    expect(server.calls.map((c) => [c.w.startRow, c.prev?.data.id])).toEqual([
      [0, undefined],
      [BLOCK_SIZE, BLOCK_SIZE - 1],
    ]);
    server.calls[1]!.release();
    await settle();
    expect(server.calls[2]).toMatchObject({ w: { startRow: 2 * BLOCK_SIZE }, prev: { data: { id: 2 * BLOCK_SIZE - 1 } } });
    server.calls[2]!.release();
    await settle();
    expect(gen.row(2 * BLOCK_SIZE + 5)?.data.id).toBe(2 * BLOCK_SIZE + 5);
    expect(gen.total).toBe(1000);
    expect(errors).toEqual([]);
  });

  it('asks by offset after a jump, and after a block that failed', async () => {
    const server = fakeServer(1_000_000, { failAt: 5000 * BLOCK_SIZE });
    const errors: unknown[] = [];
    const gen = new RowStore().open(
      server.fetchPage,
      (r) => String(r.id),
      (e) => errors.push(e),
    );
    gen.ensure(5000, 5001);
    await settle();
    expect(server.calls.map((c) => [c.w.startRow, c.prev])).toEqual([[5000 * BLOCK_SIZE, undefined]]);
    server.calls[0]!.release(); // fails
    await settle();
    expect(errors).toHaveLength(1);
    expect(server.calls.map((c) => [c.w.startRow, c.prev])).toEqual([
      [5000 * BLOCK_SIZE, undefined],
      [5001 * BLOCK_SIZE, undefined],
    ]);
    server.calls[1]!.release();
    await settle();
    expect(gen.row(5001 * BLOCK_SIZE)?.data.id).toBe(5001 * BLOCK_SIZE);
  });

  it('shows the estimate as such, and counts exactly on demand', async () => {
    const server = fakeServer(1_000_000, { estimate: 998_000 });
    const gen = new RowStore().open(
      server.fetchPage,
      (r) => String(r.id),
      () => {},
    );
    gen.ensure(0, 0);
    await settle();
    server.calls[0]!.release();
    await settle();
    expect([gen.total, gen.totalExact]).toEqual([998_000, false]);
    const counted = gen.countExactly();
    await settle();
    expect(server.calls.at(-1)!.w.count).toBe('exact');
    server.calls.at(-1)!.release();
    await counted;
    expect([gen.total, gen.totalExact]).toEqual([1_000_000, true]);
  });
});
