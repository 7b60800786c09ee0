/**
 * News in the browser (issue 24), as the admin in German: a source added through the form on
 * /de/news/news_sources and one more of a local feed (a node http server on 127.0.0.1) are
 * fetched with "Jetzt abrufen"; a malformed feed's failure reads in German in its "Letzter
 * Fehler" cell; the fetched news appear in /de/news/news_list, their links open in a new tab
 * (noopener noreferrer), and the category filter keeps one source's news. Both news routes
 * open with data in all seven languages.
 */
import { createServer, type Server } from 'node:http';
import { readFileSync } from 'node:fs';
import { IntlMessageFormat } from 'intl-messageformat';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGS } from '../../src/core/langs.ts';
import { browserSuite, signIn } from './browser.ts';
import { gridPage } from './gridPage.ts';

// The server's outbound guard fetches the local feed server only because its allow list (test only) names it.
const t = browserSuite({ width: 1800, height: 1000 }, async () => ({ outboundAllowHosts: [(await startFeeds()).slice('http://'.length)] }));
const { grid, bodyRows, row, cell } = gridPage(
  () => t.page,
  () => t.server,
);
const catalogue = (lang: string) => JSON.parse(readFileSync(`locales/${lang}.json`, 'utf8')) as Record<string, string>;
const de = catalogue('de');

let feeds: Server;
let base = '';
const rss = (items: [title: string, path: string][]) =>
  `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>Lokal</title>${items
    .map(([title, path], i) => `<item><title>${title}</title><link>${base}${path}</link><pubDate>${new Date(Date.now() - i * 3_600_000).toUTCString()}</pubDate></item>`)
    .join('')}</channel></rss>`;
/** The local feed server, started once (before the app's server, whose allow list names it); its base URL. */
async function startFeeds(): Promise<string> {
  if (base) return base;
  feeds = createServer((req, res) => {
    if (req.url === '/lager.xml')
      return void res.writeHead(200, { 'content-type': 'application/rss+xml' }).end(
        rss([
          ['Neues Hochregallager in Linz eröffnet', '/lager/1'],
          ['Kommissionierung mit Sprachsteuerung', '/lager/2'],
        ]),
      );
    if (req.url === '/handel.xml') return void res.writeHead(200, { 'content-type': 'application/rss+xml' }).end(rss([['Versandhandel wächst im November', '/handel/1']]));
    res.writeHead(200, { 'content-type': 'text/html' }).end('<html><body>kein Feed</body></html>');
  });
  await new Promise<void>((r) => feeds.listen(0, '127.0.0.1', () => r()));
  base = `http://127.0.0.1:${(feeds.address() as { port: number }).port}`;
  return base;
}
beforeAll(startFeeds);
afterAll(() => new Promise<void>((r) => (feeds ? feeds.close(() => r()) : r())));

