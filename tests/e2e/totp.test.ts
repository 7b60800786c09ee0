import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { STRONG, linkToken, makeUser, waitForMails } from '../api/accountsHelpers.ts';
import { browserSuite, signIn } from './browser.ts';
import { grantUserPage } from '../api/grants.ts';

/*
 * Issue 24 in a real browser: a user sets up the TOTP second factor on the profile page
 * (reached from the user sidebar), signs in again with the password and a code and turns
 * it off with a recovery code (never the password alone: a spent code is refused at its
 * field); a forgotten password is reset from the login page through the mailed link.
 */
const t = browserSuite();
const codeAt = (secret: string, at: number) => new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({ timestamp: at });

async function signInWith(email: string, password: string) {
  await t.page.goto(`${t.server.url}/en/login`);
  await t.page.locator('#login-email').fill(email);
  await t.page.locator('#login-password').fill(password);
  await t.page.locator('form.login-form button[type=submit]').click();
}

describe('accounts in the browser', () => {
  it('enrols TOTP on the profile page, signs out, and signs in with the password and a code', async () => {
    await makeUser(t.server, 'e2e-totp@example.com');
    await signInWith('e2e-totp@example.com', STRONG);
    await t.page.waitForURL((u) => !u.pathname.endsWith('/login'));

    // The profile page, from the user sidebar.
    await t.page.getByRole('button', { name: 'User' }).click();
    await t.page.getByRole('link', { name: 'Profile and security' }).click();
    await t.page.waitForURL(`${t.server.url}/en/profile`);
    await t.page.locator('button.totp-start').click();

    // The QR code carries the otpauth URI of the key shown beside it.
    const secret = (await t.page.locator('.totp-secret').textContent())!.trim();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const qr = t.page.locator('svg.totp-qr');
    expect(await qr.getAttribute('data-uri')).toContain(`secret=${secret}`);
    expect(await qr.locator('rect').count()).toBeGreaterThan(50);

    await t.page.locator('#totp-confirm-code').fill(codeAt(secret, Date.now()));
    await t.page.getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => t.page.locator('.totp-recovery li').count()).toBe(10);
    await expect.poll(() => t.page.locator('.totp-on').isVisible()).toBe(true);
    const recovery = (await t.page.locator('.totp-recovery li').first().textContent())!.trim();

    // Signed out, then in: the password first, then the code the app shows (the next step's: the confirmation took this one).
    await t.page.getByRole('button', { name: 'User' }).click();
    await t.page.getByRole('button', { name: 'Sign out' }).click();
    await t.page.waitForURL(`${t.server.url}/en/login`);
    await signInWith('e2e-totp@example.com', STRONG);
    await t.page.locator('#login-totp').waitFor();
    expect(t.page.url()).toBe(`${t.server.url}/en/login`);
    await t.page.locator('#login-totp').fill('000000' === codeAt(secret, Date.now() + 30_000) ? '111111' : '000000');
    await t.page.locator('form.login-form button[type=submit]').click();
    await expect.poll(() => t.page.locator('.alert-danger').textContent()).toContain('The code is wrong');
    const taken = codeAt(secret, Date.now() + 30_000);
    await t.page.locator('#login-totp').fill(taken);
    await t.page.locator('form.login-form button[type=submit]').click();
    await t.page.waitForURL((u) => !u.pathname.endsWith('/login'));
    await t.page.goto(`${t.server.url}/en/profile`);
    await expect.poll(() => t.page.locator('.totp-on').isVisible()).toBe(true);

    // Turning it off asks for a current code (or a recovery code), never the password; a refusal is said at the code.
    const off = t.page.locator('.totp-section form');
    expect(await off.locator('input[type=password]').count()).toBe(0);
    const code = t.page.locator('#totp-disable-code');
    const codeError = t.page.locator('#totp-disable-code-error');
    await off.getByRole('button', { name: 'Turn off' }).click();
    await expect.poll(() => codeError.textContent()).toBe('This field is required');
    expect(await code.getAttribute('aria-invalid')).toBe('true');
    // The code sign-in just took is spent.
    await code.fill(taken);
    await off.getByRole('button', { name: 'Turn off' }).click();
    await expect.poll(() => codeError.textContent()).toBe('The code is wrong, used already or expired.');
    expect(await code.getAttribute('aria-describedby')).toContain('totp-disable-code-error');
    await expect.poll(() => t.page.locator('.totp-on').isVisible()).toBe(true);
    await code.fill(recovery);
    await off.getByRole('button', { name: 'Turn off' }).click();
    await expect.poll(() => t.page.locator('button.totp-start').isVisible()).toBe(true);
    expect((await t.server.db.query(`select 1 from app.user_totp t join app.users u using (user_id) where u.user_email = 'e2e-totp@example.com'`)).rows).toEqual([]);
  });

  it('resets a forgotten password from the login page through the mailed link', async () => {
    await makeUser(t.server, 'e2e-reset@example.com');
    await t.page.goto(`${t.server.url}/en/login`);
    await t.page.getByRole('link', { name: 'Forgot your password?' }).click();
    await t.page.waitForURL(`${t.server.url}/en/forgot_password`);
    await t.page.locator('#forgot-email').fill('e2e-reset@example.com');
    await t.page.getByRole('button', { name: 'Send link' }).click();
    await expect.poll(() => t.page.locator('.alert-success').textContent()).toContain('If the address belongs to an account');

    const [mail] = await waitForMails(t.server, 'e2e-reset@example.com', 1);
    expect(mail!.subject).toBe('Set a new password');
    const link = /(https?:\/\/\S+\/set_password#token=\S+)/.exec(mail!.body_text)![1]!;
    const url = new URL(link);
    expect(url.hash).toBe(`#token=${linkToken(mail!.body_text)}`);
    await t.page.goto(`${t.server.url}${url.pathname}${url.hash}`);

    // The shared rule speaks in the form before anything is sent.
    const fields = t.page.locator('input[type=password]');
    await fields.nth(0).fill('password1234');
    await fields.nth(1).fill('password1234');
    await t.page.getByRole('button', { name: 'Save password' }).click();
    await expect.poll(() => t.page.locator('.field-error').textContent()).toContain('common password');
    await fields.nth(0).fill('harbour lights at dawn 9');
    await fields.nth(1).fill('harbour lights at dawn 9');
    await t.page.getByRole('button', { name: 'Save password' }).click();
    await expect.poll(() => t.page.locator('.alert-success').textContent()).toContain('Your password is set');
    expect(t.page.url()).toBe(`${t.server.url}/en/set_password`); // the spent token is out of the address bar

    await signInWith('e2e-reset@example.com', 'harbour lights at dawn 9');
    await t.page.waitForURL((u) => !u.pathname.endsWith('/login'));
  });

  it('lets an administrator mail a set-password link and end a user’s sessions from the /settings/users toolbar', async () => {
    const id = await makeUser(t.server, 'e2e-toolbar@example.com');
    const session = await t.server.login('e2e-toolbar@example.com', STRONG);
    await signIn(t.page, t.server.url, 'admin@example.com');
    await t.page.goto(`${t.server.url}/en/settings/users`);
    const row = t.page.getByRole('grid').first().locator(`[role=row][data-key="${id}"]`);
    await expect.poll(() => row.count(), { timeout: 15_000 }).toBe(1);
    await row.getByRole('checkbox', { name: 'Select row' }).click();
    const dialog = t.page.getByRole('dialog');

    await t.page.getByRole('button', { name: 'Send set-password link' }).click();
    await expect.poll(() => dialog.locator('.dialog-body').innerText()).toContain('Users picked: 1');
    await dialog.locator('.dialog-buttons button:not(.btn-secondary)').click();
    // The answer shown first (the click returns before the request ends): then the outbox has the mail.
    await expect.poll(() => t.page.getByText('Invitations sent: 1').count()).toBeGreaterThan(0);
    const [mail] = await waitForMails(t.server, 'e2e-toolbar@example.com', 1);
    expect(mail!.subject).toBe('Your back office account');

    expect((await t.server.post('/rpc/user', {}, { token: session.token })).status).toBe(200);
    await t.page.getByRole('button', { name: 'End sessions' }).click();
    await dialog.locator('.dialog-buttons button:not(.btn-secondary)').click();
    await expect.poll(() => t.page.getByText('Users signed out: 1').count()).toBeGreaterThan(0);
    expect((await t.server.post('/rpc/user', {}, { token: session.token })).status).toBe(401);
  });

  it('holds a user who may grant pages to the profile page until two-step sign-in is set up, when the policy requires it', async () => {
    const id = await makeUser(t.server, 'e2e-granter@example.com');
    await grantUserPage(t.server, id, 'products.brands', { can_perms: true, can_list: true });
    await t.server.db.query(`update app.settings set value = 'true' where key = 'totp_required'`);
    try {
      await signInWith('e2e-granter@example.com', STRONG);
      await t.page.waitForURL(`${t.server.url}/en/profile`);
      await expect.poll(() => t.page.locator('.totp-section .alert-danger').textContent()).toContain('Set up two-step sign-in before you go on');
      await t.page.goto(`${t.server.url}/en/products/brands`);
      await t.page.waitForURL(`${t.server.url}/en/profile`);

      await t.page.locator('button.totp-start').click();
      const secret = (await t.page.locator('.totp-secret').textContent())!.trim();
      await t.page.locator('#totp-confirm-code').fill(codeAt(secret, Date.now()));
      await t.page.getByRole('button', { name: 'Confirm' }).click();
      await expect.poll(() => t.page.locator('.totp-recovery li').count()).toBe(10);
      await expect.poll(() => t.page.locator('.totp-section').textContent()).toContain('two-step sign-in is required for it');
      await t.page.goto(`${t.server.url}/en/products/brands`);
      await expect.poll(() => t.page.getByRole('grid').first().locator('[role=row][data-key]').count(), { timeout: 15_000 }).toBeGreaterThan(0);
      expect(t.page.url()).toBe(`${t.server.url}/en/products/brands`);
    } finally {
      await t.server.db.query(`update app.settings set value = 'false' where key = 'totp_required'`);
    }
  });
});
