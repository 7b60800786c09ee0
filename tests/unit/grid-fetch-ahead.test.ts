/**
 * A window asked for ahead (a header click, a filter applied: calls.ts `fetchAhead`) is
 * the answer the render's own `fetchWindow` of the same window gets — one request — once;
 * another window, or the same one asked again, goes to the server; so does any after a write.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../src/app/api/client.ts';
import { gridData, setGridDataProvider } from '../../src/app/grid/dataProvider/provider.ts';
import { fetchAhead, fetchWindow, type Query } from '../../src/app/grid/gridApi.ts';

const q: Query = { form: 'brands', sortModel: [{ colId: 'brand_name', sort: 'asc' }], filterModel: {}, language: 'en' };

let undo: (() => void) | undefined;
afterEach(() => undo?.());

/** The provider's list, counting its calls (each answer names its call). */
function counting() {
  const calls: unknown[] = [];
  undo = setGridDataProvider({
    ...gridData(),
    list: (_form: string, p: unknown) => {
      calls.push(p);
      return Promise.resolve({ rows: [{ call: calls.length }], total: 1, totalExact: true });
    },
  } as Parameters<typeof setGridDataProvider>[0]);
  return calls;
}

describe('fetchAhead', () => {
  it("sends the request at once; the same window's fetch takes its answer, once", async () => {
    const calls = counting();
    fetchAhead(q, { startRow: 0, endRow: 100 });
    expect(calls).toHaveLength(1);
    fetchAhead(q, { startRow: 0, endRow: 100 });
    expect(calls).toHaveLength(1);
    const page = await fetchWindow(q, { startRow: 0, endRow: 100 });
    expect(calls).toHaveLength(1);
    expect(page.rows).toEqual([{ call: 1 }]);
    // Taken: the next fetch of it asks again.
    expect((await fetchWindow(q, { startRow: 0, endRow: 100 })).rows).toEqual([{ call: 2 }]);
  });

  it('leaves another query or window to its own request', async () => {
    const calls = counting();
    fetchAhead(q, { startRow: 0, endRow: 100 });
    await fetchWindow({ ...q, sortModel: [{ colId: 'brand_name', sort: 'desc' }] }, { startRow: 0, endRow: 100 });
    await fetchWindow(q, { startRow: 100, endRow: 200 });
    expect(calls).toHaveLength(3);
    expect((await fetchWindow(q, { startRow: 0, endRow: 100 })).rows).toEqual([{ call: 1 }]);
  });

  it('drops what it asked for before a write: a reload after a delete asks the server again', async () => {
    const calls = counting();
    fetchAhead(q, { startRow: 0, endRow: 100 });
    // A delete through the typed client, answered at the network's edge.
    vi.stubGlobal('location', new URL('http://localhost/en/products/brands'));
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ data: { deleted: 1, log_ids: [1] } }), { status: 200, headers: { 'content-type': 'application/json' } }));
    try {
      await api.action('brands', 'delete', { keys: [1] });
    } finally {
      vi.unstubAllGlobals();
    }
    expect((await fetchWindow(q, { startRow: 0, endRow: 100 })).rows).toEqual([{ call: 2 }]);
    expect(calls).toHaveLength(2);
  });
});