describe('news', () => {
  it('fetches local feeds with "Jetzt abrufen" and lists their news, filtered by category (German)', async () => {
    const db = t.server.db;
    await db.query(
      `insert into app.news_sources (feed_url, source_name, language_code, country_code, category, active) values ($1, 'Handel lokal', 'de', 'AT', 'Handel', false), ($2, 'Kaputt', 'de', 'DE', 'Test', false)`,
      [`${base}/handel.xml`, `${base}/broken.xml`],
    );
    await signIn(t.page, t.server.url, 'admin@example.com', 'de');
    await t.page.goto(`${t.server.url}/de/news/news_sources`);
    await expect.poll(() => t.page.locator('h1.page-title').innerText()).toBe(de['screens.news_sources.title']);
    await expect.poll(() => bodyRows().count(), { timeout: 15_000 }).toBeGreaterThan(0);

    // A source added through the form.
    await t.page.locator('.screen-grid[data-form="news_sources"] > .grid-toolbar').getByRole('button', { name: de['common.add'] }).click();
    const dialog = t.page.getByRole('dialog');
    await expect.poll(() => dialog.getByRole('heading').innerText()).toBe(de['screens.news_sources.new']);
    await dialog.locator('input[id$="-source_name"]').fill('Lager lokal');
    await dialog.locator('input[id$="-feed_url"]').fill(`${base}/lager.xml`);
    await dialog.getByRole('combobox', { name: de['fields.language_code'] }).click();
    await dialog
      .getByRole('listbox')
      .getByRole('option', { name: /Deutsch/ })
      .click();
    await dialog.locator('input[id$="-category"]').fill('Lager');
    await dialog.locator('input[id$="-active"]').uncheck();
    await dialog.getByRole('button', { name: de['common.save'] }).click();
    await expect.poll(() => t.page.getByRole('dialog').count()).toBe(0);
    const ids = (await db.query<{ id: number; name: string }>(`select news_source_id as id, source_name as name from app.news_sources where feed_url like $1 order by source_name`, [`${base}/%`]))
      .rows;
    expect(ids.map((r) => r.name)).toEqual(['Handel lokal', 'Kaputt', 'Lager lokal']);

    // The three picked, then fetched now.
    await grid().locator('[data-filter-field="feed_url"] input').fill('127.0.0.1');
    await expect.poll(() => bodyRows().count(), { timeout: 10_000 }).toBe(3);
    for (const r of ids) await row(String(r.id)).getByRole('checkbox', { name: de['grid.select_row'] }).click();
    await t.page.getByRole('button', { name: new RegExp(`^${de['news.fetch_now']}`) }).click();
    // Three fetched, three new news, one feed with a problem.
    const said = new IntlMessageFormat(de['news.fetched']!, 'de').format({ fetched: 3, added: 3, failed: 1, busy: 0 }) as string;
    await expect.poll(() => t.page.locator('.toast-warning').first().innerText(), { timeout: 15_000 }).toContain(said);
    const broken = String(ids.find((r) => r.name === 'Kaputt')!.id);
    await expect.poll(() => cell(broken, 'last_error').innerText(), { timeout: 10_000 }).toBe(de['options.last_error.invalid_feed']);
    const lager = String(ids.find((r) => r.name === 'Lager lokal')!.id);
    await expect.poll(() => cell(lager, 'item_count').innerText()).toBe('2');
    expect(await cell(lager, 'last_error').innerText()).toBe('');

    // The news list: the fetched news, newest first, each link to a new tab without an opener.
    await t.page.goto(`${t.server.url}/de/news/news_list`);
    await expect.poll(() => t.page.locator('h1.page-title').innerText()).toBe(de['screens.news_list.title']);
    await expect.poll(() => bodyRows().count(), { timeout: 15_000 }).toBeGreaterThan(3);
    const item = (await db.query<{ id: number }>(`select news_item_id as id from app.news_items where url = $1`, [`${base}/lager/1`])).rows[0]!;
    await expect.poll(() => cell(String(item.id), 'title').innerText()).toBe('Neues Hochregallager in Linz eröffnet');
    expect(await cell(String(item.id), 'news_source_name').innerText()).toBe('Lager lokal');
    const link = cell(String(item.id), 'url').locator('a');
    expect(await link.getAttribute('href')).toBe(`${base}/lager/1`);
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await link.getAttribute('rel')).toBe('noopener noreferrer');

    // Filtered by category: that source's two news only.
    await grid().locator('[data-filter-field="category"] input').fill('Lager');
    await expect.poll(() => bodyRows().count(), { timeout: 10_000 }).toBe(2);
    const titles = await bodyRows().evaluateAll((rs) => rs.map((r) => r.querySelector('[data-field="title"]')?.textContent));
    expect(titles).toEqual(['Neues Hochregallager in Linz eröffnet', 'Kommissionierung mit Sprachsteuerung']);
    await grid().locator('[data-filter-field="category"] input').fill('Handel');
    await expect.poll(() => bodyRows().evaluateAll((rs) => rs.map((r) => r.querySelector('[data-field="title"]')?.textContent)), { timeout: 10_000 }).toContain('Versandhandel wächst im November');
  }, 120_000);

  it('opens both news routes with data in all seven languages', async () => {
    // The grids as they open first (the test above left its filters in the admin's saved grid states).
    await t.server.db.query("delete from app.user_grid_states where form in ('news_list', 'news_sources')");
    await signIn(t.page, t.server.url, 'admin@example.com');
    const problems: string[] = [];
    t.page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
    for (const lang of LANGS) {
      for (const form of ['news_list', 'news_sources']) {
        const url = `${t.server.url}/${lang}/news/${form}`;
        await t.page.goto(url);
        await expect.poll(() => t.page.locator('h1.page-title').innerText(), { message: url }).toBe(catalogue(lang)[`screens.${form}.title`]);
        await expect.poll(() => bodyRows().count(), { message: `${url}: rows`, timeout: 10_000 }).toBeGreaterThan(0);
        if (form === 'news_sources') {
          // The demo source whose last fetch timed out says so in the language.
          const demo = (await t.server.db.query<{ id: number }>("select news_source_id as id from app.news_sources where last_error = 'timeout' and feed_url like '%.example.invalid/%'")).rows[0]!;
          await expect.poll(() => cell(String(demo.id), 'last_error').innerText(), { message: url }).toBe(catalogue(lang)['options.last_error.timeout']);
        }
        const alerts = await t.page.locator('.toast-danger, .alert-danger').allInnerTexts();
        if (alerts.length) problems.push(`${url}: ${alerts.join(' | ')}`);
      }
    }
    expect(problems).toEqual([]);
  }, 180_000);
});
