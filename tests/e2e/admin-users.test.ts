/**
 * People and rights in the browser (issue 24): an administrator adds a user on
 * /settings/users, gives them a role in the user's roles grid (a checkbox), and the user —
 * signed in in a second browser context — sees exactly the pages of that role in the menu;
 * a page ticked in the user's pages grid joins the menu on their next sign-in, and
 * blocking sends them back to the sign-in page. A partner's user is added on
 * /partners/user_list and invited. The users, roles and partner users pages open with data
 * in all seven languages.
 *
 * The new user's password: added users have no usable one; the admin mails her the
 * set-password link from the toolbar and she sets it from the mail (the outbox), as a
 * colleague would — no SQL in the test.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LANGS } from '../../src/core/langs.ts';
import { screenRoutes } from '../../src/generated/routeList.ts';
import { STRONG, waitForMails } from '../api/accountsHelpers.ts';
import { browserSuite, openInApp, signIn } from './browser.ts';

const t = browserSuite({ width: 1600, height: 1000 });
const text = (lang: string, key: string): string => (JSON.parse(readFileSync(`locales/${lang}.json`, 'utf8')) as Record<string, string>)[key]!;
const screenPaths = new Set(screenRoutes.map((r) => r.path));

describe('users and roles in the browser', () => {
  it('an administrator adds a user and gives a role; the user signs in and sees exactly the granted menu', async () => {
    const page = t.page;
    await signIn(page, t.server.url, 'admin@example.com');
    await page.goto(`${t.server.url}/en/settings/users`);
    const users = page.locator('.screen-grid[data-form="users"]').first();
    await expect.poll(() => users.locator('[role=row][data-key]').count(), { timeout: 10_000 }).toBeGreaterThan(2);

    // Add the user with the form.
    await users.locator(':scope > .grid-toolbar').getByRole('button', { name: 'Add' }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByRole('heading').innerText()).toBe('New user');
    // An e-mail taken (in any case) is refused, said in the user's language; the form keeps what was typed.
    await dialog.locator('input[id$="-user_email"]').fill('Catalog@Example.com');
    await dialog.locator('input[id$="-user_name"]').fill('nora');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.locator('.toast-warning .toast-text').allInnerTexts()).toContain(text('en', 'messages.already_exists'));
    expect(await dialog.locator('input[id$="-user_name"]').inputValue()).toBe('nora');
    await dialog.locator('input[id$="-user_email"]').fill('nora.novak@example.com');
    await dialog.locator('input[id$="-user_name"]').fill('nora');
    await dialog.locator('input[id$="-first_name"]').fill('Nora');
    await dialog.locator('input[id$="-last_name"]').fill('Novák');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    const stored = async () =>
      (await t.server.db.query<{ user_id: number; first_name: string; password_hash: string }>(`select user_id, first_name, password_hash from app.users where user_email = 'nora.novak@example.com'`))
        .rows[0];
    await expect.poll(stored).toMatchObject({ first_name: 'Nora', password_hash: expect.stringMatching(/^!/) });
    const id = String((await stored())!.user_id);
    expect((await t.server.db.query(`select company_code from app.user_companies where user_id = $1`, [id])).rows).toEqual([{ company_code: 'SK01' }]);

    // Her roles: a checkbox per role; tick the catalogue manager.
    await users.locator('[data-filter-field="user_email"] input').fill('nora');
    await expect.poll(() => users.locator('[role=row][data-key]').count()).toBe(1);
    await users.locator(`[role=row][data-key="${id}"] [role=gridcell][data-field="user_name"]`).click();
    const detail = page.locator('.grid-detail');
    await expect.poll(() => detail.locator('.grid-detail-product').innerText(), { timeout: 5000 }).toBe(`${id} · Nora Novák`);
    await detail.getByRole('tab', { name: 'Roles of the user' }).click();
    const roles = detail.locator('.screen-grid[data-form="user_roles"]');
    await expect.poll(() => roles.locator('[role=row][data-key]').count(), { timeout: 10_000 }).toBe(3);
    const catalogRow = roles.locator('[role=row][data-key]').filter({ hasText: 'Catalogue manager' });
    const box = catalogRow.locator('[data-field="assigned"] [role=checkbox]');
    expect(await box.getAttribute('aria-checked')).toBe('false');
    await box.click();
    await expect.poll(() => box.getAttribute('aria-checked')).toBe('true');
    const given = async () =>
      (await t.server.db.query<{ role_code: string }>(`select r.role_code from app.user_roles ur join app.roles r using (role_id) where ur.user_id = $1`, [id])).rows.map((r) => r.role_code);
    await expect.poll(given).toEqual(['catalog']);
    const logged = await t.server.db.query(`select actor_user_id, after from app.product_change_log where entity_name = 'user_roles' and entity_key ->> 0 = $1`, [id]);
    expect(logged.rows).toEqual([{ actor_user_id: 1, after: { assigned: true } }]);

    // Her invitation: the toolbar's set-password link, mailed (the outbox) and opened in her own browser below.
    await t.page.getByRole('grid').first().locator(`[role=row][data-key="${id}"]`).getByRole('checkbox', { name: 'Select row' }).click();
    await t.page.getByRole('button', { name: 'Send set-password link' }).click();
    await t.page.getByRole('dialog').locator('.dialog-buttons button:not(.btn-secondary)').click();
    // The answer shown first (the click returns before the request ends): then the outbox has the mail.
    await expect.poll(() => t.page.getByText('Invitations sent: 1').count()).toBeGreaterThan(0);
    const [mail] = await waitForMails(t.server, 'nora.novak@example.com', 1);
    const link = new URL(/(https?:\/\/\S+\/set_password#token=\S+)/.exec(mail!.body_text)![1]!);

    // She signs in elsewhere and sees the catalogue role's pages, and nothing else.
    const expected = (
      await t.server.db.query<{ url: string }>(
        `select distinct p.url from app.role_pages rp join app.roles r using (role_id) join app.backend_pages p using (page_code)
         where r.role_code = 'catalog' and rp.can_list and p.url is not null and p.menu`,
      )
    ).rows
      .map((r) => r.url)
      .filter((u) => screenPaths.has(u))
      .sort();
    expect(expected.length).toBeGreaterThan(5);
    const other = await t.browser.newContext({ viewport: { width: 1400, height: 900 } });
    try {
      const hers = await other.newPage();
      await hers.goto(`${t.server.url}${link.pathname}${link.hash}`);
      const fields = hers.locator('input[type=password]');
      await fields.nth(0).fill(STRONG);
      await fields.nth(1).fill(STRONG);
      await hers.getByRole('button', { name: 'Save password' }).click();
      await expect.poll(() => hers.locator('.alert-success').textContent()).toContain('Your password is set');
      await hers.goto(`${t.server.url}/en/login`);
      await hers.locator('#login-email').fill('nora.novak@example.com');
      await hers.locator('#login-password').fill(STRONG);
      await hers.locator('form.login-form button[type=submit]').click();
      await hers.waitForURL((u) => !u.pathname.endsWith('/login'));
      const menuUrls = async () => {
        await hers.getByRole('button', { name: 'Menu', exact: true }).click();
        const nav = hers.getByRole('navigation', { name: 'Menu' });
        await expect.poll(() => nav.locator('a[href]').count()).toBeGreaterThan(0);
        const hrefs = await nav.locator('a[href]').evaluateAll((as) => as.map((a) => new URL((a as HTMLAnchorElement).href).pathname.replace(/^\/en/, '')));
        await hers.keyboard.press('Escape');
        return hrefs.sort();
      };
      expect(await menuUrls()).toEqual(expected);
      await hers.goto(`${t.server.url}/en/products/brands`);
      await expect.poll(() => hers.locator('h1.page-title').innerText()).toBe('Brands');
      await expect.poll(() => hers.getByRole('grid').first().locator('[role=row][data-key]').count(), { timeout: 10_000 }).toBeGreaterThan(0);

      // The admin ticks "view" of the VAT rates page in her pages grid: her next sign-in shows it.
      await detail.getByRole('tab', { name: 'Pages of the user' }).click();
      const pages = detail.locator('.screen-grid[data-form="user_pages"]');
      await pages.locator('[data-filter-field="url"] input').fill('/settings/vats');
      await expect.poll(() => pages.locator('[role=row][data-key]').count(), { timeout: 10_000 }).toBe(1);
      const view = pages.locator('[role=row][data-key] [data-field="can_list"] [role=checkbox]');
      await view.click();
      await expect.poll(() => view.getAttribute('aria-checked')).toBe('true');
      await expect.poll(() => pages.locator('[role=row][data-key] [data-field="eff_list"] [role=checkbox]').getAttribute('aria-checked')).toBe('true');
      await hers.goto(`${t.server.url}/en/settings/vats`);
      await expect.poll(() => hers.getByRole('grid').first().locator('[role=row][data-key]').count(), { timeout: 10_000 }).toBeGreaterThan(0);
      await hers.reload();
      await expect.poll(() => hers.locator('h1.page-title').innerText()).toBe(text('en', 'screens.vats.title'));
      expect(await menuUrls()).toEqual([...expected, '/settings/vats'].sort());

      // Blocked: her next request is refused, and she is back at the sign-in page.
      await users.locator(`[role=row][data-key="${id}"] [data-field="blocked"] [role=checkbox]`).click();
      await expect.poll(async () => (await t.server.db.query(`select blocked from app.users where user_id = $1`, [id])).rows[0]).toEqual({ blocked: true });
      await hers.goto(`${t.server.url}/en/products/brands`);
      await hers.waitForURL((u) => u.pathname.endsWith('/login'), { timeout: 10_000 });
    } finally {
      await other.close();
    }
  }, 120_000);

  it('adds a role with names per language; its pages: a column ticked for all pages and cleared again (Ctrl+A, Fill)', async () => {
    const page = t.page;
    await t.server.db.query('delete from app.user_grid_states');
    await signIn(page, t.server.url, 'admin@example.com');
    await page.goto(`${t.server.url}/en/settings/roles`);
    const roles = page.locator('.screen-grid[data-form="roles"]').first();
    await expect.poll(() => roles.locator('[role=row][data-key]').count(), { timeout: 10_000 }).toBe(3);

    await roles.locator(':scope > .grid-toolbar').getByRole('button', { name: 'Add' }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByRole('heading').innerText()).toBe('New role');
    await dialog.locator('input[id$="-role_code"]').fill('auditor');
    await dialog.locator('[id$="role_name-en"]').first().fill('Auditor');
    await dialog.locator('[id$="role_name-de"]').first().fill('Prüfer');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    const role = async () =>
      (await t.server.db.query<{ role_id: number; role_name: Record<string, string>; active: boolean }>(`select role_id, role_name, active from app.roles where role_code = 'auditor'`)).rows[0];
    await expect.poll(role).toMatchObject({ role_name: { en: 'Auditor', de: 'Prüfer' }, active: true });
    const id = String((await role())!.role_id);

    await roles.locator(`[role=row][data-key="${id}"] [role=gridcell][data-field="role_code"]`).click();
    const detail = page.locator('.grid-detail');
    await detail.getByRole('tab', { name: 'Pages of the role' }).click();
    const pages = detail.locator('.screen-grid[data-form="role_pages"]');
    const routed = (await t.server.db.query<{ n: number }>('select count(*)::int as n from app.backend_pages where url is not null')).rows[0]!.n;
    await expect.poll(() => pages.locator('[role=row][data-key]').count(), { timeout: 10_000 }).toBeGreaterThan(5);
    const granted = async () => (await t.server.db.query<{ n: number }>('select count(*)::int as n from app.role_pages where role_id = $1 and can_list', [id])).rows[0]!.n;

    // "All" of the view column: every page in the range, Fill with yes.
    const fill = async (value: string) => {
      // A cell of the grid, Ctrl+A: every row's cells are the range Fill writes.
      await pages.locator('[role=row][data-key] [role=gridcell][data-field="url"]').first().click();
      await page.keyboard.press('Control+a');
      await pages.locator(':scope > .grid-toolbar button.grid-fill').click();
      await page.locator('select.grid-fill-column').selectOption('can_list');
      await page.locator('input.grid-fill-value').fill(value);
      await page.locator('button.grid-fill-apply').click();
    };
    await fill('yes');
    await expect.poll(granted, { timeout: 10_000 }).toBe(routed);
    const log = await t.server.db.query<{ n: number }>(
      `select count(*)::int as n from app.product_change_log where entity_name = 'role_pages' and entity_key ->> 0 = $1 and after = '{"can_list": true}'`,
      [id],
    );
    expect(log.rows[0]!.n).toBe(routed);
    // "None": the same, with no.
    await fill('no');
    await expect.poll(granted, { timeout: 10_000 }).toBe(0);
    expect((await t.server.db.query('select * from app.role_pages where role_id = $1', [id])).rows).toEqual([]);
  }, 120_000);

  it('adds a partner’s user on /partners/user_list with the partner picked in the form, and mails the invitation', async () => {
    const page = t.page;
    await t.server.db.query('delete from app.user_grid_states');
    await signIn(page, t.server.url, 'admin@example.com');
    await page.goto(`${t.server.url}/en/partners/user_list`);
    await expect.poll(() => page.locator('h1.page-title').innerText()).toBe(text('en', 'screens.user_list.title'));
    const list = page.locator('.screen-grid[data-form="user_list"]').first();
    await expect.poll(() => list.locator('[role=row][data-key]').count(), { timeout: 10_000 }).toBe(5);
    // The partner column shows the partner's name (its lookup), not its id.
    const partner = (
      await t.server.db.query<{ partner_id: number; partner_name: string }>(
        `select partner_id, partner_name from app.partners where company_code = 'SK01' and not deleted order by partner_id desc limit 1`,
      )
    ).rows[0]!;

    await list.locator(':scope > .grid-toolbar').getByRole('button', { name: 'Add' }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByRole('heading').innerText()).toBe(text('en', 'screens.user_list.new'));
    await dialog.locator('select[id$="-partner_id"]').selectOption({ label: partner.partner_name });
    await dialog.locator('input[id$="-user_email"]').fill('petra.rep@partner.example');
    await dialog.locator('input[id$="-user_name"]').fill('petra');
    await dialog.locator('input[id$="-first_name"]').fill('Petra');
    await dialog.locator('input[id$="-job_title"]').fill('Sales representative');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    const stored = async () =>
      (await t.server.db.query<{ user_id: number; partner_id: number; job_title: string }>(`select user_id, partner_id, job_title from app.users where user_email = 'petra.rep@partner.example'`))
        .rows[0];
    await expect.poll(stored).toMatchObject({ partner_id: partner.partner_id, job_title: 'Sales representative' });
    const id = String((await stored())!.user_id);
    const row = list.locator(`[role=row][data-key="${id}"]`);
    await expect.poll(() => row.locator('[data-field="partner_id"]').innerText(), { timeout: 10_000 }).toBe(partner.partner_name);

    await row.getByRole('checkbox', { name: 'Select row' }).click();
    await list.locator(':scope > .grid-toolbar').getByRole('button', { name: 'Send set-password link' }).click();
    await page.getByRole('dialog').locator('.dialog-buttons button:not(.btn-secondary)').click();
    await expect.poll(() => page.getByText('Invitations sent: 1').count()).toBeGreaterThan(0);
    const [mail] = await waitForMails(t.server, 'petra.rep@partner.example', 1);
    expect(mail!.body_text).toMatch(/\/en\/set_password#token=/);
  }, 120_000);

  it('opens the users and roles pages with data and their detail grids in all seven languages', async () => {
    const page = t.page;
    await t.server.db.query('delete from app.user_grid_states'); // the filters the test above left
    await signIn(page, t.server.url, 'admin@example.com');
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
    const visits = [
      { path: '/settings/users', form: 'users', details: ['user_companies', 'user_roles', 'user_pages'] },
      { path: '/settings/roles', form: 'roles', details: ['role_users', 'role_pages'] },
      { path: '/partners/user_list', form: 'user_list', details: [] },
    ];
    for (const lang of LANGS) {
      // A language's first page loaded, the others opened in the app, as its menu does (routeWalk.ts).
      for (const [i, v] of visits.entries()) {
        const url = `${t.server.url}/${lang}${v.path}`;
        if (i === 0) await page.goto(url);
        else await openInApp(page, url);
        await expect.poll(() => page.locator('h1.page-title').innerText(), { message: url }).toBe(text(lang, `screens.${v.form}.title`));
        const grid = page.locator(`.screen-grid[data-form="${v.form}"]`).first();
        await expect.poll(() => grid.locator('[role=row][data-key]').count(), { message: url, timeout: 10_000 }).toBeGreaterThan(1);
        if (!v.details.length) continue;
        await grid.locator('[role=row][data-key]').first().locator('[role=gridcell]').nth(1).click();
        const detail = page.locator('.grid-detail');
        for (const d of v.details) {
          await detail.getByRole('tab', { name: text(lang, `screens.${d}.title`) }).click();
          const rows = detail.locator(`.screen-grid[data-form="${d}"] [role=row][data-key]`);
          await expect.poll(() => rows.count(), { message: `${url} ${d}`, timeout: 10_000 }).toBeGreaterThan(0);
        }
        const alerts = await page.locator('.toast-danger, .alert-danger').allInnerTexts();
        if (alerts.length) problems.push(`${url}: ${alerts.join(' | ')}`);
      }
    }
    expect(problems).toEqual([]);
  }, 300_000);
});
