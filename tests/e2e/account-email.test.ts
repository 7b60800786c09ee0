/**
 * Issue 43: an account nobody could sign in to. An administrator adds `Zsófia.QA@Example.com`
 * on /settings/users; the grid stores it in the accounts' normal form (core/email.ts) and
 * shows that; an address sign-in would refuse is refused at the field. Given a password,
 * she signs in with the address as it was typed, and with it in another case.
 */
import { describe, expect, it } from 'vitest';
import { browserSuite, signIn } from './browser.ts';

const t = browserSuite({ width: 1600, height: 1000 });
const TYPED = 'Zsófia.QA@Example.com';
const STORED = 'zsófia.qa@example.com';
const INITIAL = 'copper kettle sunrise 58';
const OWN = 'my own quiet harbour 31';

describe('an account e-mail with an accent, in the browser', () => {
  it('is added in the users grid, given a password, and signs in typed as added and in another case', async () => {
    const page = t.page;
    await signIn(page, t.server.url, 'admin@example.com');
    await page.goto(`${t.server.url}/en/settings/users`);
    const users = page.locator('.screen-grid[data-form="users"]').first();
    await expect.poll(() => users.locator('[role=row][data-key]').count(), { timeout: 10_000 }).toBeGreaterThan(2);

    await users.locator(':scope > .grid-toolbar').getByRole('button', { name: 'Add' }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByRole('heading').innerText()).toBe('New user');
    const email = dialog.locator('input[id$="-user_email"]');
    // What sign-in would refuse is refused here, at the field, before anything is saved.
    await email.fill('zsofia@bücher.de');
    await dialog.locator('input[id$="-user_name"]').fill('zsofia.qa');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => dialog.locator('.field-error').allInnerTexts()).toEqual(['Enter a valid email address']);
    expect(await email.getAttribute('aria-invalid')).toBe('true');
    await email.fill(TYPED);
    expect(await email.inputValue()).toBe(TYPED);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    const stored = async () => (await t.server.db.query<{ user_id: number }>('select user_id from app.users where user_email = $1', [STORED])).rows[0];
    await expect.poll(stored).toBeDefined();
    const id = String((await stored())!.user_id);

    // The grid shows what was stored.
    await users.locator('[data-filter-field="user_email"] input').fill('zsófia');
    await expect.poll(() => users.locator('[role=row][data-key]').count(), { timeout: 10_000 }).toBe(1);
    const row = users.locator(`[role=row][data-key="${id}"]`);
    expect(await row.locator('[role=gridcell][data-field="user_email"]').innerText()).toBe(STORED);

    // Her password: an initial one from the toolbar.
    await row.getByRole('checkbox', { name: 'Select row' }).click();
    await users.locator(':scope > .grid-toolbar').getByRole('button', { name: 'Give initial password' }).click();
    const give = page.getByRole('dialog');
    await give.getByLabel('Initial password').fill(INITIAL);
    await give.getByRole('button', { name: 'Save password' }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);

    const other = await t.browser.newContext({ viewport: { width: 1400, height: 900 } });
    try {
      const hers = await other.newPage();
      const signInAs = async (address: string, password: string) => {
        await hers.goto(`${t.server.url}/en/login`);
        await hers.locator('#login-email').fill(address);
        await hers.locator('#login-password').fill(password);
        await hers.locator('form.login-form button[type=submit]').click();
      };
      // As the administrator typed it: the sign-in form takes it, the server finds her.
      await signInAs(TYPED, INITIAL);
      await hers.waitForURL((u) => u.pathname === '/en/set_password');
      const fields = hers.locator('input[type=password]');
      await fields.nth(0).fill(OWN);
      await fields.nth(1).fill(OWN);
      await hers.getByRole('button', { name: 'Save password' }).click();
      await expect.poll(() => hers.locator('.alert-success').textContent()).toContain('Your password is set');

      // In another case: the same account.
      await signInAs('ZSÓFIA.qa@EXAMPLE.com', OWN);
      await hers.waitForURL(`${t.server.url}/en`);
      await expect.poll(() => hers.locator('.home-welcome').count(), { timeout: 10_000 }).toBe(1);
    } finally {
      await other.close();
    }
  });
});
