/**
 * Mail for AI without IMAP_URL (issue 25): both routes open with their demo rows in all
 * seven languages, and the e-mail list's toolbar says in each what to configure (IMAP_URL)
 * instead of offering a sync that cannot work.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LANGS } from '../../src/core/langs.ts';
import { browserSuite, openInApp, signIn } from './browser.ts';

const t = browserSuite({ width: 1600, height: 1000 });
const catalogue = (lang: string) => JSON.parse(readFileSync(`locales/${lang}.json`, 'utf8')) as Record<string, string>;

describe('mail for AI without IMAP_URL', () => {
  it('opens both routes with data in all seven languages and says to set IMAP_URL', async () => {
    await signIn(t.page, t.server.url, 'admin@example.com');
    const problems: string[] = [];
    t.page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
    for (const lang of LANGS) {
      const words = catalogue(lang);
      // A language's first route loaded, the other opened in the app, as its menu does (routeWalk.ts).
      for (const [i, form] of ['email_list', 'imap_labels'].entries()) {
        const url = `${t.server.url}/${lang}/ai_content/${form}`;
        if (i === 0) await t.page.goto(url);
        else await openInApp(t.page, url);
        await expect.poll(() => t.page.locator('h1.page-title').innerText(), { message: url }).toBe(words[`screens.${form}.title`]);
        await expect.poll(() => t.page.locator(`.screen-grid[data-form="${form}"] [role=row][data-key]`).count(), { message: `${url}: rows`, timeout: 10_000 }).toBe(form === 'email_list' ? 7 : 4);
        if (form === 'email_list') {
          const notice = t.page.locator('.email-not-configured');
          await expect.poll(() => notice.innerText(), { message: url }).toBe(words['imap.not_configured']);
          expect(words['imap.not_configured']).toContain('IMAP_URL');
          expect(await t.page.getByRole('button', { name: words['imap.sync'] }).count()).toBe(0);
        }
        const alerts = await t.page.locator('.toast-danger, .alert-danger').allInnerTexts();
        if (alerts.length) problems.push(`${url}: ${alerts.join(' | ')}`);
      }
    }
    expect(problems).toEqual([]);
  }, 180_000);
});
