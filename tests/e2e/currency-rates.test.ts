/**
 * The rates screen in the browser (issue 46), as the admin in German: /de/finance/currency_rates
 * says the feed has fetched nothing yet; "Kurse jetzt abrufen" fetches a local fake of the ECB
 * file (a node http server on 127.0.0.1, reached through the outbound guard's test allow list)
 * and the status names its day, the grid its rates; a rate typed in German ("1,0812") is added
 * through the form and shown as entered by a user; the same day and currency again is refused
 * at the field in German; a failing feed keeps the rates and the status says so.
 */
import { createServer, type Server } from 'node:http';
import { readFileSync } from 'node:fs';
import { IntlMessageFormat } from 'intl-messageformat';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMoney } from '../../src/core/format.ts';
import { LOCALE } from '../../src/core/langs.ts';
import { browserSuite, signIn } from './browser.ts';
import { gridPage } from './gridPage.ts';

let ecb: Server;
let base = '';
const answer = { status: 200 };
const DAY = '2026-03-02';
const FILE = `<?xml version="1.0" encoding="UTF-8"?>
<gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
<Cube><Cube time='${DAY}'><Cube currency='USD' rate='1.05'/><Cube currency='HUF' rate='400'/><Cube currency='CZK' rate='25'/></Cube></Cube></gesmes:Envelope>`;
/** The fake ECB, started once before the app's server (whose allow list and RATES_URL name it); its base URL. */
async function startEcb(): Promise<string> {
  if (base) return base;
  ecb = createServer((_req, res) => void (answer.status === 200 ? res.writeHead(200, { 'content-type': 'text/xml' }).end(FILE) : res.writeHead(answer.status).end('busy')));
  await new Promise<void>((r) => ecb.listen(0, '127.0.0.1', () => r()));
  base = `http://127.0.0.1:${(ecb.address() as { port: number }).port}`;
  return base;
}

const t = browserSuite({ width: 1800, height: 1000 }, async () => {
  const url = await startEcb();
  return { outboundAllowHosts: [url.slice('http://'.length)], ratesUrl: `${url}/eurofxref-daily.xml` };
});
const { bodyRows, cell } = gridPage(
  () => t.page,
  () => t.server,
);
const de = JSON.parse(readFileSync('locales/de.json', 'utf8')) as Record<string, string>;
const say = (key: string, values: Record<string, string | number> = {}) => new IntlMessageFormat(de[key]!, 'de-DE').format(values) as string;

beforeAll(startEcb);
afterAll(() => new Promise<void>((r) => (ecb ? ecb.close(() => r()) : r())));

