/**
 * Live rows in two browsers (two contexts, two users, both on product_list): an edit saved in
 * one shows in the other within a second without a reload; an edit saved while the other
 * user has the same cell's editor open shows there as "changed by … meanwhile" with the new
 * value, and that user's save is refused by the server's version check (the row reloaded,
 * the typed value named as not saved) instead of overwriting the first user's value.
 */
import type { Page } from 'playwright';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { browserSuite, signIn, watchCsp, type CspViolation } from './browser.ts';
import { gridPage } from './gridPage.ts';

const t = browserSuite({ width: 1600, height: 900 });
let other: Page;
let otherCsp: CspViolation[];

beforeEach(async () => {
  await t.server.db.query('delete from app.user_grid_states');
  const ctx = await t.browser.newContext({ viewport: { width: 1600, height: 900 } });
  otherCsp = await watchCsp(ctx);
  other = await ctx.newPage();
});
afterEach(async () => {
  await other?.context().close();
  expect(otherCsp, 'CSP violations').toEqual([]);
});

const admin = gridPage(
  () => t.page,
  () => t.server,
);
const catalog = gridPage(
  () => other,
  () => t.server,
);
const num = (s: string) => Number(s.replace(',', '.'));

/** Both users on product_list (admin in this context, the catalogue manager in the other), with the same first rows. */
async function openBoth() {
  await admin.openProducts();
  await signIn(other, t.server.url, 'catalog@example.com', 'en');
  await other.goto(`${t.server.url}/en/products/product_list`);
  await expect.poll(() => catalog.bodyRows().count()).toBeGreaterThan(5);
}

describe('live rows between two browsers', () => {
  it("shows the other user's saved edit within a second", async () => {
    await openBoth();
    const [k1] = await admin.rowKeys(1);
    await expect.poll(() => catalog.cell(k1!, 'min_margin').count()).toBe(1);
    const target = (await admin.product(k1!)).min_margin === 23 ? 24 : 23;
    await admin.cell(k1!, 'min_margin').dblclick();
    await admin.cell(k1!, 'min_margin').locator('input').fill(String(target));
    await t.page.keyboard.press('Enter');
    await expect.poll(async () => (await admin.product(k1!)).min_margin).toBe(target);
    const saved = Date.now();
    await expect.poll(async () => num(await catalog.cell(k1!, 'min_margin').innerText()), { interval: 20, timeout: 3000 }).toBe(target);
    expect(Date.now() - saved).toBeLessThan(1000);
  });

  it('shows the conflict in the open editor and refuses the stale save', async () => {
    await openBoth();
    const [, k2] = await admin.rowKeys(2);
    const p = await admin.product(k2!);
    const theirs = p.exp_margin === 51 ? 52 : 51;
    // The catalogue manager opens the cell's editor and starts typing.
    await catalog.cell(k2!, 'exp_margin').dblclick();
    const input = catalog.cell(k2!, 'exp_margin').locator('input');
    await input.fill('66');
    // Meanwhile the administrator saves another value in the same cell.
    await admin.cell(k2!, 'exp_margin').dblclick();
    await admin.cell(k2!, 'exp_margin').locator('input').fill(String(theirs));
    await t.page.keyboard.press('Enter');
    await expect.poll(async () => (await admin.product(k2!)).exp_margin).toBe(theirs);
    // The open editor says who changed the row and to what; what was typed stays.
    const note = catalog.cell(k2!, 'exp_margin').locator('.grid-conflict');
    await expect.poll(() => note.innerText(), { timeout: 3000 }).toBe(`Changed by Ada Admin meanwhile: “${theirs}”. Saving will not overwrite it.`);
    expect(await input.inputValue()).toBe('66');
    // Saving anyway: the server's version check refuses it, the row shows the administrator's value.
    await other.keyboard.press('Enter');
    await expect.poll(() => other.locator('.toast-warning .toast-text').allInnerTexts()).toEqual([expect.stringContaining('"66" was not saved')]);
    await expect.poll(async () => num(await catalog.cell(k2!, 'exp_margin').innerText())).toBe(theirs);
    expect((await admin.product(k2!)).exp_margin).toBe(theirs);
    expect(await note.count()).toBe(0);
  });

  it('an editor closed without saving takes the new row', async () => {
    await openBoth();
    const [, , k3] = await admin.rowKeys(3);
    const theirs = (await admin.product(k3!)).exp_margin === 37 ? 38 : 37;
    await catalog.cell(k3!, 'exp_margin').dblclick();
    await catalog.cell(k3!, 'exp_margin').locator('input').fill('5');
    const r = await t.server.action(
      (await t.server.login('admin@example.com')).token,
      'product_list',
      'set',
      { product_code: k3, row_version: (await admin.product(k3!)).row_version, exp_margin: theirs },
      'SK01',
    );
    expect(r.status).toBe(200);
    await expect.poll(() => catalog.cell(k3!, 'exp_margin').locator('.grid-conflict').count(), { timeout: 3000 }).toBe(1);
    await other.keyboard.press('Escape');
    await expect.poll(async () => num(await catalog.cell(k3!, 'exp_margin').innerText())).toBe(theirs);
    // The row carries the new version now: an edit saves.
    await catalog.cell(k3!, 'exp_margin').dblclick();
    await catalog.cell(k3!, 'exp_margin').locator('input').fill('39');
    await other.keyboard.press('Enter');
    await expect.poll(async () => (await admin.product(k3!)).exp_margin).toBe(39);
  });
});
