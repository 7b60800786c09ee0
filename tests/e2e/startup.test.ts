import type { Page, Request } from 'playwright';
import { describe, expect, it } from 'vitest';
import { PAGE_TOKEN_COOKIE } from '../../src/core/authCookies.ts';
import { browserSuite, signIn, sessionToken } from './browser.ts';
import { gridPage } from './gridPage.ts';
import { startDataOf } from '../api/pageStart.ts';

/*
 * Issue 27, one round trip to start: a signed-in page load of a screen asks the server for
 * its session, the screen's saved grid state and its lookups in one call (bootstrap), and
 * the list request leaves right behind it — no user, shops, currencies, rates, page_log,
 * grid state or lookup call in front of it — carrying the saved state's sort. The grid then
 * asks nothing again that the bootstrap brought.
 */
const t = browserSuite();
const { grid, bodyRows } = gridPage(
  () => t.page,
  () => t.server,
);

interface Call {
  name: string;
  payload: Record<string, unknown> | undefined;
  request: Request;
}

/** The page's /rpc and /shops requests, in the order they were sent. */
function recordCalls(page: Page): Call[] {
  const calls: Call[] = [];
  page.on('request', (request) => {
    const u = new URL(request.url());
    if (!/^\/(rpc|shops)/.test(u.pathname)) return;
    const body = request.postDataJSON() as { entity?: string; action?: string; payload?: Record<string, unknown> } | null;
    const name = u.pathname === '/rpc/api_action' ? `${body?.entity} ${body?.action}` : u.pathname.replace('/rpc/', '');
    calls.push({ name, payload: body?.payload, request });
  });
  return calls;
}