describe('currency rates', () => {
  it('fetches the feed, adds a rate typed in German, refuses a second one of the day and says when the feed failed', async () => {
    const db = t.server.db;
    const host = base.slice('http://'.length);
    await signIn(t.page, t.server.url, 'admin@example.com', 'de');
    await t.page.goto(`${t.server.url}/de/finance/currency_rates`);
    await expect.poll(() => t.page.locator('h1.page-title').innerText()).toBe(de['screens.currency_rates.title']);
    await expect.poll(() => bodyRows().count(), { timeout: 15_000 }).toBeGreaterThan(0);
    const status = t.page.locator('.rate-feed-status');
    await expect.poll(() => status.innerText()).toBe(say('rates.feed_never', { host }));

    // Fetch now: the day's rates of SK01 (EUR) arrive, the status names the day.
    await t.page.getByRole('button', { name: de['rates.fetch_now'] }).click();
    await expect.poll(() => status.innerText()).toContain(say('rates.feed_fetched', { day: '02.03.2026', host, at: '\u0000' }).split('\u0000')[0]!);
    const usd = (await db.query<{ rate_id: number }>(`select rate_id from app.currency_rate_days where company_code = 'SK01' and currency_code = 'USD' and rate_date = $1`, [DAY])).rows[0]!;
    await expect.poll(() => cell(String(usd.rate_id), 'source').innerText()).toBe(de['options.rate_source.feed']);

    // A rate typed as German writes numbers, through the form.
    await t.page.locator('.screen-grid[data-form="currency_rates"] > .grid-toolbar').getByRole('button', { name: de['common.add'] }).click();
    const dialog = t.page.getByRole('dialog');
    await dialog.locator('input[id$="-rate_date"]').fill('10.01.2026');
    await dialog.locator('select[id$="-currency_code"]').selectOption('USD');
    await dialog.locator('input[id$="-rate"]').fill('0,9251');
    await dialog.getByRole('button', { name: de['common.save'] }).click();
    await expect.poll(() => t.page.getByRole('dialog').count()).toBe(0);
    const added = (
      await db.query<{ rate_id: number; rate: string; source: string }>(
        `select rate_id, rate::float8::text as rate, source from app.currency_rate_days where company_code = 'SK01' and currency_code = 'USD' and rate_date = '2026-01-10'`,
      )
    ).rows[0]!;
    expect(added).toMatchObject({ rate: '0.9251', source: 'manual' });
    await expect.poll(() => cell(String(added.rate_id), 'rate').innerText()).toBe('0,9251');
    await expect.poll(() => cell(String(added.rate_id), 'source').innerText()).toBe(de['options.rate_source.manual']);

    // The same currency and day again: refused at the day's field, in German.
    await t.page.locator('.screen-grid[data-form="currency_rates"] > .grid-toolbar').getByRole('button', { name: de['common.add'] }).click();
    await dialog.locator('input[id$="-rate_date"]').fill('10.01.2026');
    await dialog.locator('select[id$="-currency_code"]').selectOption('USD');
    await dialog.locator('input[id$="-rate"]').fill('0,93');
    await dialog.getByRole('button', { name: de['common.save'] }).click();
    await expect.poll(() => dialog.innerText()).toContain(de['rules.currency_rate_day_taken']);
    await dialog.getByRole('button', { name: de['common.cancel'] }).click();
    await t.page.getByRole('button', { name: de['forms.discard'] }).click(); // what was typed is thrown away
    await expect.poll(() => t.page.getByRole('dialog').count()).toBe(0);

    // The feed fails: the rates stay, the status says when and why.
    const before = (await db.query(`select count(*)::int as n from app.currency_rate_days`)).rows[0];
    answer.status = 503;
    await t.page.getByRole('button', { name: de['rates.fetch_now'] }).click();
    await expect.poll(() => status.getAttribute('data-failed')).toBe('true');
    expect(await status.innerText()).toContain(say('rates.error_http_status', { status: 503 }));
    expect(await status.innerText()).toContain(de['rates.feed_failed']!.split(': ')[1]!);
    expect((await db.query(`select count(*)::int as n from app.currency_rate_days`)).rows[0]).toEqual(before);
  }, 120_000);

  it('shows a past invoice in the view currency at its own day’s rates: a USD invoice in a USD view is its own dollars (cash flow)', async () => {
    const db = t.server.db;
    const { token } = await t.server.login('admin@example.com');
    // SK01 (EUR): 1 USD was 0.80 EUR on the invoice's day; today it is another rate.
    expect((await t.server.action(token, 'currency_rates', 'add', { currency_code: 'USD', rate_date: '2025-06-02', rate: 0.8 }, 'SK01')).status).toBe(200);
    const partner = (await db.query<{ id: number }>(`select partner_id as id from app.partners where company_code = 'SK01' and not is_supplier and not deleted order by partner_id limit 1`)).rows[0]!
      .id;
    const added = await t.server.action(
      token,
      'cashflow',
      'add',
      { type_code: 'customer_invoice', partner_id: partner, amount: 100, currency_code: 'USD', opened_on: '2025-06-02', due_date: '2099-12-30', invoice_number: 'RATE-DAY-1' },
      'SK01',
    );
    const item = added.body.data.row as { cashflow_id: number; amount_view_currency: number };
    expect(Number(item.amount_view_currency)).toBe(80); // in EUR, at that day's rate
    const today = Number((await db.query<{ r: number }>(`select rate::float8 as r from app.company_currency_rates where company_code = 'SK01' and currency_code = 'USD'`)).rows[0]!.r);
    expect(today).not.toBe(0.8);

    await signIn(t.page, t.server.url, 'admin@example.com');
    await t.page.goto(`${t.server.url}/en/finance/cashflow`);
    await t.page.getByRole('combobox', { name: 'Currency' }).selectOption('USD');
    const amount = cell(String(item.cashflow_id), 'amount_view_currency');
    await expect.poll(() => amount.innerText(), { timeout: 15_000 }).toBe(formatMoney(100, 'USD', LOCALE.en, 2));
    // Not what today's rate would make of its 80 euros.
    expect(formatMoney(100, 'USD', LOCALE.en, 2)).not.toBe(formatMoney(Math.round((80 / today) * 100) / 100, 'USD', LOCALE.en, 2));
  }, 120_000);
});
