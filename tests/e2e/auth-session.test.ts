import { describe, expect, it } from 'vitest';
import { REFRESH_COOKIE, REFRESH_PATH, TOKEN_COOKIE } from '../../src/core/authCookies.ts';
import { browserSuite, signIn } from './browser.ts';
import { gridPage } from './gridPage.ts';

/*
 * Issue 21, hardening 6 and 7 in a real browser: the refresh token lives in an HttpOnly
 * cookie no script can read, a reload signs in again through it, the page's strict CSP
 * stops nothing the app does (grid, editing, Quill), and signing out ends the access token.
 */
const t = browserSuite();
const { bodyRows, cell, product } = gridPage(
  () => t.page,
  () => t.server,
);

const cookie = async (name: string) => (await t.context.cookies()).find((c) => c.name === name);

describe('the session in the browser', () => {
  it('keeps the refresh token out of script reach, signs in again by its cookie, runs under the CSP, and ends the access token on sign-out', async () => {
    const violations = t.cspViolations;
    await signIn(t.page, t.server.url, 'admin@example.com');

    // The refresh token: an HttpOnly, Secure, SameSite=Strict cookie of the refresh path only.
    const refresh = (await cookie(REFRESH_COOKIE))!;
    expect(refresh).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Strict', path: REFRESH_PATH });
    expect(refresh.value).toMatch(/^[\w-]{40,}$/);
    const inScript = () => t.page.evaluate(() => [document.cookie, JSON.stringify({ ...localStorage }), JSON.stringify({ ...sessionStorage })].join('\n'));
    const visible = await inScript();
    expect(visible).not.toContain(refresh.value);
    expect(visible).not.toContain('refresh');

    // A reload whose access token the server refuses: signed in again through the cookie.
    const access = (await cookie(TOKEN_COOKIE))!;
    await t.context.addCookies([{ ...access, value: `${access.value.slice(0, -4)}AAAA` }]);
    const refreshed = t.page.waitForResponse((r) => r.url().endsWith(REFRESH_PATH));
    await t.page.goto(`${t.server.url}/en/products/product_list`);
    const answer = await refreshed;
    expect(answer.status()).toBe(200);
    expect(answer.request().headers().authorization).toBeUndefined();
    expect(await answer.json()).not.toHaveProperty('refresh_token');
    await expect.poll(() => bodyRows().count()).toBeGreaterThan(5);
    expect(t.page.url()).toBe(`${t.server.url}/en/products/product_list`);
    expect((await cookie(REFRESH_COOKIE))!.value).not.toBe(refresh.value); // rotated
    expect(await inScript()).not.toContain((await cookie(REFRESH_COOKIE))!.value);

    // An edit in the grid.
    const key = (await bodyRows().first().getAttribute('data-key'))!;
    await cell(key, 'min_margin').dblclick();
    await cell(key, 'min_margin').locator('input').fill('13');
    await cell(key, 'min_margin').locator('input').press('Enter');
    await expect.poll(async () => Number((await product(key)).min_margin)).toBe(13);

    // Quill: bold text typed into a frontend page.
    await t.page.goto(`${t.server.url}/en/shops/frontend_pages`);
    await expect.poll(() => bodyRows().count()).toBeGreaterThan(0);
    const pageKey = (await bodyRows().first().getAttribute('data-key'))!;
    await cell(pageKey, 'page_body').dblclick();
    const dialog = t.page.getByRole('dialog');
    const editor = dialog.locator('.ql-editor');
    await expect.poll(() => editor.count()).toBe(1);
    await editor.click();
    await t.page.keyboard.press('Control+End');
    await dialog.getByRole('button', { name: 'Bold' }).click();
    await t.page.keyboard.type('Strong words');
    await expect.poll(() => editor.locator('strong').last().innerText()).toBe('Strong words');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => t.page.getByRole('dialog').count()).toBe(0);
    const body = (await t.server.db.query<{ body: string }>(`select page_body ->> 'en' as body from app.frontend_pages where page_id = $1`, [Number(pageKey)])).rows[0]!.body;
    expect(body).toContain('<strong>Strong words</strong>');

    expect(violations).toEqual([]);

    // Sign out: back to the login page; the access token it had is refused, the cookie is gone.
    const before = (await cookie(TOKEN_COOKIE))!.value;
    expect((await t.server.post('/rpc/user', {}, { token: before })).status).toBe(200);
    await t.page.getByRole('button', { name: 'User' }).click();
    const loggedOut = t.page.waitForResponse((r) => r.url().endsWith('/rpc/logout'));
    await t.page.getByRole('button', { name: 'Sign out' }).click();
    expect((await loggedOut).status()).toBe(200);
    await t.page.waitForURL(`${t.server.url}/en/login`);
    expect((await t.server.post('/rpc/user', {}, { token: before })).status).toBe(401);
    expect(await cookie(REFRESH_COOKIE)).toBeUndefined();
    expect(await cookie(TOKEN_COOKIE)).toBeUndefined();
    expect(violations).toEqual([]);

    // The watch sees what the CSP stops: a script or a style put into the page does not apply.
    const applied = await t.page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__injected = 1';
      const style = document.createElement('style');
      style.textContent = 'body { --injected: 1 }';
      document.body.append(script, style);
      return [(window as unknown as { __injected?: number }).__injected ?? null, getComputedStyle(document.body).getPropertyValue('--injected')];
    });
    expect(applied).toEqual([null, '']);
    await expect.poll(() => violations.map((v) => v.directive).sort()).toEqual(['script-src-elem', 'style-src-elem']);
    violations.length = 0; // seen, as they should be: not the app's
  }, 120_000);
});
