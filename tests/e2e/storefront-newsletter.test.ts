/**
 * The storefront's newsletter in Chromium (issue 26): a visitor of the German shop signs up in
 * the footer form, the confirmation mail arrives at a local SMTP server in German, its link
 * opens the confirm page, the button confirms, and the back office's newsletter list shows
 * the confirmed subscriber. The home page's banner and block pictures are this server's.
 * A visitor asks to be told when a product out of stock is back (the product page's form).
 */
import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { startSmtpSink, type SmtpSink } from '../api/smtpSink.ts';
import { browserSuite, signIn } from './browser.ts';
import { gridPage } from './gridPage.ts';

let sink: SmtpSink | undefined;
const t = browserSuite({ width: 1280, height: 900 }, async () => {
  sink = await startSmtpSink();
  return { smtpUrl: `smtp://127.0.0.1:${sink.port}`, mailTickMs: 200 };
});
afterAll(() => sink?.close());
const { cell } = gridPage(
  () => t.page,
  () => t.server,
);
const de = JSON.parse(readFileSync('locales/de.json', 'utf8')) as Record<string, string>;

describe('storefront newsletter', () => {
  it('shows the demo banners and block pictures from this server, none broken', async () => {
    await t.server.db.exec(`update app.settings set value = '' where key = 'cdn'`);
    await t.page.goto(`${t.server.url}/storefront/shop-at.example.com/`);
    const imgs = t.page.locator('.slide img, .blocks img');
    // Today's banners (two of the three demo ones are home banners) and the home block page's picture.
    await expect.poll(() => imgs.count()).toBeGreaterThanOrEqual(3);
    for (const img of await imgs.all()) {
      await img.scrollIntoViewIfNeeded();
      await expect.poll(() => img.evaluate((e: HTMLImageElement) => e.complete && e.naturalWidth > 0), { message: (await img.getAttribute('src')) ?? '' }).toBe(true);
      expect(await img.getAttribute('src')).toMatch(/^\/media\/[a-z-]+\.svg/);
    }
    await t.page.goto(`${t.server.url}/storefront/shop-at.example.com/info/about-us`);
    const team = t.page.locator('.blocks img[src="/media/team.svg"]');
    await team.scrollIntoViewIfNeeded();
    await expect.poll(() => team.evaluate((e: HTMLImageElement) => e.complete && e.naturalWidth > 0)).toBe(true);
    expect(await team.getAttribute('alt')).toBe('Unser Team');
  });

  it('signs up in German, confirms through the mailed link, and the subscriber is listed as confirmed', async () => {
    const email = 'lena.huber@example.org';
    await t.page.goto(`${t.server.url}/storefront/shop-at.example.com/`);
    await t.page.locator('footer #nl-email').fill(email);
    await t.page.locator('footer #nl-name').fill('Lena Huber');
    await t.page.locator('footer form.newsletter button').click();
    await expect.poll(() => t.page.locator('main [role=status]').innerText()).toBe(de['storefront.newsletter_sent']);

    await expect.poll(() => sink!.messages.filter((m) => m.to.includes(email)).length, { timeout: 15_000 }).toBe(1);
    const mail = sink!.messages.find((m) => m.to.includes(email))!;
    expect(mail.subject).toBe('Bestätigen Sie Ihr Newsletter-Abonnement bei Dunaj Shop Österreich');
    const link = new URL(/https?:\/\/\S+\/newsletter\/confirm\?t=[A-Za-z0-9_-]+/.exec(mail.text)![0]);
    // The link names the configured public URL; the test's server listens on its own port.
    await t.page.goto(`${t.server.url}${link.pathname}${link.search}`);
    await t.page.getByRole('button', { name: de['storefront.newsletter_confirm'] }).click();
    await expect.poll(() => t.page.locator('main [role=status]').innerText()).toBe(de['storefront.newsletter_confirmed']);

    const id = String((await t.server.db.query<{ id: number }>(`select subscriber_id as id from app.newsletter_subscribers where email = $1`, [email])).rows[0]!.id);
    await signIn(t.page, t.server.url, 'admin@example.com', 'de');
    await t.page.goto(`${t.server.url}/de/sales/newsletter_subscribers`);
    await expect.poll(() => cell(id, 'email').innerText(), { timeout: 10_000 }).toBe(email);
    await expect.poll(() => cell(id, 'first_name').innerText()).toBe('Lena');
    await expect.poll(async () => (await cell(id, 'confirmed').innerText()).trim() === de['common.yes'] || (await cell(id, 'confirmed').locator('[aria-checked="true"]').count()) > 0).toBe(true);
  }, 120_000);

  it('asks to be notified on the page of a product out of stock', async () => {
    const code = (
      await t.server.db.query<{ code: string }>(
        `select pp.product_code as code from app.v_published_products pp join app.products p using (product_code) join app.shops sh using (shop_id)
         where sh.hostname = 'shop-at.example.com' and pp.free_qty <= 0 and not p.can_order order by pp.product_code limit 1`,
      )
    ).rows[0]!.code;
    await t.page.goto(`${t.server.url}/storefront/shop-at.example.com/product/${code.toLowerCase()}`);
    await t.page.locator('#notify-email').fill('max.muster@example.org');
    await t.page.getByRole('button', { name: de['storefront.notify_me'] }).click();
    await expect.poll(() => t.page.locator('#notify[role=status]').innerText()).toBe(de['storefront.notify_sent']);
    const rows = await t.server.db.query(`select language_code, product_code from app.arrival_notifications where email = 'max.muster@example.org' and not notification_sent`);
    expect(rows.rows).toEqual([{ language_code: 'de', product_code: code }]);
  });
});
