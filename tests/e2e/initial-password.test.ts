/**
 * An initial password in the browser (issue 24): the administrator picks one user on
 * /settings/users and gives her a password in the toolbar's dialog; in her own browser she
 * signs in with it, lands on the set-password page, chooses her own and signs in with that.
 */
import { describe, expect, it } from 'vitest';
import { STRONG, makeUser } from '../api/accountsHelpers.ts';
import { browserSuite, signIn } from './browser.ts';

const t = browserSuite({ width: 1600, height: 1000 });
const INITIAL = 'copper kettle sunrise 58';
const OWN = 'my own quiet harbour 31';

describe('an initial password in the browser', () => {
  it('the administrator gives one user a password; she signs in with it, chooses her own and gets in', async () => {
    const id = await makeUser(t.server, 'ivana.initial@example.com');
    const page = t.page;
    await signIn(page, t.server.url, 'admin@example.com');
    await page.goto(`${t.server.url}/en/settings/users`);
    const users = page.locator('.screen-grid[data-form="users"]').first();
    await users.locator('[data-filter-field="user_email"] input').fill('ivana.initial');
    await expect.poll(() => users.locator('[role=row][data-key]').count(), { timeout: 10_000 }).toBe(1);

    // Nobody picked: the button says to pick one user, and opens nothing.
    const button = users.locator(':scope > .grid-toolbar').getByRole('button', { name: 'Give initial password' });
    await button.click();
    await expect.poll(() => page.locator('.toast-warning .toast-text').allInnerTexts()).toContain('Pick exactly one user.');
    expect(await page.getByRole('dialog').count()).toBe(0);

    await users.locator(`[role=row][data-key="${id}"]`).getByRole('checkbox', { name: 'Select row' }).click();
    await button.click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByRole('heading').innerText()).toBe('Give initial password');
    const field = dialog.getByLabel('Initial password');
    // A weak one is refused by the server's rule, said in the dialog.
    await field.fill('short pass');
    await dialog.getByRole('button', { name: 'Save password' }).click();
    await expect.poll(() => dialog.locator('.alert-danger').innerText()).toContain('This password is too weak');
    await field.fill(INITIAL);
    expect(await field.getAttribute('type')).toBe('password');
    await dialog.getByLabel('Show password').check();
    expect(await field.getAttribute('type')).toBe('text');
    await dialog.getByRole('button', { name: 'Save password' }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await expect.poll(() => page.locator('.toast-success .toast-text').allInnerTexts()).toContain('Initial password set. The user chooses their own at the next sign-in.');
    expect((await t.server.db.query('select password_must_change from app.users where user_id = $1', [id])).rows).toEqual([{ password_must_change: true }]);

    // She signs in elsewhere with it: the set-password page, not the app.
    const other = await t.browser.newContext({ viewport: { width: 1400, height: 900 } });
    try {
      const hers = await other.newPage();
      const signInAs = async (password: string) => {
        await hers.goto(`${t.server.url}/en/login`);
        await hers.locator('#login-email').fill('ivana.initial@example.com');
        await hers.locator('#login-password').fill(password);
        await hers.locator('form.login-form button[type=submit]').click();
      };
      await signInAs(STRONG);
      await expect.poll(() => hers.locator('.alert-danger').innerText()).toBe('Wrong email or password');
      await signInAs(INITIAL);
      await hers.waitForURL((u) => u.pathname === '/en/set_password');
      await expect.poll(() => hers.locator('form.login-form').innerText()).toContain('You signed in with a password an administrator gave you.');
      const fields = hers.locator('input[type=password]');
      // The given one again is refused.
      await fields.nth(0).fill(INITIAL);
      await fields.nth(1).fill(INITIAL);
      await hers.getByRole('button', { name: 'Save password' }).click();
      await expect.poll(() => hers.locator('.alert-danger').innerText()).toBe('Choose a new password of your own, not the one you were given.');
      await fields.nth(0).fill(OWN);
      await fields.nth(1).fill(OWN);
      await hers.getByRole('button', { name: 'Save password' }).click();
      await expect.poll(() => hers.locator('.alert-success').textContent()).toContain('Your password is set');
      expect(new URL(hers.url()).hash).toBe('');

      await signInAs(OWN);
      await hers.waitForURL(`${t.server.url}/en`);
      await expect.poll(() => hers.locator('.home-welcome').innerText(), { timeout: 10_000 }).toBe('Welcome, Test!');
      expect((await t.server.db.query('select password_must_change from app.users where user_id = $1', [id])).rows).toEqual([{ password_must_change: false }]);
    } finally {
      await other.close();
    }
  }, 120_000);
});
