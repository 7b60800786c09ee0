import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

/*
 * The route's start of a screen (src/app/router/screenStart.ts) on a client-side switch: it
 * reads the screen's saved state and asks for the first block in that state's sort. Its state
 * read is kept as an early answer for the grid (api/early.ts); the read itself must not take
 * that answer (itself: it would wait for itself, and the first rows were never asked for).
 */
const sent: { entity: string; action: string; payload: Record<string, unknown> }[] = [];

// The route's code runs in the browser: here its address, and the server's two answers
// (their contract's shape, api/types.ts) at the network's edge, with each request recorded.
beforeAll(() => {
  vi.stubGlobal('location', new URL('http://localhost/en/partners/partner_list'));
  vi.stubGlobal('fetch', async (_url: string, init: { body: string }) => {
    const body = JSON.parse(init.body) as (typeof sent)[number];
    sent.push(body);
    const data = body.entity === 'grid_state' ? { rows: [{ form: 'partner_list', state: { v: 2, sorting: [{ id: 'partner_name', desc: true }] } }], total: 1 } : { rows: [], total: 0 };
    return new Response(JSON.stringify({ data }), { status: 200, headers: { 'content-type': 'application/json' } });
  });
});
afterAll(() => vi.unstubAllGlobals());

describe("a screen route's start on a switch", () => {
  it('reads the saved state once and asks for the first block in its sort; the grid then takes both', async () => {
    const { session } = await import('../../src/app/session/session.ts');
    const { prefetchFirstRows } = await import('../../src/app/router/screenStart.ts');
    const { api } = await import('../../src/app/api/client.ts');
    session.set({ token: 'a-token', company: 'SK01', lang: 'en', user: { user_id: 7 } as never });
    const done = await Promise.race([prefetchFirstRows('partner_list', false).then(() => 'settled'), new Promise((r) => setTimeout(() => r('still waiting after 2 s'), 2000))]);
    expect(done).toBe('settled');
    expect(sent.map((c) => `${c.entity} ${c.action}`)).toEqual(['grid_state list', 'partner_list list']);
    expect(sent[1]!.payload).toMatchObject({ startRow: 0, sortModel: [{ colId: 'partner_name', sort: 'desc' }] });
    // The route's loader hands the read (checked by the server) to the grid: it starts restored, in that sort.
    const { screenReady } = await import('../../src/app/router/screenStart.ts');
    const { checkedByServer, firstStateReads } = await import('../../src/app/session/gridStates.ts');
    await screenReady('partner_list', 'en');
    // (Here the page's other parts may fail to load — no browser — and settle the wait first.)
    const first = await vi.waitFor(() => firstStateReads.get('7|partner_list') ?? Promise.reject(new Error('not handed over')));
    expect(checkedByServer(first[0]?.state)?.sorting).toEqual([{ id: 'partner_name', desc: true }]);
    // The grid's own reads take the early answers: nothing more is sent.
    const state = await api.action<'GridStateListOutput'>('grid_state', 'list', { form: 'partner_list' });
    expect(state?.rows[0]?.form).toBe('partner_list');
    await api.action<'ListOutput'>('partner_list', 'list', sent[1]!.payload);
    expect(sent).toHaveLength(2);
  });
});
