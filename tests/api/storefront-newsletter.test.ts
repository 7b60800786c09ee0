/**
 * The storefront's newsletter sign-up (issue 26), both engines: the footer form, the Origin
 * check, double opt-in by a single-use link in a mail in the page's language (only the
 * token's hash stored), the same answer whatever the address's state, the throttle, expiry,
 * unsubscribe, and a token of one shop that another shop does not take.
 */
import { createHash } from 'node:crypto';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startTestServer, type TestServer } from './harness.ts';

interface Answer {
  status: number;
  body: string;
  location: string | undefined;
}

/** A request with the Host and Origin of our choosing (fetch does not let a caller set Host). */
function send(base: string, method: 'GET' | 'POST', path: string, o: { host?: string; origin?: string; site?: string; form?: Record<string, string> } = {}): Promise<Answer> {
  const u = new URL(base);
  const body = o.form ? new URLSearchParams(o.form).toString() : undefined;
  const headers: Record<string, string> = { host: o.host ?? u.host, accept: 'text/html' };
  if (o.origin) headers.origin = o.origin;
  if (o.site) headers['sec-fetch-site'] = o.site;
  if (body !== undefined) headers['content-type'] = 'application/x-www-form-urlencoded';
  return new Promise((resolve, reject) => {
    const req = request({ host: u.hostname, port: u.port, path, method, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode!, body: text, location: res.headers.location }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe.each(engines)('storefront newsletter on %s', (engine) => {
  let s: TestServer;
  let origin: string;
  const at = '/storefront/shop-at.example.com';
  const post = (path: string, form: Record<string, string>, o: { origin?: string; host?: string; site?: string } = {}) => send(s.url, 'POST', path, { origin, ...o, form });
  const mails = (email: string) =>
    s.db.query<{ subject: string; body_text: string; language_code: string; source_type: string }>(
      `select subject, body_text, language_code, source_type from app.mail_outbox where $1 = any(recipients) order by mail_id`,
      [email],
    );
  const row = (email: string, shop = 'shop-at.example.com') =>
    s.db.query<{ confirmed: boolean; unsubscribed_on: string | null; language_code: string; first_name: string; last_name: string }>(
      `select n.confirmed, n.unsubscribed_on::text, n.language_code, n.first_name, n.last_name
       from app.newsletter_subscribers n join app.shops sh using (shop_id) where n.email = $1 and sh.hostname = $2`,
      [email, shop],
    );
  const linkOf = (text: string, step: 'confirm' | 'unsubscribe') => {
    const m = new RegExp(`https?://\\S+/newsletter/${step}\\?t=([A-Za-z0-9_-]+)`).exec(text);
    if (!m) throw new Error(`no ${step} link in: ${text}`);
    return { url: new URL(m[0]), token: m[1]! };
  };

  beforeAll(async () => {
    s = await startTestServer(engine);
    origin = new URL(s.url).origin;
  });
  afterAll(() => s?.close());

  it('shows the sign-up form in every page footer, posting to the language’s path', async () => {
    const r = await send(s.url, 'GET', `/storefront/shop-hu.example.com/de`);
    expect(r.status).toBe(200);
    expect(r.body).toContain('<form class="newsletter" action="/storefront/shop-hu.example.com/de/newsletter" method="post">');
    expect(r.body).toContain('Abonnieren');
  });

  it('refuses a POST without this host as its Origin (CSRF), and a POST to any other path', async () => {
    const form = { email: 'csrf@example.org' };
    expect((await send(s.url, 'POST', `${at}/newsletter`, { form })).status).toBe(403);
    expect((await post(`${at}/newsletter`, form, { origin: 'https://evil.example.net' })).status).toBe(403);
    expect((await post(`${at}/newsletter`, form, { origin: 'null' })).status).toBe(403);
    expect((await post(`${at}/c/werkzeug`, form)).status).toBe(404);
    // A browser's Sec-Fetch-Site decides when sent: only same-origin (Chromium sends Origin: null under no-referrer).
    expect((await post(`${at}/newsletter`, form, { origin: 'null', site: 'cross-site' })).status).toBe(403);
    expect((await post(`${at}/newsletter`, form, { site: 'same-site' })).status).toBe(403);
    expect((await send(s.url, 'POST', `${at}/newsletter`, { origin, site: 'cross-site', form })).status).toBe(403);
    expect((await row('csrf@example.org')).rows).toHaveLength(0);
    expect((await send(s.url, 'POST', `${at}/newsletter`, { origin: 'null', site: 'same-origin', form: { email: 'site@example.org' } })).status).toBe(303);
    // On the shop's own host: the Origin must be that host.
    expect((await send(s.url, 'POST', '/newsletter', { host: 'shop-at.example.com', origin: 'https://shop-hu.example.com', form })).status).toBe(403);
    const own = await send(s.url, 'POST', '/newsletter', { host: 'shop-at.example.com', origin: 'https://shop-at.example.com', form });
    expect(own.status).toBe(303);
    expect(own.location).toBe('/newsletter?s=sent');
    expect(linkOf((await mails('csrf@example.org')).rows[0]!.body_text, 'confirm').url.origin).toBe('https://shop-at.example.com');
  });

  it('signs up with double opt-in: an unconfirmed row, a German mail, a single-use confirmation link', async () => {
    const email = 'Anna.Berger@Example.org';
    const r = await post(`${at}/newsletter`, { email, name: 'Anna Maria Berger' });
    expect(r.status).toBe(303);
    expect(r.location).toBe(`${at}/newsletter?s=sent`);
    const sent = await send(s.url, 'GET', r.location!);
    expect(sent.body).toContain('Vielen Dank. Wenn die Adresse unseren Newsletter erhalten kann');
    expect(sent.body).toContain('<meta name="robots" content="noindex"/>');

    expect((await row('anna.berger@example.org')).rows).toEqual([{ confirmed: false, unsubscribed_on: null, language_code: 'de', first_name: 'Anna', last_name: 'Maria Berger' }]);
    const m = (await mails('anna.berger@example.org')).rows;
    expect(m).toHaveLength(1);
    expect(m[0]).toMatchObject({ subject: 'Bestätigen Sie Ihr Newsletter-Abonnement bei Dunaj Shop Österreich', language_code: 'de', source_type: 'newsletter_subscriber' });
    expect(m[0]!.body_text).toContain('innerhalb von 7 Tagen');
    const { url, token } = linkOf(m[0]!.body_text, 'confirm');
    // Locally the link is the back office's public URL and the local path.
    expect(url.pathname).toBe(`${at}/newsletter/confirm`);
    // Only the hash is stored.
    const stored = await s.db.query<{ token_hash: string }>(`select token_hash from app.newsletter_tokens where purpose = 'confirm'`);
    expect(stored.rows.map((x) => x.token_hash)).toContain(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(stored.rows)).not.toContain(token);

    // The link opens a page with a button (a mail scanner's GET confirms nothing) …
    const page = await send(s.url, 'GET', `${url.pathname}${url.search}`);
    expect(page.status).toBe(200);
    expect(page.body).toContain('Abonnement bestätigen');
    expect(page.body).toContain(`<input type="hidden" name="t" value="${token}"/>`);
    expect((await row('anna.berger@example.org')).rows[0]!.confirmed).toBe(false);
    // … whose POST confirms, once.
    const done = await post(`${at}/newsletter/confirm`, { t: token });
    expect(done.status).toBe(200);
    expect(done.body).toContain('Ihr Abonnement ist bestätigt');
    expect((await row('anna.berger@example.org')).rows[0]!.confirmed).toBe(true);
    const again = await post(`${at}/newsletter/confirm`, { t: token });
    expect(again.status).toBe(400);
    expect(again.body).toContain('Dieser Link ist ungültig oder abgelaufen');
    expect((await send(s.url, 'GET', `${url.pathname}${url.search}`)).status).toBe(400);

    // Signing up again: the same answer, no mail (no telling who subscribed).
    const repeat = await post(`${at}/newsletter`, { email: 'anna.berger@example.org' });
    expect(repeat.status).toBe(303);
    expect(repeat.location).toBe(r.location);
    expect((await mails('anna.berger@example.org')).rows).toHaveLength(1);

    // Unsubscribe: the mail's other link, a button, then the row says so.
    const un = linkOf(m[0]!.body_text, 'unsubscribe');
    expect((await send(s.url, 'GET', `${un.url.pathname}${un.url.search}`)).body).toContain('Abmelden');
    const gone = await post(`${at}/newsletter/unsubscribe`, { t: un.token });
    expect(gone.status).toBe(200);
    expect(gone.body).toContain('Sie wurden von unserem Newsletter abgemeldet');
    expect((await row('anna.berger@example.org')).rows[0]!.unsubscribed_on).not.toBeNull();
  });

  it('throttles the mails of one address, expires confirmation links and keeps tokens to their shop', async () => {
    const email = 'throttle@example.org';
    for (let i = 0; i < 3; i++) expect((await post(`${at}/newsletter`, { email })).status).toBe(303);
    expect((await mails(email)).rows).toHaveLength(1);
    // After the throttle another mail goes out, with a new link.
    await s.db.query(`update app.newsletter_subscribers set confirm_sent_at = now() - interval '11 minutes' where email = $1`, [email]);
    await post(`${at}/newsletter`, { email });
    const m = (await mails(email)).rows;
    expect(m).toHaveLength(2);
    const first = linkOf(m[0]!.body_text, 'confirm').token;
    const second = linkOf(m[1]!.body_text, 'confirm').token;
    // Another shop does not take this shop's token.
    expect((await post('/storefront/shop-sk.example.com/newsletter/confirm', { t: second })).status).toBe(400);
    // An expired link confirms nothing; a live one does.
    await s.db.query(`update app.newsletter_tokens set expires_at = now() - interval '1 second' where token_hash = $1`, [createHash('sha256').update(first).digest('hex')]);
    expect((await post(`${at}/newsletter/confirm`, { t: first })).status).toBe(400);
    expect((await row(email)).rows[0]!.confirmed).toBe(false);
    expect((await post(`${at}/newsletter/confirm`, { t: second })).status).toBe(200);
    expect((await row(email)).rows[0]!.confirmed).toBe(true);
  });

  it('answers a bad address or a bad link with the page and 400, writing nothing', async () => {
    const bad = await post(`${at}/newsletter`, { email: 'not-an-address' });
    expect(bad.status).toBe(400);
    expect(bad.body).toContain('Bitte geben Sie eine gültige E-Mail-Adresse ein.');
    expect((await post(`${at}/newsletter`, { email: `${'x'.repeat(250)}@example.org` })).status).toBe(400);
    expect((await post(`${at}/newsletter/confirm`, { t: 'short' })).status).toBe(400);
    expect((await send(s.url, 'GET', `${at}/newsletter/unsubscribe?t=${'A'.repeat(43)}`)).status).toBe(400);
    expect((await s.db.query(`select 1 from app.newsletter_subscribers where email like '%not-an-address%' or email like 'xxxx%'`)).rows).toHaveLength(0);
  });
});