describe('one round trip to start', () => {
  it('loads a screen with its start in the page: no bootstrap or list call before the rows, which come in the saved sort; nothing asked again', async () => {
    await signIn(t.page, t.server.url, 'admin@example.com');
    // A saved state with a sort: the first rows must come in that order.
    const token = await sessionToken(t.context);
    const saved = await t.server.action(token, 'grid_state', 'set', { form: 'product_list', state: { v: 2, sorting: [{ id: 'product_code', desc: true }] } });
    expect(saved.status).toBe(200);
    const last = (await t.server.db.query<{ code: string }>(`select max(product_code) as code from app.products where company_code = 'SK01'`)).rows[0]!.code;

    const calls = recordCalls(t.page);
    // How the grid looked when it first appeared: already restored (the saved sort on its header),
    // not a default grid that reads its state in an effect and renders again (screenStart.ts `stateFirst`).
    await t.page.addInitScript(() => {
      const w = window as unknown as { firstGrid?: string };
      new MutationObserver((_, mo) => {
        const grid = document.querySelector('.screen-grid[data-form="product_list"]');
        if (!grid) return;
        mo.disconnect();
        w.firstGrid = grid.querySelector('[role=columnheader][data-field="product_code"]')?.getAttribute('aria-sort') ?? 'no header';
      }).observe(document, { subtree: true, childList: true });
    });
    const page = await t.page.goto(`${t.server.url}/en/products/product_list`);
    // The page carried the session's start and the first block in the saved order (startData.ts).
    const html = await page!.text();
    const start = startDataOf(html)!;
    expect(start.request).toMatchObject({ page: '/en/products/product_list', form: 'product_list' });
    expect(start.rows).toMatchObject({ form: 'product_list', payload: { startRow: 0, endRow: 100, sortModel: [{ colId: 'product_code', sort: 'desc' }] } });
    expect(page!.headers()['cache-control']).toBe('no-store');
    await expect.poll(() => bodyRows().count()).toBeGreaterThan(5);
    expect(await bodyRows().first().getAttribute('data-key')).toBe(last);
    expect(await t.page.evaluate(() => (window as unknown as { firstGrid?: string }).firstGrid)).toBe('descending');
    // The app read it once, out of the page.
    expect(await t.page.locator('#start-data').count()).toBe(0);
    // No call in front of the rows: neither the bootstrap nor the first block.
    expect(calls.map((c) => c.name)).not.toContain('bootstrap');
    const first = calls.filter((c) => c.name === 'product_list list');
    expect(first.filter((c) => c.payload?.endRow === 100)).toEqual([]);
    // What the start brought is not asked for again: no user, shops, currencies, rates, page log, grid state or whole lookups.
    // Checked once the start is over: its last call, the client row model's whole list, answered and its rows in memory
    // (the app's, the route's and the grid's own start calls leave before it, so they are in `calls` by then).
    await expect.poll(() => grid().getAttribute('data-row-model')).toBe('client');
    expect(calls.filter((c) => c.name === 'product_list list')).toHaveLength(1);
    const names = calls.map((c) => c.name);
    for (const again of [
      'bootstrap',
      'user',
      'init',
      'shops',
      'currencies',
      'view_currency_rates',
      'page_log',
      'grid_state list',
      'vats_brief list',
      'countries_brief list',
      'product_brands_brief list',
    ]) {
      expect(names, again).not.toContain(again);
    }
    // The one product_list call after the rows is the client row model's whole list (its count from the first block's total): sorts and filters in the browser.
    for (const c of calls.filter((x) => x.name === 'product_list list')) expect(c.payload).toMatchObject({ startRow: 0, sortModel: [{ colId: 'product_code', sort: 'desc' }] });
  });

  it('a page load without a session, or with a token the server refuses, carries no start; a login makes the bootstrap call', async () => {
    const bare = await t.page.request.get(`${t.server.url}/en/products/product_list`);
    expect(await bare.text()).not.toContain('start-data');
    await t.context.addCookies([{ name: PAGE_TOKEN_COOKIE, value: 'not-a-token', domain: new URL(t.server.url).hostname, path: '/', secure: true, httpOnly: true, sameSite: 'Strict' }]);
    expect((await t.context.cookies()).map((c) => c.name)).toContain(PAGE_TOKEN_COOKIE);
    const forged = await t.page.request.get(`${t.server.url}/en/products/product_list`);
    expect(await forged.text()).not.toContain('start-data');
    await t.context.clearCookies();
    // Signing in by the form: the app asks for its session by the call.
    const calls = recordCalls(t.page);
    await t.page.goto(`${t.server.url}/en/login`);
    await t.page.locator('#login-email').fill('admin@example.com');
    await t.page.locator('#login-password').fill('demo-password');
    await t.page.locator('form.login-form button[type=submit]').click();
    await expect.poll(() => calls.map((c) => c.name)).toContain('bootstrap');
  });

  it('switches to another screen by the menu: its rows come in its saved sort; a reload of a screen that is not a list still works', async () => {
    await signIn(t.page, t.server.url, 'admin@example.com');
    // partner_list's saved sort: the route's first-rows request must carry it (one list call).
    const token = await sessionToken(t.context);
    const saved = await t.server.action(token, 'grid_state', 'set', { form: 'partner_list', state: { v: 2, sorting: [{ id: 'partner_name', desc: true }] } });
    expect(saved.status).toBe(200);
    await t.page.goto(`${t.server.url}/en/products/product_list`);
    await expect.poll(() => bodyRows().count()).toBeGreaterThan(5);
    const calls = recordCalls(t.page);
    await t.page.getByRole('button', { name: 'Menu', exact: true }).click();
    await t.page.getByRole('navigation', { name: 'Menu' }).locator('a[href="/en/partners/partner_list"]').click();
    await expect.poll(() => t.page.locator('.screen-grid[data-form="partner_list"] [role=row][data-key]').count()).toBeGreaterThan(0);
    const names = calls.map((c) => c.name);
    // The route asked for the state and the first rows (in the saved sort); the grid took them instead of asking again.
    const lists = calls.filter((c) => c.name === 'partner_list list');
    expect(lists).toHaveLength(1);
    expect(lists[0]!.payload).toMatchObject({ startRow: 0, sortModel: [{ colId: 'partner_name', sort: 'desc' }] });
    expect(names.filter((n) => n === 'grid_state list')).toHaveLength(1);
    // Home (no screen): the page's start is a bootstrap without a form, and no screen's rows; no call for either.
    const home = recordCalls(t.page);
    const page = await t.page.goto(`${t.server.url}/en`);
    const start = startDataOf(await page!.text())!;
    expect(start.request).toMatchObject({ form: null, page: null });
    expect(start.rows).toBeUndefined();
    await expect.poll(() => t.page.locator('h1').count()).toBeGreaterThan(0);
    expect(home.map((c) => c.name)).not.toContain('bootstrap');
  });

  it('keeps a sort whose save was still under way when the page was reloaded: the new page sends it again before it reads', async () => {
    await signIn(t.page, t.server.url, 'admin@example.com');
    await t.server.db.query('delete from app.user_grid_states');
    await t.page.goto(`${t.server.url}/en/products/product_list`);
    await expect.poll(() => bodyRows().count()).toBeGreaterThan(5);
    // The next grid_state save is held until the new page has read its state (the race the note covers;
    // a keepalive save sent as the page goes is not seen by the route, a save after the pause is).
    let held: (() => void) | undefined;
    const reads: string[] = [];
    await t.page.route('**/rpc/api_action', async (route) => {
      const body = route.request().postDataJSON() as { entity?: string; action?: string };
      if (body?.entity === 'grid_state') reads.push(body.action!);
      // Left pending (not awaited here: the handler would hold every later request too).
      if (body?.entity === 'grid_state' && body.action === 'set' && !held) held = () => void route.continue().catch(() => {});
      else await route.continue();
    });
    const header = t.page.locator('.screen-grid[data-form="product_list"] [role=columnheader][data-field="weight"]');
    await header.locator('.grid-sort').click();
    await expect.poll(() => header.getAttribute('aria-sort')).toBe('ascending');
    // The sort's save has left (after its pause) and is held: the page is reloaded while it is under way.
    await expect.poll(() => !!held).toBe(true);
    await t.page.reload();
    await expect.poll(() => reads.filter((r) => r === 'list').length).toBeGreaterThan(0);
    // The new page sent the noted save again before its read: the read finds the sort (the held one, of a page gone, goes nowhere or after).
    await expect.poll(() => header.getAttribute('aria-sort')).toBe('ascending');
    expect(reads.slice(0, 3)).toEqual(['set', 'set', 'list']);
    held!();
    await t.page.unroute('**/rpc/api_action');
    const state = (await t.server.db.query<{ state: { sorting?: unknown } }>(`select state from app.user_grid_states where form = 'product_list'`)).rows[0]!.state;
    expect(state.sorting).toEqual([{ id: 'weight', desc: false }]);
  });

  it('sends no save the server holds already: a save noted but answered after the page was made is not sent again, nor a change undone within the pause', async () => {
    await signIn(t.page, t.server.url, 'admin@example.com');
    await t.server.db.query('delete from app.user_grid_states');
    await t.page.goto(`${t.server.url}/en/products/product_list`);
    await expect.poll(() => bodyRows().count()).toBeGreaterThan(5);
    // The sort's save reaches the server, its answer is held: the note stays as the page is reloaded.
    let answered: (() => void) | undefined;
    await t.page.route('**/rpc/api_action', async (route) => {
      const body = route.request().postDataJSON() as { entity?: string; action?: string };
      if (body?.entity !== 'grid_state' || body.action !== 'set' || answered) return route.continue();
      const response = await route.fetch();
      answered = () => void route.fulfill({ response }).catch(() => {});
    });
    const header = t.page.locator('.screen-grid[data-form="product_list"] [role=columnheader][data-field="weight"]');
    await header.locator('.grid-sort').click();
    await expect.poll(() => !!answered).toBe(true);
    const saved = async () => (await t.server.db.query<{ state: { sorting?: unknown } }>(`select state from app.user_grid_states where form = 'product_list'`)).rows[0]?.state.sorting;
    expect(await saved()).toEqual([{ id: 'weight', desc: false }]);
    expect(await t.page.evaluate(() => Object.keys(JSON.parse(sessionStorage.getItem('grid-state-saved') ?? '{}')))).toEqual(['product_list']);
    const calls = recordCalls(t.page);
    await t.page.reload();
    await expect.poll(() => header.getAttribute('aria-sort')).toBe('ascending');
    await expect.poll(() => bodyRows().count()).toBeGreaterThan(5);
    answered!();
    await t.page.unroute('**/rpc/api_action');
    // The page's start held the noted state: no save sent again, no state read, the first block from the start.
    expect(calls.map((c) => c.name).filter((n) => n.startsWith('grid_state'))).toEqual([]);
    expect(calls.filter((c) => c.name === 'product_list list' && c.payload?.endRow === 100)).toEqual([]);
    expect(await t.page.evaluate(() => sessionStorage.getItem('grid-state-saved'))).toBe('{}');

    // The sort turned round to where it was (ascending → descending → none → ascending, a frame apart) before the
    // pause ends: the state is the server's, and no save goes.
    await t.page.evaluate(async () => {
      const sort = () => document.querySelector<HTMLElement>('.screen-grid[data-form="product_list"] [role=columnheader][data-field="weight"] .grid-sort')!;
      for (let i = 0; i < 3; i++) {
        sort().click();
        await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      }
    });
    await expect.poll(() => header.getAttribute('aria-sort')).toBe('ascending');
    // The pause is over and the save was given up (data-state-save: a save waiting for its pause, or sent and not answered).
    await expect.poll(() => grid().getAttribute('data-state-save')).toBeNull();
    expect(calls.map((c) => c.name).filter((n) => n.startsWith('grid_state'))).toEqual([]);
    // A change that is not undone is saved.
    await header.locator('.grid-sort').click();
    await expect.poll(saved).toEqual([{ id: 'weight', desc: true }]);
    // (The request's event may reach this process after the server has written it.) Its one save, with the new sort only.
    await expect
      .poll(() => calls.filter((c) => c.name.startsWith('grid_state')).map((c) => [c.name, (c.payload?.state as { sorting?: unknown })?.sorting]))
      .toEqual([['grid_state set', [{ id: 'weight', desc: true }]]]);
  });
});
